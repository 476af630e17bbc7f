import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, orderItems, orders, organizations, participants, tickets, type OrderStatus } from "#db/schema";
import { countsAsSale } from "../orders/order-status";
import type { EmailLocale } from "../emails/email-locale";

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
    amount: number;
  };
  event: {
    id: number;
    title: string;
    startAt: Date | null;
    endAt: Date | null;
    timezone: string;
    addressName: string;
    addressLabel: string;
    emailPdfMessage: string;
    organizationTitle: string;
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
  }[];
  /** The order's add-on lines (from its items), listed on every ticket. */
  addons: { title: string; quantity: number }[];
};

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
  const [orderRows, ticketRows, addonRows] = await db.batch([
    db
      .select({
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
        eventTitle: sql<string>`${events.title}`.as("event_title"),
        startAt: events.startAt,
        endAt: events.endAt,
        timezone: events.timezone,
        addressName: events.addressName,
        addressLabel: events.addressLabel,
        emailPdfMessage: events.emailPdfMessage,
        organizationTitle: sql<string>`${organizations.title}`.as("organization_title"),
      })
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
      .select({
        participantId: participants.id,
        accessToken: participants.accessToken,
        firstName: participants.firstName,
        lastName: participants.lastName,
        ticketTitle: participants.ticketTitle,
        ticketType: participants.ticketType,
        price: participants.price,
      })
      .from(participants)
      .where(and(eq(participants.orderId, orderId), eq(participants.organizationId, organizationId)))
      .orderBy(asc(participants.id)),
    db
      .select({ title: tickets.title, quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
      .where(
        and(
          eq(orderItems.orderId, orderId),
          eq(orderItems.organizationId, organizationId),
          eq(orderItems.ticketType, "addon"),
        ),
      )
      .orderBy(asc(orderItems.id)),
  ]);
  const row = orderRows[0];
  if (!row) return null;
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
    },
    event: {
      id: row.eventId,
      title: row.eventTitle,
      startAt: row.startAt,
      endAt: row.endAt,
      timezone: row.timezone,
      addressName: row.addressName,
      addressLabel: row.addressLabel,
      emailPdfMessage: row.emailPdfMessage,
      organizationTitle: row.organizationTitle,
    },
    tickets: [
      ...ticketRows.filter((t) => t.ticketType === "ticket"),
      ...ticketRows.filter((t) => t.ticketType !== "ticket"),
    ],
    addons: addonRows,
  };
}

/** Tickets exist (and may be sent or downloaded) once the order is a sale: paid, or entered by hand. */
export function hasTickets(documents: OrderDocuments): boolean {
  return countsAsSale(documents.order.status) && documents.tickets.length > 0;
}
