import type { SelfServiceDeadlineUnit, SelfServiceRefundKind } from "#db/schema";
import { reminderDueAt } from "../reminders/reminder-due";

/** What a buyer may do with a ticket on their order page (docs/decisions/0057, 0060). */
export type SelfServiceAction = "edit" | "transfer" | "cancel";

/** An event's self-service settings, as stored on the event (migration 0028). */
export type SelfServiceSettings = {
  selfServiceEdit: boolean;
  selfServiceEditBefore: number;
  selfServiceEditUnit: SelfServiceDeadlineUnit;
  selfServiceTransfer: boolean;
  selfServiceTransferBefore: number;
  selfServiceTransferUnit: SelfServiceDeadlineUnit;
  /** The buyer's own cancellation (migration 0029, docs/decisions/0060-buyer-cancellation.md). */
  selfServiceCancel: boolean;
  selfServiceCancelBefore: number;
  selfServiceCancelUnit: SelfServiceDeadlineUnit;
  selfServiceCancelRefund: SelfServiceRefundKind;
  /** Basis points (5000 = 50 %), read when the refund is `percentage`. */
  selfServiceCancelPercentage: number;
};

export const DEFAULT_SELF_SERVICE: SelfServiceSettings = {
  selfServiceEdit: true,
  selfServiceEditBefore: 24,
  selfServiceEditUnit: "hours",
  selfServiceTransfer: true,
  selfServiceTransferBefore: 24,
  selfServiceTransferUnit: "hours",
  selfServiceCancel: false,
  selfServiceCancelBefore: 48,
  selfServiceCancelUnit: "hours",
  selfServiceCancelRefund: "full-minus-fees",
  selfServiceCancelPercentage: 10_000,
};

/**
 * The instant an action closes: `before` hours (an exact duration) or days (calendar days in the event's time zone, so
 * "1 day before" a 20:00 start is 20:00 the day before, 23 or 25 hours earlier across a daylight-saving change) before
 * the start. The same arithmetic as the reminders' (domain/reminders/reminder-due.ts). No start, no deadline.
 */
export function selfServiceDeadline(
  startAt: Date | null,
  timeZone: string,
  before: number,
  unit: SelfServiceDeadlineUnit,
): Date | null {
  if (!startAt) return null;
  return reminderDueAt(startAt, timeZone, before, unit);
}

/** One action's rule for the buyer: off by the organizer, open (until `until`, or with no deadline), or closed. */
export type SelfServiceRule = { state: "off" | "open" | "closed"; until: Date | null };

export type SelfServiceRules = Record<SelfServiceAction, SelfServiceRule>;

function ruleOf(
  allowed: boolean,
  startAt: Date | null,
  timeZone: string,
  before: number,
  unit: SelfServiceDeadlineUnit,
  now: number,
): SelfServiceRule {
  if (!allowed) return { state: "off", until: null };
  const until = selfServiceDeadline(startAt, timeZone, before, unit);
  return { state: until === null || now < until.getTime() ? "open" : "closed", until };
}

/** The event's rules at `now`: each action off, open until its deadline, or closed once the deadline has passed. */
export function selfServiceRules(
  event: SelfServiceSettings & { startAt: Date | null; timezone: string },
  now: number,
): SelfServiceRules {
  return {
    edit: ruleOf(
      event.selfServiceEdit,
      event.startAt,
      event.timezone,
      event.selfServiceEditBefore,
      event.selfServiceEditUnit,
      now,
    ),
    transfer: ruleOf(
      event.selfServiceTransfer,
      event.startAt,
      event.timezone,
      event.selfServiceTransferBefore,
      event.selfServiceTransferUnit,
      now,
    ),
    cancel: ruleOf(
      event.selfServiceCancel,
      event.startAt,
      event.timezone,
      event.selfServiceCancelBefore,
      event.selfServiceCancelUnit,
      now,
    ),
  };
}

/** Why a ticket's action is refused, or null when the buyer may do it now. */
export type SelfServiceBlock = "order-not-confirmed" | "addon" | "off" | "deadline-passed" | "checked-in";

/**
 * Whether the buyer may do `action` on one ticket now: the order is confirmed, the line is a ticket (an add-on follows
 * its order), the rule is open, and a ticket already scanned at the entrance may still be edited but never transferred
 * nor cancelled.
 */
export function selfServiceBlock(
  action: SelfServiceAction,
  rules: SelfServiceRules,
  input: {
    orderLive: boolean;
    ticketType: "ticket" | "addon";
    checkedIn: boolean;
  },
): SelfServiceBlock | null {
  if (!input.orderLive) return "order-not-confirmed";
  if (input.ticketType !== "ticket") return "addon";
  const rule = rules[action];
  if (rule.state === "off") return "off";
  if (rule.state === "closed") return "deadline-passed";
  if (action !== "edit" && input.checkedIn) return "checked-in";
  return null;
}
