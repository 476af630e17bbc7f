import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { listAdminOrganizations } from "#domain/admin/list-admin-organizations";
import { dailyEmailQuotaSchema, setOrganizationEmailQuota } from "#domain/admin/set-organization-email-quota";
import { idSchema } from "#domain/shared/ids";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate, formatNumber } from "#domain/shared/format";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { requirePlatformPermission } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import { AdminSearchForm, pageFromQuery, Pagination } from "./admin-ui";
import type { Route } from "./+types/organizations";

// Organizations have no time zone of their own; the platform's dates are shown in its home zone.

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

const emailQuotaFormSchema = v.object({
  intent: v.literal("email-quota"),
  organization_id: idSchema,
  daily_email_quota: dailyEmailQuotaSchema,
});

/** A platform admin sets an organization's daily email quota (decision 0038). */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = requirePlatformPermission(context, "admin:access");
  const parsed = await parseForm(request, emailQuotaFormSchema);
  if (!parsed.ok) return { ok: false as const, errors: parsed.errors };
  try {
    await setOrganizationEmailQuota(context.get(serverContext).db, actor, {
      organizationId: parsed.data.organization_id,
      dailyEmailQuota: parsed.data.daily_email_quota,
    });
    return { ok: true as const };
  } catch (error) {
    return actionError(error);
  }
}

/** The quota's inline form: a number and a save button, a toast for the answer. */
function EmailQuotaForm({ organization }: { organization: { id: number; title: string; dailyEmailQuota: number } }) {
  const { t } = useTranslation("admin");
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(t("organizations.email-quota-saved"));
    else toast.error(t("organizations.email-quota-invalid"));
  }, [answer, t]);
  return (
    <fetcher.Form method="post" className="flex items-center justify-end gap-2">
      <input type="hidden" name="intent" value="email-quota" />
      <input type="hidden" name="organization_id" value={organization.id} />
      <Input
        name="daily_email_quota"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        defaultValue={organization.dailyEmailQuota}
        aria-label={t("organizations.email-quota-label", { title: organization.title })}
        className="h-8 w-24 text-right tabular-nums"
      />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        {t("organizations.email-quota-save")}
      </Button>
    </fetcher.Form>
  );
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
              <TableHead className="text-right">{t("organizations.email-quota")}</TableHead>
              <TableHead>
                <span className="sr-only">{t("organizations.see-events")}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className="py-10 text-center text-muted-foreground">
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
                  <TableCell>
                    <EmailQuotaForm organization={organization} />
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
