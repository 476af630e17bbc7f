import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { invoiceCounters, invoiceLines, invoices } from "#db/schema";
import type { PlannedDocument } from "./plan-invoice";

type Statement = BatchItem<"sqlite">;

/*
 * The writes that issue a document, for one D1 batch (docs/decisions/0065-invoices.md): the organization's counter
 * for the year is bumped first, then the document takes the counter's value as its sequence, then its lines are
 * attached to the document just numbered. SQLite's writer lock serialises two batches, so two documents never share
 * a number and a batch that fails rolls its bump back: no gap, no duplicate. Every value is ours, and inlined: D1
 * cannot bind the parameters of raw SQL inside a batch.
 *
 * `onlyIf` (optional) is the condition the batch's other writes are under (the order still paid, no invoice yet…):
 * when it is false nothing is issued, not even a number. The lines do not test it again (the document they follow may
 * have made it false): they go to the document the counter names only if it is this order's and has no lines yet.
 */
export function issueDocumentStatements(db: Database, document: PlannedDocument, onlyIf?: SQL): Statement[] {
  const condition = onlyIf ?? sql`1`;
  const { organizationId, year } = document;
  const lastNumber = sql`(select last_number from invoice_counters where organization_id = ${organizationId} and year = ${year})`;
  // The document this batch just numbered: the counter's last number, of this order and kind, with no lines yet.
  const justNumbered = sql`i.organization_id = ${organizationId} and i.year = ${year} and i.sequence = ${lastNumber}
    and i.order_id = ${document.orderId} and i.kind = ${document.kind}
    and not exists (select 1 from invoice_lines l where l.invoice_id = i.id)`;

  const bump = db
    .insert(invoiceCounters)
    .select(sql`select ${organizationId}, ${year}, 1 where ${condition}`.inlineParams())
    .onConflictDoUpdate({
      target: [invoiceCounters.organizationId, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    });

  const insertDocument = db.insert(invoices).select(
    sql`select null, ${organizationId}, ${document.eventId}, ${document.orderId}, ${document.kind}, ${year},
      c.last_number, ${document.prefix} || ${String(year)} || '-' || printf('%04d', c.last_number),
      ${document.invoiceId}, ${document.refundId}, ${document.issuedAt}, 'EUR',
      ${JSON.stringify(document.seller)}, ${JSON.stringify(document.buyer)},
      ${document.gross}, ${document.net}, ${document.vat}, ${document.locale}, ${document.issuedAt}
      from invoice_counters c where c.organization_id = ${organizationId} and c.year = ${year} and ${condition}`.inlineParams(),
  );

  const rows = document.lines.map(
    (line, index) =>
      sql`select ${index + 1} as position, ${line.orderItemId} as order_item_id, ${line.kind} as kind,
        ${line.description} as description, ${line.quantity} as quantity, ${line.unitGross} as unit_gross,
        ${line.gross} as gross, ${line.rate} as rate, ${line.rateName} as rate_name, ${line.net} as net,
        ${line.vat} as vat`,
  );
  const statements: Statement[] = [bump, insertDocument];
  if (rows.length > 0)
    statements.push(
      db.insert(invoiceLines).select(
        sql`select null, i.id, i.organization_id, v.position, v.order_item_id, v.kind, v.description, v.quantity,
          v.unit_gross, v.gross, v.rate, v.rate_name, v.net, v.vat
          from invoices i, (${sql.join(rows, sql` union all `)}) v
          where ${justNumbered} order by v.position`.inlineParams(),
      ),
    );
  return statements;
}
