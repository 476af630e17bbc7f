import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import { eventSlug } from "../events/event-slug";
import { verifyPrivateEventHash, type PrivateLinkEnv } from "../events/private-event-link";
import { onSaleScheduleOf, type OnSaleSchedule } from "./waiting-room-plan";

export type RoomEvent = {
  id: number;
  title: string;
  slug: string;
  timezone: string;
  theme: "light" | "dark";
  primaryColor: string;
  visibility: "public" | "private";
  schedule: OnSaleSchedule | null;
};

/**
 * The event whose queue a visitor joins: published, and for a private event only with its link's `t` (as its page).
 * Null otherwise, which the API and the page answer as not found.
 */
export async function getRoomEvent(
  db: Database,
  env: PrivateLinkEnv,
  input: { eventId: number | null; hash: string | null },
): Promise<RoomEvent | null> {
  if (input.eventId === null) return null;
  // The columns the room needs, not the whole row (its description and settings): the waiting page asks for news every
  // few seconds per visitor.
  const [event] = await db
    .select({
      id: events.id,
      status: events.status,
      visibility: events.visibility,
      privateLinkVersion: events.privateLinkVersion,
      title: events.title,
      timezone: events.timezone,
      theme: events.theme,
      primaryColor: events.primaryColor,
      onSaleAt: events.onSaleAt,
      waitingRoomOpensAt: events.waitingRoomOpensAt,
      waitingRoomClosesAt: events.waitingRoomClosesAt,
      waitingRoomRatePerMinute: events.waitingRoomRatePerMinute,
    })
    .from(events)
    .where(eq(events.id, input.eventId))
    .limit(1);
  if (!event || event.status !== "published") return null;
  if (event.visibility === "private" && !verifyPrivateEventHash(env, event, input.hash)) return null;
  return {
    id: event.id,
    title: event.title,
    slug: eventSlug(event.title),
    timezone: event.timezone,
    theme: event.theme,
    primaryColor: event.primaryColor,
    visibility: event.visibility,
    schedule: onSaleScheduleOf(event),
  };
}
