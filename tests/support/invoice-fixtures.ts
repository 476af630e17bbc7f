import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { lineTax } from "#domain/billing/line-taxes";

/*
 * Issued invoices and credit notes as decision 0065 writes them (numbered in the organization's series, the seller
 * and buyer copied as JSON, lines with decision 0064's net and VAT, totals the sums of the lines), for the tests of
 * what reads them (the accounting views, the exports). The issuing itself is domain/invoices (issue 29 §3–4).
 */

export type FixtureLine = {
  description?: string;
  kind?: schema.InvoiceLineKind;
  quantity?: number;
  /** Tax included, cents; negative on a credit note. */
  gross: number;
  /** Basis points. */
  rate: number;
};

export type FixtureBuyer = { name?: string; company?: string; email?: string; vatNumber?: string; country?: string };

export async function insertInvoice(
  db: Database,
  input: {
    organizationId: number;
    eventId: number;
    orderId: number;
    kind?: schema.InvoiceKind;
    /** The invoice a credit note corrects. */
    invoiceId?: number | null;
    issuedAt: Date;
    buyer?: FixtureBuyer;
    lines: FixtureLine[];
    prefix?: string;
  },
) {
  const year = input.issuedAt.getUTCFullYear();
  const [counter] = await db
    .insert(schema.invoiceCounters)
    .values({ organizationId: input.organizationId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [schema.invoiceCounters.organizationId, schema.invoiceCounters.year],
      set: { lastNumber: sql`${schema.invoiceCounters.lastNumber} + 1` },
    })
    .returning();
  const sequence = counter!.lastNumber;
  const lines = input.lines.map((line, position) => {
    const { net, vat } = lineTax(line);
    const quantity = line.quantity ?? 1;
    return {
      position,
      kind: line.kind ?? ("ticket" as const),
      description: line.description ?? "Plein tarif",
      quantity,
      unitGross: Math.trunc(line.gross / quantity),
      gross: line.gross,
      rate: line.rate,
      rateName: line.rate === 0 ? "" : `TVA ${line.rate / 100} %`,
      net,
      vat,
    };
  });
  const sum = (key: "gross" | "net" | "vat") => lines.reduce((total, line) => total + line[key], 0);
  const buyer = {
    name: "Alex Durand",
    company: "",
    email: "alex@exemple.test",
    vatNumber: "",
    country: "FR",
    ...input.buyer,
  };
  const [invoice] = await db
    .insert(schema.invoices)
    .values({
      organizationId: input.organizationId,
      eventId: input.eventId,
      orderId: input.orderId,
      kind: input.kind ?? "invoice",
      year,
      sequence,
      number: `${input.prefix ?? "FAC"}${year}-${String(sequence).padStart(4, "0")}`,
      invoiceId: input.invoiceId ?? null,
      issuedAt: input.issuedAt,
      seller: JSON.stringify({ legalName: "Organisation", country: "FR" }),
      buyer: JSON.stringify(buyer),
      gross: sum("gross"),
      net: sum("net"),
      vat: sum("vat"),
    })
    .returning();
  if (lines.length > 0) {
    await db
      .insert(schema.invoiceLines)
      .values(lines.map((line) => ({ ...line, invoiceId: invoice!.id, organizationId: input.organizationId })));
  }
  const [stored] = await db.select().from(schema.invoices).where(eq(schema.invoices.id, invoice!.id));
  return stored!;
}
