import { and, asc, gte, inArray, lte, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates } from "#db/schema";
import { inEventScope } from "../events/event-access";
import { AppError, notFound } from "../shared/app-error";
import { chunks } from "../shared/chunks";
import { eventDateColumns, withRemaining, type EventDateItem } from "./event-date-record";

/** Which dates a range write is for: one date, a list of ids, or every date starting within [from, to]. */
export type DateTargets = { ids: number[] } | { from: Date; to: Date };

/** Reads dates of the event by id, with their counts, in start order. */
export async function readEventDates(
  db: Database,
  event: { id: number; organizationId: number },
  ids: readonly number[],
  now: Date,
): Promise<EventDateItem[]> {
  const rows: EventDateItem[] = [];
  for (const chunk of chunks([...new Set(ids)])) {
    const found = await db
      .select(eventDateColumns(now))
      .from(eventDates)
      .where(and(inEventScope(eventDates, event), inArray(eventDates.id, chunk)));
    rows.push(...found.map(withRemaining));
  }
  return rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id - b.id);
}

/**
 * The event's dates a range write names, with their counts. An id that is not a date of this event answers not_found
 * (another organization's date looks like no date); an empty range is a validation error.
 */
export async function resolveDateTargets(
  db: Database,
  event: { id: number; organizationId: number },
  targets: DateTargets,
  now: Date,
): Promise<EventDateItem[]> {
  if ("ids" in targets) {
    const ids = [...new Set(targets.ids)];
    if (ids.length === 0 || ids.some((id) => !Number.isSafeInteger(id) || id <= 0))
      throw new AppError("validation", "dates:errors.range-required", {
        fields: { ids: "dates:errors.range-required" },
      });
    const found = await readEventDates(db, event, ids, now);
    if (found.length !== ids.length) throw notFound("dates:errors.not-found");
    return found;
  }
  if (targets.to < targets.from)
    throw new AppError("validation", "dates:errors.range-invalid", { fields: { to: "dates:errors.range-invalid" } });
  const where: SQL = and(
    inEventScope(eventDates, event),
    gte(eventDates.startAt, targets.from),
    lte(eventDates.startAt, targets.to),
  )!;
  const rows = await db
    .select(eventDateColumns(now))
    .from(eventDates)
    .where(where)
    .orderBy(asc(eventDates.startAt), asc(eventDates.id));
  if (rows.length === 0) throw notFound("dates:errors.not-found");
  return rows.map(withRemaining);
}
