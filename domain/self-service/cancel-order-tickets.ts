import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { participants } from "#db/schema";
import {
  refundOrderPartForBuyer,
  replayedRefund,
  type PartialRefundDeps,
  type PartialRefundResult,
} from "../refunds/refund-order-part";
import { RefundRuleError } from "../refunds/refund-rules";
import { refundIssueKey } from "../refunds/refund-units";
import { utcToZonedDateTime } from "../events/event-time-zone";
import { AppError, notFound } from "../shared/app-error";
import { cancelPolicyOf, quoteCancellation } from "./cancel-rules";
import { isCheckedIn, loadBuyerOrder, SELF_SERVICE_BLOCK_KEYS } from "./load-buyer-order";
import { selfServiceRules } from "./self-service-rules";

export type CancelResult = PartialRefundResult & { participantIds: number[] };

/** A date as `2027-06-10 20:00 (Europe/Paris)`: the API's message names the deadline in the event's zone, any language. */
export function deadlineLabel(date: Date, timeZone: string): string {
  return `${utcToZonedDateTime(date, timeZone).replace("T", " ")} (${timeZone})`;
}

/**
 * The buyer cancels tickets of their order, or the whole order (issue 28 §2, docs/decisions/0060): within the
 * event's rule (allowed, before its deadline), on a paid order, never a ticket scanned at the entrance. The refund is
 * the event's policy computed by the refund rules, through refundOrderPart's flow: the provider (nothing when the
 * amount is 0: a free order, or a cancellation without refund), the places back on sale, the figures, the ledger and
 * the refund notice in one batch. The reservation's batch carries the "not scanned" condition, so a scan between the
 * read and the write wins. The same idempotency key again answers the same cancellation.
 */
export async function cancelOrderTickets(
  db: Database,
  deps: PartialRefundDeps,
  input: {
    orderId: number;
    token: string | null | undefined;
    /** The tickets to cancel, or "order" for the whole order. */
    participantIds: number[] | "order";
    idempotencyKey: string;
  },
): Promise<CancelResult> {
  const now = deps.now ?? Date.now();
  const { order, event } = await loadBuyerOrder(db, input);
  const replayed = await replayedRefund(db, order.id, input.idempotencyKey);
  if (replayed) return { ...replayed, participantIds: [] };

  if (order.status === "manual") throw new AppError("conflict", "booking:self-service.errors.cancel-manual-order");
  if (order.status !== "paid") throw new AppError("conflict", SELF_SERVICE_BLOCK_KEYS.cancel["order-not-confirmed"]);
  const rule = selfServiceRules(event, now).cancel;
  if (rule.state === "off") throw new AppError("conflict", SELF_SERVICE_BLOCK_KEYS.cancel.off);
  if (rule.state === "closed")
    throw new AppError("conflict", SELF_SERVICE_BLOCK_KEYS.cancel["deadline-passed"], {
      details: { date: deadlineLabel(rule.until!, event.timezone), deadline: rule.until!.toISOString() },
    });

  if (input.participantIds !== "order") {
    if (input.participantIds.length === 0) throw new AppError("validation", refundIssueKey("no-units"));
    const named = await db
      .select({ id: participants.id, ticketType: participants.ticketType })
      .from(participants)
      .where(
        and(
          eq(participants.orderId, order.id),
          eq(participants.organizationId, order.organizationId),
          inArray(participants.id, input.participantIds),
        ),
      );
    if (named.length !== new Set(input.participantIds).size)
      throw notFound("booking:self-service.errors.participant-not-found");
    if (named.some((participant) => participant.ticketType !== "ticket"))
      throw new AppError("conflict", SELF_SERVICE_BLOCK_KEYS.cancel.addon);
  }

  const policy = cancelPolicyOf(event);
  let taken: number[] = [];
  const result = await refundOrderPartForBuyer(db, deps, {
    orderId: order.id,
    idempotencyKey: input.idempotencyKey,
    // Computed on the state as read, again after a refund or a scan that raced in (the guard then fails).
    plan: async (state) => {
      if (state.order.status !== "paid")
        throw new AppError("conflict", SELF_SERVICE_BLOCK_KEYS.cancel["order-not-confirmed"]);
      let quote;
      try {
        quote = quoteCancellation(state, input.participantIds, policy);
      } catch (error) {
        if (error instanceof RefundRuleError)
          throw new AppError(error.issue === "nothing-left" ? "conflict" : "validation", refundIssueKey(error.issue));
        throw error;
      }
      const scanned = await db
        .select({ isIn: participants.isIn, lastValidationAt: participants.lastValidationAt })
        .from(participants)
        .where(and(eq(participants.orderId, order.id), inArray(participants.id, quote.participantIds)));
      if (scanned.some(isCheckedIn)) throw new AppError("conflict", SELF_SERVICE_BLOCK_KEYS.cancel["checked-in"]);
      if (quote.amount > 0 && !state.order.paymentIntentId)
        throw new AppError("conflict", "payments:errors.not-refundable");
      taken = quote.participantIds;
      return { chosen: quote.chosen, computed: quote.computed };
    },
  });
  return { ...result, participantIds: taken };
}
