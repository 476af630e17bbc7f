import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { orderRefunds, orders } from "#db/schema";
import { eventRolesOf } from "../events/event-access";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { readRefundState } from "./refund-order-part";
import { leftToRefund, type RefundOrderState } from "./refund-rules";
import type { RefundPerson, RefundStateLine } from "./refund-units";

export type OrderRefunds = {
  /** The rules' view of the order (refunds in progress counted): the page computes a refund's amount with it. */
  state: Omit<RefundOrderState, "lines"> & { lines: RefundStateLine[] };
  people: (RefundPerson & { createdAt: number })[];
  left: number;
  refunds: {
    id: number;
    amount: number;
    fee: number;
    units: number;
    status: "pending" | "succeeded";
    createdAt: number;
    /** The buyer cancelled tickets from their order page (no person of the organization made it). */
    byBuyer: boolean;
  }[];
};

/** An order's partial refunds and what is left to refund (decision 0058), for its detail page and the API. */
export async function getOrderRefunds(
  db: Database,
  actor: Actor,
  input: { orderId: number; eventId?: number },
): Promise<OrderRefunds> {
  if (actor.organizationId === null || !Number.isSafeInteger(input.orderId) || input.orderId <= 0) throw notFound();
  const [found] = await db
    .select({ eventId: orders.eventId, organizationId: orders.organizationId })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.organizationId, actor.organizationId)))
    .limit(1);
  if (!found || (input.eventId !== undefined && found.eventId !== input.eventId)) throw notFound();
  const scope = { organizationId: found.organizationId, roles: await eventRolesOf(db, actor, found.eventId) };
  if (!canOnEvent(actor, "event:view", scope)) throw notFound();
  const [state, rows] = await Promise.all([
    readRefundState(db, input.orderId),
    db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, input.orderId), ne(orderRefunds.status, "failed")))
      .orderBy(desc(orderRefunds.id)),
  ]);
  if (!state) throw notFound();
  return {
    state: state.rules,
    people: state.people.map((person) => ({ ...person, createdAt: Number(person.createdAt) })),
    left: state.order.status === "paid" ? leftToRefund(state.rules) : 0,
    refunds: rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      fee: row.fee,
      units: row.units,
      status: row.status === "pending" ? "pending" : "succeeded",
      createdAt: row.createdAt.getTime(),
      byBuyer: row.createdByUserId === null,
    })),
  };
}
