import {
  DAY_MS,
  nextDayKey,
  PLATFORM_TIME_ZONE,
  zonedDateTimeToUtc,
  zonedDayKey,
  zonedStartOfDay,
} from "../events/event-time-zone";
import { AppError } from "../shared/app-error";

/**
 * Finance periods (spec §9 export periods: current month, current quarter, current year, all time, custom) as UTC
 * instants. Organizations have no time zone of their own: their money is counted in calendar periods of
 * Europe/Paris, the zone every finance screen, export and payout schedule shares.
 */
export const financePeriods = ["month", "quarter", "year", "all", "custom"] as const;
export type FinancePeriod = (typeof financePeriods)[number];

export type FinanceRange = {
  period: FinancePeriod;
  /** UTC epoch ms, inclusive; null = from the beginning. */
  from: number | null;
  /** UTC epoch ms, exclusive; null = no end. */
  to: number | null;
  /** Calendar days in the zone, both inclusive; null when open. */
  fromDay: string | null;
  toDay: string | null;
  /** For file names: "2026-11", "2026-q4", "2026", "all", "2026-11-01_2026-11-15". */
  label: string;
};

/** Ten years: a custom range longer than that is a typing mistake, and it bounds the chart's buckets. */
const MAX_CUSTOM_DAYS = 3660;

const pad = (value: number, length = 2) => String(value).padStart(length, "0");
const dayKey = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** A real calendar day written "YYYY-MM-DD", else null. */
function parseDayKey(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  return zonedDateTimeToUtc(`${text}T00:00`, "UTC") ? text : null;
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function rangeOfDays(period: FinancePeriod, fromDay: string, toDay: string, label: string, zone: string): FinanceRange {
  return {
    period,
    from: zonedStartOfDay(fromDay, zone).getTime(),
    to: zonedStartOfDay(nextDayKey(toDay), zone).getTime(),
    fromDay,
    toDay,
    label,
  };
}

function customRangeError(field: "from" | "to"): AppError {
  return new AppError("validation", "finance:errors.custom-range", {
    fields: { [field]: "finance:errors.custom-range" },
  });
}

/** The instants of a period, computed from `now` (default Date.now()) in the zone (default PLATFORM_TIME_ZONE). */
export function resolveFinancePeriod(
  input: { period: FinancePeriod; from?: string | null; to?: string | null },
  options: { now?: number; timeZone?: string } = {},
): FinanceRange {
  const zone = options.timeZone ?? PLATFORM_TIME_ZONE;
  const today = zonedDayKey(options.now ?? Date.now(), zone);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (input.period) {
    case "month":
      return rangeOfDays(
        "month",
        dayKey(year, month, 1),
        dayKey(year, month, lastDayOfMonth(year, month)),
        `${pad(year, 4)}-${pad(month)}`,
        zone,
      );
    case "quarter": {
      const quarter = Math.floor((month - 1) / 3);
      const last = quarter * 3 + 3;
      return rangeOfDays(
        "quarter",
        dayKey(year, quarter * 3 + 1, 1),
        dayKey(year, last, lastDayOfMonth(year, last)),
        `${pad(year, 4)}-q${quarter + 1}`,
        zone,
      );
    }
    case "year":
      return rangeOfDays("year", dayKey(year, 1, 1), dayKey(year, 12, 31), pad(year, 4), zone);
    case "all":
      return { period: "all", from: null, to: null, fromDay: null, toDay: null, label: "all" };
    case "custom": {
      const fromDay = parseDayKey(input.from);
      if (!fromDay) throw customRangeError("from");
      const toDay = parseDayKey(input.to);
      if (!toDay) throw customRangeError("to");
      const days = (Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY_MS;
      if (days < 0 || days > MAX_CUSTOM_DAYS) throw customRangeError("to");
      return rangeOfDays("custom", fromDay, toDay, `${fromDay}_${toDay}`, zone);
    }
  }
}
