import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import type { SelfServiceSettings } from "../self-service/self-service-rules";
import { loadEventForActor } from "./event-access";
import {
  META_PIXEL_ID_PATTERN,
  META_PIXEL_ID_MAX_LENGTH,
  SELF_SERVICE_MAX_BEFORE,
  type EventSettings,
} from "./event-input-schema";

export type EventSettingsResult = {
  metaPixelId: string;
  allowBilling: boolean;
  /** How long a waiting-list offer holds its places (issue 28 §3). */
  waitingListHoldHours: number;
} & SelfServiceSettings;

const settingsOf = (event: typeof events.$inferSelect): EventSettingsResult => ({
  metaPixelId: event.metaPixelId,
  allowBilling: event.allowBilling,
  selfServiceEdit: event.selfServiceEdit,
  selfServiceEditBefore: event.selfServiceEditBefore,
  selfServiceEditUnit: event.selfServiceEditUnit,
  selfServiceTransfer: event.selfServiceTransfer,
  selfServiceTransferBefore: event.selfServiceTransferBefore,
  selfServiceTransferUnit: event.selfServiceTransferUnit,
  selfServiceCancel: event.selfServiceCancel,
  selfServiceCancelBefore: event.selfServiceCancelBefore,
  selfServiceCancelUnit: event.selfServiceCancelUnit,
  selfServiceCancelRefund: event.selfServiceCancelRefund,
  selfServiceCancelPercentage: event.selfServiceCancelPercentage,
  waitingListHoldHours: event.waitingListHoldHours,
});

/**
 * Spec §2 event settings and the order-forms billing switch: the tracking pixel id (empty or digits only),
 * allow_billing, the buyers' self-service rules (issue 28 §1) and how long a waiting-list offer holds its places
 * (issue 28 §3). Returns them as stored.
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
  if (input.waitingListHoldHours !== undefined) changes.waitingListHoldHours = input.waitingListHoldHours;
  // Buyers' self-service (issue 28 §1): each deadline within a year of the start, in its unit.
  for (const [flag, before, unit, field] of [
    ["selfServiceEdit", "selfServiceEditBefore", "selfServiceEditUnit", "self_service_edit_before"],
    ["selfServiceTransfer", "selfServiceTransferBefore", "selfServiceTransferUnit", "self_service_transfer_before"],
    ["selfServiceCancel", "selfServiceCancelBefore", "selfServiceCancelUnit", "self_service_cancel_before"],
  ] as const) {
    if (input[flag] !== undefined) changes[flag] = input[flag];
    const value = input[before] ?? event[before];
    const inUnit = input[unit] ?? event[unit];
    if (input[before] !== undefined || input[unit] !== undefined) {
      if (value > SELF_SERVICE_MAX_BEFORE[inUnit])
        throw new AppError("validation", "events:errors.invalid-input", {
          fields: { [field]: "events:errors.self-service-before-invalid" },
        });
      changes[before] = value;
      changes[unit] = inUnit;
    }
  }
  // The buyer's cancellation refund (docs/decisions/0060): the policy, and the percentage it gives when it is one.
  if (input.selfServiceCancelRefund !== undefined) changes.selfServiceCancelRefund = input.selfServiceCancelRefund;
  if (input.selfServiceCancelPercentage !== undefined)
    changes.selfServiceCancelPercentage = input.selfServiceCancelPercentage;
  if (Object.keys(changes).length === 0) return settingsOf(event);

  const [row] = await db
    .update(events)
    .set({ ...changes, updatedAt: input.now ?? new Date() })
    .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId)))
    .returning();
  return settingsOf(row!);
}
