import { and, asc, desc, eq, gt, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { invoiceLines, invoices, organizations } from "#db/schema";
import { PLATFORM_TIME_ZONE, zonedDayKey } from "../events/event-time-zone";
import { organizationFileSlug } from "../finance/export-finance";
import { resolveFinancePeriod, type FinancePeriod, type FinanceRange } from "../finance/finance-period";
import { assertFinanceViewer } from "../finance/transaction-access";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { csvEuros, type CsvPage, type CsvValue } from "../shared/csv";
import type { CsvLanguage } from "../shared/csv-headers";
import { invoiceRowsQuery, invoicesWhere, toInvoiceRow, type InvoiceFilters, type InvoiceRow } from "./list-invoices";

/*
 * The accountant's exports of a period (issue 29 §5): the documents, one row per invoice or credit note with its
 * amounts split by VAT rate, and the totals by rate (invoices and credit notes netted: a credit note's lines are
 * negative). Both are sums of the stored lines (decision 0064: totals are sums of lines, never a VAT recomputed), in
 * SQL. Written with the one CSV format of every export (domain/shared/csv.ts); dates are calendar days of the
 * finance zone (Europe/Paris), the period's zone.
 */
export const invoiceExportKinds = ["documents", "vat-rates"] as const;
export type InvoiceExportKind = (typeof invoiceExportKinds)[number];

/** Integer cents of one rate; `rate` in basis points (550 = 5.5 %). */
export type RateTotals = { rate: number; net: number; vat: number; gross: number };

/** Net, VAT and gross of every rate in the filtered documents, the highest rate first. */
export async function invoiceTotalsByRate(db: Database, actor: Actor, filters: InvoiceFilters): Promise<RateTotals[]> {
  assertFinanceViewer(actor);
  const rows = await db
    .select({
      rate: invoiceLines.rate,
      net: sql<number>`coalesce(sum(${invoiceLines.net}), 0)`,
      vat: sql<number>`coalesce(sum(${invoiceLines.vat}), 0)`,
      gross: sql<number>`coalesce(sum(${invoiceLines.gross}), 0)`,
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(invoicesWhere(actor.organizationId, filters))
    .groupBy(invoiceLines.rate)
    .orderBy(desc(invoiceLines.rate));
  return rows.map((row) => ({
    rate: Number(row.rate),
    net: Number(row.net),
    vat: Number(row.vat),
    gross: Number(row.gross),
  }));
}

/** A rate as the CSV writes it: percent with two decimals, a dot ("5.50", "20.00"), as the amounts. */
export const csvRate = (basisPoints: number) => (basisPoints / 100).toFixed(2);

const documentColumns = [
  { fr: "numero", en: "number" },
  { fr: "date", en: "date" },
  { fr: "type", en: "type" },
  { fr: "facture_referencee", en: "referenced_invoice" },
  { fr: "commande", en: "order_id" },
  { fr: "acheteur", en: "buyer" },
  { fr: "email_acheteur", en: "buyer_email" },
  { fr: "tva_intracom_acheteur", en: "buyer_vat_number" },
  { fr: "evenement", en: "event" },
  { fr: "devise", en: "currency" },
  { fr: "total_ht", en: "net" },
  { fr: "total_tva", en: "vat" },
  { fr: "total_ttc", en: "gross" },
] as const;

const typeWords = {
  fr: { invoice: "facture", "credit-note": "avoir" },
  en: { invoice: "invoice", "credit-note": "credit-note" },
} as const;

const rateColumns = (rate: number, language: CsvLanguage) => {
  const percent = csvRate(rate);
  return language === "fr" ? [`ht_${percent}`, `tva_${percent}`] : [`net_${percent}`, `vat_${percent}`];
};

const totalsHeader = {
  fr: ["taux_tva", "total_ht", "total_tva", "total_ttc"],
  en: ["vat_rate", "net", "vat", "gross"],
} as const;

const EXPORT_PAGE_SIZE = 500;

export type InvoiceExportCursor = { at: number; id: number };

function after(cursor: InvoiceExportCursor | null): SQL | undefined {
  if (cursor === null) return undefined;
  const at = new Date(cursor.at);
  return or(gt(invoices.issuedAt, at), and(eq(invoices.issuedAt, at), gt(invoices.id, cursor.id)));
}

function upTo(cursor: InvoiceExportCursor): SQL | undefined {
  const at = new Date(cursor.at);
  return or(lt(invoices.issuedAt, at), and(eq(invoices.issuedAt, at), lte(invoices.id, cursor.id)));
}

export const invoiceDay = (at: number) => zonedDayKey(at, PLATFORM_TIME_ZONE);

/** One document's CSV row: its columns, then the net and VAT of each of the period's rates (empty when none). */
export function invoiceCsvRow(
  row: InvoiceRow,
  byRate: ReadonlyMap<number, { net: number; vat: number }>,
  rates: readonly number[],
  language: CsvLanguage,
): CsvValue[] {
  return [
    row.number,
    invoiceDay(row.issuedAt),
    typeWords[language][row.kind],
    row.invoiceNumber ?? "",
    row.orderId,
    row.buyerCompany || row.buyerName,
    row.buyerEmail,
    row.buyerVatNumber,
    row.eventTitle ?? "",
    row.currency,
    csvEuros(row.net),
    csvEuros(row.vat),
    csvEuros(row.gross),
    ...rates.flatMap((rate): CsvValue[] => {
      const part = byRate.get(rate);
      return part ? [csvEuros(part.net), csvEuros(part.vat)] : ["", ""];
    }),
  ];
}

/**
 * An export of the period (finance:view; anyone else 404): its file name, header and pages. `documents` is read in
 * issue order 500 documents at a time, each page's split by rate in one grouped query; `vat-rates` is one page.
 */
export async function exportInvoices(
  db: Database,
  actor: Actor,
  input: {
    kind: InvoiceExportKind;
    period: FinancePeriod;
    from?: string | null;
    to?: string | null;
    language: CsvLanguage;
    now?: number;
  },
): Promise<{
  filename: string;
  range: FinanceRange;
  header: readonly string[];
  nextPage: (cursor: InvoiceExportCursor | null) => Promise<CsvPage<InvoiceExportCursor>>;
}> {
  assertFinanceViewer(actor);
  const organizationId = actor.organizationId;
  const range = resolveFinancePeriod(input, { now: input.now });
  const [organization] = await db
    .select({ id: organizations.id, title: organizations.title })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!organization) throw notFound();
  const filters: InvoiceFilters = { from: range.from, to: range.to };
  const totals = await invoiceTotalsByRate(db, actor, filters);
  const word =
    input.kind === "documents"
      ? input.language === "fr"
        ? "factures"
        : "invoices"
      : input.language === "fr"
        ? "tva"
        : "vat";
  const filename = `guichet-${organizationFileSlug(organization.title, organization.id)}-${word}-${range.label}.csv`;
  const { language } = input;

  if (input.kind === "vat-rates") {
    return {
      filename,
      range,
      header: totalsHeader[language],
      nextPage: async () => ({
        rows: totals.map((row) => [csvRate(row.rate), csvEuros(row.net), csvEuros(row.vat), csvEuros(row.gross)]),
        next: null,
      }),
    };
  }

  const rates = totals.map((row) => row.rate);
  const where = invoicesWhere(organizationId, filters);
  return {
    filename,
    range,
    header: [
      ...documentColumns.map((column) => column[language]),
      ...rates.flatMap((rate) => rateColumns(rate, language)),
    ],
    nextPage: async (cursor) => {
      const rows = (
        await invoiceRowsQuery(db, and(where, after(cursor))!)
          .orderBy(asc(invoices.issuedAt), asc(invoices.id))
          .limit(EXPORT_PAGE_SIZE)
      ).map(toInvoiceRow);
      const last = rows[rows.length - 1];
      // The page's documents named by their keyset range, not by a list of ids (D1 binds at most 100 parameters).
      const parts = last
        ? await db
            .select({
              invoiceId: invoiceLines.invoiceId,
              rate: invoiceLines.rate,
              net: sql<number>`sum(${invoiceLines.net})`,
              vat: sql<number>`sum(${invoiceLines.vat})`,
            })
            .from(invoiceLines)
            .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
            .where(and(where, after(cursor), upTo({ at: last.issuedAt, id: last.id })))
            .groupBy(invoiceLines.invoiceId, invoiceLines.rate)
        : [];
      const byDocument = new Map<number, Map<number, { net: number; vat: number }>>();
      for (const part of parts) {
        const map = byDocument.get(part.invoiceId) ?? new Map<number, { net: number; vat: number }>();
        map.set(Number(part.rate), { net: Number(part.net), vat: Number(part.vat) });
        byDocument.set(part.invoiceId, map);
      }
      return {
        rows: rows.map((row) => invoiceCsvRow(row, byDocument.get(row.id) ?? new Map(), rates, language)),
        next: rows.length === EXPORT_PAGE_SIZE && last ? { at: last.issuedAt, id: last.id } : null,
      };
    },
  };
}
