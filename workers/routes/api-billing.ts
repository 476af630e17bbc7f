import { Hono } from "hono";
import { billingDetailsSchema, taxRatesSchema } from "#domain/billing/billing-input-schema";
import { getBillingSettings, type BillingDetails, type TaxRate } from "#domain/billing/get-billing-settings";
import { saveTaxRates } from "#domain/billing/save-tax-rates";
import { updateBillingDetails } from "#domain/billing/update-billing-details";
import { actorForOrganizerParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/**
 * The seller's details and the VAT rates (issue 29 §1–2, §7), mounted at /api/organizers: `/:id/billing` and
 * `/:id/tax-rates`. Read with finance:view (owners, admins, keys with finance:read), written by owners and admins.
 */
export const billingApiRoutes = new Hono<ApiEnv>();

const detailsJson = (details: BillingDetails, saved: boolean) => ({
  legal_name: details.legalName,
  address: details.address,
  postal_code: details.postalCode,
  city: details.city,
  country: details.country,
  vat_number: details.vatNumber,
  company_number: details.companyNumber,
  invoice_prefix: details.invoicePrefix,
  legal_mentions: details.legalMentions,
  vat_registered: details.vatRegistered,
  vat_exemption_mention: details.vatExemptionMention,
  invoice_mode: details.invoiceMode,
  saved,
});

const ratesJson = (rates: TaxRate[]) => ({
  rates: rates.map((rate) => ({ id: rate.id, name: rate.name, rate: rate.rate, is_default: rate.isDefault })),
});

billingApiRoutes.get("/:id/billing", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const settings = await getBillingSettings(c.get("db"), actor, actor.organizationId);
  return c.json(detailsJson(settings.details, settings.saved));
});

billingApiRoutes.put("/:id/billing", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const details = await parseJson(c, billingDetailsSchema);
  await updateBillingDetails(c.get("db"), actor, { organizationId: actor.organizationId, details });
  const settings = await getBillingSettings(c.get("db"), actor, actor.organizationId);
  return c.json(detailsJson(settings.details, settings.saved));
});

billingApiRoutes.get("/:id/tax-rates", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const settings = await getBillingSettings(c.get("db"), actor, actor.organizationId);
  return c.json(ratesJson(settings.taxRates));
});

billingApiRoutes.put("/:id/tax-rates", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const rates = await parseJson(c, taxRatesSchema);
  return c.json(ratesJson(await saveTaxRates(c.get("db"), actor, { organizationId: actor.organizationId, rates })));
});
