import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { invoiceLines, invoices } from "#db/schema";
import type { InvoiceBuyer, InvoiceSeller } from "./plan-invoice";

export type InvoiceDocument = {
  id: number;
  kind: "invoice" | "credit-note";
  number: string;
  orderId: number;
  issuedAt: Date;
  locale: "fr" | "en";
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  gross: number;
  net: number;
  vat: number;
  /** A credit note: the number of the invoice it corrects. */
  invoiceNumber: string | null;
  lines: (typeof invoiceLines.$inferSelect)[];
};

type InvoiceRow = typeof invoices.$inferSelect;

const NO_SELLER: InvoiceSeller = {
  legalName: "",
  address: "",
  postalCode: "",
  city: "",
  country: "",
  vatNumber: "",
  companyNumber: "",
  legalMentions: "",
  vatRegistered: true,
  vatExemptionMention: "",
  eventTitle: "",
  timeZone: "Europe/Paris",
};
const NO_BUYER: InvoiceBuyer = {
  name: "",
  company: "",
  address: "",
  postalCode: "",
  city: "",
  country: "",
  vatNumber: "",
  email: "",
};

/** A stored JSON snapshot over its defaults: a document written with fewer keys still prints. */
function snapshot<T extends object>(text: string, defaults: T): T {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? { ...defaults, ...(parsed as Partial<T>) } : defaults;
  } catch {
    return defaults;
  }
}

/** The documents of an order (its invoice first, then its credit notes by number), without their lines. */
export async function listOrderDocuments(db: Database, orderId: number, organizationId: number) {
  return db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      gross: invoices.gross,
    })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.organizationId, organizationId)))
    .orderBy(asc(invoices.year), asc(invoices.sequence));
}

/** A stored document with its lines, as the PDF prints it (nothing else is read: the document is what was issued). */
export async function loadInvoiceDocument(db: Database, row: InvoiceRow): Promise<InvoiceDocument> {
  const [lines, referenced] = await db.batch([
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, row.id)).orderBy(asc(invoiceLines.position)),
    db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.id, row.invoiceId ?? 0), eq(invoices.organizationId, row.organizationId)))
      .limit(1),
  ]);
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    orderId: row.orderId,
    issuedAt: row.issuedAt,
    locale: row.locale,
    seller: snapshot(row.seller, NO_SELLER),
    buyer: snapshot(row.buyer, NO_BUYER),
    gross: row.gross,
    net: row.net,
    vat: row.vat,
    invoiceNumber: referenced[0]?.number ?? null,
    lines,
  };
}

/**
 * One document of an order, by kind: the invoice (`documentId` null) or one of its credit notes. Scoped by the
 * order's organization: another organization's document is not found.
 */
export async function findOrderDocument(
  db: Database,
  input: { orderId: number; organizationId: number; documentId: number | null },
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, input.orderId),
        eq(invoices.organizationId, input.organizationId),
        input.documentId === null ? eq(invoices.kind, "invoice") : eq(invoices.id, input.documentId),
        ...(input.documentId === null ? [] : [eq(invoices.kind, "credit-note")]),
      ),
    )
    .limit(1);
  return row;
}
