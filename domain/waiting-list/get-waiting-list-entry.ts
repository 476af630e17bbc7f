import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, tickets, waitingListEntries, type EventTheme, type WaitingListStatus } from "#db/schema";
import { eventSlug } from "../events/event-slug";
import { OPEN_WAITING_LIST_STATUSES, waitingListPositionSql, ENTRY_ROW } from "./waiting-list-position";

export type WaitingListEntryView = {
  status: WaitingListStatus;
  firstName: string;
  quantity: number;
  /** Place in the ticket's line while open, else null. */
  position: number | null;
  /** While offered: the places held and when the offer runs out (epoch ms). */
  offeredQuantity: number;
  offerExpiresAt: number | null;
  locale: "fr" | "en";
  ticketTitle: string;
  event: {
    id: number;
    slug: string;
    title: string;
    timezone: string;
    startAt: number | null;
    endAt: number | null;
    primaryColor: string;
    theme: EventTheme;
  };
};

/**
 * The person's own page of their waiting-list entry (issue 28 §3), found by their link's token alone: the event, the
 * ticket, how many places, their place in line while waiting, their offer while offered. Null for an unknown token.
 */
export async function getWaitingListEntry(
  db: Database,
  input: { token: string },
): Promise<WaitingListEntryView | null> {
  if (input.token.length === 0 || input.token.length > 100) return null;
  const [row] = await db
    .select({
      status: waitingListEntries.status,
      firstName: waitingListEntries.firstName,
      quantity: waitingListEntries.quantity,
      offeredQuantity: waitingListEntries.offeredQuantity,
      offerExpiresAt: waitingListEntries.offerExpiresAt,
      locale: waitingListEntries.locale,
      position: waitingListPositionSql(ENTRY_ROW.ticketId, ENTRY_ROW.id).mapWith(Number),
      ticketTitle: tickets.title,
      eventId: events.id,
      eventTitle: events.title,
      timezone: events.timezone,
      startAt: events.startAt,
      endAt: events.endAt,
      primaryColor: events.primaryColor,
      theme: events.theme,
    })
    .from(waitingListEntries)
    .innerJoin(tickets, eq(tickets.id, waitingListEntries.ticketId))
    .innerJoin(
      events,
      and(eq(events.id, waitingListEntries.eventId), eq(events.organizationId, waitingListEntries.organizationId)),
    )
    .where(eq(waitingListEntries.accessToken, input.token))
    .limit(1);
  if (!row) return null;
  const open = (OPEN_WAITING_LIST_STATUSES as readonly string[]).includes(row.status);
  return {
    status: row.status,
    firstName: row.firstName,
    quantity: row.quantity,
    position: open ? row.position : null,
    offeredQuantity: row.status === "offered" ? row.offeredQuantity : 0,
    offerExpiresAt: row.status === "offered" ? (row.offerExpiresAt?.getTime() ?? null) : null,
    locale: row.locale === "en" ? "en" : "fr",
    ticketTitle: row.ticketTitle,
    event: {
      id: row.eventId,
      slug: eventSlug(row.eventTitle),
      title: row.eventTitle,
      timezone: row.timezone,
      startAt: row.startAt?.getTime() ?? null,
      endAt: row.endAt?.getTime() ?? null,
      primaryColor: row.primaryColor,
      theme: row.theme,
    },
  };
}
