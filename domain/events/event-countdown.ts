import { DAY_MS } from "./event-time-zone";

export type EventCountdown = {
  /** "J-3" before the start, "J+2" after it. */
  label: string;
  /** Whole days, rounded up; 0 only at the exact start instant. */
  days: number;
  phase: "before" | "after";
};

/** Spec §2/§9 header countdown: J-n before the start, J+n after, in days rounded up. Null without a start date. */
export function eventCountdown(
  startAt: Date | number | null | undefined,
  now: Date | number = Date.now(),
): EventCountdown | null {
  if (startAt === null || startAt === undefined) return null;
  const start = typeof startAt === "number" ? startAt : startAt.getTime();
  if (Number.isNaN(start)) return null;
  const current = typeof now === "number" ? now : now.getTime();
  if (current <= start) {
    const days = Math.ceil((start - current) / DAY_MS);
    return { label: `J-${days}`, days, phase: "before" };
  }
  const days = Math.ceil((current - start) / DAY_MS);
  return { label: `J+${days}`, days, phase: "after" };
}
