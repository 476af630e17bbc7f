import { and, count, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { readEventDates } from "./event-date-access";
import { chunks } from "../shared/chunks";
import { checkCapacity, checkTimes, normalizePlace, type DateExtras } from "./event-date-fields";
import type { EventDateItem } from "./event-date-record";
import { eventSpanUpdate } from "./event-date-span";
import { followEventSpan } from "./follow-event-span";
import { MAX_EVENT_DATES, planDateSeries, type DateSeries, type PlannedDate } from "./plan-date-series";

// An insert row binds about ten parameters: eight rows stay under D1's hundred.
const ROWS_PER_INSERT = 8;

export type CreateEventDatesInput = {
  eventId: number;
  now?: Date;
} & DateExtras &
  ({ date: { startAt: Date; endAt?: Date | null } } | { series: DateSeries });

/**
 * Adds one date or a series (planned in the event's zone by planDateSeries) to an event (event:update), in one batch
 * with the event's span. An event has at most MAX_EVENT_DATES dates.
 */
export async function createEventDates(
  db: Database,
  actor: Actor,
  input: CreateEventDatesInput,
): Promise<EventDateItem[]> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const now = input.now ?? new Date();
  checkCapacity(input.capacity);
  const place = normalizePlace(input);
  let planned: PlannedDate[];
  if ("date" in input) {
    checkTimes(input.date.startAt, input.date.endAt);
    planned = [{ startAt: input.date.startAt.getTime(), endAt: input.date.endAt?.getTime() ?? null }];
  } else {
    planned = planDateSeries(input.series, event.timezone);
  }

  const tooMany = () =>
    new AppError("validation", "dates:errors.event-too-many", { details: { max: MAX_EVENT_DATES } });
  const countDates = () => db.select({ total: count() }).from(eventDates).where(inEventScope(eventDates, event));
  const [existing] = await countDates();
  if ((existing?.total ?? 0) + planned.length > MAX_EVENT_DATES) throw tooMany();

  const inserts = chunks(planned, ROWS_PER_INSERT).map((rows) =>
    db
      .insert(eventDates)
      .values(
        rows.map((row) => ({
          organizationId: event.organizationId,
          eventId: event.id,
          startAt: new Date(row.startAt),
          endAt: row.endAt === null ? null : new Date(row.endAt),
          addressLabel: place.addressLabel ?? null,
          addressName: place.addressName ?? null,
          capacity: input.capacity ?? -1,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: eventDates.id }),
  );
  const [first, ...rest] = inserts;
  const results = await db.batch([first!, ...rest, eventSpanUpdate(db, event, now), countDates()]);
  const ids = (results.slice(0, inserts.length) as { id: number }[][]).flat().map((row) => row.id);
  const [after] = results.at(-1) as { total: number }[];
  if ((after?.total ?? 0) > MAX_EVENT_DATES) {
    // Another series landed meanwhile: this one goes back out (a date that sold meanwhile stays).
    const [firstDelete, ...restDeletes] = chunks(ids).map((chunk) =>
      db
        .delete(eventDates)
        .where(and(inEventScope(eventDates, event), inArray(eventDates.id, chunk), eq(eventDates.sold, 0))),
    );
    await db.batch([firstDelete!, ...restDeletes, eventSpanUpdate(db, event, now)]);
    throw tooMany();
  }
  await followEventSpan(db, event);
  return readEventDates(db, event, ids, now);
}
