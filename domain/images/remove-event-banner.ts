import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, images } from "#db/schema";
import type { Actor } from "../shared/actor";
import { loadEventForBannerChange } from "./event-banner-scope";
import type { ImageStore } from "./image-store";
import { deleteUnreferenced } from "./store-event-banner";

/** Takes the banner off an event (main_picture becomes empty) and deletes its files once no event shows them. */
export async function removeEventBanner(
  db: Database,
  store: ImageStore,
  actor: Actor,
  input: { eventId: number },
): Promise<void> {
  const event = await loadEventForBannerChange(db, actor, input.eventId);
  const versions = await db
    .select({ keyPrefix: images.keyPrefix, sizes: images.sizes })
    .from(images)
    .where(and(eq(images.ownerType, "event"), eq(images.ownerId, event.id)));
  await db.batch([
    db.delete(images).where(and(eq(images.ownerType, "event"), eq(images.ownerId, event.id))),
    db
      .update(events)
      .set({ mainPicture: "", updatedAt: new Date() })
      .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId))),
  ]);
  await deleteUnreferenced(db, store, event.organizationId, versions);
}
