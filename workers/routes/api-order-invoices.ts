import { Hono, type Context } from "hono";
import { eq } from "drizzle-orm";
import { orders } from "#db/schema";
import { exportInvoicesZip, INVOICE_ZIP_MAX_DOCUMENTS } from "#domain/invoices/export-invoices-zip";
import { getOrderInvoicePdf, type InvoicePdf } from "#domain/invoices/get-invoice-pdf";
import { getOrderInvoices } from "#domain/invoices/get-order-invoices";
import { notFound } from "#domain/shared/app-error";
import { requireId } from "#domain/shared/ids";
import { actorForEventParam, actorForOrganizerParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";

/**
 * Issue 29 §3–5, the organizer's invoice documents (decision 0065): `GET /api/orders/:id/invoices` (the order's
 * invoice and credit notes), `GET /api/orders/:id/invoice.pdf`, `GET /api/orders/:id/credit-notes/:credit_note_id.pdf`
 * and `GET /api/organizers/:id/invoices/export.zip?from=&to=` (at most INVOICE_ZIP_MAX_DOCUMENTS documents).
 * Another organization's order or document answers 404.
 */
export const orderInvoicesApiRoutes = new Hono<ApiEnv>();

/** The actor for a route that names only an order: as a member of the order's event's organization. */
async function actorForOrder(c: Context<ApiEnv>, orderId: number) {
  const [order] = await c
    .get("db")
    .select({ eventId: orders.eventId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw notFound("orders:errors.not-found");
  try {
    return await actorForEventParam(c, order.eventId);
  } catch {
    throw notFound("orders:errors.not-found");
  }
}

function pdfResponse(c: Context<ApiEnv>, pdf: InvoicePdf) {
  return c.body(new Uint8Array(pdf.bytes), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${pdf.filename}"`,
    "Cache-Control": "private, no-store",
  });
}

const documentJson = (document: { id: number; kind: string; number: string; issuedAt: Date; gross: number }) => ({
  id: document.id,
  kind: document.kind,
  number: document.number,
  issued_at: document.issuedAt.toISOString(),
  total: document.gross,
});

orderInvoicesApiRoutes.get("/orders/:id{[0-9]+}/invoices", async (c) => {
  const orderId = requireId(c.req.param("id"), "orders:errors.not-found");
  const documents = await getOrderInvoices(c.get("db"), await actorForOrder(c, orderId), { orderId });
  return c.json({
    invoice: documents.invoice ? documentJson(documents.invoice) : null,
    credit_notes: documents.creditNotes.map(documentJson),
  });
});

orderInvoicesApiRoutes.get("/orders/:id{[0-9]+}/invoice.pdf", async (c) => {
  const orderId = requireId(c.req.param("id"), "orders:errors.not-found");
  const actor = await actorForOrder(c, orderId);
  return pdfResponse(c, await getOrderInvoicePdf(c.get("db"), c.env, actor, { orderId, documentId: null }));
});

orderInvoicesApiRoutes.get("/orders/:id{[0-9]+}/credit-notes/:file{[0-9]+\\.pdf}", async (c) => {
  const orderId = requireId(c.req.param("id"), "orders:errors.not-found");
  const documentId = requireId(c.req.param("file").replace(/\.pdf$/, ""), "invoices:errors.not-found");
  const actor = await actorForOrder(c, orderId);
  return pdfResponse(c, await getOrderInvoicePdf(c.get("db"), c.env, actor, { orderId, documentId }));
});

orderInvoicesApiRoutes.get("/organizers/:id/invoices/export.zip", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const zip = await exportInvoicesZip(c.get("db"), c.env, actor, {
    organizationId: actor.organizationId,
    from: c.req.query("from") ?? "",
    to: c.req.query("to") ?? "",
  });
  return c.body(new Uint8Array(zip.bytes), 200, {
    "Content-Type": "application/zip",
    "Content-Disposition": `attachment; filename="${zip.filename}"`,
    "Cache-Control": "private, no-store",
    "X-Document-Count": String(zip.count),
    "X-Document-Limit": String(INVOICE_ZIP_MAX_DOCUMENTS),
  });
});
