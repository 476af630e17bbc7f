import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/database";
import { organizationBilling, taxRates } from "#db/schema";
import { AppError } from "../shared/app-error";

export const TICKET_TAX_RATE_INVALID = "tickets:errors.tax-rate-invalid";

/** A rate a ticket form offers or shows: archived ones only appear for the tickets still pointing at them. */
export type TicketTaxRateChoice = { id: number; name: string; rate: number; isDefault: boolean; archived: boolean };

export type TicketTaxRateChoices = {
  /** False when the organization said it is not VAT-registered: every sale is at 0 %, the choice does nothing. */
  vatRegistered: boolean;
  rates: TicketTaxRateChoice[];
};

/**
 * The organization's VAT rates for the ticket forms (issue 29 §2). Read by whoever may edit the event's tickets (the
 * caller checked it): the names and rates only, not the rest of the billing settings (finance:view).
 */
export async function ticketTaxRateChoices(db: Database, organizationId: number): Promise<TicketTaxRateChoices> {
  const [rateRows, billingRows] = await db.batch([
    db
      .select({
        id: taxRates.id,
        name: taxRates.name,
        rate: taxRates.rate,
        isDefault: taxRates.isDefault,
        archivedAt: taxRates.archivedAt,
      })
      .from(taxRates)
      .where(eq(taxRates.organizationId, organizationId))
      .orderBy(asc(taxRates.sort), asc(taxRates.id)),
    db
      .select({ vatRegistered: organizationBilling.vatRegistered })
      .from(organizationBilling)
      .where(eq(organizationBilling.organizationId, organizationId))
      .limit(1),
  ]);
  return {
    vatRegistered: billingRows[0]?.vatRegistered ?? true,
    rates: rateRows.map(({ archivedAt, ...rate }) => ({ ...rate, archived: archivedAt !== null })),
  };
}

/**
 * Refuses a rate that is not one of the organization's rates in use (another organization's, an archived one, an id
 * that names nothing), as a field error of `tax_rate_id`. A ticket saved again with the archived rate it already has is
 * left alone: archiving a rate must not stop its tickets from being edited (they sell at the default rate meanwhile).
 */
export async function assertTicketTaxRate(
  db: Database,
  organizationId: number,
  taxRateId: number | null | undefined,
  storedTaxRateId: number | null = null,
): Promise<void> {
  if (taxRateId === null || taxRateId === undefined || taxRateId === storedTaxRateId) return;
  const [row] = await db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.id, taxRateId), eq(taxRates.organizationId, organizationId), isNull(taxRates.archivedAt)))
    .limit(1);
  if (!row) {
    throw new AppError("validation", "tickets:errors.invalid-input", {
      fields: { tax_rate_id: TICKET_TAX_RATE_INVALID },
    });
  }
}
