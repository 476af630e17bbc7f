import { CalendarClock, Hourglass, LifeBuoy, Wallet } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { getFinanceBalance } from "#domain/finance/balance";
import { listPayouts, type PayoutRow } from "#domain/finance/list-payouts";
import { payoutStatusValues } from "#domain/finance/payout-kinds";
import { DataTable } from "~/components/data-table/data-table";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { externalLinks } from "~/lib/external-links";
import { formatDate, formatMoney } from "#domain/shared/format";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requireOrganizationPermission } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { payoutColumns } from "./payouts-columns";
import { payoutsQuery } from "./payouts.server";
import { payoutsTableConfig } from "./payouts-table-config";
import type { Route } from "./+types/payouts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** Issue 13 §3: the payouts (spec §3 fields) on the shared data table, and the balance available and pending. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = requireOrganizationPermission(context, "finance:view");
  const { db } = context.get(serverContext);
  const { state, ...query } = payoutsQuery(new URL(request.url));
  try {
    const now = Date.now();
    const [page, balance] = await Promise.all([
      listPayouts(db, actor, { ...query, now }),
      getFinanceBalance(db, actor, { now }),
    ]);
    return { title: getInstance(context).t("payouts:meta-title"), state, ...page, balance };
  } catch (error) {
    return loaderError(error);
  }
}

function SupportLink({ children }: { children: string }) {
  return (
    <a
      href={externalLinks.contactSupport}
      target="_blank"
      rel="noreferrer"
      className="font-medium underline underline-offset-4"
    >
      {children}
    </a>
  );
}

export default function FinancePayouts({ loaderData }: Route.ComponentProps) {
  const { rows, total, balance, frequency, nextPayoutAt, timeZone, accountValid } = loaderData;
  const { t, i18n } = useTranslation("payouts");
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const columns = useMemo(() => payoutColumns({ timeZone, language: i18n.language, t }), [timeZone, i18n.language, t]);
  const schedule =
    frequency === "manual" ? null : (
      <>
        {t(`frequency.${frequency}`)}{" "}
        {nextPayoutAt !== null
          ? t("frequency.next", { date: formatDate(nextPayoutAt, i18n.language, timeZone) })
          : null}
      </>
    );

  return (
    <section className="flex min-w-0 flex-col gap-6" aria-labelledby="finance-payouts-title">
      <div>
        <h2 id="finance-payouts-title" className="text-xl font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Wallet className="size-4" aria-hidden />
              {t("balance.available")}
            </CardDescription>
            <CardTitle
              className="text-2xl wrap-anywhere tabular-nums md:text-xl lg:text-2xl"
              data-testid="payout-balance-available"
            >
              {money(balance.available)}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">
              {t(balance.available < 0 ? "balance.available-negative-help" : "balance.available-help")}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Hourglass className="size-4" aria-hidden />
              {t("balance.pending")}
            </CardDescription>
            <CardTitle
              className="text-2xl wrap-anywhere tabular-nums md:text-xl lg:text-2xl"
              data-testid="payout-balance-pending"
            >
              {money(balance.pending)}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">
              {t("balance.pending-help", { held: money(balance.held), inTransit: money(balance.inTransit) })}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <CalendarClock className="size-4" aria-hidden />
              {t("frequency.title")}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {frequency === "manual" ? (
              <p data-testid="payouts-manual-support">
                <LifeBuoy className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
                {t("frequency.manual")} <SupportLink>{t("frequency.contact-support")}</SupportLink>
              </p>
            ) : (
              <p>{schedule}</p>
            )}
            <p className="text-muted-foreground">{t("frequency.held")}</p>
            <Link to="/finance" className="inline-block font-medium underline underline-offset-4">
              {t("frequency.change")}
            </Link>
          </CardContent>
        </Card>
      </div>

      {!accountValid ? (
        <Alert>
          <AlertDescription>
            <span>
              {t("account-invalid")}{" "}
              <Link to="/finance" className="font-medium underline underline-offset-4">
                {t("account-link")}
              </Link>
            </span>
          </AlertDescription>
        </Alert>
      ) : null}

      <div data-testid="payouts-table">
        <DataTable<PayoutRow>
          label={t("title")}
          columns={columns}
          rows={rows}
          total={total}
          config={payoutsTableConfig}
          getRowId={(row) => String(row.id)}
          facets={[
            {
              id: "status",
              title: t("filters.status"),
              options: payoutStatusValues.map((status) => ({ value: status, label: t(`status.${status}`) })),
            },
          ]}
          emptyState={
            <div
              className="rounded-xl border border-dashed bg-background px-6 py-12 text-center"
              data-testid="payouts-empty"
            >
              <p className="font-medium">{t("empty-title")}</p>
              <p className="mx-auto mt-1 max-w-prose text-sm text-muted-foreground">
                {frequency === "manual" ? (
                  <>
                    {t("frequency.manual-help")} <SupportLink>{t("frequency.contact-support")}</SupportLink>
                  </>
                ) : (
                  <>
                    {schedule} {t("frequency.held")}
                  </>
                )}
              </p>
            </div>
          }
        />
      </div>
    </section>
  );
}
