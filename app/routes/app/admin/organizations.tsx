import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { listAdminOrganizations } from "#domain/admin/list-admin-organizations";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate, formatNumber } from "#domain/shared/format";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requirePlatformPermission } from "~/server/guards.server";
import { AdminSearchForm, pageFromQuery, Pagination } from "./admin-ui";
import type { Route } from "./+types/organizations";

// Organizations have no time zone of their own; the platform's dates are shown in its home zone.
const PLATFORM_TIME_ZONE = "Europe/Paris";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = requirePlatformPermission(context, "admin:access");
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const result = await listAdminOrganizations(context.get(serverContext).db, actor, {
    search,
    page: pageFromQuery(url.searchParams.get("page")),
  });
  return { title: getInstance(context).t("admin:meta-title"), search, ...result };
}

export default function AdminOrganizations({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { items, total, page, pageSize, search } = loaderData;
  return (
    <section className="space-y-4" aria-labelledby="admin-organizations-title">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <h2 id="admin-organizations-title" className="text-lg font-semibold">
          {t("organizations.title")}{" "}
          <span className="text-sm font-normal text-muted-foreground">
            {t("organizations.count", { count: total })}
          </span>
        </h2>
        <AdminSearchForm section="organizations" search={search} />
      </div>
      <div className="rounded-xl border bg-background">
        <Table data-testid="admin-organizations">
          <TableHeader>
            <TableRow>
              <TableHead>{t("organizations.name")}</TableHead>
              <TableHead className="text-right">{t("organizations.members")}</TableHead>
              <TableHead className="text-right">{t("organizations.events")}</TableHead>
              <TableHead>{t("organizations.created")}</TableHead>
              <TableHead>
                <span className="sr-only">{t("organizations.see-events")}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                  {t("organizations.empty")}
                </TableCell>
              </TableRow>
            ) : (
              items.map((organization) => (
                <TableRow key={organization.id}>
                  <TableCell className="max-w-72 truncate font-medium" title={organization.title}>
                    {organization.title}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatNumber(organization.membersCount, i18n.language)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatNumber(organization.eventsCount, i18n.language)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatDate(organization.createdAt, i18n.language, PLATFORM_TIME_ZONE)}
                  </TableCell>
                  <TableCell className="text-right">
                    <Link
                      to={`/admin/events?organization=${organization.id}`}
                      className="text-sm font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
                    >
                      {t("organizations.see-events")}
                    </Link>
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
