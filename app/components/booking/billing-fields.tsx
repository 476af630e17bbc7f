import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { BUYER_COUNTRIES } from "#domain/accounting/buyer-billing";
import type { InvoiceOffer } from "#domain/accounting/invoice-offer";
import { BILLING_FIELDS } from "#domain/public-events/billing-fields";
import { cn } from "~/lib/utils";
import { ErrorText, fieldId, TextField, type FieldState } from "./booking-fields";

const billingAutoComplete: Record<(typeof BILLING_FIELDS)[number], string> = {
  name: "name",
  company: "organization",
  address: "street-address",
  postal_code: "postal-code",
  city: "address-level2",
  country: "country",
  vat_number: "off",
};

/** The country names in the page's language, sorted, from the ISO codes (no list of names to keep up to date). */
export function useCountryOptions(language: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: "region" });
    return BUYER_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, language),
    );
  }, [language]);
}

/**
 * The booking page's « Facturation » fields (issue 29 §6): what an invoice needs, the country chosen among the ISO
 * codes (a country typed by an older link or client is kept as an option), the VAT number checked against it by the
 * order, and, once the organizer issues invoices, the buyer's request or the sentence that one will come. Plain HTML:
 * the booking page works without JavaScript.
 */
export function BillingFields({
  state,
  dark,
  invoiceOffer,
  prefix = "billing",
  defaults,
}: {
  state: FieldState;
  dark: boolean;
  invoiceOffer: InvoiceOffer;
  prefix?: string;
  defaults?: Partial<Record<(typeof BILLING_FIELDS)[number], string>>;
}) {
  const { t, i18n } = useTranslation("booking");
  const countries = useCountryOptions(i18n.language);
  const countryName = `${prefix}.country`;
  const country = state.values[countryName] ?? defaults?.country ?? "";
  const known = country === "" || countries.some((option) => option.code === country);
  const requestId = fieldId("invoice_requested");
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {BILLING_FIELDS.map((field) =>
          field === "country" ? (
            <div key={field} className="space-y-1.5">
              <label htmlFor={fieldId(countryName)} className="block text-sm font-medium">
                {t("billing.country")}
              </label>
              <select
                id={fieldId(countryName)}
                name={countryName}
                defaultValue={country}
                autoComplete={billingAutoComplete.country}
                aria-invalid={Boolean(state.errors[countryName]) || undefined}
                aria-describedby={state.errors[countryName] ? `${fieldId(countryName)}-error` : undefined}
                className={cn(
                  "h-11 w-full min-w-0 rounded-md border px-3 text-base shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-sky-500/50 aria-invalid:border-rose-600",
                  dark ? "border-slate-700 bg-slate-900 text-slate-100" : "border-slate-300 bg-white text-slate-900",
                )}
                data-testid="billing-country"
              >
                <option value="">{t("billing.country-choose")}</option>
                {known ? null : <option value={country}>{country}</option>}
                {countries.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
              <ErrorText name={countryName} state={state} />
            </div>
          ) : (
            <div key={field} className={field === "address" ? "sm:col-span-2" : undefined}>
              <TextField
                name={`${prefix}.${field}`}
                label={t(`billing.${field.replace("_", "-") as "name"}`)}
                state={state}
                dark={dark}
                autoComplete={billingAutoComplete[field]}
                defaultValue={defaults?.[field]}
                hint={field === "vat_number" ? t("billing.vat-number-hint") : undefined}
              />
            </div>
          ),
        )}
      </div>
      {invoiceOffer === "on-request" ? (
        <div className="space-y-1">
          <label htmlFor={requestId} className="flex min-h-8 items-center gap-2 text-sm font-medium">
            <input
              id={requestId}
              type="checkbox"
              name="invoice_requested"
              value="true"
              defaultChecked={state.values.invoice_requested === "true"}
              aria-describedby={`${requestId}-hint`}
              className="size-4 accent-sky-600"
              data-testid="invoice-requested"
            />
            {t("billing.invoice-request")}
          </label>
          <p id={`${requestId}-hint`} className="text-xs opacity-70">
            {t("billing.invoice-request-hint")}
          </p>
        </div>
      ) : invoiceOffer === "always" ? (
        <p className="text-sm opacity-80" data-testid="invoice-always">
          {t("billing.invoice-always")}
        </p>
      ) : null}
    </div>
  );
}
