import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import { eventPermissions, loadEventForActor } from "../events/event-access";
import { utcToZonedDateTime, zonedDateTimeToUtc } from "../events/event-time-zone";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { forgetBookingRoute } from "../booking/booking-route-memo";
import { changeInventoryMode } from "../inventory/change-inventory-mode";
import type { InventoryPort } from "../inventory/inventory-port";
import type { OnSaleInput } from "./on-sale-input-schema";
import { onSaleScheduleOf, roomPhase, type OnSaleSchedule, type RoomPhase } from "./waiting-room-plan";

export type OnSaleSettingsView = {
  schedule: OnSaleSchedule | null;
  /** The form's values: the on-sale time in the event's time zone, the lead and duration in minutes. */
  values: { onSaleAt: string; leadMinutes: number; durationMinutes: number; ratePerMinute: number } | null;
  /** Where the on-sale stands now; `ended` once its room has closed. */
  state: "none" | "scheduled" | Exclude<RoomPhase, "off"> | "ended";
  timezone: string;
};

export function onSaleSettingsOf(
  event: Parameters<typeof onSaleScheduleOf>[0] & { timezone: string },
  now: number,
): OnSaleSettingsView {
  const schedule = onSaleScheduleOf(event);
  const phase = roomPhase(schedule, now);
  return {
    schedule,
    values: schedule && {
      onSaleAt: utcToZonedDateTime(schedule.onSaleAt, event.timezone),
      leadMinutes: Math.round((schedule.onSaleAt - schedule.opensAt) / 60_000),
      durationMinutes: Math.round((schedule.closesAt - schedule.onSaleAt) / 60_000),
      ratePerMinute: schedule.ratePerMinute,
    },
    state: !schedule ? "none" : phase !== "off" ? phase : now < schedule.opensAt ? "scheduled" : "ended",
    timezone: event.timezone,
  };
}

/**
 * Schedules (or, with `null`, removes) the event's on-sale behind a waiting room (docs/decisions/0070-waiting-room.md).
 * The time is read in the event's time zone. A change of the on-sale time starts a new, empty room; a change of the
 * rate applies at once, even while the sale runs. An on-sale's places are counted by the event's inventory object
 * (decision 0072): scheduling switches the event to it, removing switches it back to D1 once the object's orders are
 * all there (else 409 `inventory_still_writing`: remove again a few seconds later).
 */
export async function scheduleOnSale(
  db: Database,
  actor: Actor,
  input: { eventId: number; onSale: OnSaleInput | null; now?: Date },
  deps: { inventory?: InventoryPort } = {},
): Promise<OnSaleSettingsView> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const now = input.now ?? new Date();
  let columns: Partial<typeof events.$inferInsert>;
  if (input.onSale === null) {
    columns = { onSaleAt: null, waitingRoomOpensAt: null, waitingRoomClosesAt: null, waitingRoomRatePerMinute: null };
  } else {
    const onSaleAt = zonedDateTimeToUtc(input.onSale.on_sale_at, event.timezone);
    if (!onSaleAt)
      throw new AppError("validation", "errors:invalid-input", {
        fields: { on_sale_at: "waiting-room:errors.on-sale-at-required" },
      });
    const closesAt = onSaleAt.getTime() + input.onSale.duration_minutes * 60_000;
    if (closesAt <= now.getTime())
      throw new AppError("validation", "errors:invalid-input", {
        fields: { on_sale_at: "waiting-room:errors.on-sale-closes-in-past" },
      });
    columns = {
      onSaleAt,
      waitingRoomOpensAt: new Date(onSaleAt.getTime() - input.onSale.lead_minutes * 60_000),
      waitingRoomClosesAt: new Date(closesAt),
      waitingRoomRatePerMinute: input.onSale.rate_per_minute,
    };
  }
  const [row] = await db
    .update(events)
    .set({ ...columns, updatedAt: now })
    .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId)))
    .returning();
  forgetBookingRoute(event.id);
  if (deps.inventory)
    await changeInventoryMode(
      db,
      actor,
      { eventId: event.id, mode: input.onSale ? "object" : "database" },
      { inventory: deps.inventory },
    );
  return onSaleSettingsOf(row!, now.getTime());
}

/** The on-sale section of the event's settings: what is scheduled, and whether the actor may change it. */
export async function getOnSaleSettings(
  db: Database,
  actor: Actor,
  input: { eventId: number; now?: Date },
): Promise<OnSaleSettingsView & { canUpdate: boolean }> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const { canUpdate } = eventPermissions(actor, scope);
  return { ...onSaleSettingsOf(event, (input.now ?? new Date()).getTime()), canUpdate };
}
