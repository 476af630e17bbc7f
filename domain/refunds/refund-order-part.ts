import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PaymentProvider } from "#adapters/payments";
import type { Database } from "#db/database";
import { changedRows } from "#db/database";
import { events, orderItems, orderRefundUnits, orderRefunds, orders, participants, tickets } from "#db/schema";
import { clearGuards, guardStatement, isGuardFailure } from "../booking/stock-sql";
import { eventRolesOf } from "../events/event-access";
import { creditNoteStatements } from "../invoices/credit-note-statements";
import type { RefundToCredit } from "../invoices/plan-invoice";
import { refundRow } from "../payments/ledger";
import { refundStatements } from "../payments/refund-effect";
import { canOnEvent } from "../policy";
import { salesFigureStatements, type SalesFigureChange } from "../sales-figures/sales-figures";
import type { Actor } from "../shared/actor";
import { AppError, forbidden, notFound } from "../shared/app-error";
import { orderWebhookStatement, participantsWebhookStatement } from "../webhooks/sales-webhook-statements";
import { queueRefundEmail, refundEmailDueStatements } from "../order-documents/refund-email-outbox";
import type { JobQueue } from "../shared/jobs";
import { offerFreedPlaces } from "../waiting-list/offer-waiting-list-places";
import { computeRefund, RefundRuleError, type RefundComputation, type RefundRuleIssue } from "./refund-rules";
import { refundIssueKey } from "./refund-units";
import { chooseUnits, countByLine, type ChosenUnit, type RefundStateLine } from "./refund-units";

type Statement = BatchItem<"sqlite">;

/** What the organizer asks: chosen participants (their tickets), with or without the fees; or an amount in cents. */
export type PartialRefundRequest =
  { kind: "units"; participantIds: number[]; withFees: boolean } | { kind: "amount"; amount: number };

export type PartialRefundDeps = { provider: PaymentProvider; jobs?: { JOBS: JobQueue }; now?: number };

export type PartialRefundResult = {
  refundId: number;
  amount: number;
  fee: number;
  units: number;
  closesOrder: boolean;
  /** A request already made with this key: its refund, unchanged. */
  replayed: boolean;
  status: "pending" | "succeeded";
};

/** How many times a request is computed again when another refund of the same order got in between. */
const MAX_ATTEMPTS = 6;

const ruleError = (issue: RefundRuleIssue) =>
  new AppError(issue === "nothing-left" ? "conflict" : "validation", refundIssueKey(issue));

/** The refund key as stored: per order, so two orders' keys never meet. */
const storedKey = (orderId: number, key: string) => `order-${orderId}:${key}`;

/**
 * The organizer's partial refund of a paid order (issue 28 §2, docs/decisions/0058-partial-refunds.md): chosen
 * tickets, their places back on sale and their participants gone, or an amount. Reserved first (an optimistic lock on
 * the order's refunds, so concurrent requests can never reserve more than was paid), then the provider with the
 * amount and the request's idempotency key, then one batch that records it all. The same key again answers the same
 * refund.
 */
export async function refundOrderPart(
  db: Database,
  deps: PartialRefundDeps,
  actor: Actor,
  /** `eventId`: the event the request names (the API's path); an order of another event is not found. */
  input: { orderId: number; eventId?: number; idempotencyKey: string; request: PartialRefundRequest },
): Promise<PartialRefundResult> {
  if (actor.organizationId === null || !Number.isSafeInteger(input.orderId) || input.orderId <= 0) throw notFound();
  const [found] = await db
    .select({ organizationId: orders.organizationId, eventId: orders.eventId })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.organizationId, actor.organizationId)))
    .limit(1);
  if (!found || (input.eventId !== undefined && found.eventId !== input.eventId)) throw notFound();
  const scope = { organizationId: found.organizationId, roles: await eventRolesOf(db, actor, found.eventId) };
  if (!canOnEvent(actor, "event:view", scope)) throw notFound();
  if (!canOnEvent(actor, "event:manage-sales", scope)) throw forbidden();
  const key = input.idempotencyKey.trim();
  if (!/^[\w:-]{8,100}$/.test(key)) throw new AppError("validation", "orders:errors.partial-refund.invalid-key");

  const request = input.request;
  return reserveAndSettleRefund(db, deps, {
    orderId: input.orderId,
    stored: storedKey(input.orderId, key),
    createdByUserId: actor.userId,
    origin: "organizer",
    plan: async (state) => {
      if (state.order.status !== "paid" || !state.order.paymentIntentId) {
        throw new AppError("conflict", "payments:errors.not-refundable");
      }
      let chosen: ChosenUnit[] = [];
      try {
        if (request.kind === "units") chosen = chooseUnits(state, request.participantIds);
        const computed =
          request.kind === "amount"
            ? computeRefund(state.rules, { kind: "amount", amount: request.amount })
            : computeRefund(state.rules, {
                kind: "units",
                units: countByLine(chosen),
                policy: { kind: request.withFees ? "full" : "full-minus-fees" },
              });
        return { chosen, computed };
      } catch (error) {
        if (error instanceof RefundRuleError) throw ruleError(error.issue);
        throw error;
      }
    },
  });
}

