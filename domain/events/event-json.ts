import type { SelfServiceSettings } from "../self-service/self-service-rules";
import { isEventPast } from "./event-past";
import type { EventRecord, ParticipationFormRow } from "./event-record";
import type { EventDetail, EventParticipantSummary, EventPaymentSummary, EventTicket } from "./get-event";
import type { EventDashboard } from "./get-event-dashboard";
import type { EventListItem } from "./list-events";

/** The JSON shapes of the events API (spec §3/§7): snake_case names, ISO 8601 dates, money in cents. */

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** What buyers may do on their order page (issue 28 §1), as the settings call takes it. */
export function selfServiceSettingsJson(settings: SelfServiceSettings) {
  return {
    self_service_edit: settings.selfServiceEdit,
    self_service_edit_before: settings.selfServiceEditBefore,
    self_service_edit_unit: settings.selfServiceEditUnit,
    self_service_transfer: settings.selfServiceTransfer,
    self_service_transfer_before: settings.selfServiceTransferBefore,
    self_service_transfer_unit: settings.selfServiceTransferUnit,
    self_service_cancel: settings.selfServiceCancel,
    self_service_cancel_before: settings.selfServiceCancelBefore,
    self_service_cancel_unit: settings.selfServiceCancelUnit,
    self_service_cancel_refund: settings.selfServiceCancelRefund,
    /** Basis points: 5000 = 50 % (read when the refund is `percentage`). */
    self_service_cancel_percentage: settings.selfServiceCancelPercentage,
  };
}

export function eventToJson(event: EventRecord, now: Date = new Date()) {
  return {
    id: event.id,
    organizer: event.organizationId,
    title: event.title,
    small_description: event.smallDescription,
    description: event.description,
    main_picture: event.mainPicture,
    primary_color: event.primaryColor,
    theme: event.theme,
    timezone: event.timezone,
    start_at: iso(event.startAt),
    end_at: iso(event.endAt),
    // Spec §3: "also seen as start_date / end_date".
    start_date: iso(event.startAt),
    end_date: iso(event.endAt),
    address_label: event.addressLabel,
    address_name: event.addressName,
    address_latitude: event.addressLatitude,
    address_longitude: event.addressLongitude,
    contact_email: event.contactEmail,
    refund_policy: event.refundPolicy,
    status: event.status,
    is_past: isEventPast(event, now),
    visibility: event.visibility,
    confirmation_page_message: event.confirmationPageMessage,
    email_pdf_message: event.emailPdfMessage,
    email_pdf_email_response: event.emailPdfEmailResponse,
    meta_pixel_id: event.metaPixelId,
    access_token: event.accessToken ?? "",
    allow_billing: event.allowBilling,
    ...selfServiceSettingsJson(event),
    waiting_list_hold_hours: event.waitingListHoldHours,
    event_capacity: event.eventCapacity,
    published_at: iso(event.publishedAt),
    created_at: iso(event.createdAt),
    updated_at: iso(event.updatedAt),
  };
}

/**
 * A ticket as the API answers it. `dateIds`, when the caller read them (the tickets calls), adds `date_ids`: the
 * dates a pass is valid on (decision 0068); absent for a ticket sold per date and on a single-date event, so the §7
 * calls answer a single-date event exactly as before.
 */
export function ticketToJson(ticket: EventTicket, dateIds?: number[]) {
  return {
    id: ticket.id,
    event: ticket.eventId,
    ticket_type: ticket.ticketType,
    title: ticket.title,
    description: ticket.description,
    detailed_description: ticket.detailedDescription,
    price: ticket.price,
    is_free: ticket.isFree,
    amount: ticket.amount,
    purchased: ticket.purchased,
    sell_start_at: iso(ticket.sellStartAt),
    sell_end_at: iso(ticket.sellEndAt),
    min_per_order: ticket.minPerOrder,
    max_per_order: ticket.maxPerOrder,
    visibility: ticket.visibility,
    restricted: ticket.restricted,
    fees_type: ticket.feesType,
    sort: ticket.sort,
    show_remaining_count: ticket.showRemainingCount,
    waiting_list: ticket.waitingList,
    tax_rate_id: ticket.taxRateId,
    status: ticket.derived.status,
    status_explanation: ticket.derived.explanation,
    status_color: ticket.derived.color,
    remaining: ticket.remaining,
    ...(dateIds && dateIds.length > 0 ? { date_ids: dateIds } : {}),
  };
}

