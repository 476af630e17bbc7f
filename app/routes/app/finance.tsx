import { CalendarClock, CircleCheck, CircleDashed, CircleX, Landmark } from "lucide-react";
import { useTranslation } from "react-i18next";
import { payoutStatuses, transactionTypes } from "#domain/organizations/finance-kinds";
import { getFinanceOverview } from "#domain/organizations/get-finance-overview";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatMoney, formatNumber } from "~/lib/format";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requireOrganizationPermission } from "~/server/guards.server";
import type { Route } from "./+types/finance";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** Spec §2 /finance, guarded by finance:view (owner and admin; spec §6). Only what is stored, summed in SQL. */
export async function loader({ context }: Route.LoaderArgs) {
  const { actor, currentOrganization } = requireOrganizationPermission(context, "finance:view");
  const overview = await getFinanceOverview(context.get(serverContext).db, actor);
  return {
    title: getInstance(context).t("organizations:finance.meta-title"),
    organization: currentOrganization.title,
    overview,
  };
}

const accountIcon = { not_connected: CircleX, need_validation: CircleDashed, valid_conected: CircleCheck } as const;
const accountVariant = { not_connected: "destructive", need_validation: "warning", valid_conected: "success" } as const;

export default function Finance({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("organizations");
  const { organization, overview } = loaderData;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const AccountIcon = accountIcon[overview.paymentAccount];
  const frequency = overview.payoutFrequency;

  return (
    <div className="mx-auto w-full max-w-[1400px] space-y-6 px-4 py-6 md:px-6 md:py-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("finance.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("finance.subtitle", { organization })}</p>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card data-testid="payment-account">
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Landmark className="size-4" aria-hidden />
              {t("finance.account.title")}
            </CardDescription>
            <CardTitle className="flex items-center gap-2 text-xl">
              <Badge variant={accountVariant[overview.paymentAccount]} className="text-sm">
                <AccountIcon aria-hidden />
                {t(`finance.account.${overview.paymentAccount}`)}
              </Badge>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">{t(`finance.account.${overview.paymentAccount}-help`)}</p>
          </CardContent>
        </Card>
        <Card data-testid="payout-frequency">
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <CalendarClock className="size-4" aria-hidden />
              {t("finance.frequency.title")}
            </CardDescription>
            <CardTitle className="text-xl">{t(`finance.frequency.${frequency}`)}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">
              {t(frequency === "manual" ? "finance.frequency.manual-help" : "finance.frequency.automatic-help")}
            </p>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t("finance.transactions.title")}</CardTitle>
          <CardDescription>{t("finance.transactions.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {overview.transactions.all.count === 0 ? (
            <p className="text-sm text-muted-foreground">{t("finance.transactions.empty")}</p>
          ) : (
            <Table data-testid="transaction-totals">
              <TableHeader>
                <TableRow>
                  <TableHead>{t("finance.transactions.type")}</TableHead>
                  <TableHead className="text-right">{t("finance.transactions.count")}</TableHead>
                  <TableHead className="text-right">{t("finance.transactions.amount")}</TableHead>
                  <TableHead className="text-right">{t("finance.transactions.fee")}</TableHead>
                  <TableHead className="text-right">{t("finance.transactions.net")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {transactionTypes
                  .filter((type) => overview.transactions[type].count > 0)
                  .map((type) => {
                    const totals = overview.transactions[type];
                    return (
                      <TableRow key={type}>
                        <TableCell>{t(`finance.transactions.types.${type}`)}</TableCell>
                        <TableCell className="text-right tabular-nums">
                          {formatNumber(totals.count, i18n.language)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{money(totals.amount)}</TableCell>
                        <TableCell className="text-right tabular-nums">{money(totals.fee)}</TableCell>
                        <TableCell className="text-right tabular-nums">{money(totals.net)}</TableCell>
                      </TableRow>
                    );
                  })}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell>{t("finance.transactions.total")}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatNumber(overview.transactions.all.count, i18n.language)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(overview.transactions.all.amount)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(overview.transactions.all.fee)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(overview.transactions.all.net)}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("finance.payouts.title")}</CardTitle>
          <CardDescription>{t("finance.payouts.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {overview.payouts.all.count === 0 ? (
            <p className="text-sm text-muted-foreground">{t("finance.payouts.empty")}</p>
          ) : (
            <Table data-testid="payout-totals">
              <TableHeader>
                <TableRow>
                  <TableHead>{t("finance.payouts.status")}</TableHead>
                  <TableHead className="text-right">{t("finance.payouts.count")}</TableHead>
                  <TableHead className="text-right">{t("finance.payouts.amount")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {payoutStatuses
                  .filter((status) => overview.payouts[status].count > 0)
                  .map((status) => (
                    <TableRow key={status}>
                      <TableCell>{t(`finance.payouts.statuses.${status}`)}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatNumber(overview.payouts[status].count, i18n.language)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {money(overview.payouts[status].amount)}
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell>{t("finance.payouts.total")}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatNumber(overview.payouts.all.count, i18n.language)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(overview.payouts.all.amount)}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
