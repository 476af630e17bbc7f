import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { insertRenderedOnce, renderedOnce } from "#db/rendered-once";
import { orderItems, orders, tickets, webhookDeliveries } from "#db/schema";
import { saleLineTaxes, saleTaxRate, saleTaxRatesQueries, toSaleTaxRates } from "../billing/sale-tax-rate";
import { CONFIRMATION_WEBHOOK_STATEMENTS, confirmationStatements } from "../booking/confirm-statements";
import { releaseOrderHold } from "../booking/expire-order";
import { pendingOrderValues, plannedConfirmation } from "../booking/place-order";
import { orderWebhookStatement } from "../webhooks/sales-webhook-statements";
import { webhookTimeOf } from "../webhooks/webhook-event-statement";
import type { InventoryMessage } from "./inventory-messages";

type PlaceMessage = Extract<InventoryMessage, { kind: "place" }>;

export type WrittenOrders = {
  /** Orders this call wrote (not those a previous delivery wrote). */
  written: number[];
  /** Free orders of the messages, now in D1 (written now or before): their confirmation emails are due. */
  confirmed: number[];
  /** Outgoing webhook deliveries the batch recorded (0: nothing to hand to the webhooks' queue). */
  webhookDeliveriesRecorded: number;
  /**
   * Releases and checkout sessions whose order is not in D1 yet (its place message is in another delivery): the queue
   * delivers them again later. Every other message is done.
   */
  waiting: InventoryMessage[];
};

type CheckoutMessage = Extract<InventoryMessage, { kind: "checkout" }>;

/**
 * The queue consumer's side of an event's inventory object (decision 0072): writes the orders the object accepted into
 * D1 with the app's own statements — the order with the id D1 set aside for it, its lines with their VAT, the
 * `order.created` webhook row, and for a free order `confirmationStatements` (participants, purchases, promo use,
 * sales figures, the confirmation's webhook rows) — every order of the delivery in ONE atomic batch, with the checkout
 * sessions of the delivery's paid orders (in the order's own row when both came together). No stock guard: the object
 * decided. Orders already in D1 are skipped, so a redelivered message writes nothing twice; a batch that fails is
 * retried whole by the queue. Then the releases, which need their order written.
 */
