export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const EVENT_TIME_ZONE = "Europe/Paris";

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

const offsetFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: EVENT_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Milliseconds to add to a UTC instant to read Paris wall-clock time (3,600,000 in winter, 7,200,000 in summer). */
export function parisOffset(instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of offsetFormatter.formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which Paris clocks show `hour:minute` on the calendar day `days` after `reference` (a UTC midnight).
 * Hours past 23 roll over to the next day, so `parisTime(ref, 3, 26)` is 2 a.m. on day 4.
 */
export function parisTime(reference: Date, days: number, hour: number, minute = 0): Date {
  const wallClock = reference.getTime() + days * DAY + hour * HOUR + minute * MINUTE;
  let instant = wallClock - parisOffset(wallClock);
  instant = wallClock - parisOffset(instant);
  return new Date(instant);
}

/** Caches the Paris offset per UTC day: order timestamps are drawn by the hundred thousand. */
export class ParisClock {
  private readonly offsets = new Map<number, number>();

  offsetForDay(dayStart: number): number {
    let offset = this.offsets.get(dayStart);
    if (offset === undefined) {
      offset = parisOffset(dayStart + 12 * HOUR);
      this.offsets.set(dayStart, offset);
    }
    return offset;
  }
}
