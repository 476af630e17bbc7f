import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { taxRates } from "#db/schema";
import { assertCanManageBilling } from "./billing-access";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import type { TaxRatesInput } from "./billing-input-schema";
import { activeTaxRatesQuery, type TaxRate } from "./get-billing-settings";

/**
 * Replaces the organization's list of VAT rates (issue 29 §2) in one batch: rates with an id are renamed or changed
 * (for the next sales: sold lines keep their rate by value), rates without one are added, rates left out are archived
 * (never deleted: the tickets that name one fall back to the default). Exactly one default when there are rates.
 * Owners and admins; another organization 404, an id of another organization's rate is refused.
 */
export async function saveTaxRates(
  db: Database,
  actor: Actor,
  input: { organizationId: number; rates: TaxRatesInput; now?: number },
): Promise<TaxRate[]> {
  assertCanManageBilling(actor, input.organizationId);
  const now = new Date(input.now ?? Date.now());
  const organizationId = input.organizationId;
  const current = await activeTaxRatesQuery(db, organizationId);
  const known = new Set(current.map((rate) => rate.id));
  const kept = input.rates.flatMap((rate) => (rate.id === null ? [] : [rate.id]));
  if (kept.some((id) => !known.has(id))) throw new AppError("validation", "billing:errors.tax-rate-unknown");

  const statements: BatchItem<"sqlite">[] = [
    // The default moves in this batch: clear it first, the unique index allows one default at a time.
    db
      .update(taxRates)
      .set({ isDefault: false })
      .where(and(eq(taxRates.organizationId, organizationId), isNull(taxRates.archivedAt))),
    db
      .update(taxRates)
      .set({ archivedAt: now, updatedAt: now })
      .where(
        and(
          eq(taxRates.organizationId, organizationId),
          isNull(taxRates.archivedAt),
          kept.length ? notInArray(taxRates.id, kept) : sql`1 = 1`,
        ),
      ),
  ];
  input.rates.forEach((rate, sort) => {
    const values = { name: rate.name, rate: rate.rate, isDefault: rate.isDefault, sort, updatedAt: now };
    statements.push(
      rate.id === null
        ? db.insert(taxRates).values({ organizationId, ...values, createdAt: now })
        : db
            .update(taxRates)
            .set(values)
            .where(and(eq(taxRates.id, rate.id), eq(taxRates.organizationId, organizationId))),
    );
  });
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return activeTaxRatesQuery(db, organizationId);
}
