import type { FeesType, TicketType } from "#db/schema";
import type { ParticipationForm } from "../participation-forms/participation-form-record";
import { DEFAULT_QUESTION_ID, type Question } from "../participation-forms/question-schema";
import { AppError } from "../shared/app-error";
import {
  deriveTicketStatus,
  eventTicketsPurchased,
  type TicketSaleStatus,
  type TicketStatusTicket,
} from "../tickets/ticket-status";
import { platformFee, unitDiscount } from "./fees";
import type { AnswerValue, PlaceOrderBody } from "./order-input-schema";
import { promoCodeWindowState } from "../promo-codes/promo-code-state";

/*
 * Pricing and checking an order, with no I/O: what the buyer asked for against the event's tickets, the promo code
 * and the order forms as read just before. Stock is only pre-checked here (a ticket already sold out answers at once);
 * the authoritative check is the conditional SQL of the booking batch (stock-sql.ts).
 */

export type PlanEvent = {
  id: number;
  organizationId: number;
  startAt: Date | number | null;
  endAt: Date | number | null;
  eventCapacity: number;
  allowBilling: boolean;
  /** The event has dates (decision 0068): per-date tickets need one. */
  hasDates?: boolean;
};

/** A date of a multi-date event named by the order's lines, as read just before. */
export type PlanDate = {
  id: number;
  status: "on_sale" | "sold_out" | "cancelled";
  startAt: Date | number;
  capacity: number;
  sold: number;
};

export type PlanTicket = TicketStatusTicket & {
  id: number;
  title: string;
  price: number;
  minPerOrder: number;
  maxPerOrder: number;
  feesType: FeesType;
  ticketType: TicketType;
  /** A pass's dates (ticket_dates); empty or absent: sold per date on a multi-date event. */
  passDateIds?: readonly number[];
};

export type PlanPromo = {
  id: number;
  code: string;
  discountType: "percent" | "amount";
  discountValue: number;
  startAt: Date | number | null;
  endAt: Date | number | null;
  appliesToAllTickets: boolean;
  ticketIds: number[];
};

export type PlannedLine = {
  ticketId: number;
  ticketType: TicketType;
  title: string;
  quantity: number;
  unitPrice: number;
  /** Whole line, cents. */
  discount: number;
  fees: number;
  feesType: FeesType;
  /** What the buyer pays for the line: discounted price, plus the fees when they are added. */
  charged: number;
  /** The date the places are for (decision 0068); null on a single-date event and for a pass. */
  dateId: number | null;
};

export type PlannedAnswer = {
  formType: "before" | "before-tickets";
  questionId: string;
  questionTitle: string;
  value: string;
};

export type PlannedParticipant = {
  ticketId: number;
  ticketTitle: string;
  ticketType: TicketType;
  /** Cents paid for the ticket, discount deducted, fees apart (0: a free ticket, which may be deleted). */
  price: number;
  promoCodeKey: string | null;
  firstName: string;
  lastName: string;
  email: string;
  answers: PlannedAnswer[];
  /** The participant's date and its start (participants.event_date), on a multi-date event; absent otherwise. */
  dateId?: number | null;
  eventDate?: number | null;
};

export type OrderPlan = {
  eventId: number;
  organizationId: number;
  buyer: { firstName: string; lastName: string; email: string };
  lines: PlannedLine[];
  amount: number;
  fees: number;
  netAmount: number;
  promo: { id: number; key: string } | null;
  participants: PlannedParticipant[];
  orderAnswers: PlannedAnswer[];
  billing: Record<string, string> | null;
  /** The buyer ticked « Je souhaite une facture » (issue 29 §6). */
  invoiceRequested: boolean;
  locale: "fr" | "en";
  /** The date every line is for, when they share one (orders.date_id); null otherwise. */
  dateId: number | null;
};

export type PlanInput = {
  event: PlanEvent;
  /** Every ticket of the event, deleted ones included (they still take capacity). */
  tickets: PlanTicket[];
  /** The code the buyer typed, looked up by (event, upper-cased code); null when none was typed or none matched. */
  promo: PlanPromo | null;
  forms: { before: ParticipationForm | null; beforeTickets: ParticipationForm | null };
  body: PlaceOrderBody;
  now: number;
  /** The event's dates the items name (by id, the event's only); empty for a single-date event. */
  dates?: readonly PlanDate[];
};

const toMs = (value: Date | number | null) =>
  value === null ? null : typeof value === "number" ? value : value.getTime();

