import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import { eventRolesOf } from "../events/event-access";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { constantTimeEqual } from "../shared/crypto";
import type { PdfFontEnv } from "../pdf/font-faces";
import { renderInvoicePdf } from "./invoice-pdf";
import { findOrderDocument, loadInvoiceDocument } from "./load-invoice-document";

export type InvoicePdf = { filename: string; bytes: Uint8Array };

/** Which document of the order: its invoice (null), or one of its credit notes by id. */
export type DocumentRef = { orderId: number; documentId: number | null };

async function pdfOf(db: Database, env: PdfFontEnv, organizationId: number, ref: DocumentRef): Promise<InvoicePdf> {
  const row = await findOrderDocument(db, { ...ref, organizationId });
  if (!row) throw notFound("invoices:errors.not-found");
  const bytes = await renderInvoicePdf(await loadInvoiceDocument(db, row), env);
  return { filename: `${row.number.replace(/[^\w.-]+/g, "-")}.pdf`, bytes };
}

/**
 * The organizer's download of an order's invoice or credit note (issue 29 §7): a member who sees the event's sales;
 * another organization's order, or a document that does not exist, is not found.
 */
export async function getOrderInvoicePdf(
  db: Database,
  env: PdfFontEnv,
  actor: Actor,
  ref: DocumentRef,
): Promise<InvoicePdf> {
  if (actor.organizationId === null || !Number.isSafeInteger(ref.orderId) || ref.orderId <= 0) throw notFound();
  const [order] = await db
    .select({ organizationId: orders.organizationId, eventId: orders.eventId })
    .from(orders)
    .where(and(eq(orders.id, ref.orderId), eq(orders.organizationId, actor.organizationId)))
    .limit(1);
  if (!order) throw notFound("orders:errors.not-found");
  const scope = { organizationId: order.organizationId, roles: await eventRolesOf(db, actor, order.eventId) };
  if (!canOnEvent(actor, "event:view-sales", scope)) throw notFound("orders:errors.not-found");
  return pdfOf(db, env, order.organizationId, ref);
}

/** The buyer's download from the order page's link, with the order's access token (a wrong token is not found). */
export async function getPublicInvoicePdf(
  db: Database,
  env: PdfFontEnv,
  input: DocumentRef & { token: string },
): Promise<InvoicePdf> {
  if (!Number.isSafeInteger(input.orderId) || input.orderId <= 0) throw notFound();
  const [order] = await db
    .select({ organizationId: orders.organizationId, accessToken: orders.accessToken })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .limit(1);
  if (!order || !input.token || !constantTimeEqual(input.token, order.accessToken)) throw notFound();
  return pdfOf(db, env, order.organizationId, input);
}
