import { asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import {
  eventDates,
  events,
  organizations,
  participationForms,
  ticketDates,
  tickets,
  type FeesType,
  type EventStatus,
  type EventTheme,
  type EventVisibility,
  type TicketType,
} from "#db/schema";
import { eventHeldFingerprintSql, heldOfEventTicketsSql, ticketHeldColumn } from "../booking/held-places";
import { eventSlug } from "../events/event-slug";
import { previewTokenMatches, verifyPrivateEventHash, type PrivateLinkEnv } from "../events/private-event-link";
import { eventHtmlToText, sanitizeEventHtml } from "../events/sanitize-event-html";
import { emptyParticipationForm, toParticipationForm } from "../participation-forms/participation-form-record";
import type { QuestionType } from "../participation-forms/question-schema";
import { notOnSaleReason, withTicketStatuses, type DerivedTicketStatus } from "../tickets/ticket-status";
import { onSaleScheduleOf, type OnSaleSchedule } from "../waiting-room/waiting-room-plan";

export type PublicTicket = {
  id: number;
  ticketType: TicketType;
  title: string;
  description: string;
  price: number;
  /** Who pays the platform fee: `included` in the price, or `added` on top (domain/booking/fees.ts). */
  feesType: FeesType;
  minPerOrder: number;
  maxPerOrder: number;
  /**
   * Places left (its own stock and, for a ticket, the event capacity left: ticket-status.ts `ticketRemaining`),
   * places held by unpaid orders counted as taken, only when the organizer chose to show it and something limits it.
   */
  remaining: number | null;
  sale: DerivedTicketStatus;
  /** When the ticket's sales open (epoch ms), only while they have not started yet: the page says when. */
  salesOpenAt: number | null;
  /**
   * Its waiting list is open (issue 28 §3): a ticket (not an add-on) with its list on whose sales no date closes (the
   * event not started or ended, the sales not ended or not yet open). Sold out, the page offers to join it.
   */
  waitingList: boolean;
  /**
   * On a multi-date event (decision 0068): a pass, valid on the dates the organizer chose (the buyer picks none);
   * otherwise the ticket is sold per date. Absent on a single-date event.
   */
  pass?: boolean;
};

export type PublicEvent = {
  id: number;
  slug: string;
  title: string;
  smallDescription: string;
  /** Sanitized on write and again on read (domain/events/sanitize-event-html.ts). */
  description: string;
  /** The description as plain text (entities decoded), for link previews and search engines. */
  descriptionText: string;
  mainPicture: string;
  primaryColor: string;
  theme: EventTheme;
  timezone: string;
  startAt: Date | null;
  endAt: Date | null;
  addressLabel: string;
  addressName: string;
  latitude: number | null;
  longitude: number | null;
  contactEmail: string;
  refundPolicy: string | null;
  visibility: EventVisibility;
  status: EventStatus;
  /** `isPrivate`: no public organization page, so no contact form either. */
  organization: { id: number; title: string; isPrivate: boolean };
  /** The Meta pixel of this event's page (digits only, or empty): loaded only with the visitor's consent. */
  metaPixelId: string;
  allowBilling: boolean;
  tickets: PublicTicket[];
  addons: PublicTicket[];
  /** The order form (asked once, form_type 'before') and the participant form (per ticket, 'before-tickets'). */
  forms: { order: PublicForm; participant: PublicForm };
  /**
   * The event has dates of its own (event_dates rows, decision 0068): the page lists them and the buyer picks one
   * (domain/event-dates/public-dates.ts). Absent or false: a single-date event, as before.
   */
  multiDate?: boolean;
  /** The on-sale behind a waiting room, when one is scheduled (docs/decisions/0070-waiting-room.md). */
  onSale: OnSaleSchedule | null;
};

export type PublicQuestion = {
  id: string;
  title: string;
  description: string;
  mandatory: boolean;
  type: QuestionType;
  options: { id: string; title: string }[];
  /** Ticket ids the question is asked for; empty means every ticket. */
  ticket_target: number[];
};

export type PublicForm = { title: string; ticketTarget: "all" | number[]; questions: PublicQuestion[] };

/**
 * The participant form's questions asked for one ticket: the form's own target, then each question's; the built-in
 * question (name and email) always first.
 */
export function questionsForTicket(form: PublicForm, ticketId: number): PublicQuestion[] {
  if (form.ticketTarget !== "all" && !form.ticketTarget.includes(ticketId)) {
    return form.questions.filter((question) => question.id === "default");
  }
  return form.questions.filter(
    (question) => question.ticket_target.length === 0 || question.ticket_target.includes(ticketId),
  );
}

export type PublicEventLookup = { kind: "found"; event: PublicEvent } | { kind: "not-found" };

type Access =
  /** The public page: published events only; a private one needs the keyed hash of its id. */
  | { mode: "public"; env: PrivateLinkEnv; hash: string | null }
  /** The preview of an unpublished event: its access_token. */
  | { mode: "preview"; accessToken: string };

/** Everything the public page (or the preview) shows, read in one round trip. Anonymous: no actor. */
export async function getPublicEvent(
  db: Database,
  eventId: number | null,
  access: Access,
  now = new Date(),
): Promise<PublicEventLookup> {
  if (eventId === null || !Number.isSafeInteger(eventId) || eventId <= 0) return { kind: "not-found" };
  // Three single-table reads in one round trip: inside a D1 batch, joined columns of the same name would collide.
  const [eventRows, organizationRows, ticketRows, formRows, dateRows, passRows] = await db.batch([
    db
      .select({
        ...getTableColumns(events),
        eventTicketsHeld: heldOfEventTicketsSql(eventId, now.getTime()).mapWith(Number).as("event_tickets_held"),
      })
      .from(events)
      .where(eq(events.id, eventId))
      .limit(1),
    db
      .select({ id: organizations.id, title: organizations.title, isPrivate: organizations.isPrivate })
      .from(organizations)
      .where(eq(organizations.id, db.select({ id: events.organizationId }).from(events).where(eq(events.id, eventId))))
      .limit(1),
    // Deleted tickets too: what they sold (or hold) still counts toward the event capacity (ticket-status.ts). Each
    // row carries its unexpired holds, read on an index, so what is left is what the booking would let pass.
    db
      .select({ ...getTableColumns(tickets), held: ticketHeldColumn(now.getTime()) })
      .from(tickets)
      .where(eq(tickets.eventId, eventId))
      .orderBy(asc(tickets.sort), asc(tickets.id)),
    db.select().from(participationForms).where(eq(participationForms.eventId, eventId)),
    // Whether the event has dates of its own, and which of its tickets are passes (decision 0068).
    db.select({ id: eventDates.id }).from(eventDates).where(eq(eventDates.eventId, eventId)).limit(1),
    db
      .selectDistinct({ ticketId: ticketDates.ticketId })
      .from(ticketDates)
      .where(
        inArray(ticketDates.ticketId, db.select({ id: tickets.id }).from(tickets).where(eq(tickets.eventId, eventId))),
      ),
  ]);
  const multiDate = dateRows.length > 0;
  const passIds = new Set(passRows.map((row) => row.ticketId));
  const event = eventRows[0];
  const organization = organizationRows[0];
  if (!event || !organization) return { kind: "not-found" };

  if (access.mode === "public") {
    if (event.status !== "published") return { kind: "not-found" };
    if (event.visibility === "private" && !verifyPrivateEventHash(access.env, event, access.hash))
      return { kind: "not-found" };
  } else {
    // A preview is for events not yet published; once published the access token is cleared anyway.
    if (event.status === "published" || !previewTokenMatches(event.accessToken, access.accessToken)) {
      return { kind: "not-found" };
    }
  }

  // The back office's statuses (ticket-status.ts): sold out and places left reckon with the capacity, and places held
  // by unpaid orders are taken, as in the booking's conditional SQL (domain/booking/stock-sql.ts).
  // A multi-date event's start is its first date's (decision 0068): selling goes on after it, each date stopping at its
  // own start (the page lists only dates to come), so "already started" does not close its tickets.
  const saleEvent = multiDate ? { ...event, startAt: null } : event;
  const withStatus = withTicketStatuses(ticketRows, saleEvent, now, event.eventTicketsHeld);
  const toPublic = (t: (typeof withStatus)[number]): PublicTicket => ({
    id: t.id,
    ticketType: t.ticketType,
    title: t.title,
    description: t.description,
    price: t.price,
    feesType: t.feesType,
    minPerOrder: t.minPerOrder,
    maxPerOrder: t.maxPerOrder,
    remaining: t.showRemainingCount ? t.remaining : null,
    sale: t.derived,
    salesOpenAt: t.derived.explanation === "sales_havent_started_yet" && t.sellStartAt ? t.sellStartAt.getTime() : null,
    waitingList: t.ticketType === "ticket" && t.waitingList && notOnSaleReason(t, saleEvent, now.getTime()) === null,
    ...(multiDate ? { pass: passIds.has(t.id) } : {}),
  });
  // Hidden tickets are reachable only through restricted links (a later issue): the page lists visible ones.
  const visible = withStatus.filter((t) => t.visibility === "visible");

  return {
    kind: "found",
    event: {
      id: event.id,
      slug: eventSlug(event.title),
      title: event.title,
      smallDescription: event.smallDescription,
      // Re-sanitized on read: whatever reached the row by another way than the editor still cannot run script here.
      description: sanitizeEventHtml(event.description),
      descriptionText: eventHtmlToText(event.description),
      mainPicture: event.mainPicture,
      primaryColor: event.primaryColor,
      theme: event.theme,
      timezone: event.timezone,
      startAt: event.startAt,
      endAt: event.endAt,
      addressLabel: event.addressLabel,
      addressName: event.addressName,
      latitude: event.addressLatitude === null ? null : event.addressLatitude / 1e6,
      longitude: event.addressLongitude === null ? null : event.addressLongitude / 1e6,
      contactEmail: event.contactEmail,
      refundPolicy: event.refundPolicy,
      visibility: event.visibility,
      status: event.status,
      organization,
      // Digits only on write (spec §5); checked again here because it ends up in a URL on the page.
      metaPixelId: /^\d{1,32}$/.test(event.metaPixelId) ? event.metaPixelId : "",
      allowBilling: event.allowBilling,
      forms: {
        order: publicForm(formRows, event.id, "before"),
        participant: publicForm(formRows, event.id, "before-tickets"),
      },
      tickets: visible.filter((t) => t.ticketType === "ticket").map(toPublic),
      addons: visible.filter((t) => t.ticketType === "addon").map(toPublic),
      ...(multiDate ? { multiDate: true } : {}),
      onSale: onSaleScheduleOf(event),
    },
  };
}

function publicForm(
  rows: (typeof participationForms.$inferSelect)[],
  eventId: number,
  formType: "before" | "before-tickets",
): PublicForm {
  const row = rows.find((candidate) => candidate.formType === formType);
  const form = row ? toParticipationForm(row) : emptyParticipationForm(eventId, formType);
  return {
    title: form.title,
    ticketTarget: form.ticketTarget,
    questions: form.questions.map((question) => ({
      id: question.id,
      title: question.title,
      description: question.description ?? "",
      mandatory: question.id === "default" ? true : Boolean(question.mandatory),
      type: question.type,
      options: (question.options ?? []).map((option) => ({ id: option.id, title: option.title })),
      ticket_target: Array.isArray(question.ticket_target) ? question.ticket_target : [],
    })),
  };
}

/**
 * What changes the public page: the event row (status and visibility named explicitly), its tickets (sales move the
 * remaining counts) and the places held by unpaid orders at `now` (a hold placed, paid, released or run out moves
 * them too). Used as the edge cache key, so an edit shows at once without purging anything. Null for a missing event,
 * one that is not published, or one whose on-sale's waiting room is on: the public page of those is never cached.
 */
export async function getPublicEventVersion(
  db: Database,
  eventId: number,
  now: number = Date.now(),
): Promise<string | null> {
  if (!Number.isSafeInteger(eventId) || eventId <= 0) return null;
  const [row] = await db
    .select({
      status: events.status,
      visibility: events.visibility,
      updatedAt: events.updatedAt,
      waitingRoomOpensAt: events.waitingRoomOpensAt,
      waitingRoomClosesAt: events.waitingRoomClosesAt,
      ticketsVersion: sql<
        string | null
      >`(select max(${tickets.updatedAt}) || '.' || sum(${tickets.purchased}) || '.' || count(*) from ${tickets} where ${tickets.eventId} = ${eventId})`,
      heldVersion: eventHeldFingerprintSql(eventId, now),
      // A multi-date event's dates: an edit, a status, a sale (the `sold` counters) changes the page (decision 0068).
      datesVersion: sql<
        string | null
      >`(select max(${eventDates.updatedAt}) || '.' || sum(${eventDates.sold}) || '.' || count(*) || '.' || sum((case ${eventDates.status} when 'sold_out' then 1 when 'cancelled' then 2 else 0 end) * ${eventDates.id}) from ${eventDates} where ${eventDates.eventId} = ${eventId})`,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row || row.status !== "published") return null;
  // While an on-sale's waiting room is on, the page is each visitor's own (queue or pass): never the edge copy.
  if (
    row.waitingRoomOpensAt &&
    row.waitingRoomClosesAt &&
    now >= row.waitingRoomOpensAt.getTime() &&
    now < row.waitingRoomClosesAt.getTime()
  )
    return null;
  const version = `${row.visibility}-${row.updatedAt.getTime()}-${row.ticketsVersion ?? 0}-${row.heldVersion ?? ""}`;
  return row.datesVersion ? `${version}-${row.datesVersion}` : version;
}