/** Thrown by planOrder when a ticket is already sold out: the API answers 409 `{ error: "sold_out", ticket_id }`. */
export function soldOut(ticketId?: number, dateId?: number | null): AppError {
  return new AppError("conflict", dateId ? "booking:errors.date-sold-out" : "booking:errors.sold-out", {
    reason: "sold_out",
    details: { ...(ticketId ? { ticketId } : {}), ...(dateId ? { dateId } : {}) },
  });
}

/**
 * The date of each item on a multi-date event (decision 0068), checked against the dates as read: a per-date ticket
 * needs an on-sale date of the event that has not started; a pass takes none (one given is ignored); an add-on may
 * name one. A date full or closed (« Complet ») is a shortage like a ticket's. On a single-date event a date is
 * refused. Errors go to `fields` under `items.<i>.date_id`; returns each item's date and the first full one.
 */
export function checkItemDates(
  input: Pick<PlanInput, "event" | "tickets" | "dates" | "body" | "now">,
  fields: Record<string, string>,
): { dateIds: (number | null)[]; full: { ticketId: number; dateId: number } | null } {
  const dates = new Map((input.dates ?? []).map((date) => [date.id, date]));
  const ticketsById = new Map(input.tickets.map((ticket) => [ticket.id, ticket]));
  let full: { ticketId: number; dateId: number } | null = null;
  const dateIds = input.body.items.map((item, index) => {
    const path = `items.${item.at ?? index}.date_id`;
    const ticket = ticketsById.get(item.ticket_id);
    const given = item.date_id ?? null;
    if (!input.event.hasDates) {
      if (given !== null) fields[path] ??= "booking:errors.date-invalid";
      return null;
    }
    if (!ticket || (ticket.passDateIds?.length ?? 0) > 0) return null;
    if (given === null) {
      if (ticket.ticketType === "ticket") fields[path] ??= "booking:errors.date-required";
      return null;
    }
    const date = dates.get(given);
    if (!date) {
      fields[path] ??= "booking:errors.date-invalid";
      return null;
    }
    const startAt = toMs(date.startAt)!;
    if (date.status === "cancelled" || startAt <= input.now) {
      fields[path] ??= "booking:errors.date-not-on-sale";
      return given;
    }
    if (
      ticket.ticketType === "ticket" &&
      (date.status === "sold_out" || (date.capacity !== -1 && date.sold + item.quantity > date.capacity))
    )
      full ??= { ticketId: ticket.id, dateId: given };
    return given;
  });
  return { dateIds, full };
}

export type SelectionReason =
  "unknown-ticket" | "sold-out" | "not-on-sale" | "min-per-order" | "max-per-order" | "addon-needs-ticket";

/** Why a selection of tickets cannot be booked; `at` is the index of the ticket's first item (-1: the whole selection). */
export type SelectionIssue = { reason: SelectionReason; ticketId: number | null; at: number; quantity: number };

export type SelectionTicket = { id: number; ticketType: TicketType; minPerOrder: number; maxPerOrder: number };

/**
 * The rules a choice of tickets must meet before any form matters: each ticket exists and is on sale (spec §4 derived
 * status), its quantity is within its per-order limits, and add-ons come with a ticket. The same ticket twice is
 * summed, so every limit sees the order's whole quantity. planOrder refuses an order with these issues; the booking
 * page checks the ticket choice with them before showing its forms. `saleStatus` answers null for an unknown ticket.
 */
export function checkSelection<T extends SelectionTicket>(
  items: { ticketId: number; quantity: number; at: number }[],
  saleStatus: (ticketId: number) => { ticket: T; status: TicketSaleStatus } | null,
): { chosen: { ticket: T; quantity: number }[]; issues: SelectionIssue[] } {
  const quantities = new Map<number, number>();
  const firstIndex = new Map<number, number>();
  for (const item of items) {
    quantities.set(item.ticketId, (quantities.get(item.ticketId) ?? 0) + item.quantity);
    if (!firstIndex.has(item.ticketId)) firstIndex.set(item.ticketId, item.at);
  }
  const chosen: { ticket: T; quantity: number }[] = [];
  const issues: SelectionIssue[] = [];
  for (const [ticketId, quantity] of quantities) {
    const issue = (reason: SelectionReason) =>
      issues.push({ reason, ticketId, at: firstIndex.get(ticketId)!, quantity });
    const found = saleStatus(ticketId);
    if (!found) {
      issue("unknown-ticket");
      continue;
    }
    const { ticket, status } = found;
    if (status === "sold_out") {
      issue("sold-out");
      continue;
    }
    if (status !== "on_sale") {
      issue("not-on-sale");
      continue;
    }
    if (quantity < ticket.minPerOrder) issue("min-per-order");
    else if (quantity > ticket.maxPerOrder) issue("max-per-order");
    chosen.push({ ticket, quantity });
  }
  if (chosen.length > 0 && !chosen.some(({ ticket }) => ticket.ticketType === "ticket"))
    issues.push({ reason: "addon-needs-ticket", ticketId: null, at: -1, quantity: 0 });
  return { chosen, issues };
}