/** Who asked for a refund: the organizer (refundOrderPart) or the buyer cancelling (docs/decisions/0060). */
export type RefundOrigin = "organizer" | "buyer";

/** What a refund takes, computed on the order's state as read (again after a refund that raced in). */
export type RefundPlan = (state: OrderState) => Promise<{ chosen: ChosenUnit[]; computed: RefundComputation }>;

/** A refund already asked for with this key (per order), or undefined: its result, unchanged. */
export async function replayedRefund(
  db: Database,
  orderId: number,
  idempotencyKey: string,
): Promise<PartialRefundResult | undefined> {
  const existing = await findRefund(db, storedKey(orderId, idempotencyKey.trim()));
  return existing ? replay(existing) : undefined;
}

/**
 * The buyer's cancellation of tickets (docs/decisions/0060-buyer-cancellation.md): the same flow as refundOrderPart,
 * with no actor (the order's token was checked by the caller), the event's policy in `plan`, and the reservation's
 * batch conditioned on none of the chosen participants having been scanned at the entrance (a scan between the read
 * and the write wins: the plan, run again, refuses). Its webhooks: order.updated, or order.cancelled when it closes
 * the order.
 */
export async function refundOrderPartForBuyer(
  db: Database,
  deps: PartialRefundDeps,
  input: { orderId: number; idempotencyKey: string; plan: RefundPlan },
): Promise<PartialRefundResult> {
  const key = input.idempotencyKey.trim();
  if (!/^[\w:-]{8,100}$/.test(key)) throw new AppError("validation", "orders:errors.partial-refund.invalid-key");
  return reserveAndSettleRefund(db, deps, {
    orderId: input.orderId,
    stored: storedKey(input.orderId, key),
    createdByUserId: null,
    origin: "buyer",
    plan: input.plan,
    guard: (chosen) =>
      chosen.length === 0
        ? sql`1`
        : sql`not exists (select 1 from participants where order_id = ${input.orderId}
          and id in (${sql.join(
            chosen.map((unit) => sql`${unit.participantId}`),
            sql`, `,
          )}) and (is_in = 1 or last_validation_at is not null))`,
  });
}

async function reserveAndSettleRefund(
  db: Database,
  deps: PartialRefundDeps,
  input: {
    orderId: number;
    stored: string;
    createdByUserId: number | null;
    origin: RefundOrigin;
    plan: RefundPlan;
    /** A condition the reservation's batch must still meet, on the units chosen. */
    guard?: (chosen: ChosenUnit[]) => SQL;
  },
): Promise<PartialRefundResult> {
  const stored = input.stored;
  const existing = await findRefund(db, stored);
  if (existing) return replay(existing);

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const state = await readRefundState(db, input.orderId);
    if (!state) throw notFound();
    const { chosen, computed } = await input.plan(state);

    const now = deps.now ?? Date.now();
    try {
      await db.batch([
        guardStatement(
          db,
          sql`(select status from orders where id = ${input.orderId}) = 'paid'
            and (select count(*) from order_refunds where order_id = ${input.orderId}) = ${state.refundCount}
            and ${input.guard?.(chosen) ?? sql`1`}`,
        ),
        db.insert(orderRefunds).values({
          organizationId: state.order.organizationId,
          eventId: state.order.eventId,
          orderId: input.orderId,
          idempotencyKey: stored,
          status: "pending",
          amount: computed.amount,
          fee: computed.fee,
          units: chosen.length,
          lines: JSON.stringify(computed.lines),
          closesOrder: computed.closesOrder,
          createdByUserId: input.createdByUserId,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        }),
        ...chosen.map((unit) =>
          db.insert(orderRefundUnits).values({
            refundId: sql`(select id from order_refunds where idempotency_key = ${stored})`,
            participantId: unit.participantId,
            orderItemId: unit.orderItemId,
          }),
        ),
        clearGuards(db),
      ]);
    } catch (error) {
      const raced = await findRefund(db, stored);
      if (raced) return replay(raced);
      if (isGuardFailure(error) || isUniqueFailure(error)) continue;
      throw error;
    }
    const refund = (await findRefund(db, stored))!;
    return settle(db, deps, state, refund, computed, chosen, now, input.origin);
  }
  throw new AppError("conflict", "orders:errors.partial-refund.busy");
}

type RefundRow = typeof orderRefunds.$inferSelect;

