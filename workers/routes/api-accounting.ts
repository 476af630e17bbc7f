import { Hono } from "hono";
import * as v from "valibot";
import { exportInvoices, invoiceExportKinds } from "#domain/accounting/export-invoices";
import {
  invoiceDocumentKinds,
  invoiceSortIds,
  listInvoices,
  type InvoiceRow,
  type InvoiceSortId,
} from "#domain/accounting/list-invoices";
import { resolveFinancePeriod } from "#domain/finance/finance-period";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";
import { csvLanguage } from "#domain/shared/csv-headers";
import { actorForOrganizerParam } from "../actor-for-organization";
import { commaList, csvDownload, idList, pageQuery, parseQuery, periodQuery, sortOf, sortParam } from "./finance-query";
import type { ApiEnv } from "../middleware/api-session";

/**
 * The accounting views (issue 29 §5, §7), mounted at /api/organizers: the invoices and credit notes of the
 * organization and the accountant's CSV exports, through the same domain functions as the « Factures » page. Owners
 * and admins, and API keys with finance:read; anyone else (another organization included) gets 404.
 */
export const accountingApiRoutes = new Hono<ApiEnv>();

export const invoicesQuerySchema = v.object({
  ...pageQuery,
  type: v.optional(commaList(invoiceDocumentKinds)),
  event: v.optional(idList(50)),
  search: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
  sort: v.optional(sortParam(invoiceSortIds)),
  ...periodQuery,
});

export const invoicesExportQuerySchema = v.object({ kind: v.picklist(invoiceExportKinds), ...periodQuery });

export function invoiceToJson(row: InvoiceRow) {
  return {
    id: row.id,
    type: row.kind,
    number: row.number,
    issued_at: new Date(row.issuedAt).toISOString(),
    order_id: row.orderId,
    event_id: row.eventId,
    event_title: row.eventTitle,
    invoice_id: row.invoiceId,
    invoice_number: row.invoiceNumber,
    buyer: {
      name: row.buyerName,
      company: row.buyerCompany,
      email: row.buyerEmail,
      vat_number: row.buyerVatNumber,
    },
    currency: row.currency,
    net: row.net,
    vat: row.vat,
    gross: row.gross,
  };
}

/**
 * One page of documents: `?page=` (zero-based), `?page_size=` (1–100, default 10), `?type=invoice,credit-note`,
 * `?event=1,2`, `?search=` (number or buyer), `?period=month|quarter|year|all|custom` (default all) with `from`/`to`
 * (YYYY-MM-DD) for custom, `?sort=issued_at|-issued_at|number|-number|gross|-gross` (default -issued_at).
 */
accountingApiRoutes.get("/:id/invoices", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const query = parseQuery(invoicesQuerySchema, c.req.query());
  const range = resolveFinancePeriod(query, {});
  const page = Number(query.page);
  const pageSize = Number(query.page_size);
  const sort = sortOf<InvoiceSortId>(query.sort);
  const result = await listInvoices(c.get("db"), actor, {
    offset: page * pageSize,
    limit: pageSize,
    sort,
    kinds: query.type ?? [],
    eventIds: query.event ?? [],
    search: query.search ?? null,
    from: range.from,
    to: range.to,
  });
  return c.json({
    invoices: result.rows.map(invoiceToJson),
    total: result.total,
    page,
    page_size: pageSize,
    period: { period: range.period, from: range.fromDay, to: range.toDay },
  });
});

/**
 * `?kind=documents|vat-rates&period=…[&from=&to=]` → the CSV of the period's documents (one row per invoice or credit
 * note, a net and VAT column pair per rate) or of its totals by VAT rate (credit notes netted); UTF-8 with a BOM, the
 * headers in the request's language (French unless English is asked).
 */
accountingApiRoutes.get("/:id/invoices/export.csv", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const query = parseQuery(invoicesExportQuerySchema, c.req.query());
  const language = csvLanguage(c.req.query("lang") ?? c.req.header("Accept-Language"));
  return csvDownload(await exportInvoices(c.get("db"), actor, { ...query, language }));
});
