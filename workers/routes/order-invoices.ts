import { Hono, type Context } from "hono";
import { getPublicInvoicePdf, type InvoicePdf } from "#domain/invoices/get-invoice-pdf";
import { parseId } from "#domain/shared/ids";
import { notFound } from "#domain/shared/app-error";
import type { HonoEnv } from "../hono-app";

/**
 * The buyer's invoice documents from the order page's links (issue 29 §3–4), with the order's access token as the
 * tickets PDF and the calendar file: `GET /orders/:id/invoice.pdf?token=` and
 * `GET /orders/:id/credit-notes/:credit_note_id.pdf?token=`. A wrong token, or a document that does not exist, is not
 * found.
 */
export const orderInvoiceRoutes = new Hono<HonoEnv>();

function pdfResponse(c: Context<HonoEnv>, pdf: InvoicePdf) {
  return c.body(new Uint8Array(pdf.bytes), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${pdf.filename}"`,
    // The URL carries a secret: never kept by a shared cache, nor leaked onward.
    "Cache-Control": "private, no-store",
    "Referrer-Policy": "no-referrer",
  });
}

orderInvoiceRoutes.get("/:id/invoice.pdf", async (c) => {
  const orderId = parseId(c.req.param("id"));
  if (orderId === null) throw notFound();
  const pdf = await getPublicInvoicePdf(c.get("db"), c.env, {
    orderId,
    documentId: null,
    token: c.req.query("token") ?? "",
  });
  return pdfResponse(c, pdf);
});

orderInvoiceRoutes.get("/:id/credit-notes/:file{[0-9]+\\.pdf}", async (c) => {
  const orderId = parseId(c.req.param("id"));
  const documentId = parseId(c.req.param("file").replace(/\.pdf$/, ""));
  if (orderId === null || documentId === null) throw notFound();
  const pdf = await getPublicInvoicePdf(c.get("db"), c.env, { orderId, documentId, token: c.req.query("token") ?? "" });
  return pdfResponse(c, pdf);
});
