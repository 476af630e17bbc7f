import type { PlaceOrderBody } from "../booking/order-input-schema";
import { questionsForTicket, type PublicEvent, type PublicQuestion } from "./get-public-event";
import { BILLING_FIELDS } from "./billing-fields";

/**
 * The tickets and add-ons chosen on the public page: `q<ticketId>=<quantity>` in the booking page's query. On a
 * multi-date event a per-date line carries the picked date (`date=<id>`, domain/event-dates/public-dates.ts).
 */
export type ChosenItem = { ticketId: number; quantity: number; dateId?: number };

const QUANTITY_PARAM = /^q([1-9]\d{0,15})$/;

/** Reads the chosen quantities from the booking page's query, in the event's ticket order; unknown ids are dropped. */
export function chosenItems(event: Pick<PublicEvent, "tickets" | "addons">, params: URLSearchParams): ChosenItem[] {
  const quantities = new Map<number, number>();
  for (const [name, value] of params) {
    const match = QUANTITY_PARAM.exec(name);
    if (!match || !/^\d{1,3}$/.test(value)) continue;
    const quantity = Number(value);
    if (quantity > 0) quantities.set(Number(match[1]), quantity);
  }
  return [...event.tickets, ...event.addons]
    .filter((ticket) => quantities.has(ticket.id))
    .map((ticket) => ({ ticketId: ticket.id, quantity: quantities.get(ticket.id)! }));
}

/** One participant fieldset per ticket unit (add-ons take no participant), in the order the page shows them. */
export type ParticipantSlot = { index: number; ticketId: number; ticketTitle: string; questions: PublicQuestion[] };

export function participantSlots(
  event: Pick<PublicEvent, "tickets" | "forms">,
  items: ChosenItem[],
): ParticipantSlot[] {
  const slots: ParticipantSlot[] = [];
  for (const item of items) {
    const ticket = event.tickets.find((candidate) => candidate.id === item.ticketId);
    if (!ticket) continue;
    const questions = questionsForTicket(event.forms.participant, ticket.id);
    for (let unit = 0; unit < item.quantity; unit++) {
      slots.push({ index: slots.length, ticketId: ticket.id, ticketTitle: ticket.title, questions });
    }
  }
  return slots;
}

/** The order form's questions for the chosen tickets (its target and each question's), built-in question first. */
export function orderQuestions(event: Pick<PublicEvent, "forms">, items: ChosenItem[]): PublicQuestion[] {
  const form = event.forms.order;
  const ids = items.map((item) => item.ticketId);
  const formApplies = form.ticketTarget === "all" || ids.some((id) => (form.ticketTarget as number[]).includes(id));
  return form.questions.filter(
    (question) =>
      question.id === "default" ||
      (formApplies && (question.ticket_target.length === 0 || ids.some((id) => question.ticket_target.includes(id)))),
  );
}

type FormReader = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };

const text = (form: FormReader, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The answers of `questions` read from a form whose fields are named `<prefix>.<question id>` (the booking page, the order page). */
export function answersFrom(form: FormReader, prefix: string, questions: PublicQuestion[]) {
  const answers: Record<string, string | boolean | string[]> = {};
  for (const question of questions) {
    if (question.id === "default" || question.type === "no-field") continue;
    const name = `${prefix}.${question.id}`;
    if (question.type === "multiple-choice") {
      answers[question.id] = form.getAll(name).filter((value): value is string => typeof value === "string");
    } else if (question.type === "additional-conditions") {
      answers[question.id] = form.get(name) === "true";
    } else {
      answers[question.id] = text(form, name);
    }
  }
  return answers;
}

/** The checkbox of a ticket holder who is the buyer: its fields are the buyer's, copied by the server. */
export const sameAsBuyerField = (slotIndex: number) => `participants.${slotIndex}.same_as_buyer`;

/**
 * Whether the holder of ticket `slotIndex` is the buyer: as sent (a checked box is sent, an unchecked one is not); on
 * a first view, before anything was sent, the first ticket's box is checked.
 */
export function isSameAsBuyer(values: Record<string, string> | null, slotIndex: number): boolean {
  return values === null ? slotIndex === 0 : values[sameAsBuyerField(slotIndex)] === "true";
}

export { BILLING_FIELDS };

/**
 * The body of H1's `placeOrder` from the booking page's form. The field names are the error paths of the order call
 * (`buyer.email`, `participants.0.answers.<question>`, `billing.city`…), so each error lands next to its field.
 * Shapes only: `placeOrderBodySchema` and `placeOrder` judge the values.
 */
export function bookingBodyFromForm(
  form: FormReader,
  event: Pick<PublicEvent, "tickets" | "forms" | "allowBilling">,
  input: { items: ChosenItem[]; promoCode: string | null; t: string | null; locale: "fr" | "en" },
): Record<string, unknown> {
  const slots = participantSlots(event, input.items);
  const billing = Object.fromEntries(BILLING_FIELDS.map((field) => [field, text(form, `billing.${field}`)]));
  const buyer = {
    first_name: text(form, "buyer.first_name"),
    last_name: text(form, "buyer.last_name"),
    email: text(form, "buyer.email"),
  };
  const wantsBilling = event.allowBilling && Object.values(billing).some((value) => value.trim() !== "");
  const body: Record<string, unknown> = {
    items: input.items.map((item) => ({
      ticket_id: item.ticketId,
      quantity: item.quantity,
      ...(item.dateId !== undefined ? { date_id: item.dateId } : {}),
    })),
    buyer,
    answers: answersFrom(form, "answers", orderQuestions(event, input.items)),
    participants: slots.map((slot) => ({
      ticket_id: slot.ticketId,
      // "Même que l'acheteur": the holder's fields are hidden (CSS, the page has no JavaScript), the buyer's count.
      ...(form.get(sameAsBuyerField(slot.index)) === "true"
        ? buyer
        : {
            first_name: text(form, `participants.${slot.index}.first_name`),
            last_name: text(form, `participants.${slot.index}.last_name`),
            email: text(form, `participants.${slot.index}.email`),
          }),
      answers: answersFrom(form, `participants.${slot.index}.answers`, slot.questions),
    })),
    billing: wantsBilling ? billing : null,
    t: input.t,
    locale: input.locale,
  };
  if (input.promoCode) body.promo_code = input.promoCode;
  if (event.allowBilling && form.get("invoice_requested") === "true") body.invoice_requested = true;
  return body satisfies Partial<Record<keyof PlaceOrderBody, unknown>>;
}

/** The form's values to fill it again after a refusal: one string per field, several choices joined by "|". */
export function formValues(form: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    values[name] = name in values ? `${values[name]}|${value}` : value;
  }
  return values;
}
