import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { events, orderItems, orders, organizations, participants, tickets, type OrderStatus } from "#db/schema";
import { countsAsSale } from "../orders/order-status";
import type { EmailLocale } from "../emails/email-locale";
import { parseTicketDates, participantDatesColumn, type TicketDate } from "../event-dates/order-dates";

/** Everything the confirmation email and the PDF tickets show, read in one place at send (or download) time. */
export type OrderDocuments = {
  order: {
    id: number;
    organizationId: number;
    eventId: number;
    status: OrderStatus;
    firstName: string;
    lastName: string;
    email: string;
    locale: EmailLocale;
    accessToken: string;
    /** What the buyer paid, cents (fees added to the price included). */
    amount: number;
    promoCodeKey: string | null;
    /** The billing details the buyer gave (field → value), or null. */
    billing: Record<string, string> | null;
  };
  event: {
    id: number;
    title: string;
    startAt: Date | null;
    endAt: Date | null;
    timezone: string;
    addressName: string;
    addressLabel: string;
    /** The short description, in the calendar entry the confirmation email links to. */
    smallDescription: string;
    /** The calendar files' SEQUENCE (decision 0055). */
    calendarSequence: number;
    emailPdfMessage: string;
    /** The event's response address (`email_pdf_email_response`): the confirmation's Reply-To; "" when unset. */
    emailPdfEmailResponse: string;
    organizationTitle: string;
    /** The organizer's colour for this event ("#rrggbb"), which the PDF ticket's header band carries. */
    primaryColor: string;
  };
  /** One per participant row (a ticket, or an add-on that has its own row), tickets first. */
  tickets: {
    participantId: number;
    accessToken: string;
    firstName: string;
    lastName: string;
    ticketTitle: string;
    ticketType: "ticket" | "addon";
    price: number;
    /** On a multi-date event (decision 0068): the ticket's date, or a pass's dates; empty on a single-date event. */
    dates: TicketDate[];
  }[];
  /** The order's add-on lines (from its items), listed on every ticket. */
  addons: { title: string; quantity: number }[];
  /** Every line of the order as bought (from its items), for the receipt in the confirmation email. */
  lines: OrderDocumentLine[];
};

export type OrderDocumentLine = {
  title: string;
  quantity: number;
  unitPrice: number;
  /** The whole line's promo code discount, cents. */
  discount: number;
  /** The platform fee the buyer paid on top of the price (fees "added"); 0 when the organizer bears it. */
  addedFees: number;
};

function parseBilling(text: string | null): Record<string, string> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].trim() !== "",
    );
    return entries.length > 0 ? Object.fromEntries(entries) : null;
  } catch {
    return null;
  }
}

/**
 * Reads an order with its event and participants; `organizationId` scopes the read to a tenant when the caller has
 * one. Null when the order does not exist (in that tenant).
 */
export async function loadOrderDocuments(
  db: Database,
  input: { orderId: number; organizationId?: number },
): Promise<OrderDocuments | null> {
  if (!Number.isSafeInteger(input.orderId) || input.orderId <= 0) return null;
  const orderId = input.orderId;
  // The participants and add-ons are scoped by the order's own organization, read inside the same statement.
  const organizationId =
    input.organizationId ?? sql`(select ${orders.organizationId} from ${orders} where ${orders.id} = ${orderId})`;
  // One round trip for the three reads (the email consumer runs this for every confirmed order). In a D1 batch, rows
  // come back keyed by column name: the two titles get names of their own.
  const [orderRows, ticketRows, lineRows] = await db.batch([
    db
      .select(orderFields)
      .from(orders)
      .innerJoin(events, and(eq(events.id, orders.eventId), eq(events.organizationId, orders.organizationId)))
      .innerJoin(organizations, eq(organizations.id, orders.organizationId))
      .where(
        input.organizationId === undefined
          ? eq(orders.id, orderId)
          : and(eq(orders.id, orderId), eq(orders.organizationId, input.organizationId)),
      )
      .limit(1),
    db
      .select(ticketFields)
      .from(participants)
      .where(and(eq(participants.orderId, orderId), eq(participants.organizationId, organizationId)))
      .orderBy(asc(participants.id)),
    db
      .select(lineFields)
      .from(orderItems)
      .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.organizationId, organizationId)))
      .orderBy(asc(orderItems.id)),
  ]);
  const row = orderRows[0];
  return row ? assembleOrderDocuments(row, ticketRows, lineRows) : null;
}

/**
 * The reads of `loadOrderDocuments` for many orders at once (the confirmation emails of a queue batch), to place in
 * one D1 batch: `orderIds` is SQL of the order ids' list. Each participant and line is scoped by its own order's
 * organization. `orderDocumentsOf` assembles the three results.
 */
