import { PLATFORM_TIME_ZONE, timeZoneOffsetMs, zonedDateTimeToUtc } from "../../domain/events/event-time-zone";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const EVENT_TIME_ZONE = PLATFORM_TIME_ZONE;

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/**
 * The instant at which Paris clocks show `hour:minute` on the calendar day `days` after `reference` (a UTC midnight).
 * Hours past 23 roll over to the next day, so `parisTime(ref, 3, 26)` is 2 a.m. on day 4.
 */
export function parisTime(reference: Date, days: number, hour: number, minute = 0): Date {
  const wallClock = new Date(reference.getTime() + days * DAY + hour * HOUR + minute * MINUTE);
  return zonedDateTimeToUtc(wallClock.toISOString().slice(0, 19), EVENT_TIME_ZONE)!;
}

/** Caches the Paris offset per UTC day: order timestamps are drawn by the hundred thousand. */
export class ParisClock {
  private readonly offsets = new Map<number, number>();

  offsetForDay(dayStart: number): number {
    let offset = this.offsets.get(dayStart);
    if (offset === undefined) {
      offset = timeZoneOffsetMs(EVENT_TIME_ZONE, dayStart + 12 * HOUR);
      this.offsets.set(dayStart, offset);
    }
    return offset;
  }
}
