import { and, asc, eq } from "drizzle-orm";
import type { EmailSender } from "#adapters/email";
import type { Database } from "#db/database";
import { events, orderItems, orderRefunds, orders, tickets } from "#db/schema";
import { toEmailLocale } from "../emails/email-locale";
import { orderRefundEmail } from "../emails/order-refund-email";
import { isValidEmail } from "../shared/email";
import { formatDateRange } from "../shared/format";
import {
  claimDelivery,
  leaveDeliveryDue,
  markDeliverySent,
  releaseFailedDelivery,
  skipDelivery,
  type OrderEmailDelivery,
} from "./order-email-delivery";
import { orderTicketsUrl } from "./order-links";
import { refundEmailKey } from "./refund-email-outbox";
import { MISSING_APP_URL_ERROR } from "./send-order-confirmation";

export type SendOrderRefundOutcome =
  "sent" | "already-sent" | "in-progress" | "not-refunded" | "no-recipient" | "not-configured" | "gave-up";

/** The demo checkout's payments are named `pi_demo_<order>` (adapters/payments.ts): no bank ever saw them. */
const isDemoPayment = (paymentIntentId: string | null) => paymentIntentId?.startsWith("pi_demo_") ?? false;

/**
 * Sends an order's refund notice once (decision 0041): the amount given back, the lines it covers (the order's items,
 * which the refund keeps while it deletes the participants), when the bank shows it, in the buyer's language, with the
 * link to the order page. The outbox row is claimed before the send and marked sent after it; a failed send throws
 * (the row released "failed") for the queue's retry.
 */
export async function sendOrderRefundEmail(
  db: Database,
  deps: { env: { APP_URL: string }; sender: EmailSender; now?: number },
  /** `refundId`: the notice of one partial refund (decision 0058): its amount and the tickets it covers. */
  input: { orderId: number; refundId?: number },
): Promise<SendOrderRefundOutcome> {
  const now = deps.now ?? Date.now();
  const key = refundEmailKey(input.orderId, input.refundId);
  const [orderRows, lineRows, refundRows] = await db.batch([
    db
      .select({
        id: orders.id,
        organizationId: orders.organizationId,
        eventId: orders.eventId,
        status: orders.status,
        firstName: orders.firstName,
        email: orders.email,
        locale: orders.locale,
        accessToken: orders.accessToken,
        amount: orders.amount,
        paymentIntentId: orders.stripePaymentIntentId,
        eventTitle: events.title,
        startAt: events.startAt,
        endAt: events.endAt,
        timezone: events.timezone,
        replyTo: events.emailPdfEmailResponse,
      })
      .from(orders)
      .innerJoin(events, and(eq(events.id, orders.eventId), eq(events.organizationId, orders.organizationId)))
      .where(eq(orders.id, input.orderId))
      .limit(1),
    // In a D1 batch rows come back keyed by column name: the ticket's title gets a name of its own.
    db
      .select({
        lineId: orderItems.id,
        lineTitle: tickets.title,
        lineType: orderItems.ticketType,
        lineQuantity: orderItems.quantity,
      })
      .from(orderItems)
      .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
      .where(eq(orderItems.orderId, input.orderId))
      .orderBy(asc(orderItems.id)),
    // Every partial refund of the order: the one this notice is about, and the ones an order-wide notice leaves out.
    db
      .select({
        refundId: orderRefunds.id,
        refundStatus: orderRefunds.status,
        refundAmount: orderRefunds.amount,
        refundLines: orderRefunds.lines,
        refundCloses: orderRefunds.closesOrder,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, input.orderId)),
  ]);
  const order = orderRows[0];
  const partial =
    input.refundId === undefined
      ? null
      : refundRows.find((row) => row.refundId === input.refundId && row.refundStatus === "succeeded");
  const told = input.refundId !== undefined ? partial !== undefined && partial !== null : order?.status === "refunded";
  if (!order || !told) {
    await skipDelivery(db, { key, orderId: input.orderId, reason: "not-refunded" });
    return "not-refunded";
  }
  if (!isValidEmail(order.email)) {
    await skipDelivery(db, { key, orderId: order.id, reason: "no-recipient" });
    return "no-recipient";
  }
  const delivery: OrderEmailDelivery = {
    organizationId: order.organizationId,
    eventId: order.eventId,
    orderId: order.id,
    key,
    kind: "refund",
  };
  if (!deps.env.APP_URL) {
    await leaveDeliveryDue(db, delivery, now, MISSING_APP_URL_ERROR);
    return "not-configured";
  }
  const claim = await claimDelivery(db, delivery, now);
  if ("outcome" in claim) return claim.outcome;

  const locale = toEmailLocale(order.locale);
  const replyTo = order.replyTo.trim();
  try {
    const email = orderRefundEmail({
      locale,
      firstName: order.firstName,
      orderId: order.id,
      eventTitle: order.eventTitle,
      dates: order.startAt ? formatDateRange(order.startAt, order.endAt, locale, order.timezone) : "",
      ...refundContent(order.amount, lineRows, refundRows, partial ?? null),
      demo: isDemoPayment(order.paymentIntentId),
      orderUrl: orderTicketsUrl(deps.env.APP_URL, order.id, order.accessToken),
      repliesToOrganizer: isValidEmail(replyTo),
    });
    await deps.sender.send({
      to: order.email,
      ...email,
      ...(isValidEmail(replyTo) ? { replyTo } : {}),
      idempotencyKey: key,
    });
  } catch (error) {
    await releaseFailedDelivery(db, claim.claimed, error);
    throw error;
  }
  await markDeliverySent(db, claim.claimed, deps.now ?? Date.now());
  return "sent";
}

type LineRow = { lineId: number; lineTitle: string; lineType: "ticket" | "addon"; lineQuantity: number };
type RefundRow = {
  refundId: number;
  refundStatus: string;
  refundAmount: number;
  refundLines: string;
  refundCloses: boolean;
};

/**
 * What the notice says was given back and for what. A partial refund: its amount and the tickets it took (an amount
 * refund names none, and says the tickets stay valid). The order's full refund: what was left after the partial
 * refunds, for every line.
 */
function refundContent(orderAmount: number, lines: LineRow[], refunds: RefundRow[], partial: RefundRow | null) {
  if (partial === null) {
    const before = refunds
      .filter((row) => row.refundStatus === "succeeded")
      .reduce((sum, row) => sum + row.refundAmount, 0);
    return {
      amount: Math.max(0, orderAmount - before),
      lines: lines.map((line) => ({
        title: line.lineTitle,
        quantity: line.lineQuantity,
        addon: line.lineType === "addon",
      })),
    };
  }
  const refunded = (JSON.parse(partial.refundLines) as { orderItemId: number; units: number }[]).filter(
    (line) => line.units > 0,
  );
  const covered = refunded.flatMap((refundedLine) => {
    const line = lines.find((candidate) => candidate.lineId === refundedLine.orderItemId);
    return line ? [{ title: line.lineTitle, quantity: refundedLine.units, addon: line.lineType === "addon" }] : [];
  });
  return {
    amount: partial.refundAmount,
    lines: covered,
    ...(partial.refundCloses ? {} : { partial: covered.length > 0 ? ("units" as const) : ("amount" as const) }),
  };
}
