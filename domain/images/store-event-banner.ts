import { and, eq, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, images } from "#db/schema";
import type { Actor } from "../shared/actor";
import { BANNER_MAIN_WIDTH, eventBannerPrefix, imageKey, publicImageUrl } from "./banner";
import { loadEventForBannerChange, unreferencedKeys } from "./event-banner-scope";
import { IMMUTABLE_CACHE_CONTROL, type ImageStore } from "./image-store";
import { validateBannerParts, type BannerPart } from "./validate-banner-parts";

async function hash8(parts: readonly { bytes: Uint8Array }[]): Promise<string> {
  const total = parts.reduce((n, p) => n + p.bytes.length, 0);
  const all = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    all.set(p.bytes, offset);
    offset += p.bytes.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return [...digest.subarray(0, 4)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Replaces an event's banner (spec §3 main_picture, 16:9) with the sizes the browser cropped and resized.
 * Stored under a content-hashed prefix so URLs never change meaning; events.main_picture gets the 1280 size;
 * the previous version is deleted from storage once no event shows it.
 */
export async function storeEventBanner(
  db: Database,
  store: ImageStore,
  actor: Actor,
  input: { eventId: number; parts: readonly BannerPart[] },
): Promise<{ mainPicture: string; prefix: string }> {
  const event = await loadEventForBannerChange(db, actor, input.eventId);
  const parts = validateBannerParts(input.parts);
  const prefix = eventBannerPrefix(event.id, await hash8(parts));

  await Promise.all(
    parts.map((p) =>
      store.put(imageKey(prefix, p.width), p.bytes, {
        httpMetadata: { contentType: "image/webp", cacheControl: IMMUTABLE_CACHE_CONTROL },
      }),
    ),
  );

  const previous = await db
    .select({ keyPrefix: images.keyPrefix, sizes: images.sizes })
    .from(images)
    .where(and(eq(images.ownerType, "event"), eq(images.ownerId, event.id), ne(images.keyPrefix, prefix)));
  const mainPicture = publicImageUrl(imageKey(prefix, BANNER_MAIN_WIDTH));
  const sizes = JSON.stringify(parts.map((p) => p.width));
  await db.batch([
    db
      .insert(images)
      .values({ organizationId: event.organizationId, keyPrefix: prefix, ownerType: "event", ownerId: event.id, sizes })
      .onConflictDoUpdate({ target: images.keyPrefix, set: { sizes } }),
    db
      .delete(images)
      .where(and(eq(images.ownerType, "event"), eq(images.ownerId, event.id), ne(images.keyPrefix, prefix))),
    db
      .update(events)
      .set({ mainPicture, updatedAt: new Date() })
      .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId))),
  ]);

  await deleteUnreferenced(db, store, event.organizationId, previous);
  return { mainPicture, prefix };
}

export async function deleteUnreferenced(
  db: Database,
  store: ImageStore,
  organizationId: number,
  versions: readonly { keyPrefix: string; sizes: string }[],
): Promise<void> {
  for (const version of versions) {
    const sizes = parseSizes(version.sizes);
    const keys = await unreferencedKeys(db, organizationId, version.keyPrefix, sizes);
    if (keys.length > 0) await store.delete(keys);
  }
}

function parseSizes(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}
