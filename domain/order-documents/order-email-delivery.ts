import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { orderEmailDeliveries, type orderEmailKinds } from "#db/schema";
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