function replay(refund: RefundRow): PartialRefundResult {
  if (refund.status === "failed") throw new AppError("conflict", "orders:errors.refund-failed");
  return {
    refundId: refund.id,
    amount: refund.amount,
    fee: refund.fee,
    units: refund.units,
    closesOrder: refund.closesOrder,
    replayed: true,
    status: refund.status,
  };
}

async function findRefund(db: Database, stored: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, stored)).limit(1);
  return row;
}

function isUniqueFailure(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (/UNIQUE constraint failed/i.test(message)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

type OrderState = NonNullable<Awaited<ReturnType<typeof readRefundState>>>;

/**
 * The order as a refund sees it: its refunded columns plus what pending refunds reserved (their amounts, their units),
 * the count of its refunds (the lock), its lines and its participants not taken by a refund yet.
 */
export async function readRefundState(db: Database, orderId: number) {
  const [orderRows, lineRows, pendingRows, countRows, unitRows, peopleRows] = await db.batch([
    db
      .select({
        id: orders.id,
        organizationId: orders.organizationId,
        eventId: orders.eventId,
        status: orders.status,
        amount: orders.amount,
        fees: orders.fees,
        refundedAmount: orders.refundedAmount,
        refundedFees: orders.refundedFees,
        paymentIntentId: orders.stripePaymentIntentId,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1),
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    db
      .select({
        pendingAmount: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)`,
        pendingFee: sql<number>`coalesce(sum(${orderRefunds.fee}), 0)`,
      })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "pending"))),
    db
      .select({ refundCount: sql<number>`count(*)` })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId)),
    db
      .select({ unitItemId: orderRefundUnits.orderItemId, unitParticipantId: orderRefundUnits.participantId })
      .from(orderRefundUnits)
      .where(
        inArray(
          orderRefundUnits.refundId,
          db
            .select({ id: orderRefunds.id })
            .from(orderRefunds)
            .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, "pending"))),
        ),
      ),
    db
      .select({
        participantId: participants.id,
        participantTicketId: participants.ticketId,
        participantTicketType: participants.ticketType,
        participantCreatedAt: participants.createdAt,
      })
      .from(participants)
      .where(eq(participants.orderId, orderId))
      .orderBy(asc(participants.id)),
  ]);
  const order = orderRows[0];
  if (!order) return null;
  const pending = pendingRows[0] ?? { pendingAmount: 0, pendingFee: 0 };
  const reservedUnits = new Map<number, number>();
  const reservedPeople = new Set<number>();
  for (const unit of unitRows) {
    reservedUnits.set(unit.unitItemId, (reservedUnits.get(unit.unitItemId) ?? 0) + 1);
    reservedPeople.add(unit.unitParticipantId);
  }
  const lines: RefundStateLine[] = lineRows.map((line) => ({
    orderItemId: line.id,
    ticketId: line.ticketId,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    discount: line.discount,
    fees: line.fees,
    feesType: line.feesType,
    refundedUnits: line.refundedQuantity + (reservedUnits.get(line.id) ?? 0),
  }));
  return {
    order,
    refundCount: Number(countRows[0]?.refundCount ?? 0),
    lines,
    people: peopleRows
      .filter((person) => !reservedPeople.has(person.participantId))
      .map((person) => ({
        participantId: person.participantId,
        ticketId: person.participantTicketId,
        ticketType: person.participantTicketType,
        createdAt: person.participantCreatedAt,
      })),
    rules: {
      amount: order.amount,
      fees: order.fees,
      refundedAmount: order.refundedAmount + Number(pending.pendingAmount),
      refundedFees: order.refundedFees + Number(pending.pendingFee),
      lines,
    },
  };
}

/** The provider, then the batch that records the refund; a refusal releases the reservation. */
async function settle(
  db: Database,
  deps: PartialRefundDeps,
  state: OrderState,
  refund: RefundRow,
  computed: RefundComputation,
  chosen: ChosenUnit[],
  now: number,
  origin: RefundOrigin = "organizer",
): Promise<PartialRefundResult> {
  const order = state.order;
  let providerReference: string | null = null;
  if (computed.amount > 0) {
    try {
      const done = await deps.provider.refund({
        paymentIntentId: order.paymentIntentId!,
        amount: computed.amount,
        idempotencyKey: `refund-${refund.idempotencyKey}`,
      });
      providerReference = done.id;
    } catch (error) {
      console.warn("partial refund refused by the payment provider", { orderId: order.id, error: String(error) });
      await db.batch([
        db.delete(orderRefundUnits).where(eq(orderRefundUnits.refundId, refund.id)),
        db
          .update(orderRefunds)
          .set({ status: "failed", updatedAt: new Date(now) })
          .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, "pending"))),
      ]);
      throw new AppError("conflict", "orders:errors.refund-failed");
    }
  }

  const stillPaid = sql`(select status from orders where id = ${order.id}) = 'paid'`;
  const ledger =
    providerReference === null
      ? []
      : [
          refundRow(db, order, {
            providerReference,
            amount: computed.amount,
            feeRefunded: computed.fee,
            occurredAt: now,
            description: origin === "buyer" ? "refund:buyer-cancel" : "refund:organizer-partial",
          }),
        ];
  const statements: Statement[] = [
    db
      .update(orderRefunds)
      .set({ status: "succeeded", providerReference, updatedAt: new Date(now) })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, "pending"))),
  ];
  // The invoice's credit note (decision 0065): the tickets refunded per line, or the amount spread over the lines.
  const credit: RefundToCredit =
    chosen.length > 0
      ? { kind: "lines", amount: computed.amount, lines: computed.lines }
      : { kind: "amount", amount: computed.amount };
  if (computed.closesOrder) {
    // The full refund's statements free what is left (these units included: refunded_quantity moves after them),
    // delete every participant, take the order out of the figures and mark it refunded.
    statements.push(
      ...(await refundStatements(db, {
        orderId: order.id,
        organizationId: order.organizationId,
        now,
        ledgerRows: ledger,
        refundId: refund.id,
        credit,
      })),
    );
  } else {
    statements.push(...ledger);
    statements.push(
      ...(await creditNoteStatements(db, {
        orderId: order.id,
        refund: credit,
        refundId: refund.id,
        now,
        onlyIf: stillPaid.inlineParams(),
      })),
    );
    const perTicket = new Map<number, number>();
    for (const unit of chosen) perTicket.set(unit.ticketId, (perTicket.get(unit.ticketId) ?? 0) + 1);
    for (const [ticketId, count] of perTicket)
      statements.push(
        db
          .update(tickets)
          .set({ purchased: sql`max(0, ${tickets.purchased} - ${count})`, updatedAt: new Date(now) })
          .where(and(eq(tickets.id, ticketId), stillPaid)),
      );
    const [event] = await db
      .select({ timezone: events.timezone })
      .from(events)
      .where(eq(events.id, order.eventId))
      .limit(1);
    const changes: SalesFigureChange[] = [
      {
        at: order.paidAt ?? order.createdAt,
        gross: -computed.amount,
        fees: -computed.fee,
        net: -(computed.amount - computed.fee),
      },
      ...chosen
        .filter((unit) => unit.ticketType === "ticket")
        .map((unit) => ({ at: unit.createdAt, participants: -1 })),
    ];
    statements.push(
      ...salesFigureStatements(db, {
        organizationId: order.organizationId,
        eventId: order.eventId,
        timezone: event?.timezone ?? "UTC",
        changes,
        onlyIf: stillPaid,
      }),
    );
    statements.push(
      ...refundEmailDueStatements(db, {
        orderId: order.id,
        organizationId: order.organizationId,
        at: now,
        onlyIf: stillPaid.inlineParams(),
        refundId: refund.id,
      }),
    );
    if (chosen.length > 0) {
      const ids = chosen.map((unit) => unit.participantId);
      statements.push(
        participantsWebhookStatement(db, {
          type: "participant.deleted",
          where: sql`p.order_id = ${order.id} and p.id in (${sql.join(ids, sql`, `)}) and ${stillPaid}`,
          occurredAt: new Date(now),
        }),
        db
          .delete(participants)
          .where(and(eq(participants.orderId, order.id), inArray(participants.id, ids), stillPaid)),
      );
    }
  }
  // The buyer's cancellation, to the organization's webhooks (docs/decisions/0060): the order as it ends.
  if (origin === "buyer")
    statements.push(
      orderWebhookStatement(db, {
        type: computed.closesOrder ? "order.cancelled" : "order.updated",
        orderId: order.id,
        occurredAt: new Date(now),
      }),
    );
  for (const line of computed.lines)
    if (line.units > 0)
      statements.push(
        db
          .update(orderItems)
          .set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.units}` })
          .where(eq(orderItems.id, line.orderItemId)),
      );
  statements.push(
    db
      .update(orders)
      .set({
        refundedAmount: sql`${orders.refundedAmount} + ${computed.amount}`,
        refundedFees: sql`${orders.refundedFees} + ${computed.fee}`,
        updatedAt: new Date(now),
      })
      .where(eq(orders.id, order.id)),
  );
  const results = await db.batch(statements as [Statement, ...Statement[]]);
  if (changedRows(results[0]) > 0) await queueRefundEmail(deps.jobs, order.id, refund.id);
  await offerFreedPlaces(db, deps.jobs, { eventId: order.eventId }, now);
  return {
    refundId: refund.id,
    amount: computed.amount,
    fee: computed.fee,
    units: chosen.length,
    closesOrder: computed.closesOrder,
    replayed: false,
    status: "succeeded",
  };
}
