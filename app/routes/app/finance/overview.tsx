import { ArrowRight, FileDown, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import * as v from "valibot";
import { paymentAccountProviderFromEnv } from "#adapters/payment-accounts";
import { paymentProviderFromEnv } from "#adapters/payments";
import { createAccountDashboardLink } from "#domain/finance/account-dashboard-link";
import { simulateDemoAccountReview } from "#domain/finance/account-demo";
import { accountPageState } from "#domain/finance/account-return";
import { getFinanceBalance } from "#domain/finance/balance";
import { connectPaymentAccount } from "#domain/finance/connect-payment-account";
import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { nextPayoutDate } from "#domain/finance/payout-schedule";
import { payoutFrequencySchema } from "#domain/finance/payout-frequency";
import { refreshPaymentAccount } from "#domain/finance/refresh-payment-account";
import { updatePayoutFrequency } from "#domain/finance/update-payout-frequency";
import { FinanceExportDialog } from "~/components/finance/export-dialog";
import { PaymentAccountCard } from "~/components/finance/payment-account-card";
import { PayoutFrequencyCard } from "~/components/finance/payout-frequency-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatMoney } from "#domain/shared/format";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { requireOrganizationPermission } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/overview";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/**
 * /finance (index of the finance layout): the payment account (spec §4 states), the payout frequency (spec §9), the
 * balance and the export. `?account=return` is where Stripe's onboarding comes back (the account is read again from
 * Stripe, then the plain /finance), `?account=refresh` where an expired onboarding link leads (a new one is made).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = requireOrganizationPermission(context, "finance:view");
  const { db, env } = context.get(serverContext);
  const url = new URL(request.url);
  const flowParam = url.searchParams.get("account");
  const flow = flowParam === "return" || flowParam === "refresh" ? flowParam : null;
  const now = Date.now();
  try {
    const [state, balance] = await Promise.all([
      accountPageState(db, { accounts: paymentAccountProviderFromEnv(env) }, actor, { flow, origin: url.origin }),
      getFinanceBalance(db, actor, { now }),
    ]);
    if (state.kind === "redirect") throw redirect(state.url);
    const { account } = state;
    return {
      title: getInstance(context).t("payment-account:overview.meta-title"),
      organizationId: actor.organizationId,
      account,
      errorKey: state.errorKey,
      balance,
      nextPayoutAt: nextPayoutDate(account.payoutFrequency, now),
      timeZone: PLATFORM_TIME_ZONE,
    };
  } catch (error) {
    return loaderError(error);
  }
}

const actionSchema = v.variant("intent", [
  v.object({ intent: v.picklist(["connect", "refresh", "dashboard", "simulate-review"]) }),
  v.object({ intent: v.literal("frequency"), payout_frequency: payoutFrequencySchema }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = requireOrganizationPermission(context, "finance:view");
  const { db, env } = context.get(serverContext);
  const origin = new URL(request.url).origin;
  const deps = { accounts: paymentAccountProviderFromEnv(env) };
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return data({ ok: false as const, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "connect":
        return redirect((await connectPaymentAccount(db, deps, actor, { origin })).url);
      case "dashboard":
        return redirect((await createAccountDashboardLink(db, deps, actor, { origin })).url);
      case "refresh":
        await refreshPaymentAccount(db, deps, actor);
        return { ok: true as const, intent: input.intent };
      case "simulate-review":
        await simulateDemoAccountReview(db, { env, provider: paymentProviderFromEnv(env, db) }, actor);
        return { ok: true as const, intent: input.intent };
      case "frequency": {
        const saved = await updatePayoutFrequency(db, deps, actor, { payoutFrequency: input.payout_frequency });
        return { ok: true as const, intent: input.intent, payoutFrequency: saved.payoutFrequency };
      }
    }
  } catch (error) {
    return actionError(error);
  }
}

export default function FinanceOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("payment-account");
  const { account, balance } = loaderData;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  // A connect or dashboard that failed comes back as this page's action answer (the others answer their fetcher).
  const navigationError = actionData && !actionData.ok ? (actionData.errors.formError ?? null) : null;

  return (
    <section aria-labelledby="finance-overview-heading" className="space-y-4">
      <h2 id="finance-overview-heading" className="sr-only">
        {t("overview.heading")}
      </h2>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <PaymentAccountCard account={account} errorKey={navigationError ?? loaderData.errorKey} />
        <PayoutFrequencyCard
          frequency={account.payoutFrequency}
          canManage={account.canManage}
          nextPayoutAt={loaderData.nextPayoutAt}
          timeZone={loaderData.timeZone}
        />
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <Card data-testid="finance-balance" className="lg:col-span-2">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <Wallet className="size-4" aria-hidden />
              {t("balance.title")}
            </CardTitle>
            <CardDescription>{t("balance.description")}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <dl className="grid gap-4 sm:grid-cols-2">
              <div className="min-w-0 space-y-1">
                <dt className="text-sm text-muted-foreground">{t("balance.available")}</dt>
                <dd
                  className="text-2xl font-semibold wrap-anywhere tabular-nums"
                  data-testid="finance-balance-available"
                >
                  {money(balance.available)}
                </dd>
              </div>
              <div className="min-w-0 space-y-1">
                <dt className="text-sm text-muted-foreground">{t("balance.pending")}</dt>
                <dd className="text-2xl font-semibold wrap-anywhere tabular-nums" data-testid="finance-balance-pending">
                  {money(balance.pending)}
                </dd>
                <dd className="text-xs text-muted-foreground">{t("balance.pending-hint")}</dd>
              </div>
            </dl>
            <Link
              to="/finance/payouts"
              prefetch="intent"
              className="inline-flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline"
            >
              {t("balance.see-payouts")}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </CardContent>
        </Card>
        <Card data-testid="finance-export">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <FileDown className="size-4" aria-hidden />
              {t("export.title")}
            </CardTitle>
            <CardDescription>{t("export.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <FinanceExportDialog organizationId={loaderData.organizationId} />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
