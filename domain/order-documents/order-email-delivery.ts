import { and, eq, getTableColumns, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { orderEmailDeliveries, type orderEmailKinds } from "#db/schema";
import { SALE_ORDER_STATUSES } from "../orders/order-status";
import { DELIVERY_CLAIM_LEASE_MS, MAX_EMAIL_DELIVERY_ATTEMPTS } from "./order-email-outbox";

/*
 * The steps of one outbox delivery (docs/decisions/0016-order-email-outbox.md), for every order email (confirmation,
 * holder ticket, refund): claim the row in one statement, send, mark it sent, or release it "failed" for the queue's
 * retry and the sweep.
 */

export type OrderEmailDelivery = {
  organizationId: number;
  eventId: number;
  orderId: number;
  key: string;
  kind: (typeof orderEmailKinds)[number];
};

export type ClaimOutcome = { claimed: number } | { outcome: "already-sent" | "in-progress" | "gave-up" };

/** Nothing to send and retrying would never help: a due or failed row is closed so the sweep stops handing it over. */
export async function skipDelivery(db: Database, input: { key: string; orderId: number; reason: string }) {
  await db
    .update(orderEmailDeliveries)
    .set({ status: "skipped", lastError: input.reason })
    .where(
      and(
        eq(orderEmailDeliveries.key, input.key),
        eq(orderEmailDeliveries.orderId, input.orderId),
        inArray(orderEmailDeliveries.status, ["due", "failed"]),
      ),
    );
}

/** A configuration fault (no APP_URL) is not an attempt: the row stays due, with the reason, for the sweep. */
export async function leaveDeliveryDue(db: Database, delivery: OrderEmailDelivery, now: number, reason: string) {
  await db
    .insert(orderEmailDeliveries)
    .values({ ...delivery, claimedAt: new Date(now), status: "due", attempts: 0, lastError: reason })
    .onConflictDoUpdate({
      target: orderEmailDeliveries.key,
      set: { lastError: reason },
      setWhere: and(eq(orderEmailDeliveries.orderId, delivery.orderId), eq(orderEmailDeliveries.status, "due")),
    });
}

/**
 * Claims the delivery (inserted, or taken over when due, failed, or its claim went stale) in one statement: of several
 * consumers at once exactly one gets the row's id back.
 */
export async function claimDelivery(db: Database, delivery: OrderEmailDelivery, now: number): Promise<ClaimOutcome> {
  const claimed = await db
    .insert(orderEmailDeliveries)
    .values({ ...delivery, claimedAt: new Date(now), status: "sending", attempts: 1 })
    .onConflictDoUpdate({
      target: orderEmailDeliveries.key,
      set: {
        status: "sending",
        attempts: sql`${orderEmailDeliveries.attempts} + 1`,
        claimedAt: new Date(now),
        lastError: null,
      },
      setWhere: and(
        eq(orderEmailDeliveries.orderId, delivery.orderId),
        lt(orderEmailDeliveries.attempts, MAX_EMAIL_DELIVERY_ATTEMPTS),
        or(
          inArray(orderEmailDeliveries.status, ["due", "failed"]),
          and(
            eq(orderEmailDeliveries.status, "sending"),
            lte(orderEmailDeliveries.claimedAt, new Date(now - DELIVERY_CLAIM_LEASE_MS)),
          ),
        ),
      ),
    })
    .returning({ id: orderEmailDeliveries.id });
  if (claimed[0]) return { claimed: claimed[0].id };
  const [existing] = await db
    .select({ status: orderEmailDeliveries.status, attempts: orderEmailDeliveries.attempts })
    .from(orderEmailDeliveries)
    .where(eq(orderEmailDeliveries.key, delivery.key))
    .limit(1);
  if (existing?.status === "sent" || existing?.status === "skipped") return { outcome: "already-sent" };
  if (existing && existing.status !== "sending" && existing.attempts >= MAX_EMAIL_DELIVERY_ATTEMPTS)
    return { outcome: "gave-up" };
  return { outcome: "in-progress" };
}

/** The send failed: the claim is released as "failed" with the error, for the queue's retry. */
export async function releaseFailedDelivery(db: Database, id: number, error: unknown) {
  await db
    .update(orderEmailDeliveries)
    .set({ status: "failed", lastError: String(error instanceof Error ? error.message : error).slice(0, 500) })
    .where(eq(orderEmailDeliveries.id, id));
}

/**
 * The email is gone: a D1 error here is tried once more at once (the write is idempotent), since a claim left
 * "sending" is taken over after the lease and the email sent a second time.
 */
export async function markDeliverySent(db: Database, id: number, now: number) {
  const markSent = () =>
    db
      .update(orderEmailDeliveries)
      .set({ status: "sent", sentAt: new Date(now) })
      .where(eq(orderEmailDeliveries.id, id));
  await markSent().catch(() => markSent());
}

/*
 * The same steps for many deliveries at once (a queue batch of confirmation emails, decision 0067): statements to
 * place in one D1 batch each, whatever the number of deliveries.
 */

/** One delivery to claim: its key and the order it must belong to. */
export type DeliveryToClaim = { key: string; orderId: number };

const keysOf = (deliveries: readonly DeliveryToClaim[]) =>
  JSON.stringify(deliveries.map((delivery) => ({ k: delivery.key, o: delivery.orderId })));

/** SQL list of the ids in `ids` (one bound JSON parameter, however many). */
export const idList = (ids: readonly number[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;

/**
 * Records the deliveries not recorded yet as "due" (as the sale's batch does), for orders that are sales with tickets:
 * a resend's fresh key, or an order confirmed before the outbox. Nothing for another order, and nothing twice.
 */
export function recordMissingDeliveriesStatement(db: Database, deliveries: readonly DeliveryToClaim[], now: number) {
  return missingDeliveries(db, deliveries, now, null).onConflictDoNothing({ target: orderEmailDeliveries.key });
}

/**
 * `leaveDeliveryDue` for many deliveries (no APP_URL): each of an order that is a sale with tickets is recorded due,
 * or keeps its due row, with the reason for the sweep.
 */
export function leaveDeliveriesDueStatement(
  db: Database,
  deliveries: readonly DeliveryToClaim[],
  now: number,
  reason: string,
) {
  return missingDeliveries(db, deliveries, now, reason).onConflictDoUpdate({
    target: orderEmailDeliveries.key,
    set: { lastError: reason },
    setWhere: and(eq(orderEmailDeliveries.orderId, sql`excluded.order_id`), eq(orderEmailDeliveries.status, "due")),
  });
}

function missingDeliveries(
  db: Database,
  deliveries: readonly DeliveryToClaim[],
  now: number,
  lastError: string | null,
) {
  const values: Partial<Record<keyof typeof orderEmailDeliveries.$inferInsert, SQL>> = {
    organizationId: sql`o.organization_id`,
    eventId: sql`o.event_id`,
    orderId: sql`o.id`,
    key: sql`json_extract(j.value, '$.k')`,
    kind: sql`case when json_extract(j.value, '$.k') like 'holder-ticket:%' then 'holder-ticket' else 'confirmation' end`,
    status: sql`'due'`,
    attempts: sql`0`,
    claimedAt: sql`${now}`,
    lastError: sql`${lastError}`,
    createdAt: sql`${now}`,
  };
  const selected = Object.keys(getTableColumns(orderEmailDeliveries)).map(
    (key) => values[key as keyof typeof values] ?? sql`null`,
  );
  // The WHERE also keeps SQLite from reading ON CONFLICT as the join's ON.
  return db.insert(orderEmailDeliveries).select(
    sql`select ${sql.join(selected, sql`, `)} from json_each(${keysOf(deliveries)}) j
        join orders o on o.id = json_extract(j.value, '$.o')
        where o.status in (select value from json_each(${JSON.stringify(SALE_ORDER_STATUSES)}))
          and exists (select 1 from participants p where p.order_id = o.id)`,
  );
}

/**
 * Claims, in one statement, every delivery of `deliveries` that is due, failed, or whose claim went stale, and
 * belongs to its order: of several consumers at once exactly one gets each row back.
 */
export function claimDeliveriesStatement(db: Database, deliveries: readonly DeliveryToClaim[], now: number) {
  return db
    .update(orderEmailDeliveries)
    .set({
      status: "sending",
      attempts: sql`${orderEmailDeliveries.attempts} + 1`,
      claimedAt: new Date(now),
      lastError: null,
    })
    .where(
      and(
        sql`(${orderEmailDeliveries.key}, ${orderEmailDeliveries.orderId}) in
          (select json_extract(value, '$.k'), json_extract(value, '$.o') from json_each(${keysOf(deliveries)}))`,
        lt(orderEmailDeliveries.attempts, MAX_EMAIL_DELIVERY_ATTEMPTS),
        or(
          inArray(orderEmailDeliveries.status, ["due", "failed"]),
          and(
            eq(orderEmailDeliveries.status, "sending"),
            lte(orderEmailDeliveries.claimedAt, new Date(now - DELIVERY_CLAIM_LEASE_MS)),
          ),
        ),
      ),
    )
    .returning({ id: orderEmailDeliveries.id, key: orderEmailDeliveries.key, orderId: orderEmailDeliveries.orderId });
}

/** What a delivery that was not claimed is: `claimOutcomeOf` reads it. */
export type DeliveryState = { key: string; orderId: number; kind: string; status: string; attempts: number };

/** The deliveries of `deliveries`' keys and every holder email of `orderIds`, as they are after the claim. */
export function deliveryStatesStatement(db: Database, deliveries: readonly DeliveryToClaim[], orderIds: number[]) {
  return db
    .select({
      key: orderEmailDeliveries.key,
      orderId: orderEmailDeliveries.orderId,
      kind: orderEmailDeliveries.kind,
      status: orderEmailDeliveries.status,
      attempts: orderEmailDeliveries.attempts,
    })
    .from(orderEmailDeliveries)
    .where(
      or(
        inArray(
          orderEmailDeliveries.key,
          sql`(select json_extract(value, '$.k') from json_each(${keysOf(deliveries)}))`,
        ),
        and(inArray(orderEmailDeliveries.orderId, idList(orderIds)), eq(orderEmailDeliveries.kind, "holder-ticket")),
      ),
    );
}

/** Why a delivery another consumer holds, or that is closed, was not claimed (as `claimDelivery` answers). */
export function claimOutcomeOf(state: DeliveryState | undefined): "already-sent" | "in-progress" | "gave-up" {
  if (state?.status === "sent" || state?.status === "skipped") return "already-sent";
  if (state && state.status !== "sending" && state.attempts >= MAX_EMAIL_DELIVERY_ATTEMPTS) return "gave-up";
  return "in-progress";
}

/** The updated row's id, named with its table: inside a subquery over json_each, a bare `id` is json_each's own. */
const OUTER_ID = sql.raw('"order_email_deliveries"."id"');

/**
 * The outcome of claimed deliveries in one batch: the sent ones marked sent, the failed ones released "failed" with
 * their error (for the queue's retry and the sweep), the ones with nothing to send closed "skipped" with the reason.
 */
export function settleDeliveriesStatements(
  db: Database,
  input: {
    sent: number[];
    failed: { id: number; error: string }[];
    skipped: { id: number; reason: string }[];
    now: number;
  },
) {
  const reasonOf = (json: string) =>
    sql`(select json_extract(j.value, '$.e') from json_each(${json}) j where json_extract(j.value, '$.id') = ${OUTER_ID})`;
  const idsOf = (json: string) => sql`(select json_extract(value, '$.id') from json_each(${json}))`;
  const statements = [];
  if (input.sent.length > 0)
    statements.push(
      db
        .update(orderEmailDeliveries)
        .set({ status: "sent", sentAt: new Date(input.now) })
        .where(inArray(orderEmailDeliveries.id, idList(input.sent))),
    );
  if (input.failed.length > 0) {
    const failed = JSON.stringify(input.failed.map(({ id, error }) => ({ id, e: error.slice(0, 500) })));
    statements.push(
      db
        .update(orderEmailDeliveries)
        .set({ status: "failed", lastError: reasonOf(failed) })
        .where(inArray(orderEmailDeliveries.id, idsOf(failed))),
    );
  }
  if (input.skipped.length > 0) {
    const skipped = JSON.stringify(input.skipped.map(({ id, reason }) => ({ id, e: reason })));
    statements.push(
      db
        .update(orderEmailDeliveries)
        .set({ status: "skipped", lastError: reasonOf(skipped) })
        .where(and(inArray(orderEmailDeliveries.id, idsOf(skipped)), eq(orderEmailDeliveries.status, "sending"))),
    );
  }
  return statements;
}
