import type { tickets } from "#db/schema";
import type { TicketRow } from "../events/event-record";
import { sanitizeEventHtml } from "../events/sanitize-event-html";
import { AppError } from "../shared/app-error";
import {
  MAX_BELOW_MIN,
  SELL_END_BEFORE_START,
  sellEndsBeforeStart,
  ticketInputNames,
  type TicketFields,
} from "./ticket-input-schema";

type TicketColumns = Partial<typeof tickets.$inferInsert>;

/** What a new ticket is when a field is not given (the columns' defaults, spelled out for the merged checks). */
const NEW_TICKET_DEFAULTS = {
  title: "",
  description: "",
  detailedDescription: "",
  price: 0,
  amount: -1,
  purchased: 0,
  sellStartAt: null,
  sellEndAt: null,
  minPerOrder: 1,
  maxPerOrder: 10,
  visibility: "visible",
  restricted: false,
  feesType: "included",
  ticketType: "ticket",
  showRemainingCount: false,
  waitingList: false,
} as const satisfies Partial<TicketRow>;

type StoredTicket = Pick<
  TicketRow,
  | "title"
  | "amount"
  | "purchased"
  | "sellStartAt"
  | "sellEndAt"
  | "minPerOrder"
  | "maxPerOrder"
  | "ticketType"
  | "waitingList"
>;

/**
 * The column changes of a create (`stored` null) or an update, or the refusal naming each bad field (snake_case, as
 * the form and the API name them). Checked on the ticket as it would be stored: a title, max_per_order ≥
 * min_per_order, the sale end after the sale start, a stock (amount ≠ -1) not below what was already sold, and no
 * change of ticket_type once something was sold (its purchases would move in or out of the event capacity), and no
 * waiting list asked for an add-on (an add-on is bought with a ticket, never waited for alone).
 * The detailed description is sanitized; `is_free` follows the price.
 */
export function planTicket(stored: StoredTicket | null, fields: TicketFields): TicketColumns {
  const current = stored ?? NEW_TICKET_DEFAULTS;
  const merged = { ...current, ...fields };
  const errors: Partial<Record<keyof TicketFields, string>> = {};

  if (merged.title.trim() === "") errors.title = "tickets:errors.title-required";
  if (merged.maxPerOrder < merged.minPerOrder) errors.maxPerOrder = MAX_BELOW_MIN;
  if (sellEndsBeforeStart(merged.sellStartAt, merged.sellEndAt)) errors.sellEndAt = SELL_END_BEFORE_START;
  if (fields.amount !== undefined && fields.amount !== -1 && fields.amount < current.purchased) {
    errors.amount = "tickets:errors.amount-below-purchased";
  }
  if (stored && fields.ticketType !== undefined && fields.ticketType !== stored.ticketType && stored.purchased > 0) {
    errors.ticketType = "tickets:errors.ticket-type-locked";
  }
  if (merged.ticketType === "addon" && fields.waitingList === true) {
    errors.waitingList = "tickets:errors.waiting-list-addon";
  }
  const names = Object.keys(errors) as (keyof TicketFields)[];
  if (names.length > 0) {
    throw new AppError("validation", "tickets:errors.invalid-input", {
      fields: Object.fromEntries(names.map((name) => [ticketInputNames[name], errors[name]!])),
    });
  }

  const changes: TicketColumns = { ...fields };
  if (fields.title !== undefined) changes.title = fields.title.trim();
  if (fields.detailedDescription !== undefined)
    changes.detailedDescription = sanitizeEventHtml(fields.detailedDescription);
  if (fields.price !== undefined) changes.isFree = fields.price === 0;
  // A ticket turned into an add-on loses its list's switch.
  if (merged.ticketType === "addon" && stored?.waitingList) changes.waitingList = false;
  if (!stored) {
    // A new ticket is stored whole, so the checks above and the row agree on every default.
    const { purchased: _purchased, ...defaults } = NEW_TICKET_DEFAULTS;
    return { ...defaults, isFree: (fields.price ?? 0) === 0, ...changes };
  }
  return changes;
}
