import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { events, invoiceLines, invoices, organizationBilling } from "#db/schema";
import { PLATFORM_TIME_ZONE } from "../events/event-time-zone";
import { issueDocumentStatements } from "./document-statements";
import {
  planCreditNote,
  type CreditableLine,
  type InvoiceBuyer,
  type InvoiceSeller,
  type RefundToCredit,
} from "./plan-invoice";

const lineKey = (line: { orderItemId: number | null; kind: string }) => `${line.orderItemId ?? 0}:${line.kind}`;

/**
 * The statements that issue the credit note of a refund of an invoiced order (issue 29 §4, decision 0065), for the
 * batch that records the refund as succeeded, under its condition (`onlyIf`, inlined SQL). An order without an
 * invoice gets none; a refund of nothing (a cancellation without refund) none either.
 */
export async function creditNoteStatements(
  db: Database,
  input: { orderId: number; refund: RefundToCredit; refundId: number | null; now: number; onlyIf?: SQL },
): Promise<BatchItem<"sqlite">[]> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, input.orderId), eq(invoices.kind, "invoice")))
    .limit(1);
  if (!invoice) return [];
  const [creditNotes, eventRows, billingRows] = await db.batch([
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, "credit-note"))),
    db.select({ timezone: events.timezone }).from(events).where(eq(events.id, invoice.eventId)).limit(1),
    db
      .select({ prefix: organizationBilling.invoicePrefix })
      .from(organizationBilling)
      .where(eq(organizationBilling.organizationId, invoice.organizationId))
      .limit(1),
  ]);
  const documentIds = [invoice.id, ...creditNotes.map((note) => note.id)];
  const lineRows = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, documentIds))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  const credited = new Map<string, { gross: number; vat: number; units: number }>();
  for (const line of lineRows) {
    if (line.invoiceId === invoice.id) continue;
    const current = credited.get(lineKey(line)) ?? { gross: 0, vat: 0, units: 0 };
    credited.set(lineKey(line), {
      gross: current.gross + line.gross,
      vat: current.vat + line.vat,
      units: current.units + line.quantity,
    });
  }
  const lines: CreditableLine[] = lineRows
    .filter((line) => line.invoiceId === invoice.id)
    .map((line) => ({
      orderItemId: line.orderItemId,
      kind: line.kind,
      description: line.description,
      quantity: line.quantity,
      unitGross: line.unitGross,
      gross: line.gross,
      rate: line.rate,
      rateName: line.rateName,
      net: line.net,
      vat: line.vat,
      creditedGross: credited.get(lineKey(line))?.gross ?? 0,
      creditedVat: credited.get(lineKey(line))?.vat ?? 0,
      creditedUnits: line.kind === "fee" ? 0 : (credited.get(lineKey(line))?.units ?? 0),
    }));
  const document = planCreditNote({
    invoice: {
      id: invoice.id,
      organizationId: invoice.organizationId,
      eventId: invoice.eventId,
      orderId: invoice.orderId,
      seller: JSON.parse(invoice.seller) as InvoiceSeller,
      buyer: JSON.parse(invoice.buyer) as InvoiceBuyer,
      locale: invoice.locale,
    },
    lines,
    refund: input.refund,
    refundId: input.refundId,
    prefix: billingRows[0]?.prefix ?? "",
    timeZone: eventRows[0]?.timezone ?? PLATFORM_TIME_ZONE,
    issuedAt: input.now,
  });
  if (!document) return [];
  // A refund documented already (a replayed batch) issues nothing more.
  const notYet =
    input.refundId === null
      ? sql`not exists (select 1 from invoices where invoice_id = ${invoice.id} and kind = 'credit-note' and refund_id is null)`
      : sql`not exists (select 1 from invoices where refund_id = ${input.refundId})`;
  return issueDocumentStatements(db, document, input.onlyIf ? sql`${notYet} and ${input.onlyIf}` : notYet);
}
