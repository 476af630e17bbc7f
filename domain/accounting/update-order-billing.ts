import { and, eq, notExists } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, invoices, orders } from "#db/schema";
import { readOrderBilling, type BillingInput } from "../booking/order-input-schema";
import { AppError, notFound } from "../shared/app-error";
import { constantTimeEqual } from "../shared/crypto";

export const ORDER_INVOICED = "booking:errors.billing-invoiced";

/** What the order page shows of an order's billing details, and whether they may still change. */
export type OrderBillingState = {
  billing: BillingInput | null;
  /** An invoice was issued: it copied the details, which then never change (decision 0065). */
  invoiced: boolean;
  /** The event asks for billing details, or the order has some. */
  shown: boolean;
};

function parseBilling(text: string | null): BillingInput | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as BillingInput;
  } catch {
    return null;
  }
}

const invoiceOf = (db: Database, orderId: number, organizationId: number) =>
  db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(eq(invoices.orderId, orderId), eq(invoices.organizationId, organizationId), eq(invoices.kind, "invoice")),
    );

async function loadOrder(db: Database, input: { orderId: number; token: string | null | undefined }) {
  const [row] = await db
    .select({
      id: orders.id,
      organizationId: orders.organizationId,
      accessToken: orders.accessToken,
      billing: orders.billing,
      allowBilling: events.allowBilling,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, input.orderId))
    .limit(1);
  if (!row || !input.token || !constantTimeEqual(input.token, row.accessToken))
    throw notFound("booking:errors.order-not-found");
  return row;
}

/** The order's billing details for the order page (the order's access token; anything else 404). */
export async function getOrderBilling(
  db: Database,
  input: { orderId: number; token: string | null | undefined },
): Promise<OrderBillingState> {
  const order = await loadOrder(db, input);
  const [invoice] = await invoiceOf(db, order.id, order.organizationId).limit(1);
  const billing = parseBilling(order.billing);
  return { billing, invoiced: invoice !== undefined, shown: order.allowBilling || billing !== null };
}

/**
 * The buyer corrects the billing details of their order (issue 29 §6), with the order's access token, as long as no
 * invoice was issued for it: an invoice copies them when issued, and an issued invoice never changes (a refusal with
 * its own code, `billing_invoiced`). The details are checked as at checkout (the VAT number against an ISO country).
 * The update itself is conditional on there being no invoice, so an invoice issued meanwhile wins.
 */
export async function updateOrderBilling(
  db: Database,
  input: { orderId: number; token: string | null | undefined; billing: unknown },
): Promise<OrderBillingState> {
  const order = await loadOrder(db, input);
  if (!order.allowBilling && order.billing === null) throw notFound("booking:errors.order-not-found");
  const { billing, invalid } = readOrderBilling(input.billing);
  if (!billing) throw new AppError("validation", "errors:invalid-input", { fields: invalid });
  const [updated] = await db
    .update(orders)
    .set({ billing: JSON.stringify(billing), updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), notExists(invoiceOf(db, order.id, order.organizationId))))
    .returning({ id: orders.id });
  if (!updated) throw new AppError("conflict", ORDER_INVOICED);
  return { billing, invoiced: false, shown: true };
}
