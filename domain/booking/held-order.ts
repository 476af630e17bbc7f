import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import { isSecureRequest, readCookie } from "../http/session-cookie";
import { constantTimeEqual } from "../shared/crypto";
import { orderTicketsPath } from "./get-public-order";

/*
 * A buyer who left the checkout without paying (Stripe's back link, the browser's back button) still holds places until
 * payable_until (docs/decisions/0035-checkout-cancel.md). The booking page leaves this cookie, scoped to the event's own
 * pages, so that the event page can say so and lead back to the order (docs/decisions/0042-demo-checkout-cancel.md).
 */
export const HELD_ORDER_COOKIE = "guichet_held_order";

/** Set-Cookie for a pending order: `<id>.<access token>`, on /events/<eventId> only, until its payment deadline. */
export function heldOrderSetCookie(
  order: { id: number; eventId: number; accessToken: string; payableUntil: number },
  options: { requestUrl: string; now?: number },
): string {
  const maxAge = Math.max(0, Math.ceil((order.payableUntil - (options.now ?? Date.now())) / 1000));
  const parts = [
    `${HELD_ORDER_COOKIE}=${encodeURIComponent(`${order.id}.${order.accessToken}`)}`,
    `Path=/events/${order.eventId}`,
    "SameSite=Lax",
    "HttpOnly",
    `Max-Age=${maxAge}`,
  ];
  if (isSecureRequest(options.requestUrl)) parts.push("Secure");
  return parts.join("; ");
}

/** Forgets the held order on this event's pages (the order was cancelled). */
export function clearedHeldOrderCookie(eventId: number, requestUrl: string): string {
  const parts = [`${HELD_ORDER_COOKIE}=`, `Path=/events/${eventId}`, "SameSite=Lax", "HttpOnly", "Max-Age=0"];
  if (isSecureRequest(requestUrl)) parts.push("Secure");
  return parts.join("; ");
}

/** The order the cookie names, or null when there is none or it is not of our shape. */
export function readHeldOrderCookie(
  cookieHeader: string | null | undefined,
): { orderId: number; token: string } | null {
  const value = readCookie(cookieHeader, HELD_ORDER_COOKIE);
  const match = value ? /^(\d{1,15})\.([\w-]{1,128})$/.exec(value) : null;
  if (!match) return null;
  const orderId = Number(match[1]);
  return Number.isSafeInteger(orderId) && orderId > 0 ? { orderId, token: match[2]! } : null;
}

export function hasHeldOrderCookie(cookieHeader: string | null | undefined): boolean {
  return readHeldOrderCookie(cookieHeader) !== null;
}

export type HeldOrder = { id: number; payableUntil: number; path: string };

/**
 * The order the cookie names when it is this event's, its token matches and it still holds places (pending, before
 * payable_until); null otherwise (paid, cancelled, expired, another event's, a wrong token).
 */
export async function getHeldOrder(
  db: Database,
  input: { eventId: number; cookie: { orderId: number; token: string } | null; now?: number },
): Promise<HeldOrder | null> {
  if (!input.cookie) return null;
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      accessToken: orders.accessToken,
      payableUntil: orders.payableUntil,
    })
    .from(orders)
    .where(and(eq(orders.id, input.cookie.orderId), eq(orders.eventId, input.eventId)))
    .limit(1);
  if (!order || !constantTimeEqual(input.cookie.token, order.accessToken)) return null;
  const now = input.now ?? Date.now();
  if (order.status !== "pending" || !order.payableUntil || order.payableUntil.getTime() <= now) return null;
  return { id: order.id, payableUntil: order.payableUntil.getTime(), path: orderTicketsPath(order) };
}
