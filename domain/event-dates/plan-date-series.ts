import { AppError } from "../shared/app-error";
import { isValidTimeZone, nextDayKey, utcToZonedDateTime, zonedDateTimeToUtc } from "../events/event-time-zone";

/** The most dates one series may plan, and the most an event may have (decision 0068, issue 30 §5). */
export const MAX_SERIES_DATES = 500;
export const MAX_EVENT_DATES = 1000;
/** A series' calendar reach: a count with days that never come must stop somewhere (two years and a bit). */
const MAX_SERIES_DAYS = 800;

/** ISO weekdays: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];
export const WORKING_DAYS: readonly Weekday[] = [1, 2, 3, 4, 5];

/**
 * A series as the organizer describes it, in wall-clock terms of the event's zone: on the chosen days from `startDate`,
 * either at fixed times (`times`) or as slots every `everyMinutes` from `slotsFrom` to `slotsTo`; until a local day
 * (inclusive) or for `count` dates; minus the days skipped by hand. Times are "HH:mm", days "YYYY-MM-DD".
 */
export type DateSeries = {
  startDate: string;
  weekdays: readonly Weekday[];
  until?: string;
  count?: number;
  skipDates?: readonly string[];
  /** Each date's length; slots default to their step, times to no end. */
  durationMinutes?: number;
} & (
  | { kind: "times"; times: readonly string[] }
  | { kind: "slots"; everyMinutes: number; slotsFrom: string; slotsTo: string }
);

export type PlannedDate = { startAt: number; endAt: number | null };

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function invalid(field: string, key: string): AppError {
  return new AppError("validation", key, { fields: { [field]: key } });
}

function isDayKey(value: string): boolean {
  if (!DAY_KEY.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

function minutesOf(time: string): number | null {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const pad = (value: number) => String(value).padStart(2, "0");
const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** ISO weekday of a calendar day (the day itself, not an instant: no zone involved). */
function weekdayOf(dayKey: string): Weekday {
  const [y, m, d] = dayKey.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** The local start times of one day, in minutes after midnight, ascending. */
function dayTimes(series: DateSeries): number[] {
  if (series.kind === "times") {
    const minutes = series.times.map(minutesOf);
    if (series.times.length === 0 || minutes.some((m) => m === null))
      throw invalid("times", "dates:errors.times-invalid");
    return [...new Set(minutes as number[])].sort((a, b) => a - b);
  }
  const from = minutesOf(series.slotsFrom);
  const to = minutesOf(series.slotsTo);
  if (from === null) throw invalid("slots_from", "dates:errors.times-invalid");
  if (to === null || to <= from) throw invalid("slots_to", "dates:errors.slots-range-invalid");
  const every = series.everyMinutes;
  if (!Number.isInteger(every) || every < 5 || every > 24 * 60)
    throw invalid("every_minutes", "dates:errors.every-invalid");
  const length = series.durationMinutes ?? every;
  const starts: number[] = [];
  // A slot fits when it ends by the closing time.
  for (let start = from; start + length <= to; start += every) starts.push(start);
  if (starts.length === 0) throw invalid("slots_to", "dates:errors.slots-range-invalid");
  return starts;
}

/**
 * The dates of a series as UTC instants, in order. Wall-clock times hold across daylight-saving changes (a 20:00 show
 * stays at 20:00 local); a time that does not exist on a spring-forward day is left out, and one that happens twice on
 * a fall-back day is the first. More than MAX_SERIES_DATES dates is an error, as is a series that plans none.
 */
export function planDateSeries(series: DateSeries, timeZone: string): PlannedDate[] {
  if (!isValidTimeZone(timeZone)) throw invalid("time_zone", "dates:errors.time-zone-invalid");
  if (!isDayKey(series.startDate)) throw invalid("start_date", "dates:errors.start-date-invalid");
  const weekdays = new Set(series.weekdays);
  if (weekdays.size === 0 || [...weekdays].some((d) => !WEEKDAYS.includes(d)))
    throw invalid("weekdays", "dates:errors.weekdays-invalid");
  const { until, count } = series;
  if ((until === undefined) === (count === undefined)) throw invalid("until", "dates:errors.until-or-count");
  if (until !== undefined && (!isDayKey(until) || until < series.startDate))
    throw invalid("until", "dates:errors.until-invalid");
  if (count !== undefined && (!Number.isInteger(count) || count < 1))
    throw invalid("count", "dates:errors.count-invalid");
  if (count !== undefined && count > MAX_SERIES_DATES) throw tooMany();
  const duration = series.durationMinutes ?? (series.kind === "slots" ? series.everyMinutes : undefined);
  if (duration !== undefined && (!Number.isInteger(duration) || duration < 1 || duration > 7 * 24 * 60))
    throw invalid("duration_minutes", "dates:errors.duration-invalid");
  const skipped = new Set(series.skipDates ?? []);
  for (const day of skipped) if (!isDayKey(day)) throw invalid("skip_dates", "dates:errors.skip-dates-invalid");
  const times = dayTimes(series);

  const planned: PlannedDate[] = [];
  let day = series.startDate;
  for (let walked = 0; walked < MAX_SERIES_DAYS; walked++, day = nextDayKey(day)) {
    if (until !== undefined && day > until) break;
    if (weekdays.has(weekdayOf(day)) && !skipped.has(day)) {
      for (const minutes of times) {
        const local = `${day}T${timeOf(minutes)}`;
        const start = zonedDateTimeToUtc(local, timeZone)!.getTime();
        // Not a wall-clock time of that day (clocks jumped over it): no date.
        if (utcToZonedDateTime(start, timeZone) !== local) continue;
        planned.push({ startAt: start, endAt: duration === undefined ? null : start + duration * 60_000 });
        if (planned.length > MAX_SERIES_DATES) throw tooMany();
        if (count !== undefined && planned.length === count) return planned;
      }
    }
  }
  if (planned.length === 0) throw invalid("weekdays", "dates:errors.series-empty");
  return planned;
}

export function tooMany(): AppError {
  return new AppError("validation", "dates:errors.series-too-many", {
    details: { max: MAX_SERIES_DATES },
  });
}
