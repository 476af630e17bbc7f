import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { countryName } from "#domain/accounting/buyer-billing";
import type { OrderBillingState } from "#domain/accounting/update-order-billing";
import { BillingFields } from "~/components/booking/billing-fields";
import { ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { cn } from "~/lib/utils";

export type OrderBillingResult =
  | { ok: true; intent: "billing" }
  | {
      ok: false;
      intent: "billing";
      errors: { formError?: string; fields?: Record<string, string> };
      values: Record<string, string>;
    };

/**
 * The order page's billing details (issue 29 §6): what the order carries, and a form to correct them while no invoice
 * was issued for it (an issued invoice keeps what it copied). Posted to the order page itself (intent `billing`).
 */
export function OrderBilling({
  state,
  result,
  dark,
  className,
  surfaceStyle,
}: {
  state: OrderBillingState;
  result: OrderBillingResult | undefined;
  dark: boolean;
  className: string;
  surfaceStyle: React.CSSProperties;
}) {
  const { t, i18n } = useTranslation("booking");
  if (!state.shown) return null;
  const billing = state.billing;
  const lines = billing
    ? [
        billing.company,
        billing.name,
        billing.address,
        [billing.postal_code, billing.city].filter(Boolean).join(" "),
        countryName(billing.country, i18n.language),
        billing.vat_number,
      ].filter((line) => line && line.trim() !== "")
    : [];
  const failed = result && !result.ok ? result : null;
  const fieldState = { errors: failed?.errors.fields ?? {}, values: failed?.values ?? {} };
  return (
    <section className={cn(className, "space-y-3")} aria-labelledby="order-billing-heading" data-testid="order-billing">
      <h2 id="order-billing-heading" className="flex items-center gap-2 font-semibold">
        <FileText className="size-4" aria-hidden />
        {t("order-billing.title")}
      </h2>
      {lines.length > 0 ? (
        <div className="text-sm wrap-anywhere" data-testid="order-billing-details">
          {lines.map((line, index) => (
            <span key={index} className="block">
              {line}
            </span>
          ))}
        </div>
      ) : (
        <p className="text-sm opacity-80">{t("order-billing.summary-none")}</p>
      )}
      {result?.ok ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
          data-testid="order-billing-saved"
        >
          {t("order-billing.saved")}
        </p>
      ) : null}
      {state.invoiced ? (
        <p className="text-sm opacity-80" data-testid="order-billing-locked">
          {t("order-billing.locked")}
        </p>
      ) : (
        <details className="group" open={failed !== null}>
          <summary className="cursor-pointer text-sm font-medium underline underline-offset-4">
            {t("order-billing.edit")}
          </summary>
          <Form method="post" className="mt-3 space-y-4" noValidate preventScrollReset>
            <input type="hidden" name="intent" value="billing" />
            <p className="text-xs opacity-70">{t("order-billing.hint")}</p>
            {failed?.errors.formError ? (
              <p role="alert" className="text-sm font-medium text-rose-600 dark:text-rose-400">
                {t(failed.errors.formError as never)}
              </p>
            ) : null}
            <BillingFields state={fieldState} dark={dark} invoiceOffer="none" defaults={billing ?? undefined} />
            <button
              type="submit"
              className={cn("h-10 rounded-lg px-4 text-sm font-semibold shadow-sm", ORGANIZER_FOCUS_RING)}
              style={surfaceStyle}
              data-testid="order-billing-save"
            >
              {t("order-billing.save")}
            </button>
          </Form>
        </details>
      )}
    </section>
  );
}
