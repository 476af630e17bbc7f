import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";

export type InventoryMode = (typeof events.$inferSelect)["inventoryMode"];

/** How long an isolate trusts the mode it read: a booking reads it once in this time per event, not every time. */
const MEMO_MS = 2_000;
const memo = new Map<number, { mode: InventoryMode; until: number }>();

/**
 * Where an event's places are counted (decision 0072), remembered by this isolate for two seconds. A mode read just
 * before a switch is harmless: D1's guards refuse an event counted by its object (the booking then reads the mode
 * again and goes there), and a closed object sends its bookings back to D1.
 */
export async function inventoryModeOf(db: Database, eventId: number, now = Date.now()): Promise<InventoryMode> {
  const known = memo.get(eventId);
  if (known && known.until > now) return known.mode;
  const [row] = await db.select({ mode: events.inventoryMode }).from(events).where(eq(events.id, eventId)).limit(1);
  const mode = row?.mode ?? "database";
  if (memo.size > 10_000) memo.clear();
  memo.set(eventId, { mode, until: now + MEMO_MS });
  return mode;
}

/** Forgets what this isolate read of the event's mode (after it switched it, or a refusal that may come of a switch). */
export function forgetInventoryMode(eventId: number): void {
  memo.delete(eventId);
}
