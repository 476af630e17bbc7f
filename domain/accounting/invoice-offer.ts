import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { organizationBilling } from "#db/schema";

/**
 * What the checkout tells the buyer about an invoice (issue 29 §6, decision 0065): nothing until the organization saved
 * its « Facturation » details (no invoice can be issued before), a checkbox « Je souhaite une facture » when invoices are
 * on request, a sentence when every paid order gets one.
 */
export type InvoiceOffer = "none" | "on-request" | "always";

export async function getInvoiceOffer(db: Database, organizationId: number): Promise<InvoiceOffer> {
  const [row] = await db
    .select({ invoiceMode: organizationBilling.invoiceMode })
    .from(organizationBilling)
    .where(eq(organizationBilling.organizationId, organizationId))
    .limit(1);
  return row ? row.invoiceMode : "none";
}
