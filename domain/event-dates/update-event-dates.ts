import { and, inArray, lte, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { eventDates } from "#db/schema";
import { nextDayKey, utcToZonedDateTime, zonedDateTimeToUtc } from "../events/event-time-zone";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { readEventDates, resolveDateTargets, type DateTargets } from "./event-date-access";
import { chunks } from "../shared/chunks";
import { checkCapacity, checkTimes, normalizePlace, type DateExtras } from "./event-date-fields";
import type { EventDateItem } from "./event-date-record";
import { eventSpanUpdate } from "./event-date-span";
import { followEventSpan } from "./follow-event-span";

/**
 * What an edit changes. `startAt`/`endAt` move one date; `startTime`/`endTime` ("HH:mm" in the event's zone) set the
 * time of every date of a range on its own day (an end at or before the start is the next day; `endTime` null: no end).
 */
export type EventDateChanges = DateExtras & {
  startAt?: Date;
  endAt?: Date | null;
  startTime?: string;
  endTime?: string | null;
  status?: "on_sale" | "sold_out";
};

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function invalid(field: string, key: string): AppError {
  return new AppError("validation", key, { fields: { [field]: key } });
}

function atLocalTime(day: string, time: string, timeZone: string): Date {
  return zonedDateTimeToUtc(`${day}T${time}`, timeZone)!;
}

/** The new start and end of a date under the changes, or null when they leave its times alone. */
function newTimes(
  date: EventDateItem,
  changes: EventDateChanges,
  timeZone: string,
): { startAt: Date; endAt: Date | null } | null {
  if (changes.startAt !== undefined || changes.endAt !== undefined) {
    const startAt = changes.startAt ?? date.startAt;
    const endAt = changes.endAt === undefined ? date.endAt : changes.endAt;
    checkTimes(startAt, endAt);
    return { startAt, endAt };
  }
  if (changes.startTime === undefined && changes.endTime === undefined) return null;
  const day = utcToZonedDateTime(date.startAt, timeZone).slice(0, 10);
  const startAt = changes.startTime ? atLocalTime(day, changes.startTime, timeZone) : date.startAt;
  let endAt: Date | null;
  if (changes.endTime === undefined) {
    // The date keeps its length.
    endAt = date.endAt ? new Date(startAt.getTime() + (date.endAt.getTime() - date.startAt.getTime())) : null;
  } else if (changes.endTime === null) {
    endAt = null;
  } else {
    endAt = atLocalTime(day, changes.endTime, timeZone);
    if (endAt <= startAt) {
      endAt = atLocalTime(nextDayKey(day), changes.endTime, timeZone);
    }
  }
  return { startAt, endAt };
}

/**
 * Edits one date or a range (event:update): times, capacity (never below what the date has sold), status on sale or
 * sold out (a cancelled date keeps its status), place. One batch with the event's span.
 */
export async function updateEventDates(
  db: Database,
  actor: Actor,
  input: { eventId: number; targets: DateTargets; changes: EventDateChanges; now?: Date },
): Promise<EventDateItem[]> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const now = input.now ?? new Date();
  const { changes } = input;
  checkCapacity(changes.capacity);
  const place = normalizePlace(changes);
  for (const key of ["startTime", "endTime"] as const) {
    const value = changes[key];
    if (value !== undefined && value !== null && !TIME.test(value))
      throw invalid(key === "startTime" ? "start_time" : "end_time", "dates:errors.times-invalid");
  }
  if (changes.status !== undefined && changes.status !== "on_sale" && changes.status !== "sold_out")
    throw invalid("status", "dates:errors.status-invalid");
  const movesTimes =
    changes.startAt !== undefined ||
    changes.endAt !== undefined ||
    changes.startTime !== undefined ||
    changes.endTime !== undefined;
  if (!movesTimes && changes.capacity === undefined && changes.status === undefined && Object.keys(place).length === 0)
    throw new AppError("validation", "dates:errors.nothing-to-change");

  const dates = await resolveDateTargets(db, event, input.targets, now);
  if ((changes.startAt !== undefined || changes.endAt !== undefined) && dates.length !== 1)
    throw invalid("start_at", "dates:errors.times-need-one-date");
  const capacity = changes.capacity;
  if (capacity !== undefined && capacity >= 0) {
    const over = dates.filter((date) => date.sold > capacity);
    if (over.length > 0) {
      throw new AppError("conflict", "dates:errors.capacity-below-sold", {
        fields: { capacity: "dates:errors.capacity-below-sold" },
        details: { sold: Math.max(...over.map((date) => date.sold)), date_ids: over.map((date) => date.id) },
      });
    }
  }
  if (changes.status !== undefined && dates.every((date) => date.status === "cancelled"))
    throw new AppError("conflict", "dates:errors.date-cancelled");

  const statements: BatchItem<"sqlite">[] = [];
  const ids = dates.map((date) => date.id);
  const uniform = {
    ...(capacity !== undefined ? { capacity } : {}),
    ...place,
  };
  for (const chunk of chunks(ids)) {
    const inChunk = and(inEventScope(eventDates, event), inArray(eventDates.id, chunk));
    if (Object.keys(uniform).length > 0)
      statements.push(
        db
          .update(eventDates)
          .set({ ...uniform, updatedAt: now })
          // A sale landing since the check keeps its date's capacity at or above what it sold.
          .where(capacity !== undefined && capacity >= 0 ? and(inChunk, lte(eventDates.sold, capacity)) : inChunk),
      );
    if (changes.status !== undefined)
      statements.push(
        db
          .update(eventDates)
          .set({ status: changes.status, updatedAt: now })
          .where(and(inChunk, ne(eventDates.status, "cancelled"))),
      );
  }
  if (movesTimes) {
    for (const date of dates) {
      const times = newTimes(date, changes, event.timezone);
      if (!times) continue;
      checkTimes(times.startAt, times.endAt);
      statements.push(
        db
          .update(eventDates)
          .set({ startAt: times.startAt, endAt: times.endAt, updatedAt: now })
          .where(and(inEventScope(eventDates, event), inArray(eventDates.id, [date.id]))),
      );
    }
  }
  await db.batch([...(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]), eventSpanUpdate(db, event, now)]);
  await followEventSpan(db, event);
  return readEventDates(db, event, ids, now);
}
