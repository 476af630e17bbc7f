import { and, eq, like } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { imageKey, publicImageUrl } from "./banner";

/** The event, once the actor may update it (the events domain's rule: 404 out of reach, 403 view-only). */
export async function loadEventForBannerChange(db: Database, actor: Actor, eventId: number) {
  const { event } = await loadEventForActor(db, actor, eventId, "event:update");
  return event;
}

/**
 * R2 keys of an image version that no event of its organization shows any more (a duplicated event may still show its
 * original's). Banners are shared only inside one organization, so only its events are looked at.
 */
export async function unreferencedKeys(
  db: Database,
  organizationId: number,
  prefix: string,
  sizes: readonly number[],
): Promise<string[]> {
  const [stillUsed] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), like(events.mainPicture, `${publicImageUrl(prefix)}-%`)))
    .limit(1);
  return stillUsed ? [] : sizes.map((width) => imageKey(prefix, width));
}