export function planOrder(input: PlanInput): OrderPlan {
  const { event, body, now } = input;
  // The fields whose shape was refused come first: one refusal names every error of the order.
  const fields: Record<string, string> = { ...body.invalid };
  const ticketsById = new Map(input.tickets.map((ticket) => [ticket.id, ticket]));
  const purchased = eventTicketsPurchased(input.tickets);

  const purchasedNow = { eventTicketsPurchased: purchased, now };
  const { chosen, issues } = checkSelection(
    body.items.map((item, index) => ({ ticketId: item.ticket_id, quantity: item.quantity, at: item.at ?? index })),
    (ticketId) => {
      const ticket = ticketsById.get(ticketId);
      // Hidden tickets are sold through their link only when they exist; deleted ones are gone.
      if (!ticket || ticket.visibility === "deleted") return null;
      return { ticket, status: deriveTicketStatus(ticket, event, purchasedNow).status };
    },
  );
  let soldOutTicket: number | null = null;
  let addonAlone = false;
  for (const issue of issues) {
    const at = `items.${issue.at}`;
    if (issue.reason === "sold-out") soldOutTicket ??= issue.ticketId;
    else if (issue.reason === "addon-needs-ticket") addonAlone = true;
    else if (issue.reason === "min-per-order" || issue.reason === "max-per-order")
      fields[`${at}.quantity`] = `booking:errors.${issue.reason}`;
    else fields[`${at}.ticket_id`] = `booking:errors.${issue.reason}`;
  }
  const itemDates = checkItemDates(input, fields);
  if (Object.keys(fields).length === 0 && soldOutTicket !== null) throw soldOut(soldOutTicket);
  if (Object.keys(fields).length === 0 && itemDates.full) throw soldOut(itemDates.full.ticketId, itemDates.full.dateId);
  if (addonAlone) fields.items ??= "booking:errors.addon-needs-ticket";

  const promo = checkPromo(input.promo, body.promo_code, chosen, now, fields);

  // One line per ticket and date, in the order the items came: the same ticket on two evenings is two lines.
  const chosenTickets = new Set(chosen.map(({ ticket }) => ticket.id));
  const split = new Map<string, { ticket: PlanTicket; quantity: number; dateId: number | null }>();
  body.items.forEach((item, index) => {
    const ticket = ticketsById.get(item.ticket_id);
    if (!ticket || !chosenTickets.has(ticket.id)) return;
    const dateId = itemDates.dateIds[index] ?? null;
    const key = `${ticket.id}:${dateId ?? ""}`;
    const line = split.get(key);
    if (line) line.quantity += item.quantity;
    else split.set(key, { ticket, quantity: item.quantity, dateId });
  });

  const lines: PlannedLine[] = [...split.values()].map(({ ticket, quantity, dateId }) => {
    const applies = promo !== null && (promo.appliesToAllTickets || promo.ticketIds.includes(ticket.id));
    const perUnitDiscount = applies ? unitDiscount(ticket.price, promo) : 0;
    const perUnitFee = platformFee(ticket.price - perUnitDiscount);
    const fees = perUnitFee * quantity;
    const discounted = (ticket.price - perUnitDiscount) * quantity;
    return {
      ticketId: ticket.id,
      ticketType: ticket.ticketType,
      title: ticket.title,
      quantity,
      unitPrice: ticket.price,
      discount: perUnitDiscount * quantity,
      fees,
      feesType: ticket.feesType,
      charged: discounted + (ticket.feesType === "added" ? fees : 0),
      dateId,
    };
  });

  const participants = planParticipants(input, lines, promo, fields);
  const orderAnswers = planAnswers(
    "before",
    formQuestions(
      input.forms.before,
      lines.map((line) => line.ticketId),
    ),
    body.answers ?? {},
    "answers",
    fields,
  );

  let billing: Record<string, string> | null = null;
  if (event.allowBilling && body.billing) billing = { ...body.billing };

  if (Object.keys(fields).length > 0) throw new AppError("validation", "errors:invalid-input", { fields });

  const amount = lines.reduce((sum, line) => sum + line.charged, 0);
  const fees = lines.reduce((sum, line) => sum + line.fees, 0);
  return {
    eventId: event.id,
    organizationId: event.organizationId,
    buyer: { firstName: body.buyer.first_name, lastName: body.buyer.last_name, email: body.buyer.email },
    lines,
    amount,
    // A free order carries no fee, whoever would have paid it.
    fees: amount === 0 ? 0 : fees,
    netAmount: amount === 0 ? 0 : amount - fees,
    promo: promo ? { id: promo.id, key: promo.code } : null,
    participants,
    orderAnswers,
    billing,
    invoiceRequested: body.invoice_requested === true,
    locale: body.locale,
    dateId: sharedDate(lines),
  };
}

