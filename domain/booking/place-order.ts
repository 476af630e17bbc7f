import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import {
  eventDates,
  events,
  orderItems,
  orders,
  participationForms,
  promoCodes,
  promoCodeTickets,
  tickets,
  webhookDeliveries,
} from "#db/schema";
import { verifyPrivateEventHash } from "../events/private-event-link";
import type { InventoryPort } from "../inventory/inventory-port";
import { forgetBookingRoute, inventoryModeOf } from "./booking-route-memo";
import { placeOrderThroughInventory } from "../inventory/place-order-through-inventory";
import { toParticipationForm } from "../participation-forms/participation-form-record";
import { normalizePromoCode } from "../promo-codes/promo-code-input-schema";
import {
  assertUnderRateLimits,
  rateLimitStatements,
  releaseRateLimitStatement,
  type RateLimitHit,
} from "../auth/rate-limit";
import { AppError, isAppError, notFound } from "../shared/app-error";
import { generateRandomToken } from "../shared/crypto";
import type { SigningEnv } from "../shared/signing-secret";
import { orderWebhookStatement } from "../webhooks/sales-webhook-statements";
import { CONFIRMATION_WEBHOOK_STATEMENTS, confirmationStatements, type ConfirmationData } from "./confirm-statements";
import { releaseOrderHold } from "./expire-order";
import type { PlaceOrderBody } from "./order-input-schema";
import { saleLineTaxes, saleTaxRate, saleTaxRatesQueries, toSaleTaxRates } from "../billing/sale-tax-rate";
import { planOrder, soldOut, type OrderPlan, type PlanPromo } from "./plan-order";
import {
  clearGuards,
  guardStatement,
  isGuardFailure,
  lineAllows,
  promoAllows,
  stockAllows,
  type StockLine,
} from "./stock-sql";
import {
  checkOffer,
  checkOfferError,
  readOffer,
  redeemOfferStatement,
  type OfferToRedeem,
} from "../waiting-list/redeem-waiting-list-offer";

/** How long an order holds its places while the buyer pays: Stripe Checkout's minimum session lifetime. */
export const HOLD_MS = 30 * 60_000;

/**
 * What an event's inventory object holds of the event and its organization's payment account (decision 0078), given
 * to the checkout so that a paid booking through the object reads nothing from D1.
 */
export type CheckoutKnown = {
  event: { id: number; title: string; visibility: "public" | "private"; privateLinkVersion: number };
  organization: { connectedAccountId: string | null; isConnectedAccountValid: boolean } | null;
};

export type CheckoutRequest = {
  orderId: number;
  organizationId: number;
  eventId: number;
  amount: number;
  fees: number;
  email: string;
  locale: "fr" | "en";
  payableUntil: number;
  accessToken: string;
  lines: { title: string; quantity: number; amount: number }[];
  known?: CheckoutKnown;
};

export type PlaceOrderDeps = {
  env: SigningEnv;
  now?: number;
  /** The payment provider (H2, adapters/payments.ts): a checkout for a pending paid order. A throw releases the hold. */
  createCheckout?: (request: CheckoutRequest) => Promise<{ url: string; sessionId: string }>;
  /**
   * Rate-limit counters to hit (domain/auth/rate-limit.ts), sent in the same round trip as the order's reads; one over
   * its limit refuses the order (`rate_limited`) before anything else is written.
   */
  rateLimits?: RateLimitHit[];
  /**
   * The promo-code guesses counter of the buyer's IP on this event (booking-rate-limits.ts `promoCodeGuessLimit`),
   * hit with the reads when a code is typed and given back when the code exists.
   */
  promoCodeGuesses?: RateLimitHit | null;
  /**
   * The events' inventory objects (decision 0072). Given, an event whose `inventory_mode` is `object` books through
   * its object; without it (scripts, tests of the D1 path) every event books in D1, whose guards then refuse an event
   * counted by its object.
   */
  inventory?: InventoryPort;
  /**
   * Through an inventory object, wait until the queue has written the order into D1 before answering: the booking
   * page goes on to pages that read it there (the order, the checkout). The API answers at once.
   */
  waitUntilWritten?: boolean;
};

export type PlaceOrderInput = { eventId: number; body: PlaceOrderBody };

