import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import { eventRolesOf } from "../events/event-access";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { constantTimeEqual } from "../shared/crypto";
import { listOrderDocuments } from "./load-invoice-document";
import { readInvoiceSources } from "./read-invoice-sources";
import { INVOICE_REQUEST_DAYS, invoiceRequestRefusal } from "./request-order-invoice";

export type OrderInvoiceDocument = {
  id: number;
  kind: "invoice" | "credit-note";
  number: string;
  issuedAt: Date;
  gross: number;
};

export type OrderInvoices = {
  invoice: OrderInvoiceDocument | null;
  creditNotes: OrderInvoiceDocument[];
};

function split(documents: OrderInvoiceDocument[]): OrderInvoices {
  return {
    invoice: documents.find((document) => document.kind === "invoice") ?? null,
    creditNotes: documents.filter((document) => document.kind === "credit-note"),
  };
}

/** The organizer's order detail: the order's invoice and credit notes (members who see the event's sales). */
export async function getOrderInvoices(db: Database, actor: Actor, input: { orderId: number }): Promise<OrderInvoices> {
  if (actor.organizationId === null) throw notFound();
  const [order] = await db
    .select({ organizationId: orders.organizationId, eventId: orders.eventId })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.organizationId, actor.organizationId)))
    .limit(1);
  if (!order) throw notFound("orders:errors.not-found");
  const scope = { organizationId: order.organizationId, roles: await eventRolesOf(db, actor, order.eventId) };
  if (!canOnEvent(actor, "event:view-sales", scope)) throw notFound("orders:errors.not-found");
  return split(await listOrderDocuments(db, input.orderId, order.organizationId));
}

/**
 * The buyer's order page (with the order's token): the documents, and whether « Demander une facture » is offered
 * (invoices on request, none issued yet, the order paid and within its 90 days) with the deadline.
 */
export async function getPublicOrderInvoices(
  db: Database,
  input: { orderId: number; token: string; now?: number },
): Promise<OrderInvoices & { canRequest: boolean; requestUntil: Date | null }> {
  const sources = await readInvoiceSources(db, input.orderId);
  if (!sources || !input.token || !constantTimeEqual(input.token, sources.order.accessToken)) throw notFound();
  const documents = split(await listOrderDocuments(db, input.orderId, sources.order.organizationId));
  const now = input.now ?? Date.now();
  const canRequest =
    documents.invoice === null &&
    sources.billing?.invoiceMode === "on-request" &&
    invoiceRequestRefusal(sources, now) === null;
  const paidAt = sources.order.paidAt;
  return {
    ...documents,
    canRequest,
    requestUntil: canRequest && paidAt ? new Date(paidAt.getTime() + INVOICE_REQUEST_DAYS * 86_400_000) : null,
  };
}