/** The date every line is for, when there is one and they share it. */
function sharedDate(lines: PlannedLine[]): number | null {
  const first = lines[0]?.dateId ?? null;
  return first !== null && lines.every((line) => line.dateId === first) ? first : null;
}

function checkPromo(
  promo: PlanPromo | null,
  typed: string | undefined,
  chosen: { ticket: PlanTicket }[],
  now: number,
  fields: Record<string, string>,
): PlanPromo | null {
  if (!typed) return null;
  if (!promo) {
    fields.promo_code ??= "booking:errors.promo-invalid";
    return null;
  }
  const window = promoCodeWindowState(toMs(promo.startAt), toMs(promo.endAt), now);
  if (window !== "active") {
    fields.promo_code ??= window === "scheduled" ? "booking:errors.promo-not-started" : "booking:errors.promo-expired";
    return null;
  }
  const applies = chosen.some(
    ({ ticket }) => ticket.price > 0 && (promo.appliesToAllTickets || promo.ticketIds.includes(ticket.id)),
  );
  if (!applies) {
    fields.promo_code ??= "booking:errors.promo-not-applicable";
    return null;
  }
  return promo;
}

/** A form's questions that apply to an order or a participant holding `ticketIds`. */
export function formQuestions(form: ParticipationForm | null, ticketIds: number[]): Question[] {
  if (!form) return [];
  if (form.ticketTarget !== "all" && !ticketIds.some((id) => (form.ticketTarget as number[]).includes(id))) return [];
  return form.questions.filter(
    (question) =>
      question.id !== DEFAULT_QUESTION_ID &&
      (question.ticket_target.length === 0 || ticketIds.some((id) => question.ticket_target.includes(id))),
  );
}

/**
 * Checks the answers to `questions` and returns them as stored (JSON values). Unknown question ids are ignored. The one
 * rule for answers, at booking and when the organizer edits a participant's.
 */
export function planAnswers(
  formType: PlannedAnswer["formType"],
  questions: Question[],
  given: Record<string, AnswerValue>,
  path: string,
  fields: Record<string, string>,
): PlannedAnswer[] {
  const answers: PlannedAnswer[] = [];
  for (const question of questions) {
    if (question.type === "no-field") continue;
    const field = `${path}.${question.id}`;
    const stored = storedAnswer(question, given[question.id]);
    if (stored === "invalid") {
      fields[field] ??= "booking:errors.answer-invalid";
      continue;
    }
    if (stored === null) {
      if (question.mandatory) fields[field] ??= "booking:errors.answer-required";
      continue;
    }
    answers.push({ formType, questionId: question.id, questionTitle: question.title, value: stored });
  }
  return answers;
}

/** The JSON stored for an answer, null when it is empty, "invalid" when it does not fit the question. */
function storedAnswer(question: Question, value: AnswerValue | undefined): string | null | "invalid" {
  if (value === undefined || value === null) return null;
  const optionIds = question.options.map((option) => option.id);
  switch (question.type) {
    case "additional-conditions":
      if (value === true || value === "true") return JSON.stringify("true");
      if (value === false || value === "false" || value === "") return null;
      return "invalid";
    case "unique-choice":
    case "selection": {
      const id = Array.isArray(value) ? (value.length === 1 ? value[0] : value.length === 0 ? "" : null) : value;
      if (id === "") return null;
      if (typeof id !== "string" || !optionIds.includes(id)) return "invalid";
      return JSON.stringify([id]);
    }
    case "multiple-choice": {
      const ids = Array.isArray(value) ? value : typeof value === "string" && value !== "" ? [value] : [];
      if (ids.length === 0) return null;
      if (!ids.every((id) => optionIds.includes(id)) || new Set(ids).size !== ids.length) return "invalid";
      return JSON.stringify(ids);
    }
    default: {
      if (typeof value !== "string") return "invalid";
      const text = value.trim();
      return text === "" ? null : JSON.stringify(text);
    }
  }
}