export type PlacedOrder = {
  id: number;
  status: "paid" | "pending";
  accessToken: string;
  amount: number;
  fees: number;
  payableUntil: number | null;
  checkoutUrl: string | null;
  eventId: number;
  organizationId: number;
  /** Outgoing webhook deliveries the order's batch recorded (0: nothing for the queue). */
  webhookDeliveriesRecorded: number;
  /**
   * The order reaches D1 later, through the event's inventory object and its queue (decision 0072), whose consumer
   * queues the confirmation email: the caller must not.
   */
  writtenLater?: boolean;
};

/** What the order keeps of the buyer's entries until confirmation writes them as rows. */
export type OrderDraft = Pick<OrderPlan, "participants" | "orderAnswers">;

/** What confirms a planned order at `at` (a free order at once): its sale's figures, participants, answers and lines. */
export function plannedConfirmation(
  plan: OrderPlan,
  order: { orderRef: ConfirmationData["orderRef"]; timezone: string; at: number },
): ConfirmationData {
  return {
    orderRef: order.orderRef,
    organizationId: plan.organizationId,
    eventId: plan.eventId,
    timezone: order.timezone,
    amount: plan.amount,
    fees: plan.fees,
    netAmount: plan.netAmount,
    participants: plan.participants,
    orderAnswers: plan.orderAnswers,
    lines: plan.lines,
    promoCodeId: plan.promo?.id ?? null,
    paidAt: order.at,
    createdAt: order.at,
  };
}

/**
 * The row of a new order, pending until its confirmation: the buyer, the amounts, the promo code, the hold's deadline
 * (null: none) and the draft of the buyer's entries that confirmation turns into participants and answers.
 */
export function pendingOrderValues(
  plan: OrderPlan,
  order: { accessToken: string; payableUntil: number | null; now: number },
): typeof orders.$inferInsert {
  const draft: OrderDraft = { participants: plan.participants, orderAnswers: plan.orderAnswers };
  return {
    organizationId: plan.organizationId,
    eventId: plan.eventId,
    firstName: plan.buyer.firstName,
    lastName: plan.buyer.lastName,
    email: plan.buyer.email,
    amount: plan.amount,
    fees: plan.fees,
    netAmount: plan.netAmount,
    status: "pending",
    promoCodeId: plan.promo?.id ?? null,
    promoCodeKey: plan.promo?.key ?? null,
    // Seconds in checkout, set at payment; 0 or less would mean an order added by hand.
    checkoutTime: 1,
    accessToken: order.accessToken,
    billing: plan.billing ? JSON.stringify(plan.billing) : null,
    invoiceRequested: plan.invoiceRequested,
    dateId: plan.dateId,
    payableUntil: order.payableUntil === null ? null : new Date(order.payableUntil),
    draft: JSON.stringify(draft),
    locale: plan.locale,
    createdAt: new Date(order.now),
    updatedAt: new Date(order.now),
  };
}

/**
 * The columns a booking reads, not whole rows: an event's description and messages (tens of kB of HTML) would be
 * read, sent and parsed on every booking, and drizzle builds the SQL of each listed column on every call.
 */
const eventColumns = {
  id: events.id,
  organizationId: events.organizationId,
  status: events.status,
  visibility: events.visibility,
  privateLinkVersion: events.privateLinkVersion,
  timezone: events.timezone,
  startAt: events.startAt,
  endAt: events.endAt,
  eventCapacity: events.eventCapacity,
  allowBilling: events.allowBilling,
  // Qualified: drizzle leaves a column unqualified in a one-table select.
  hasDates: sql<boolean>`exists (select 1 from event_dates where event_dates.event_id = events.id)`.mapWith(Boolean),
};
const ticketColumns = {
  id: tickets.id,
  organizationId: tickets.organizationId,
  ticketType: tickets.ticketType,
  title: tickets.title,
  price: tickets.price,
  amount: tickets.amount,
  purchased: tickets.purchased,
  minPerOrder: tickets.minPerOrder,
  maxPerOrder: tickets.maxPerOrder,
  feesType: tickets.feesType,
  sellStartAt: tickets.sellStartAt,
  sellEndAt: tickets.sellEndAt,
  visibility: tickets.visibility,
  taxRateId: tickets.taxRateId,
  // A pass's dates (decision 0068), comma-separated; null for every other ticket.
  passDates: sql<
    string | null
  >`(select group_concat(ticket_dates.date_id) from ticket_dates where ticket_dates.ticket_id = tickets.id)`,
};

