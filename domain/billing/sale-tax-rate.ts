import { eq, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { organizationBilling, taxRates } from "#db/schema";
import { orderLineTaxes } from "./line-taxes";

export type SaleTaxRate = { rate: number; name: string };

export type SaleTaxRates = {
  /** Rates of the organization, archived ones included: a ticket may still point at a rate archived since. */
  rates: readonly { id: number; name: string; rate: number; isDefault: boolean; archivedAt: Date | null }[];
  /** False when the organization said it is not VAT-registered: everything it sells carries no VAT. */
  vatRegistered: boolean;
};

const NO_VAT: SaleTaxRate = { rate: 0, name: "" };

/**
 * The rate a ticket or add-on is sold at (issue 29 §2, decision 0065): its own rate while it is in use, else (no rate
 * of its own, or one archived since: the organizer took it off the list) the organization's default rate, else none
 * (an organization that never set its rates sells without VAT until it does); never any VAT for an organization that
 * is not VAT-registered.
 */
export function saleTaxRate(taxRateId: number | null, sale: SaleTaxRates): SaleTaxRate {
  if (!sale.vatRegistered) return NO_VAT;
  const own =
    taxRateId === null ? undefined : sale.rates.find((rate) => rate.id === taxRateId && rate.archivedAt === null);
  const chosen = own ?? sale.rates.find((rate) => rate.isDefault && rate.archivedAt === null);
  return chosen ? { rate: chosen.rate, name: chosen.name } : NO_VAT;
}

/** What an order line stores of its VAT at the sale: its rate, and the net and VAT of its tickets and added fee. */
export function saleLineTaxes(
  line: { quantity: number; unitPrice: number; discount: number; fees: number; feesType: "included" | "added" },
  rate: SaleTaxRate,
) {
  const { tickets, fees } = orderLineTaxes({ ...line, rate: rate.rate });
  return {
    taxRate: rate.rate,
    taxRateName: rate.name,
    net: tickets.net,
    vat: tickets.vat,
    feesNet: fees?.net ?? 0,
    feesVat: fees?.vat ?? 0,
  };
}

/** The reads `saleTaxRate` needs, for a batch: the organization's rates and whether it is VAT-registered. */
export function saleTaxRatesQueries(db: Database, organizationId: number | SQL) {
  const rateColumns = {
    id: taxRates.id,
    name: taxRates.name,
    rate: taxRates.rate,
    isDefault: taxRates.isDefault,
    archivedAt: taxRates.archivedAt,
  };
  return [
    db.select(rateColumns).from(taxRates).where(eq(taxRates.organizationId, organizationId)),
    db
      .select({ vatRegistered: organizationBilling.vatRegistered })
      .from(organizationBilling)
      .where(eq(organizationBilling.organizationId, organizationId))
      .limit(1),
  ] as const;
}

export function toSaleTaxRates(
  rateRows: SaleTaxRates["rates"],
  billingRows: readonly { vatRegistered: boolean }[],
): SaleTaxRates {
  return { rates: rateRows, vatRegistered: billingRows[0]?.vatRegistered ?? true };
}
