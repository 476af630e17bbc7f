import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, orderItems, organizationBilling, orders, tickets } from "#db/schema";
import { PLATFORM_TIME_ZONE } from "../events/event-time-zone";
import type { BillingSettings, InvoiceOrder, InvoiceOrderItem } from "./plan-invoice";

export type InvoiceSources = {
  order: InvoiceOrder & { status: string; paidAt: Date | null; accessToken: string; refundedAmount: number };
  items: InvoiceOrderItem[];
  billing: BillingSettings | null;
  timeZone: string;
  eventTitle: string;
};

/** What issuing an order's invoice reads: the order, its lines with their titles, the seller's settings, the zone. */
export async function readInvoiceSources(db: Database, orderId: number): Promise<InvoiceSources | null> {
  const [orderRows, itemRows, eventRows, billingRows] = await db.batch([
    db.select().from(orders).where(eq(orders.id, orderId)).limit(1),
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    db
      .select({ timezone: events.timezone, title: events.title })
      .from(events)
      .where(sql`${events.id} = (select event_id from orders where id = ${orderId})`)
      .limit(1),
    db
      .select()
      .from(organizationBilling)
      .where(sql`${organizationBilling.organizationId} = (select organization_id from orders where id = ${orderId})`)
      .limit(1),
  ]);
  const order = orderRows[0];
  if (!order) return null;
  const ticketIds = [...new Set(itemRows.map((item) => item.ticketId))];
  // Without the seller's details no invoice can be issued: the lines' titles are not needed.
  const titleRows =
    ticketIds.length === 0 || !billingRows[0]
      ? []
      : await db.select({ id: tickets.id, title: tickets.title }).from(tickets).where(inArray(tickets.id, ticketIds));
  return {
    order: {
      id: order.id,
      organizationId: order.organizationId,
      eventId: order.eventId,
      amount: order.amount,
      firstName: order.firstName,
      lastName: order.lastName,
      email: order.email,
      billing: order.billing,
      invoiceRequested: order.invoiceRequested,
      locale: order.locale,
      status: order.status,
      paidAt: order.paidAt,
      accessToken: order.accessToken,
      refundedAmount: order.refundedAmount,
    },
    items: itemRows.map((item) => toInvoiceItem(item, titleRows.find((row) => row.id === item.ticketId)?.title ?? "")),
    billing: billingRows[0] ?? null,
    timeZone: eventRows[0]?.timezone ?? PLATFORM_TIME_ZONE,
    eventTitle: eventRows[0]?.title ?? "",
  };
}

export function toInvoiceItem(item: typeof orderItems.$inferSelect, title: string): InvoiceOrderItem {
  return {
    id: item.id,
    ticketType: item.ticketType === "addon" ? "addon" : "ticket",
    title,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    discount: item.discount,
    fees: item.fees,
    feesType: item.feesType,
    taxRate: item.taxRate,
    taxRateName: item.taxRateName,
    net: item.net,
    vat: item.vat,
    feesNet: item.feesNet,
    feesVat: item.feesVat,
  };
}
