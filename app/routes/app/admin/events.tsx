import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import * as v from "valibot";
import { adminEventStatusFilters } from "#domain/admin/admin-event-status-filter";
import { listAdminEvents } from "#domain/admin/list-admin-events";
import { idSchema } from "#domain/shared/ids";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "#domain/shared/format";
import { cn } from "~/lib/utils";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requirePlatformPermission } from "~/server/guards.server";
import { AdminSearchForm, EventStatusBadge, pageFromQuery, Pagination } from "./admin-ui";
import type { Route } from "./+types/events";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

const statusSchema = v.fallback(v.picklist(adminEventStatusFilters), "all");
const organizationSchema = v.fallback(v.optional(idSchema), undefined);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = requirePlatformPermission(context, "admin:access");
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const status = v.parse(statusSchema, url.searchParams.get("status"));
  const organizationId = v.parse(organizationSchema, url.searchParams.get("organization") ?? undefined);
  const result = await listAdminEvents(context.get(serverContext).db, actor, {
    search,
    status,
    organizationId,
    page: pageFromQuery(url.searchParams.get("page")),
  });
  return { title: getInstance(context).t("admin:meta-title"), search, status, ...result };
}

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { items, total, page, pageSize, search, status, organization } = loaderData;
  const [searchParams] = useSearchParams();
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    next.delete("page");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `?${query}` : "?";
  };

  return (
    <section className="space-y-4" aria-labelledby="admin-events-title">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <h2 id="admin-events-title" className="text-lg font-semibold">
          {t("events.title")}{" "}
          <span className="text-sm font-normal text-muted-foreground">{t("events.count", { count: total })}</span>
        </h2>
        <AdminSearchForm section="events" search={search}>
          {status !== "all" ? <input type="hidden" name="status" value={status} /> : null}
          {organization ? <input type="hidden" name="organization" value={organization.id} /> : null}
        </AdminSearchForm>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label={t("events.status-label")} className="flex flex-wrap gap-1">
          {adminEventStatusFilters.map((value) => (
            <Link
              key={value}
              to={withParams({ status: value === "all" ? null : value })}
              aria-current={status === value ? "page" : undefined}
              className={cn(
                "rounded-full border px-3 py-1 text-sm transition-colors",
                status === value
                  ? "border-primary bg-primary text-primary-foreground"
                  : "bg-background hover:bg-accent",
              )}
            >
              {t(`status.${value}`)}
            </Link>
          ))}
        </nav>
        {organization ? (
          <Badge variant="secondary" className="gap-1.5 py-1 pr-1 text-sm" data-testid="organization-filter">
            {t("events.filtered-by", { organization: organization.title })}
            <Link
              to={withParams({ organization: null })}
              className="rounded-sm p-0.5 hover:bg-background"
              aria-label={t("events.clear-filter")}
            >
              <X className="size-3.5" aria-hidden />
            </Link>
          </Badge>
        ) : null}
      </div>
      <div className="rounded-xl border bg-background">
        <Table data-testid="admin-events">
          <TableHeader>
            <TableRow>
              <TableHead>{t("events.name")}</TableHead>
              <TableHead>{t("events.organization")}</TableHead>
              <TableHead>{t("events.status")}</TableHead>
              <TableHead>{t("events.start")}</TableHead>
              <TableHead>{t("events.end")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                  {t("events.empty")}
                </TableCell>
              </TableRow>
            ) : (
              items.map((event) => (
                <TableRow key={event.id}>
                  <TableCell className="max-w-48 truncate font-medium md:max-w-72">
                    <Link
                      to={`/admin/organizations/${event.organizationId}/${event.id}`}
                      className="text-primary underline-offset-4 hover:underline"
                      title={event.title || t("events.untitled")}
                    >
                      {event.title || t("events.untitled")}
                    </Link>
                  </TableCell>
                  <TableCell className="max-w-56 truncate" title={event.organizationTitle}>
                    {event.organizationTitle}
                  </TableCell>
                  <TableCell>
                    <EventStatusBadge status={event.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {event.startAt ? formatDateTime(event.startAt, i18n.language, event.timezone) : t("events.no-date")}
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {event.endAt ? formatDateTime(event.endAt, i18n.language, event.timezone) : t("events.no-date")}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <Pagination page={page} pageSize={pageSize} total={total} />
    </section>
  );
}
