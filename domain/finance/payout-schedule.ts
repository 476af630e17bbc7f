import type { PayoutFrequency } from "#db/schema";
import { nextDayKey, PLATFORM_TIME_ZONE, zonedDayKey, zonedStartOfDay } from "../events/event-time-zone";

/*
 * When the payout job pays an organization (decision 0022): on each due local day of its frequency, at the first run
 * of the job that day. Daily: every day; weekly: Mondays; monthly: the 1st; manual: never (the organizer asks support).
 * Days are calendar days in the organization's time zone (organizations have none of their own: the finance zone,
 * Europe/Paris), so a payout "on Monday" starts at Monday 00:00 in Paris whatever the clocks did that weekend.
 */

const LOOK_AHEAD_DAYS = 32;

/** 0 = Sunday … 6 = Saturday, for a "YYYY-MM-DD" calendar day (no zone: the day itself). */
function weekdayOf(dayKey: string): number {
  const [year, month, day] = dayKey.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The period key of a due day ("daily:2026-11-26", "weekly:2026-11-23", "monthly:2026-11"), or null. */
function periodOfDay(frequency: PayoutFrequency, dayKey: string): string | null {
  switch (frequency) {
    case "manual":
      return null;
    case "daily":
      return `daily:${dayKey}`;
    case "weekly":
      return weekdayOf(dayKey) === 1 ? `weekly:${dayKey}` : null;
    case "monthly":
      return dayKey.endsWith("-01") ? `monthly:${dayKey.slice(0, 7)}` : null;
  }
}

/**
 * The period a payout made at `now` belongs to, or null when the frequency is not due on that local day. At most one
 * payout exists per organization and period (a unique index), which is what makes the job safe to run twice.
 */
export function payoutPeriodKey(
  frequency: PayoutFrequency,
  now: number,
  timeZone: string = PLATFORM_TIME_ZONE,
): string | null {
  return periodOfDay(frequency, zonedDayKey(now, timeZone));
}

/** The start (local midnight, epoch ms) of the next due day strictly after today's; null for manual. */
export function nextPayoutDate(
  frequency: PayoutFrequency,
  now: number,
  timeZone: string = PLATFORM_TIME_ZONE,
): number | null {
  if (frequency === "manual") return null;
  let day = zonedDayKey(now, timeZone);
  for (let i = 0; i < LOOK_AHEAD_DAYS; i++) {
    day = nextDayKey(day);
    if (periodOfDay(frequency, day)) return zonedStartOfDay(day, timeZone).getTime();
  }
  return null;
}

/** Stripe's idempotency key of the payout of that period: a retried create is the same payout. */
export const payoutIdempotencyKey = (organizationId: number, periodKey: string) =>
  `payout-${organizationId}-${periodKey}`;
