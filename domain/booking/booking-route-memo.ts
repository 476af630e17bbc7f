import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import { onSaleScheduleOf, type OnSaleSchedule } from "../waiting-room/waiting-room-plan";

export type InventoryMode = (typeof events.$inferSelect)["inventoryMode"];

/**
 * What the public booking API needs to know of an event before anything else: where its places are counted (decision
 * 0072) and its on-sale behind a waiting room (decision 0070).
 */
export type BookingRoute = { inventoryMode: InventoryMode; onSale: OnSaleSchedule | null };

/** How long an isolate trusts the route it read: a booking reads it once in this time per event, not every time. */
const MEMO_MS = 2_000;
const memo = new Map<number, { route: BookingRoute; until: number }>();

/**
 * The event's booking route, remembered by this isolate for two seconds: one primary-key read per event in that
 * time, where every booking used to make one or two round trips of its own before its real work. A route read just
 * before a change is harmless. D1's guards refuse an event counted by its object (the booking then reads the route
 * again and goes there), and a closed object sends its bookings back to D1. The on-sale is kept as its times, so a
 * room opens and closes on time; a change of them reaches other isolates within the two seconds (docs/decisions/0076).
 */
export async function bookingRouteOf(db: Database, eventId: number, now = Date.now()): Promise<BookingRoute> {
  const known = memo.get(eventId);
  if (known && known.until > now) return known.route;
  const [row] = await db
    .select({
      inventoryMode: events.inventoryMode,
      onSaleAt: events.onSaleAt,
      waitingRoomOpensAt: events.waitingRoomOpensAt,
      waitingRoomClosesAt: events.waitingRoomClosesAt,
      waitingRoomRatePerMinute: events.waitingRoomRatePerMinute,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  const route: BookingRoute = row
    ? { inventoryMode: row.inventoryMode, onSale: onSaleScheduleOf(row) }
    : { inventoryMode: "database", onSale: null };
  if (memo.size > 10_000) memo.clear();
  memo.set(eventId, { route, until: now + MEMO_MS });
  return route;
}

/** Where the event's places are counted, through the memo. */
export async function inventoryModeOf(db: Database, eventId: number, now = Date.now()): Promise<InventoryMode> {
  return (await bookingRouteOf(db, eventId, now)).inventoryMode;
}

/** Forgets what this isolate read of the event's route (after a change of it, or a refusal that may come of one). */
export function forgetBookingRoute(eventId: number): void {
  memo.delete(eventId);
}
