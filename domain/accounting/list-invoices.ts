import { aliasedTable, and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, invoices } from "#db/schema";
import { eventsWithRows } from "../finance/events-with-rows";
import { assertFinanceViewer } from "../finance/transaction-access";
import type { Actor } from "../shared/actor";
import { escapeLike } from "../shared/sql";
import type { InvoiceDocumentKind, InvoiceSortId } from "./invoice-kinds";

export { invoiceDocumentKinds, invoiceSortIds, type InvoiceDocumentKind, type InvoiceSortId } from "./invoice-kinds";

/**
 * The organization's invoices and credit notes (issue 29 §5), for the « Factures » page, the API and the exports:
 * filtered by period (the issue time), event, type and a search on the number or the buyer, in SQL on the
 * `(organization_id, issued_at)` and `(organization_id, event_id, issued_at)` indexes. The buyer is read from the
 * document's `buyer` snapshot as issued (decision 0065), never from the order: a document never changes.
 */
export type InvoiceFilters = {
  kinds?: InvoiceDocumentKind[];
  eventIds?: number[];
  /** A number ("FAC2026-0007", "0007") or part of the buyer's name, company or email. */
  search?: string | null;
  /** Epoch ms, inclusive. */
  from?: number | null;
  /** Epoch ms, exclusive. */
  to?: number | null;
};

export type InvoiceRow = {
  id: number;
  kind: InvoiceDocumentKind;
  number: string;
  issuedAt: number;
  orderId: number;
  eventId: number;
  eventTitle: string | null;
  /** A credit note's invoice: its id and number. */
  invoiceId: number | null;
  invoiceNumber: string | null;
  buyerName: string;
  buyerCompany: string;
  buyerEmail: string;
  buyerVatNumber: string;
  currency: string;
  /** Integer cents, negative on a credit note. */
  net: number;
  vat: number;
  gross: number;
};

const MAX_SEARCH_LENGTH = 100;

/** The buyer snapshot's fields (JSON written at issue), as text columns. */
export const buyerField = (key: "name" | "company" | "email" | "vatNumber") =>
  sql<string>`coalesce(json_extract(${invoices.buyer}, ${`$.${key}`}), '')`;

export function invoicesWhere(organizationId: number, filters: InvoiceFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(invoices.organizationId, organizationId)];
  if (filters.from !== null && filters.from !== undefined)
    conditions.push(gte(invoices.issuedAt, new Date(filters.from)));
  if (filters.to !== null && filters.to !== undefined) conditions.push(lt(invoices.issuedAt, new Date(filters.to)));
  if (filters.eventIds?.length) conditions.push(inArray(invoices.eventId, filters.eventIds));
  if (filters.kinds?.length) conditions.push(inArray(invoices.kind, filters.kinds));
  const search = (filters.search ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  if (search !== "") {
    const pattern = `%${escapeLike(search)}%`;
    const contains = (column: SQL | typeof invoices.number) => sql`${column} like ${pattern} escape '\\'`;
    conditions.push(
      or(
        contains(invoices.number),
        contains(buyerField("name")),
        contains(buyerField("company")),
        contains(buyerField("email")),
      ),
    );
  }
  return and(...conditions)!;
}

const referenced = aliasedTable(invoices, "referenced_invoice");

/** A document's row (its event and, for a credit note, its invoice's number), every column named uniquely (D1). */
export const invoiceRowColumns = {
  id: invoices.id,
  kind: invoices.kind,
  number: invoices.number,
  issuedAt: invoices.issuedAt,
  orderId: invoices.orderId,
  eventId: invoices.eventId,
  eventTitle: sql<string | null>`${events.title}`.as("event_title"),
  invoiceId: invoices.invoiceId,
  invoiceNumber: sql<string | null>`${referenced.number}`.as("referenced_number"),
  buyerName: buyerField("name").as("buyer_name"),
  buyerCompany: buyerField("company").as("buyer_company"),
  buyerEmail: buyerField("email").as("buyer_email"),
  buyerVatNumber: buyerField("vatNumber").as("buyer_vat_number"),
  currency: invoices.currency,
  net: invoices.net,
  vat: invoices.vat,
  gross: invoices.gross,
};

/** The row query joined as every list of documents reads it. */
export function invoiceRowsQuery(db: Database, where: SQL) {
  return db
    .select(invoiceRowColumns)
    .from(invoices)
    .leftJoin(events, eq(events.id, invoices.eventId))
    .leftJoin(referenced, eq(referenced.id, invoices.invoiceId))
    .where(where);
}

export function toInvoiceRow(row: {
  [K in keyof typeof invoiceRowColumns]: unknown;
}): InvoiceRow {
  const r = row as Omit<InvoiceRow, "issuedAt"> & { issuedAt: Date };
  return { ...r, issuedAt: r.issuedAt.getTime() };
}

function orderOf(sort: { id: InvoiceSortId; desc: boolean }) {
  const direction = sort.desc ? desc : asc;
  switch (sort.id) {
    case "issued_at":
      return [direction(invoices.issuedAt), direction(invoices.id)];
    case "number":
      return [direction(invoices.year), direction(invoices.sequence), direction(invoices.id)];
    case "gross":
      return [direction(invoices.gross), direction(invoices.id)];
  }
}

/**
 * One page of documents and how many match (finance:view: owners, admins, keys with finance:read; anyone else 404),
 * the newest first unless sorted otherwise.
 */
export async function listInvoices(
  db: Database,
  actor: Actor,
  input: InvoiceFilters & { offset: number; limit: number; sort?: { id: InvoiceSortId; desc: boolean } | null },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  assertFinanceViewer(actor);
  const where = invoicesWhere(actor.organizationId, input);
  const [rows, [count]] = await db.batch([
    invoiceRowsQuery(db, where)
      .orderBy(...orderOf(input.sort ?? { id: "issued_at", desc: true }))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ count: sql<number>`count(*)` })
      .from(invoices)
      .where(where),
  ]);
  return { rows: rows.map(toInvoiceRow), total: Number(count?.count ?? 0) };
}

/** The organization's events that have documents (the event filter's choices), the latest first. */
export async function listInvoiceEvents(db: Database, actor: Actor): Promise<{ id: number; title: string }[]> {
  assertFinanceViewer(actor);
  return eventsWithRows(db, actor.organizationId, {
    table: invoices,
    organizationId: invoices.organizationId,
    eventId: invoices.eventId,
  });
}

/** Whether the organization issued any document at all (the page's first-use state). */
export async function hasInvoices(db: Database, actor: Actor): Promise<boolean> {
  assertFinanceViewer(actor);
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.organizationId, actor.organizationId))
    .limit(1);
  return row !== undefined;
}