export function orderDocumentsStatements(db: Database, orderIds: SQL) {
  const sameOrganization = (column: SQLiteColumn, orderColumn: SQLiteColumn) =>
    sql`${column} = (select o.organization_id from orders o where o.id = ${orderColumn})`;
  return [
    db
      .select(orderFields)
      .from(orders)
      .innerJoin(events, and(eq(events.id, orders.eventId), eq(events.organizationId, orders.organizationId)))
      .innerJoin(organizations, eq(organizations.id, orders.organizationId))
      .where(inArray(orders.id, orderIds)),
    db
      .select({ ...ticketFields, orderId: participants.orderId, email: participants.email })
      .from(participants)
      .where(
        and(
          inArray(participants.orderId, orderIds),
          sameOrganization(participants.organizationId, participants.orderId),
        ),
      )
      .orderBy(asc(participants.id)),
    db
      .select({ ...lineFields, orderId: orderItems.orderId })
      .from(orderItems)
      .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
      .where(
        and(inArray(orderItems.orderId, orderIds), sameOrganization(orderItems.organizationId, orderItems.orderId)),
      )
      .orderBy(asc(orderItems.id)),
  ] as const;
}

type OrderRow = Awaited<ReturnType<typeof orderDocumentsStatements>[0]>[number];
type TicketRow = Awaited<ReturnType<typeof orderDocumentsStatements>[1]>[number];
type LineRow = Awaited<ReturnType<typeof orderDocumentsStatements>[2]>[number];

/** The documents of each order the statements of `orderDocumentsStatements` read, with its participants' emails. */
export function orderDocumentsOf(
  orderRows: OrderRow[],
  ticketRows: TicketRow[],
  lineRows: LineRow[],
): Map<number, { documents: OrderDocuments; participants: TicketRow[] }> {
  const byOrder = new Map<number, { documents: OrderDocuments; participants: TicketRow[] }>();
  for (const row of orderRows) {
    const own = ticketRows.filter((ticket) => ticket.orderId === row.id);
    const documents = assembleOrderDocuments(
      row,
      own.map(({ orderId: _order, email: _email, ...ticket }) => ticket),
      lineRows.filter((line) => line.orderId === row.id),
    );
    byOrder.set(row.id, { documents, participants: own });
  }
  return byOrder;
}

const orderFields = {
  id: orders.id,
  organizationId: orders.organizationId,
  eventId: orders.eventId,
  status: orders.status,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  locale: orders.locale,
  accessToken: orders.accessToken,
  amount: orders.amount,
  promoCodeKey: orders.promoCodeKey,
  billing: orders.billing,
  eventTitle: sql<string>`${events.title}`.as("event_title"),
  startAt: events.startAt,
  endAt: events.endAt,
  timezone: events.timezone,
  addressName: events.addressName,
  addressLabel: events.addressLabel,
  smallDescription: events.smallDescription,
  calendarSequence: events.calendarSequence,
  emailPdfMessage: events.emailPdfMessage,
  emailPdfEmailResponse: events.emailPdfEmailResponse,
  primaryColor: events.primaryColor,
  organizationTitle: sql<string>`${organizations.title}`.as("organization_title"),
};

const ticketFields = {
  participantId: participants.id,
  accessToken: participants.accessToken,
  firstName: participants.firstName,
  lastName: participants.lastName,
  ticketTitle: participants.ticketTitle,
  ticketType: participants.ticketType,
  price: participants.price,
  dates: participantDatesColumn(),
};

const lineFields = {
  title: tickets.title,
  ticketType: orderItems.ticketType,
  quantity: orderItems.quantity,
  unitPrice: orderItems.unitPrice,
  discount: orderItems.discount,
  fees: orderItems.fees,
  feesType: orderItems.feesType,
};

function assembleOrderDocuments(
  row: OrderRow,
  ticketRows: Omit<TicketRow, "orderId" | "email">[],
  lineRows: Omit<LineRow, "orderId">[],
): OrderDocuments {
  return {
    order: {
      id: row.id,
      organizationId: row.organizationId,
      eventId: row.eventId,
      status: row.status,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      locale: row.locale === "en" ? "en" : "fr",
      accessToken: row.accessToken,
      amount: row.amount,
      promoCodeKey: row.promoCodeKey,
      billing: parseBilling(row.billing),
    },
    event: {
      id: row.eventId,
      title: row.eventTitle,
      startAt: row.startAt,
      endAt: row.endAt,
      timezone: row.timezone,
      addressName: row.addressName,
      addressLabel: row.addressLabel,
      smallDescription: row.smallDescription,
      calendarSequence: row.calendarSequence,
      emailPdfMessage: row.emailPdfMessage,
      emailPdfEmailResponse: row.emailPdfEmailResponse,
      primaryColor: row.primaryColor,
      organizationTitle: row.organizationTitle,
    },
    tickets: [
      ...ticketRows.filter((t) => t.ticketType === "ticket"),
      ...ticketRows.filter((t) => t.ticketType !== "ticket"),
    ].map((ticket) => ({ ...ticket, dates: parseTicketDates(ticket.dates) })),
    addons: lineRows
      .filter((line) => line.ticketType === "addon")
      .map((line) => ({ title: line.title, quantity: line.quantity })),
    lines: lineRows.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      discount: line.discount,
      addedFees: line.feesType === "added" ? line.fees : 0,
    })),
  };
}

/** Tickets exist (and may be sent or downloaded) once the order is a sale: paid, or entered by hand. */
export function hasTickets(documents: OrderDocuments): boolean {
  return countsAsSale(documents.order.status) && documents.tickets.length > 0;
}
