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

function formToJson(form: PublicForm) {
  return { title: form.title, ticket_target: form.ticketTarget, questions: form.questions };
}

/** Body of GET /api/public/events/:id (issue 10 §2): the public fields only, snake_case like the rest of the API. */
export function publicEventToJson(event: PublicEvent) {
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
    tickets: event.tickets.map(ticketToJson),
    addons: event.addons.map(ticketToJson),
    forms: { order: formToJson(event.forms.order), participant: formToJson(event.forms.participant) },
  };
}

export type PublicEventJson = ReturnType<typeof publicEventToJson>;
