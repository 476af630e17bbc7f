import { and, asc, count, desc, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates } from "#db/schema";
import { canOnEvent } from "../policy";
import { zonedDayKey, zonedStartOfDay } from "../events/event-time-zone";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { eventDateColumns, withRemaining, type EventDateItem } from "./event-date-record";

export const DATES_PER_PAGE = 25;
export const MAX_DATES_PER_PAGE = 100;

/** Upcoming: not over yet (soonest first); past: over (latest first); all: in order. */
export type DatesWhen = "upcoming" | "past" | "all";

export type EventDatesPage = {
  items: EventDateItem[];
  total: number;
  /** One-based. */
  page: number;
  perPage: number;
  /** The event's zone, the one every date is shown in. */
  timeZone: string;
  /** "YYYY-MM" of every month that has a date, in the event's zone, ascending: the month filter's choices. */
  months: string[];
  /** Every date of the event, whatever the filter: 0 means a single-date event. */
  eventDateCount: number;
  /** The actor may add, edit, cancel and delete dates (event:update). */
  canUpdate: boolean;
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function monthBounds(month: string, timeZone: string): { from: Date; to: Date } {
  const match = MONTH.exec(month);
  if (!match)
    throw new AppError("validation", "dates:errors.month-invalid", { fields: { month: "dates:errors.month-invalid" } });
  const year = Number(match[1]);
  const index = Number(match[2]);
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, "0")}`;
  return { from: zonedStartOfDay(`${month}-01`, timeZone), to: zonedStartOfDay(`${next}-01`, timeZone) };
}

/**
 * One page of an event's dates (event:view), in the event's zone: a month ("YYYY-MM") and upcoming or past, each
 * with its sold, held and remaining places.
 */
export async function listEventDates(
  db: Database,
  actor: Actor,
  input: { eventId: number; page?: number; perPage?: number; month?: string; when?: DatesWhen; now?: Date },
): Promise<EventDatesPage> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const now = input.now ?? new Date();
  const timeZone = event.timezone;
  const perPage = Math.min(Math.max(1, input.perPage ?? DATES_PER_PAGE), MAX_DATES_PER_PAGE);
  const page = Math.max(1, input.page ?? 1);
  const when = input.when ?? (input.month ? "all" : "upcoming");

  const conditions: SQL[] = [inEventScope(eventDates, event)];
  if (input.month) {
    const { from, to } = monthBounds(input.month, timeZone);
    conditions.push(gte(eventDates.startAt, from), lt(eventDates.startAt, to));
  }
  // A date is over once it ends (or starts, without an end).
  const endsAt = sql`coalesce(${eventDates.endAt}, ${eventDates.startAt})`;
  if (when === "upcoming") conditions.push(sql`${endsAt} >= ${now.getTime()}`);
  if (when === "past") conditions.push(sql`${endsAt} < ${now.getTime()}`);
  const where = and(...conditions);
  const order =
    when === "past" ? [desc(eventDates.startAt), desc(eventDates.id)] : [asc(eventDates.startAt), asc(eventDates.id)];

  const [rows, [counted], starts] = await db.batch([
    db
      .select(eventDateColumns(now))
      .from(eventDates)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(eventDates).where(where),
    db.select({ startAt: eventDates.startAt }).from(eventDates).where(inEventScope(eventDates, event)),
  ]);
  const months = [...new Set(starts.map((row) => zonedDayKey(row.startAt, timeZone).slice(0, 7)))].sort();
  return {
    items: rows.map(withRemaining),
    total: counted?.total ?? 0,
    page,
    perPage,
    timeZone,
    months,
    eventDateCount: starts.length,
    canUpdate: canOnEvent(actor, "event:update", scope),
  };
}