/**
 * One participant per unit: tickets take the names given in `participants` (each ticket unit needs one, in the order
 * given per ticket), add-ons and tickets without a participant entry take the buyer's.
 */
function planParticipants(
  input: PlanInput,
  lines: PlannedLine[],
  promo: PlanPromo | null,
  fields: Record<string, string>,
): PlannedParticipant[] {
  const { body } = input;
  const given = body.participants;
  const byTicket = new Map<number, { entry: NonNullable<typeof given>[number]; index: number }[]>();
  given?.forEach((entry, index) => {
    const list = byTicket.get(entry.ticket_id) ?? [];
    list.push({ entry, index });
    byTicket.set(entry.ticket_id, list);
  });
  // Participants are counted against the lines that were accepted: a refused item or participant entry has its own
  // error, and counting around it would add a false "one participant per ticket".
  const invalidShapes = Object.keys(body.invalid ?? {});
  const unreadParticipant = invalidShapes.some((path) => /^participants(\.\d+\.ticket_id)?$/.test(path));
  const unreadItem = invalidShapes.some((path) => path === "items" || path.startsWith("items."));
  const ordered = new Set(body.items.map((item) => item.ticket_id));
  if (given && !unreadParticipant) {
    const unitsByTicket = new Map<number, number>();
    for (const line of lines)
      if (line.ticketType === "ticket")
        unitsByTicket.set(line.ticketId, (unitsByTicket.get(line.ticketId) ?? 0) + line.quantity);
    for (const [ticketId, units] of unitsByTicket) {
      const count = byTicket.get(ticketId)?.length ?? 0;
      if (count !== units) fields.participants ??= "booking:errors.participants-mismatch";
    }
    for (const [ticketId] of byTicket) {
      const line = lines.find((candidate) => candidate.ticketId === ticketId);
      const refused = !line && (ordered.has(ticketId) || unreadItem);
      if (!refused && line?.ticketType !== "ticket") fields.participants ??= "booking:errors.participants-mismatch";
    }
  }

  const participants: PlannedParticipant[] = [];
  // The same ticket on several dates takes the names given for it in order, line after line.
  const usedByTicket = new Map<number, number>();
  const dateStarts = new Map((input.dates ?? []).map((date) => [date.id, toMs(date.startAt)]));
  for (const line of lines) {
    const applies = promo !== null && (promo.appliesToAllTickets || promo.ticketIds.includes(line.ticketId));
    const questions = line.ticketType === "ticket" ? formQuestions(input.forms.beforeTickets, [line.ticketId]) : [];
    const entries = byTicket.get(line.ticketId) ?? [];
    const offset = usedByTicket.get(line.ticketId) ?? 0;
    usedByTicket.set(line.ticketId, offset + line.quantity);
    for (let unit = 0; unit < line.quantity; unit++) {
      const named = line.ticketType === "ticket" ? entries[offset + unit] : undefined;
      const path = named
        ? `participants.${named.entry.at ?? named.index}.answers`
        : `participants.${line.ticketId}.${offset + unit}.answers`;
      const answers = planAnswers("before-tickets", questions, named?.entry.answers ?? {}, path, fields);
      participants.push({
        ticketId: line.ticketId,
        ticketTitle: line.title,
        ticketType: line.ticketType,
        // What was paid for this ticket (fees apart): its unit price less its share of the promo code's discount.
        price: line.unitPrice - line.discount / line.quantity,
        promoCodeKey: applies && line.unitPrice > 0 ? promo.code : null,
        firstName: named?.entry.first_name ?? body.buyer.first_name,
        lastName: named?.entry.last_name ?? body.buyer.last_name,
        email: named?.entry.email ?? body.buyer.email,
        answers,
        ...(line.dateId !== null ? { dateId: line.dateId, eventDate: dateStarts.get(line.dateId) ?? null } : {}),
      });
    }
  }
  return participants;
}
