import { and, count, eq, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import {
  eventAccesses,
  events,
  memberships,
  orders,
  organizations,
  participants,
  promoCodes,
  tickets,
  type EventVisibility,
} from "#db/schema";
import { assertCanOnPlatform } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { paymentAccountStatus, type PaymentAccountStatus } from "../organizations/payment-account-status";
import { eventDisplayStatus, type EventDisplayStatus } from "../events/event-past";
import { countedParticipant, countOrdersByStatus, isSale } from "./admin-figures";

export type AdminEventDetail = {
  event: {
    id: number;
    title: string;
    status: EventDisplayStatus;
    visibility: EventVisibility;
    startAt: Date | null;
    endAt: Date | null;
    timezone: string;
    addressName: string;
    addressLabel: string;
    eventCapacity: number;
    createdAt: Date;
    publishedAt: Date | null;
  };
  organization: {
    id: number;
    title: string;
    membersCount: number;
    paymentAccount: PaymentAccountStatus;
    createdAt: Date;
  };
  figures: {
    tickets: number;
    addons: number;
    participants: number;
    checkedIn: number;
    orders: { total: number; paid: number; manual: number; pending: number; other: number };
    grossSales: number;
    fees: number;
    netSales: number;
    promoCodes: number;
    teamMembers: number;
  };
};

/**
 * /admin/organizations/:id/:event_id: the event's key figures and its organization. The event must belong to that
 * organization, or the answer is 404.
 */
export async function getAdminEvent(
  db: Database,
  actor: Pick<Actor, "isAdmin">,
  input: { organizationId: number; eventId: number; now?: Date },
): Promise<AdminEventDetail> {
  assertCanOnPlatform(actor, "admin:access");
  const now = input.now ?? new Date();
  const ofEvent = (table: { eventId: SQLiteColumn }) => eq(table.eventId, input.eventId);
  // Separate from the batch: D1 maps batched rows by column name, and events and organizations share names.
  const [found] = await db
    .select({ event: events, organization: organizations })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(and(eq(events.id, input.eventId), eq(events.organizationId, input.organizationId)))
    .limit(1);
  if (!found) throw notFound();
  const { event, organization } = found;

  const [memberRows, ticketRows, participantRows, orderRows, salesRows, promoRows, teamRows] = await db.batch([
    db.select({ total: count() }).from(memberships).where(eq(memberships.organizationId, input.organizationId)),
    db
      .select({ type: tickets.ticketType, total: count() })
      .from(tickets)
      .where(and(ofEvent(tickets), sql`${tickets.visibility} <> 'deleted'`))
      .groupBy(tickets.ticketType),
    db
      .select({ total: count(), checkedIn: sql<number>`coalesce(sum(${participants.isIn}), 0)` })
      .from(participants)
      .innerJoin(orders, eq(orders.id, participants.orderId))
      .where(and(ofEvent(participants), countedParticipant)),
    db.select({ status: orders.status, total: count() }).from(orders).where(ofEvent(orders)).groupBy(orders.status),
    db
      .select({
        gross: sql<number>`coalesce(sum(${orders.amount}), 0)`,
        fees: sql<number>`coalesce(sum(${orders.fees}), 0)`,
        net: sql<number>`coalesce(sum(${orders.netAmount}), 0)`,
      })
      .from(orders)
      .where(and(ofEvent(orders), isSale)),
    db.select({ total: count() }).from(promoCodes).where(ofEvent(promoCodes)),
    db.select({ total: count() }).from(eventAccesses).where(ofEvent(eventAccesses)),
  ]);

  const orderCounts = countOrdersByStatus(orderRows);
  return {
    event: {
      id: event.id,
      title: event.title,
      status: eventDisplayStatus(event, now),
      visibility: event.visibility,
      startAt: event.startAt,
      endAt: event.endAt,
      timezone: event.timezone,
      addressName: event.addressName,
      addressLabel: event.addressLabel,
      eventCapacity: event.eventCapacity,
      createdAt: event.createdAt,
      publishedAt: event.publishedAt,
    },
    organization: {
      id: organization.id,
      title: organization.title,
      membersCount: Number(memberRows[0]?.total ?? 0),
      paymentAccount: paymentAccountStatus(organization),
      createdAt: organization.createdAt,
    },
    figures: {
      tickets: Number(ticketRows.find((r) => r.type === "ticket")?.total ?? 0),
      addons: Number(ticketRows.find((r) => r.type === "addon")?.total ?? 0),
      participants: Number(participantRows[0]?.total ?? 0),
      checkedIn: Number(participantRows[0]?.checkedIn ?? 0),
      orders: orderCounts,
      grossSales: Number(salesRows[0]?.gross ?? 0),
      fees: Number(salesRows[0]?.fees ?? 0),
      netSales: Number(salesRows[0]?.net ?? 0),
      promoCodes: Number(promoRows[0]?.total ?? 0),
      teamMembers: Number(teamRows[0]?.total ?? 0),
    },
  };
}
