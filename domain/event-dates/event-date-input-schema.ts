import * as v from "valibot";
import { eventDateStatuses } from "#db/schema";
import type { DateTargets } from "./event-date-access";
import { DATE_ADDRESS_MAX_LENGTH, MAX_DATE_CAPACITY, type DateExtras } from "./event-date-fields";
import type { EventDateChanges } from "./update-event-dates";
import { MAX_SERIES_DATES, type DateSeries, type Weekday } from "./plan-date-series";

/** The API's JSON of the dates calls (snake_case, ISO 8601 instants as the events' `start_at`), parsed to the domain's. */

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const instant = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.regex(ISO_INSTANT, message),
    v.transform((value) => new Date(Date.parse(value))),
    v.check((date) => Number.isFinite(date.getTime()), message),
  );

const integer = (message: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d{1,10}$/))], message),
    v.transform(Number),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

const time = v.pipe(v.string("dates:errors.times-invalid"), v.trim(), v.regex(TIME, "dates:errors.times-invalid"));
const day = (message: string) => v.pipe(v.string(message), v.trim(), v.regex(DAY, message));
const place = v.nullish(
  v.pipe(
    v.string("dates:errors.address-too-long"),
    v.maxLength(DATE_ADDRESS_MAX_LENGTH, "dates:errors.address-too-long"),
  ),
);

const extrasEntries = {
  /** -1 or absent: no capacity of its own. */
  capacity: v.optional(integer("dates:errors.capacity-invalid", -1, MAX_DATE_CAPACITY)),
  address_label: place,
  address_name: place,
};

function extrasOf(input: {
  capacity?: number;
  address_label?: string | null;
  address_name?: string | null;
}): DateExtras {
  return {
    ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
    ...(input.address_label !== undefined ? { addressLabel: input.address_label } : {}),
    ...(input.address_name !== undefined ? { addressName: input.address_name } : {}),
  };
}

/** A series: `times` (fixed times) or `every_minutes` + `slots_from` + `slots_to` (slots); `until` or `count`. */
export const seriesSchema = v.object({
  kind: v.optional(v.picklist(["times", "slots"], "dates:errors.invalid-input")),
  start_date: day("dates:errors.start-date-invalid"),
  weekdays: v.pipe(
    v.array(
      v.pipe(v.number("dates:errors.weekdays-invalid"), v.integer(), v.minValue(1), v.maxValue(7)),
      "dates:errors.weekdays-invalid",
    ),
    v.minLength(1, "dates:errors.weekdays-invalid"),
    v.maxLength(7, "dates:errors.weekdays-invalid"),
  ),
  times: v.optional(v.pipe(v.array(time, "dates:errors.times-invalid"), v.maxLength(48, "dates:errors.times-invalid"))),
  every_minutes: v.optional(integer("dates:errors.every-invalid", 5, 24 * 60)),
  slots_from: v.optional(time),
  slots_to: v.optional(time),
  duration_minutes: v.optional(integer("dates:errors.duration-invalid", 1, 7 * 24 * 60)),
  until: v.optional(day("dates:errors.until-invalid")),
  count: v.optional(integer("dates:errors.count-invalid", 1, MAX_SERIES_DATES + 1)),
  skip_dates: v.optional(
    v.pipe(v.array(day("dates:errors.skip-dates-invalid")), v.maxLength(400, "dates:errors.skip-dates-invalid")),
  ),
});

export type SeriesJson = v.InferOutput<typeof seriesSchema>;

export function seriesOf(json: SeriesJson): DateSeries {
  const common = {
    startDate: json.start_date,
    weekdays: json.weekdays as Weekday[],
    ...(json.until !== undefined ? { until: json.until } : {}),
    ...(json.count !== undefined ? { count: json.count } : {}),
    ...(json.skip_dates ? { skipDates: json.skip_dates } : {}),
    ...(json.duration_minutes !== undefined ? { durationMinutes: json.duration_minutes } : {}),
  };
  const kind = json.kind ?? (json.every_minutes !== undefined ? "slots" : "times");
  if (kind === "slots") {
    return {
      ...common,
      kind,
      everyMinutes: json.every_minutes ?? 0,
      slotsFrom: json.slots_from ?? "",
      slotsTo: json.slots_to ?? "",
    };
  }
  return { ...common, kind, times: json.times ?? [] };
}

/** POST /api/events/:id/dates: one date, or `{series: {...}}`; either with a capacity and a place. */
export const createDatesBodySchema = v.union(
  [
    v.object({ series: seriesSchema, ...extrasEntries }),
    v.object({
      start_at: instant("dates:errors.start-invalid"),
      end_at: v.nullish(instant("dates:errors.end-before-start")),
      ...extrasEntries,
    }),
  ],
  "dates:errors.invalid-input",
);

export type CreateDatesBody = v.InferOutput<typeof createDatesBodySchema>;

export function createInputOf(body: CreateDatesBody) {
  const extras = extrasOf(body);
  if ("series" in body) return { ...extras, series: seriesOf(body.series) };
  return { ...extras, date: { startAt: body.start_at, endAt: body.end_at ?? null } };
}

const changesEntries = {
  start_at: v.optional(instant("dates:errors.start-invalid")),
  end_at: v.nullish(instant("dates:errors.end-before-start")),
  start_time: v.optional(time),
  end_time: v.nullish(time),
  status: v.optional(v.picklist(eventDateStatuses, "dates:errors.status-invalid")),
  ...extrasEntries,
};

/** PUT /api/events/:id/dates/:date_id: what changes (status `cancelled` cancels the date). */
export const updateDateBodySchema = v.object(changesEntries);

/** PUT /api/events/:id/dates: the dates (`ids`, or every date starting from `from` to `to`) and what changes. */
export const updateDatesBodySchema = v.object({
  ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.number("dates:errors.range-required"), v.integer(), v.minValue(1))),
      v.minLength(1, "dates:errors.range-required"),
      v.maxLength(1000, "dates:errors.range-required"),
    ),
  ),
  from: v.optional(instant("dates:errors.range-invalid")),
  to: v.optional(instant("dates:errors.range-invalid")),
  ...changesEntries,
});

export type UpdateDateBody = v.InferOutput<typeof updateDateBodySchema>;

/** The changes a body names; `cancel` when its status is `cancelled` (the cancel use-case, nothing else changes). */
export function changesOf(body: UpdateDateBody): { cancel: boolean; changes: EventDateChanges } {
  const { status, start_at, end_at, start_time, end_time } = body;
  const changes: EventDateChanges = {
    ...extrasOf(body),
    ...(start_at !== undefined ? { startAt: start_at } : {}),
    ...(end_at !== undefined ? { endAt: end_at } : {}),
    ...(start_time !== undefined ? { startTime: start_time } : {}),
    ...(end_time !== undefined ? { endTime: end_time } : {}),
    ...(status === "on_sale" || status === "sold_out" ? { status } : {}),
  };
  return { cancel: status === "cancelled", changes };
}

export function targetsOf(body: { ids?: number[]; from?: Date; to?: Date }): DateTargets | null {
  if (body.ids) return { ids: body.ids };
  if (body.from && body.to) return { from: body.from, to: body.to };
  return null;
}
