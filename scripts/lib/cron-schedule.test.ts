import { describe, expect, it } from "vitest";
import { cronIsDue, readCrons } from "./cron-schedule";

const at = (iso: string) => new Date(iso);

describe("cronIsDue", () => {
  it("fires the five-minute release of booking holds on multiples of five only", () => {
    expect(cronIsDue("*/5 * * * *", at("2026-11-28T22:05:00Z"))).toBe(true);
    expect(cronIsDue("*/5 * * * *", at("2026-11-28T22:00:30Z"))).toBe(true);
    expect(cronIsDue("*/5 * * * *", at("2026-11-28T22:07:00Z"))).toBe(false);
  });

  it("fires the payouts at half past each hour and the purge at 03:00 UTC", () => {
    expect(cronIsDue("30 * * * *", at("2026-11-28T09:30:00Z"))).toBe(true);
    expect(cronIsDue("30 * * * *", at("2026-11-28T09:31:00Z"))).toBe(false);
    expect(cronIsDue("0 3 * * *", at("2026-11-28T03:00:00Z"))).toBe(true);
    expect(cronIsDue("0 3 * * *", at("2026-11-28T04:00:00Z"))).toBe(false);
  });

  it("understands ranges, lists and the either-day rule", () => {
    expect(cronIsDue("0 9-17/4 * * 1-5", at("2026-11-27T13:00:00Z"))).toBe(true); // Friday 13:00
    expect(cronIsDue("0 9-17/4 * * 1-5", at("2026-11-28T13:00:00Z"))).toBe(false); // Saturday
    expect(cronIsDue("0 0 1 * 6", at("2026-11-28T00:00:00Z"))).toBe(true); // a Saturday, not the 1st
    expect(cronIsDue("15,45 * * * *", at("2026-11-28T00:45:00Z"))).toBe(true);
  });

  it("refuses what it cannot read instead of never firing", () => {
    expect(() => cronIsDue("* * * *", at("2026-11-28T00:00:00Z"))).toThrow();
    expect(() => cronIsDue("L * * * *", at("2026-11-28T00:00:00Z"))).toThrow();
  });
});

describe("readCrons", () => {
  it("reads the triggers of wrangler.toml", () => {
    expect(readCrons('[triggers]\n# comment\ncrons = ["0 3 * * *", "*/5 * * * *"]\n')).toEqual([
      "0 3 * * *",
      "*/5 * * * *",
    ]);
  });
});
