import * as v from "valibot";
import { invoiceModes } from "#db/schema";
import { checkVatNumber, EU_VAT_COUNTRIES } from "./vat-number";

/*
 * The « Facturation » forms (issue 29 §1–2), shared by the page and the API: the seller's details and the list of
 * VAT rates. Input keys are snake_case as everywhere in the API; rates are basis points (550 = 5.5 %).
 */
export const SELLER_COUNTRIES = [
  ...EU_VAT_COUNTRIES,
  "XI",
  "AD",
  "CH",
  "GB",
  "IS",
  "LI",
  "MC",
  "NO",
  "CA",
  "US",
  "DZ",
  "MA",
  "TN",
  "SN",
  "CI",
  "CM",
  "MG",
  "MU",
  "RE",
].sort();

const REQUIRED = "billing:errors.billing-field-required";
const TOO_LONG = "billing:errors.billing-text-too-long";

function text(maxLength: number, required = false) {
  const base = v.pipe(v.string("errors:invalid-input"), v.trim(), v.maxLength(maxLength, TOO_LONG));
  return v.nullish(required ? v.pipe(base, v.nonEmpty(REQUIRED)) : base, "");
}

const VAT_MESSAGES = {
  format: "billing:errors.vat-number-format",
  country: "billing:errors.vat-number-country",
  "check-digits": "billing:errors.vat-number-check-digits",
} as const;

export const billingDetailsSchema = v.pipe(
  v.object({
    legal_name: text(200, true),
    address: text(500, true),
    postal_code: text(20),
    city: text(100, true),
    country: v.picklist(SELLER_COUNTRIES, "billing:errors.seller-country-invalid"),
    vat_number: text(30),
    company_number: text(50),
    invoice_prefix: v.nullish(
      v.pipe(
        v.string("errors:invalid-input"),
        v.trim(),
        v.regex(/^[A-Za-z0-9_\-/]{0,20}$/, "billing:errors.invoice-prefix-invalid"),
      ),
      "",
    ),
    legal_mentions: text(1000),
    vat_registered: v.nullish(v.boolean("errors:invalid-input"), true),
    vat_exemption_mention: text(300),
    invoice_mode: v.nullish(v.picklist(invoiceModes, "errors:invalid-input"), "on-request"),
  }),
  v.forward(
    v.check((input) => !input.vat_registered || input.vat_number !== "", "billing:errors.vat-number-required"),
    ["vat_number"],
  ),
  v.forward(
    v.check(
      (input) => input.vat_number === "" || checkVatNumber(input.country, input.vat_number).issue !== "format",
      VAT_MESSAGES.format,
    ),
    ["vat_number"],
  ),
  v.forward(
    v.check(
      (input) => input.vat_number === "" || checkVatNumber(input.country, input.vat_number).issue !== "country",
      VAT_MESSAGES.country,
    ),
    ["vat_number"],
  ),
  v.forward(
    v.check(
      (input) => input.vat_number === "" || checkVatNumber(input.country, input.vat_number).issue !== "check-digits",
      VAT_MESSAGES["check-digits"],
    ),
    ["vat_number"],
  ),
  v.forward(
    v.check(
      (input) => input.vat_registered || input.vat_exemption_mention !== "",
      "billing:errors.exemption-mention-required",
    ),
    ["vat_exemption_mention"],
  ),
  v.transform((input) => ({
    legalName: input.legal_name,
    address: input.address,
    postalCode: input.postal_code,
    city: input.city,
    country: input.country,
    vatNumber: input.vat_number === "" ? "" : checkVatNumber(input.country, input.vat_number).normalized,
    companyNumber: input.company_number,
    invoicePrefix: input.invoice_prefix,
    legalMentions: input.legal_mentions,
    vatRegistered: input.vat_registered,
    vatExemptionMention: input.vat_registered ? "" : input.vat_exemption_mention,
    invoiceMode: input.invoice_mode,
  })),
);

export type BillingDetailsInput = v.InferOutput<typeof billingDetailsSchema>;

export const MAX_TAX_RATES = 20;
/** 50 %: above any VAT rate in the world; a typo like 200 (for 2 %) typed as percent would still pass as 2 %. */
export const MAX_TAX_RATE_BP = 5000;

const taxRateSchema = v.object({
  id: v.nullish(v.pipe(v.number("errors:invalid-input"), v.integer("errors:invalid-input"), v.minValue(1)), null),
  name: text(60, true),
  rate: v.pipe(
    v.number("billing:errors.tax-rate-invalid"),
    v.integer("billing:errors.tax-rate-invalid"),
    v.minValue(0, "billing:errors.tax-rate-invalid"),
    v.maxValue(MAX_TAX_RATE_BP, "billing:errors.tax-rate-invalid"),
  ),
  is_default: v.nullish(v.boolean("errors:invalid-input"), false),
});

export const taxRatesSchema = v.pipe(
  v.object({
    rates: v.pipe(
      v.array(taxRateSchema, "errors:invalid-input"),
      v.maxLength(MAX_TAX_RATES, "billing:errors.tax-rates-too-many"),
      v.check(
        (rates) => rates.length === 0 || rates.filter((rate) => rate.is_default).length === 1,
        "billing:errors.tax-rate-default-required",
      ),
      v.check(
        (rates) => new Set(rates.map((rate) => rate.name.toLowerCase())).size === rates.length,
        "billing:errors.tax-rate-name-taken",
      ),
    ),
  }),
  v.transform(({ rates }) =>
    rates.map((rate) => ({ id: rate.id, name: rate.name, rate: rate.rate, isDefault: rate.is_default })),
  ),
);

export type TaxRatesInput = v.InferOutput<typeof taxRatesSchema>;
