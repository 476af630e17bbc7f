import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { loadEventForActor } from "./event-access";
import { META_PIXEL_ID_PATTERN, META_PIXEL_ID_MAX_LENGTH, type EventSettings } from "./event-input-schema";

export type EventSettingsResult = { metaPixelId: string; allowBilling: boolean };

/**
 * Spec §2 event settings and the order-forms billing switch: the tracking pixel id (empty or digits only) and
 * allow_billing. Returns both as stored.
 */
export async function updateEventSettings(
  db: Database,
  actor: Actor,
  input: { eventId: number; now?: Date } & EventSettings,
): Promise<EventSettingsResult> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const changes: Partial<EventSettingsResult> = {};
  if (input.metaPixelId !== undefined) {
    const pixel = input.metaPixelId.trim();
    if (!META_PIXEL_ID_PATTERN.test(pixel) || pixel.length > META_PIXEL_ID_MAX_LENGTH) {
      throw new AppError("validation", "events:errors.invalid-input", {
        fields: { meta_pixel_id: "events:errors.meta-pixel-id-invalid" },
      });
    }
    changes.metaPixelId = pixel;
  }
  if (input.allowBilling !== undefined) changes.allowBilling = input.allowBilling;
  if (Object.keys(changes).length === 0) return { metaPixelId: event.metaPixelId, allowBilling: event.allowBilling };

  const [row] = await db
    .update(events)
    .set({ ...changes, updatedAt: input.now ?? new Date() })
    .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId)))
    .returning({ metaPixelId: events.metaPixelId, allowBilling: events.allowBilling });
  return row!;
}
