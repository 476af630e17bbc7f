import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { invoices } from "#db/schema";
import { issueDocumentStatements } from "./document-statements";
import { planInvoice } from "./plan-invoice";
import { readInvoiceSources, type InvoiceSources } from "./read-invoice-sources";

export type InvoiceRow = typeof invoices.$inferSelect;

/** The statements that issue the order's invoice, unless it has one already (the partial unique index backs it). */
export function orderInvoiceStatements(
  db: Database,
  sources: InvoiceSources & { billing: NonNullable<InvoiceSources["billing"]> },
  issuedAt: number,
  onlyIf?: ReturnType<typeof sql>,
): BatchItem<"sqlite">[] {
  const document = planInvoice({
    order: sources.order,
    items: sources.items,
    billing: sources.billing,
    timeZone: sources.timeZone,
    eventTitle: sources.eventTitle,
    issuedAt,
  });
  const orderId = sources.order.id;
  const none = sql`not exists (select 1 from invoices where order_id = ${orderId} and kind = 'invoice')`;
  return issueDocumentStatements(db, document, onlyIf ? sql`${none} and ${onlyIf}` : none);
}

export async function findOrderInvoice(db: Database, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")))
    .limit(1);
  return row;
}

/**
 * Issues a paid order's invoice now, in one batch (no rule checked here: the callers decide whether one is due).
 * Idempotent: an order with an invoice keeps it, and two racing calls issue one.
 */
export async function issueOrderInvoice(
  db: Database,
  input: { orderId: number; now?: number; sources?: InvoiceSources },
): Promise<{ invoice: InvoiceRow; issued: boolean } | null> {
  const sources = input.sources ?? (await readInvoiceSources(db, input.orderId));
  if (!sources?.billing) return null;
  const existing = await findOrderInvoice(db, input.orderId);
  if (existing) return { invoice: existing, issued: false };
  const now = input.now ?? Date.now();
  const statements = orderInvoiceStatements(db, { ...sources, billing: sources.billing }, now);
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    // Another request issued it between the read and the batch: the unique index refused the second one.
    const raced = await findOrderInvoice(db, input.orderId);
    if (raced) return { invoice: raced, issued: false };
    throw error;
  }
  const invoice = await findOrderInvoice(db, input.orderId);
  return invoice ? { invoice, issued: true } : null;
}
