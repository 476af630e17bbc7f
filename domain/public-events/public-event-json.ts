import type { PublicDates, PublicEventDate } from "../event-dates/public-dates";
import type { PublicEvent, PublicForm, PublicTicket } from "./get-public-event";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function ticketToJson(ticket: PublicTicket) {
  return {
    id: ticket.id,
    title: ticket.title,
    description: ticket.description,
    price: ticket.price,
    ticket_type: ticket.ticketType,
    fees_type: ticket.feesType,
    status: ticket.sale.status,
    status_explanation: ticket.sale.explanation,
    remaining: ticket.remaining,
    min_per_order: ticket.minPerOrder,
    max_per_order: ticket.maxPerOrder,
    waiting_list: ticket.waitingList,
  };
}

/** A date of a multi-date event (decision 0068): `status` is its availability, closed or full alike `sold_out`. */
export function publicDateToJson(date: PublicEventDate) {
  return {
    id: date.id,
    start_at: date.startAt.toISOString(),
    end_at: iso(date.endAt),
    address_name: date.addressName,
    address_label: date.addressLabel,
    status: date.availability,
    few_places_left: date.fewPlacesLeft,
  };
}

/** The dates part of a multi-date event's body: its months, one month's page of dates, the picked date. */
function datesToJson(dates: PublicDates) {
  return {
    months: dates.months,
    month: dates.month,
    page: dates.page,
    has_more: dates.hasMore,
    items: dates.dates.map(publicDateToJson),
    selected: dates.selected ? publicDateToJson(dates.selected) : null,
  };
}

function formToJson(form: PublicForm) {
  return { title: form.title, ticket_target: form.ticketTarget, questions: form.questions };
}

/**
 * Body of GET /api/public/events/:id (issue 10 §2): the public fields only, snake_case like the rest of the API. A
 * multi-date event (issue 30 §3) adds `dates` and, on each ticket, `pass` and the pass's `pass_date_ids`; a
 * single-date event's body is unchanged.
 */
export function publicEventToJson(event: PublicEvent, dates: PublicDates | null = null) {
  const multi = event.multiDate && dates ? dates : null;
  const ticketJson = (ticket: PublicTicket) =>
    multi
      ? {
          ...ticketToJson(ticket),
          pass: ticket.pass === true,
          pass_date_ids: ticket.pass ? (multi.passDates[ticket.id] ?? []).map((date) => date.id) : null,
        }
      : ticketToJson(ticket);
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    small_description: event.smallDescription,
    description: event.description,
    main_picture: event.mainPicture,
    primary_color: event.primaryColor,
    theme: event.theme,
    timezone: event.timezone,
    start_at: iso(event.startAt),
    end_at: iso(event.endAt),
    address_label: event.addressLabel,
    address_name: event.addressName,
    latitude: event.latitude,
    longitude: event.longitude,
    contact_email: event.contactEmail,
    refund_policy: event.refundPolicy,
    visibility: event.visibility,
    allow_billing: event.allowBilling,
    organization: { title: event.organization.title },
    tickets: event.tickets.map(ticketJson),
    addons: event.addons.map(ticketToJson),
    forms: { order: formToJson(event.forms.order), participant: formToJson(event.forms.participant) },
    ...(multi ? { dates: datesToJson(multi) } : {}),
  };
}

export type PublicEventJson = ReturnType<typeof publicEventToJson>;
