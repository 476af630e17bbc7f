import * as v from "valibot";
import {
  DEFAULT_DURATION_MINUTES,
  DEFAULT_LEAD_MINUTES,
  DEFAULT_RATE_PER_MINUTE,
  MAX_DURATION_MINUTES,
  MAX_LEAD_MINUTES,
  MAX_RATE_PER_MINUTE,
  MIN_RATE_PER_MINUTE,
} from "./waiting-room-plan";

export const MIN_DURATION_MINUTES = 5;

/** A whole number typed in a form field (or sent as a number), within bounds; `fallback` when left empty. */
function wholeNumber(min: number, max: number, fallback: number, message: string) {
  return v.pipe(
    v.optional(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{0,6}$/, message))], message),
      String(fallback),
    ),
    v.transform((value) => (value === "" ? fallback : Number(value))),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

/**
 * The on-sale section of the event's settings (docs/decisions/0070-waiting-room.md), shared by the form and the
 * action: the on-sale time as a `datetime-local` value in the event's time zone, how many minutes before it the queue
 * opens, how long after it the room stays on, and the admission rate.
 */
export const onSaleInputSchema = v.object({
  on_sale_at: v.pipe(
    v.string("waiting-room:errors.on-sale-at-required"),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "waiting-room:errors.on-sale-at-required"),
  ),
  lead_minutes: wholeNumber(0, MAX_LEAD_MINUTES, DEFAULT_LEAD_MINUTES, "waiting-room:errors.room-lead-invalid"),
  duration_minutes: wholeNumber(
    MIN_DURATION_MINUTES,
    MAX_DURATION_MINUTES,
    DEFAULT_DURATION_MINUTES,
    "waiting-room:errors.room-duration-invalid",
  ),
  rate_per_minute: wholeNumber(
    MIN_RATE_PER_MINUTE,
    MAX_RATE_PER_MINUTE,
    DEFAULT_RATE_PER_MINUTE,
    "waiting-room:errors.room-rate-invalid",
  ),
});
export type OnSaleInput = v.InferOutput<typeof onSaleInputSchema>;