function participationFormToJson(form: ParticipationFormRow) {
  return {
    id: form.id,
    event: form.eventId,
    form_type: form.formType,
    title: form.title,
    single_fill: form.singleFill,
    questions: form.questions,
    ticket_target: form.ticketTarget,
  };
}

export function participantToJson(participant: EventParticipantSummary) {
  return {
    id: participant.id,
    event: participant.eventId,
    payment: participant.orderId,
    ticket: participant.ticketId,
    full_name: `${participant.firstName} ${participant.lastName}`.trim(),
    first_name: participant.firstName,
    last_name: participant.lastName,
    email: participant.email,
    ticket_title: participant.ticketTitle,
    ticket_type: participant.ticketType,
    price: participant.price,
    promo_code_key: participant.promoCodeKey,
    last_validation: iso(participant.lastValidationAt),
    event_date: iso(participant.eventDate),
    created_at: iso(participant.createdAt),
    access_token: participant.orderAccessToken,
    // A multi-date event's date (decision 0068): absent otherwise, so a single-date event answers as before.
    ...(participant.dateId !== null ? { date_id: participant.dateId } : {}),
  };
}

export function paymentToJson(payment: EventPaymentSummary) {
  return {
    id: payment.id,
    event: payment.eventId,
    full_name: `${payment.firstName} ${payment.lastName}`.trim(),
    first_name: payment.firstName,
    last_name: payment.lastName,
    email: payment.email,
    amount: payment.amount,
    fees: payment.fees,
    net_amount: payment.netAmount,
    status: payment.status,
    checkout_time: payment.checkoutTime,
    paid_at: iso(payment.paidAt),
    payable_until: iso(payment.payableUntil),
    created_at: iso(payment.createdAt),
    access_token: payment.accessToken,
    ...(payment.dateId !== null ? { date_id: payment.dateId } : {}),
  };
}

/** GET /api/events/:id and the dashboard event: the event with its tickets (add-ons included) and forms. */
export function eventDetailToJson(detail: EventDetail, now: Date = new Date()) {
  return {
    ...eventToJson(detail.event, now),
    tickets: [...detail.tickets, ...detail.addons].map((ticket) => ticketToJson(ticket)),
    participation_forms: detail.participationForms.map(participationFormToJson),
    counts: {
      participants: detail.counts.participants,
      orders: detail.counts.orders,
      entries: detail.counts.entries,
      tickets_purchased: detail.counts.ticketsPurchased,
    },
    role: detail.eventRoles.join("|"),
    permissions: {
      can_update: detail.permissions.canUpdate,
      can_publish: detail.permissions.canPublish,
      can_delete: detail.permissions.canDelete,
      can_manage_team: detail.permissions.canManageTeam,
      can_manage_sales: detail.permissions.canManageSales,
    },
    ...(detail.participants ? { participants: detail.participants.map(participantToJson) } : {}),
    ...(detail.payments ? { payments: detail.payments.map(paymentToJson) } : {}),
  };
}

export function eventListItemToJson(item: EventListItem) {
  return {
    id: item.id,
    title: item.title,
    main_picture: item.mainPicture,
    status: item.status,
    is_past: item.isPast,
    visibility: item.visibility,
    start_at: iso(item.startAt),
    end_at: iso(item.endAt),
    start_date: iso(item.startAt),
    end_date: iso(item.endAt),
    timezone: item.timezone,
    address_name: item.addressName,
    participants_count: item.participantCount,
    gross_sales: item.grossSales,
  };
}

export function eventDashboardToJson(dashboard: EventDashboard) {
  return {
    participants_count: dashboard.participantsCount,
    gross_sales: dashboard.grossSales,
    net_sales: dashboard.netSales,
    orders_count: dashboard.ordersCount,
    check_ins_count: dashboard.checkInsCount,
    tickets_sold: dashboard.ticketsSold,
    capacity: dashboard.capacity,
    participants_per_day: dashboard.participantsPerDay,
    actions: dashboard.actions,
    timezone: dashboard.timezone,
  };
}