export async function writeInventoryOrders(db: Database, messages: InventoryMessage[]): Promise<WrittenOrders> {
  const places = uniquePlaces(messages);
  const checkouts = messages.filter((message): message is CheckoutMessage => message.kind === "checkout");
  // A checkout session that came with its order goes into the order's row (the latest one, as the object's outbox).
  const sessionOf = new Map(checkouts.map((message) => [message.orderId, message.sessionId]));
  const written: number[] = [];
  const waiting: InventoryMessage[] = [];
  let webhookDeliveriesRecorded = 0;
  if (places.length > 0 || checkouts.length > 0) {
    const organizationIds = [...new Set(places.map((message) => message.plan.organizationId))];
    const ticketIds = [...new Set(places.flatMap((message) => message.plan.lines.map((line) => line.ticketId)))];
    const orderIds = [...new Set([...places, ...checkouts].map((message) => message.orderId))];
    const reads = [
      db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${orders.id} in (select value from json_each(${JSON.stringify(orderIds)}))`),
      db
        .select({ id: tickets.id, taxRateId: tickets.taxRateId })
        .from(tickets)
        .where(sql`${tickets.id} in (select value from json_each(${JSON.stringify(ticketIds)}))`),
      ...organizationIds.flatMap((organizationId) => saleTaxRatesQueries(db, organizationId)),
    ];
    const results = (await db.batch(reads as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
    const existing = new Set((results[0] as { id: number }[]).map((row) => row.id));
    const ticketTaxRates = new Map(
      (results[1] as { id: number; taxRateId: number | null }[]).map((row) => [row.id, row.taxRateId]),
    );
    const saleRates = new Map(
      organizationIds.map((organizationId, index) => [
        organizationId,
        toSaleTaxRates(
          results[2 + index * 2] as Parameters<typeof toSaleTaxRates>[0],
          results[3 + index * 2] as Parameters<typeof toSaleTaxRates>[1],
        ),
      ]),
    );
    const statements: BatchItem<"sqlite">[] = [];
    const webhookRows: number[] = [];
    for (const message of places) {
      if (existing.has(message.orderId)) continue;
      written.push(message.orderId);
      const withSession = {
        ...message,
        checkoutSessionId: sessionOf.get(message.orderId) ?? message.checkoutSessionId,
      };
      const order = placeStatements(db, withSession, (ticketId) =>
        saleTaxRate(ticketTaxRates.get(ticketId) ?? null, saleRates.get(message.plan.organizationId)!),
      );
      webhookRows.push(...order.webhookRows.map((index) => statements.length + index));
      statements.push(...order.statements);
    }
    const writtenNow = new Set(written);
    for (const [orderId, sessionId] of sessionOf) {
      if (writtenNow.has(orderId)) continue;
      if (existing.has(orderId))
        statements.push(db.update(orders).set({ stripeCheckoutSessionId: sessionId }).where(eq(orders.id, orderId)));
      else waiting.push(...checkouts.filter((message) => message.orderId === orderId));
    }
    if (statements.length > 0) {
      const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      for (const index of webhookRows) webhookDeliveriesRecorded += (results[index] as unknown[]).length;
    }
  }

  for (const message of messages) {
    if (message.kind !== "release") continue;
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, message.orderId)).limit(1);
    if (order) await releaseOrderHold(db, message.orderId, "expired", message.at);
    else waiting.push(message);
  }
  return {
    written,
    webhookDeliveriesRecorded,
    confirmed: places.filter((message) => message.payableUntil === null).map((message) => message.orderId),
    waiting,
  };
}

function uniquePlaces(messages: InventoryMessage[]): PlaceMessage[] {
  const seen = new Set<number>();
  const places: PlaceMessage[] = [];
  for (const message of messages) {
    if (message.kind !== "place" || seen.has(message.orderId)) continue;
    seen.add(message.orderId);
    places.push(message);
  }
  return places;
}

// Every order of an on-sale goes through these: rendered once (db/rendered-once.ts).
const insertOrder = insertRenderedOnce(orders);
const insertOrderItem = insertRenderedOnce(orderItems);
/** The order's `order.created` webhook rows (one per subscribed endpoint), rendered once too. */
const orderCreatedWebhook = renderedOnce(["orderId", "organizationId", "ms", "iso"], (db, value) =>
  orderWebhookStatement(db, {
    organizationId: value("organizationId"),
    type: "order.created",
    orderId: value("orderId"),
    occurredAt: { ms: value("ms"), iso: value("iso") },
  }).returning({ id: webhookDeliveries.id }),
);

/** The statements of one order, and which of them return the webhook deliveries they record. */
function placeStatements(
  db: Database,
  message: PlaceMessage,
  rateOf: (ticketId: number) => ReturnType<typeof saleTaxRate>,
): { statements: BatchItem<"sqlite">[]; webhookRows: number[] } {
  const { plan, placedAt, orderId, payableUntil } = message;
  const statements: BatchItem<"sqlite">[] = [
    insertOrder(db, {
      ...pendingOrderValues(plan, { accessToken: message.accessToken, payableUntil, now: placedAt }),
      id: orderId,
      stripeCheckoutSessionId: message.checkoutSessionId ?? null,
    }),
  ];
  for (const line of plan.lines) {
    const taxes = saleLineTaxes(line, rateOf(line.ticketId));
    statements.push(
      insertOrderItem(db, {
        organizationId: plan.organizationId,
        eventId: plan.eventId,
        orderId,
        ticketId: line.ticketId,
        ticketType: line.ticketType,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: line.discount,
        fees: line.fees,
        feesType: line.feesType,
        // A free order is confirmed in this batch (confirmationStatements end its hold), as placeOrder does.
        heldUntil: new Date(payableUntil ?? placedAt),
        createdAt: new Date(placedAt),
        taxRate: taxes.taxRate,
        taxRateName: taxes.taxRateName,
        net: taxes.net,
        vat: taxes.vat,
        feesNet: taxes.feesNet,
        feesVat: taxes.feesVat,
        dateId: line.dateId,
      }),
    );
  }
  statements.push(
    orderCreatedWebhook(db, { orderId, organizationId: plan.organizationId, ...webhookTimeOf(new Date(placedAt)) }),
  );
  const webhookRows = [statements.length - 1];
  if (payableUntil === null) {
    const confirmation = confirmationStatements(
      db,
      plannedConfirmation(plan, { orderRef: orderId, timezone: message.timezone, at: placedAt }),
    );
    for (let i = confirmation.length - CONFIRMATION_WEBHOOK_STATEMENTS; i < confirmation.length; i++)
      webhookRows.push(statements.length + i);
    statements.push(...confirmation);
  }
  return { statements, webhookRows };
}
