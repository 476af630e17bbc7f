import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, orders, participants } from "#db/schema";
import { notFound } from "../shared/app-error";
import { constantTimeEqual } from "../shared/crypto";
import { AppError } from "../shared/app-error";
import {
  selfServiceBlock,
  selfServiceRules,
  type SelfServiceAction,
  type SelfServiceBlock,
  type SelfServiceRules,
} from "./self-service-rules";

type Order = typeof orders.$inferSelect;
type Event = typeof events.$inferSelect;
type Participant = typeof participants.$inferSelect;

/**
 * The order the buyer's link names, with its event: the order's access token is the buyer's only credential, compared
 * in constant time; a wrong or missing one answers 404 like a missing order (as getPublicOrder does).
 */
export async function loadBuyerOrder(
  db: Database,
  input: { orderId: number; token: string | null | undefined },
): Promise<{ order: Order; event: Event }> {
  const [order] = await db.select().from(orders).where(eq(orders.id, input.orderId)).limit(1);
  if (!order || !input.token || !constantTimeEqual(input.token, order.accessToken))
    throw notFound("booking:errors.order-not-found");
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, order.eventId), eq(events.organizationId, order.organizationId)))
    .limit(1);
  if (!event) throw notFound("booking:errors.order-not-found");
  return { order, event };
}

/** A confirmed order: paid, or added by hand (free orders are paid). */
export function isLiveOrder(order: { status: string }): boolean {
  return order.status === "paid" || order.status === "manual";
}

/** A ticket scanned at the entrance, even if it went out since. */
export function isCheckedIn(participant: { isIn: boolean; lastValidationAt: Date | null }): boolean {
  return participant.isIn || participant.lastValidationAt !== null;
}

/** The message of each refusal (literal keys: tests/unit/error-codes.test.ts reads them). */
export const SELF_SERVICE_BLOCK_KEYS: Record<SelfServiceAction, Record<SelfServiceBlock, string>> = {
  edit: {
    "order-not-confirmed": "booking:self-service.errors.order-not-confirmed",
    addon: "booking:self-service.errors.addon",
    off: "booking:self-service.errors.edit-off",
    "deadline-passed": "booking:self-service.errors.edit-deadline-passed",
    "checked-in": "booking:self-service.errors.transfer-checked-in",
  },
  transfer: {
    "order-not-confirmed": "booking:self-service.errors.order-not-confirmed",
    addon: "booking:self-service.errors.addon",
    off: "booking:self-service.errors.transfer-off",
    "deadline-passed": "booking:self-service.errors.transfer-deadline-passed",
    "checked-in": "booking:self-service.errors.transfer-checked-in",
  },
  cancel: {
    "order-not-confirmed": "booking:self-service.errors.cancel-not-confirmed",
    addon: "booking:self-service.errors.addon",
    off: "booking:self-service.errors.cancel-off",
    "deadline-passed": "booking:self-service.errors.cancel-deadline-passed",
    "checked-in": "booking:self-service.errors.cancel-checked-in",
  },
};

/**
 * One of the order's participants for a buyer's action, checked against the event's rules at `now`: a participant of
 * another order answers 404, a refused action a 409 saying why.
 */
export async function loadParticipantForBuyer(
  db: Database,
  input: { orderId: number; token: string | null | undefined; participantId: number; now: number },
  action: SelfServiceAction,
): Promise<{ order: Order; event: Event; participant: Participant; rules: SelfServiceRules }> {
  const { order, event } = await loadBuyerOrder(db, input);
  const [participant] = await db
    .select()
    .from(participants)
    .where(
      and(
        eq(participants.id, input.participantId),
        eq(participants.orderId, order.id),
        eq(participants.organizationId, order.organizationId),
      ),
    )
    .limit(1);
  if (!participant) throw notFound("booking:self-service.errors.participant-not-found");
  const rules = selfServiceRules(event, input.now);
  const block = selfServiceBlock(action, rules, {
    orderLive: isLiveOrder(order),
    ticketType: participant.ticketType,
    checkedIn: isCheckedIn(participant),
  });
  if (block) throw new AppError("conflict", SELF_SERVICE_BLOCK_KEYS[action][block]);
  return { order, event, participant, rules };
}