/** The dates the items name, by id, of the event only: one indexed read, left out when no item names a date. */
function itemDatesQuery(db: Database, eventId: number, body: PlaceOrderBody) {
  const ids = [...new Set(body.items.flatMap((item) => (item.date_id ? [item.date_id] : [])))];
  return db
    .select({
      id: eventDates.id,
      status: eventDates.status,
      startAt: eventDates.startAt,
      capacity: eventDates.capacity,
      sold: eventDates.sold,
    })
    .from(eventDates)
    .where(and(eq(eventDates.eventId, eventId), inArray(eventDates.id, ids.length > 0 ? ids : [0])));
}

/** The pass dates of a ticket row as read with `ticketColumns`. */
export function passDateIds(passDates: string | null): number[] {
  return passDates ? passDates.split(",").map(Number) : [];
}

/**
 * Places an order on a published event (issue 10 §2–3): prices it (planOrder), then holds its places in ONE batch
 * whose conditional inserts refuse to pass a ticket's stock, the event capacity or the promo code's uses; a short
 * insert fails the final guard and the whole batch rolls back, so a refusal writes nothing. A free order is
 * confirmed in the same batch; a paid one stays pending until payable_until and gets its checkout address.
 */
export async function placeOrder(db: Database, deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<PlacedOrder> {
  if (deps.inventory && (await inventoryModeOf(db, input.eventId, deps.now)) === "object") {
    const placed = await placeOrderThroughInventory(db, deps.inventory, deps, input);
    // The object stopped counting as the event went back to D1 since the mode was read: book here.
    if (placed) return placed;
    forgetBookingRoute(input.eventId);
  }
  try {
    return await placeOrderInDatabase(db, deps, input);
  } catch (error) {
    // Refused by D1's guards: the event may have gone to its object since this isolate read its mode.
    if (!deps.inventory || !isAppError(error) || error.reason !== "sold_out") throw error;
    forgetBookingRoute(input.eventId);
    if ((await inventoryModeOf(db, input.eventId, deps.now)) !== "object") throw error;
    const placed = await placeOrderThroughInventory(db, deps.inventory, deps, input);
    if (!placed) throw error;
    return placed;
  }
}

/** placeOrder on D1's guarded batches (every event counted by D1). */
async function placeOrderInDatabase(db: Database, deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<PlacedOrder> {
  const now = deps.now ?? Date.now();
  const { body } = input;
  const promoKey = normalizePromoCode(body.promo_code ?? "");
  // One round trip for the rate-limit counters and every read: the promo code's ticket targets are found through its
  // (event, code) key. Without a promo code typed, its two reads are left out of the batch.
  const withPromo = Boolean(body.promo_code);
  const guess = withPromo ? (deps.promoCodeGuesses ?? null) : null;
  const hits = [...(deps.rateLimits ?? []), ...(guess ? [guess] : [])];
  const reads = [
    db.select(eventColumns).from(events).where(eq(events.id, input.eventId)).limit(1),
    db.select(ticketColumns).from(tickets).where(eq(tickets.eventId, input.eventId)),
    db.select().from(participationForms).where(eq(participationForms.eventId, input.eventId)),
    ...saleTaxRatesQueries(db, sql`(select organization_id from events where id = ${input.eventId})`),
    db
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.eventId, input.eventId), eq(promoCodes.code, promoKey)))
      .limit(1),
    db
      .select({ ticketId: promoCodeTickets.ticketId })
      .from(promoCodeTickets)
      .where(
        sql`${promoCodeTickets.promoCodeId} = (select id from promo_codes where event_id = ${input.eventId} and code = ${promoKey})`,
      ),
  ] as const;
  const withDates = body.items.some((item) => item.date_id !== undefined);
  const results = await db.batch([
    ...rateLimitStatements(db, hits, new Date(now)),
    ...(withDates ? [itemDatesQuery(db, input.eventId, body)] : []),
    ...(withPromo ? reads : reads.slice(0, 5)),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  assertUnderRateLimits(hits, results.slice(0, hits.length) as { count: number }[][]);
  const dateRows = withDates ? (results[hits.length] as Awaited<ReturnType<typeof itemDatesQuery>>) : [];
  const [eventRows, ticketRows, formRows, rateRows, billingRows, promoRows = [], targetRows = []] = results.slice(
    hits.length + (withDates ? 1 : 0),
  ) as [
    Awaited<(typeof reads)[0]>,
    Awaited<(typeof reads)[1]>,
    Awaited<(typeof reads)[2]>,
    Awaited<(typeof reads)[3]>,
    Awaited<(typeof reads)[4]>,
    Awaited<(typeof reads)[5]>?,
    Awaited<(typeof reads)[6]>?,
  ];
  const saleRates = toSaleTaxRates(rateRows, billingRows);
  const ticketTaxRates = new Map(ticketRows.map((ticket) => [ticket.id, ticket.taxRateId]));
  const event = eventRows[0];
  // Drafts, archived events and the preview never book; a private event needs its link's hash.
  if (!event || event.status !== "published") throw notFound("events:errors.not-found");
  if (event.visibility === "private" && !verifyPrivateEventHash(deps.env, event, body.t))
    throw notFound("events:errors.not-found");

  let promo: PlanPromo | null = null;
  const promoRow = withPromo ? promoRows[0] : undefined;
  // A code that exists is no guess: its hit is given back whatever becomes of the order.
  if (promoRow && guess) await releaseRateLimitStatement(db, guess);
  if (promoRow) {
    promo = {
      id: promoRow.id,
      code: promoRow.code,
      discountType: promoRow.discountType,
      discountValue: promoRow.discountValue,
      startAt: promoRow.startAt,
      endAt: promoRow.endAt,
      appliesToAllTickets: promoRow.appliesToAllTickets,
      ticketIds: promoRow.appliesToAllTickets ? [] : targetRows.map((target) => target.ticketId),
    };
  }
  const forms = formRows.map(toParticipationForm);
  const plan = planOrder({
    event,
    tickets: ticketRows
      .filter((ticket) => ticket.organizationId === event.organizationId)
      .map((ticket) => ({ ...ticket, passDateIds: passDateIds(ticket.passDates) })),
    dates: dateRows,
    promo,
    forms: {
      before: forms.find((form) => form.formType === "before") ?? null,
      beforeTickets: forms.find((form) => form.formType === "before-tickets") ?? null,
    },
    body,
    now,
  });

  // A waiting-list offer booked by this order: checked here for a clear message, redeemed in the batch for good.
  const offer = body.waiting_list_offer
    ? checkOffer(await readOffer(db, body.waiting_list_offer), { eventId: event.id, lines: plan.lines, now })
    : null;

  const free = plan.amount === 0;
  const accessToken = generateRandomToken();
  const payableUntil = now + HOLD_MS;
  const orderRef = sql`(select id from orders where access_token = ${accessToken})`;

  const statements: BatchItem<"sqlite">[] = [];
  if (plan.promo) statements.push(guardStatement(db, promoAllows(plan.promo.id, now)));
  const insertOrder = db
    .insert(orders)
    .values(pendingOrderValues(plan, { accessToken, payableUntil, now }))
    .returning({ id: orders.id });
  statements.push(insertOrder);
  // Before the stock guards: the offer stops holding its places in the same batch that the order takes them, and a
  // token that is no longer an unexpired offer of that ticket for that many places fails the batch.
  if (offer) statements.push(...redeemOfferStatement(db, offer, { orderRef, now }));
  for (const line of plan.lines) {
    const taxes = saleLineTaxes(line, saleTaxRate(ticketTaxRates.get(line.ticketId) ?? null, saleRates));
    const stock = stockAllows(stockLine(plan, line, event.hasDates), line.quantity, now);
    // Nobody books past the people waiting for the ticket, except the one whose offer this is.
    const allowed = offer?.ticketId === line.ticketId ? stock : sql`${stock} and ${lineAllows(line.ticketId)}`;
    statements.push(
      // Column order of the table (id null: assigned); the row is written only if the stock allows it.
      db.insert(orderItems).select(
        sql`select null, ${plan.organizationId}, ${plan.eventId}, ${orderRef}, ${line.ticketId}, ${line.ticketType},
          ${line.quantity}, ${line.unitPrice}, ${line.discount}, ${line.fees}, ${line.feesType}, ${payableUntil}, ${now}, 0,
          ${taxes.taxRate}, ${taxes.taxRateName}, ${taxes.net}, ${taxes.vat}, ${taxes.feesNet}, ${taxes.feesVat},
          ${line.dateId}
        where ${allowed}`,
      ),
    );
  }
  statements.push(
    guardStatement(
      db,
      sql`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${orderRef}) = ${plan.lines.length}`,
    ),
  );
  // The outbox statements return the deliveries they record: none, and the request has nothing to hand to the queue.
  const webhookResults = [statements.length];
  statements.push(
    orderWebhookStatement(db, {
      organizationId: plan.organizationId,
      type: "order.created",
      orderId: orderRef,
      occurredAt: new Date(now),
    }).returning({ id: webhookDeliveries.id }),
  );
  if (free) {
    const confirmation = confirmationStatements(
      db,
      plannedConfirmation(plan, { orderRef, timezone: event.timezone, at: now }),
    );
    for (let i = confirmation.length - CONFIRMATION_WEBHOOK_STATEMENTS; i < confirmation.length; i++)
      webhookResults.push(statements.length + i);
    statements.push(...confirmation);
  }
  statements.push(clearGuards(db));

  let orderId: number;
  let webhookDeliveriesRecorded = 0;
  try {
    const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    const inserted = results[plan.promo ? 1 : 0] as { id: number }[];
    orderId = inserted[0]!.id;
    for (const index of webhookResults) webhookDeliveriesRecorded += (results[index] as unknown[]).length;
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    throw await explainRefusal(db, plan, now, offer, event.hasDates);
  }

  const placed: PlacedOrder = {
    id: orderId,
    status: free ? "paid" : "pending",
    accessToken,
    amount: plan.amount,
    fees: plan.fees,
    payableUntil: free ? null : payableUntil,
    checkoutUrl: null,
    eventId: plan.eventId,
    organizationId: plan.organizationId,
    webhookDeliveriesRecorded,
  };
  if (free || !deps.createCheckout) return placed;

  try {
    const checkout = await deps.createCheckout({
      orderId,
      organizationId: plan.organizationId,
      eventId: plan.eventId,
      amount: plan.amount,
      fees: plan.fees,
      email: plan.buyer.email,
      locale: plan.locale,
      payableUntil,
      accessToken,
      lines: plan.lines.map((line) => ({
        title: line.title,
        quantity: line.quantity,
        amount: line.charged,
      })),
    });
    await db.update(orders).set({ stripeCheckoutSessionId: checkout.sessionId }).where(eq(orders.id, orderId));
    return { ...placed, checkoutUrl: checkout.url };
  } catch (error) {
    console.error("checkout creation failed", error);
    await releaseOrderHold(db, orderId, "expired", now);
    throw new AppError("conflict", "booking:errors.payment-unavailable", { reason: "payment_unavailable" });
  }
}

/** What the guards of stock-sql.ts check for a planned line. */
function stockLine(plan: OrderPlan, line: OrderPlan["lines"][number], dated: boolean): StockLine {
  return { ticketId: line.ticketId, eventId: plan.eventId, dateId: line.dateId, dated };
}

/** The promo code's last uses went to other orders meanwhile: a shortage like a ticket's (409 `sold_out`). */
export function promoUsedUp(): AppError {
  return new AppError("conflict", "booking:errors.promo-used-up", {
    reason: "promo_used_up",
    fields: { promo_code: "booking:errors.promo-used-up" },
  });
}

/**
 * After a refused batch: which ticket ran short (for `ticket_id`), the promo code when its uses did (the buyer can
 * order without it), or none when a race did.
 */
async function explainRefusal(
  db: Database,
  plan: OrderPlan,
  now: number,
  offer: OfferToRedeem | null,
  dated: boolean,
): Promise<AppError> {
  // The offer was booked by another order or ran out meanwhile: say so rather than "sold out".
  if (offer) {
    const stale = checkOfferError(await readOffer(db, offer.token), { eventId: plan.eventId, lines: plan.lines, now });
    if (stale) return stale;
  }
  for (const line of plan.lines) {
    const stock = stockAllows(stockLine(plan, line, dated), line.quantity, now);
    const allowed = offer?.ticketId === line.ticketId ? stock : sql`${stock} and ${lineAllows(line.ticketId)}`;
    const [row] = await db.all<{ ok: number }>(sql`select ${allowed} as ok`);
    if (!row || !Number(row.ok)) return soldOut(line.ticketId, line.dateId);
  }
  if (plan.promo) {
    const [row] = await db.all<{ ok: number }>(sql`select ${promoAllows(plan.promo.id, now)} as ok`);
    if (!row || !Number(row.ok)) return promoUsedUp();
  }
  return soldOut();
}
