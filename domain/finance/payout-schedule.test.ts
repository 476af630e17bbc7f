import { describe, expect, it } from "vitest";
import { nextPayoutDate, payoutIdempotencyKey, payoutPeriodKey } from "./payout-schedule";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe("payoutPeriodKey", () => {
  it("never schedules the manual frequency", () => {
    for (const when of ["2026-11-30T10:00:00Z", "2026-12-01T10:00:00Z", "2026-11-26T10:00:00Z"]) {
      expect(payoutPeriodKey("manual", at(when))).toBeNull();
    }
  });

  it("pays daily on the Paris calendar day, which starts at 23:00 UTC in winter", () => {
    expect(payoutPeriodKey("daily", at("2026-11-26T10:00:00Z"))).toBe("daily:2026-11-26");
    expect(payoutPeriodKey("daily", at("2026-11-25T22:59:59Z"))).toBe("daily:2026-11-25");
    expect(payoutPeriodKey("daily", at("2026-11-25T23:00:00Z"))).toBe("daily:2026-11-26");
  });

  it("pays weekly on Mondays only, Monday meaning the organization's local Monday", () => {
    // Monday 30 November 2026 starts at 23:00 UTC on Sunday in Paris.
    expect(payoutPeriodKey("weekly", at("2026-11-29T22:59:59Z"))).toBeNull();
    expect(payoutPeriodKey("weekly", at("2026-11-29T23:00:00Z"))).toBe("weekly:2026-11-30");
    expect(payoutPeriodKey("weekly", at("2026-11-30T22:59:59Z"))).toBe("weekly:2026-11-30");
    expect(payoutPeriodKey("weekly", at("2026-11-30T23:00:00Z"))).toBeNull();
    // The same instants in New York are still Sunday, then Monday from 05:00 UTC.
    expect(payoutPeriodKey("weekly", at("2026-11-29T23:00:00Z"), "America/New_York")).toBeNull();
    expect(payoutPeriodKey("weekly", at("2026-11-30T04:59:59Z"), "America/New_York")).toBeNull();
    expect(payoutPeriodKey("weekly", at("2026-11-30T05:00:00Z"), "America/New_York")).toBe("weekly:2026-11-30");
    // Half-hour zone: Monday starts at 18:30 UTC on Sunday in Kolkata.
    expect(payoutPeriodKey("weekly", at("2026-11-29T18:29:59Z"), "Asia/Kolkata")).toBeNull();
    expect(payoutPeriodKey("weekly", at("2026-11-29T18:30:00Z"), "Asia/Kolkata")).toBe("weekly:2026-11-30");
  });

  it("pays monthly on the local 1st, across month ends and years", () => {
    // 31 January 23:30 UTC is already 1 February in Paris, not in UTC.
    expect(payoutPeriodKey("monthly", at("2026-01-31T23:30:00Z"))).toBe("monthly:2026-02");
    expect(payoutPeriodKey("monthly", at("2026-01-31T23:30:00Z"), "UTC")).toBeNull();
    expect(payoutPeriodKey("monthly", at("2026-02-28T22:59:59Z"))).toBeNull();
    expect(payoutPeriodKey("monthly", at("2026-02-28T23:00:00Z"))).toBe("monthly:2026-03");
    expect(payoutPeriodKey("monthly", at("2026-12-31T23:00:00Z"))).toBe("monthly:2027-01");
    // 29 February of a leap year is not a due day.
    expect(payoutPeriodKey("monthly", at("2028-02-29T12:00:00Z"))).toBeNull();
    expect(payoutPeriodKey("monthly", at("2028-02-29T23:00:00Z"))).toBe("monthly:2028-03");
    expect(payoutPeriodKey("monthly", at("2026-11-15T12:00:00Z"))).toBeNull();
  });

  it("follows the clock changes: Paris days start at 22:00 UTC in summer", () => {
    // Spring forward on Sunday 29 March 2026: Saturday → Sunday at 23:00 UTC, Sunday → Monday at 22:00 UTC.
    expect(payoutPeriodKey("daily", at("2026-03-28T23:00:00Z"))).toBe("daily:2026-03-29");
    expect(payoutPeriodKey("weekly", at("2026-03-29T21:59:59Z"))).toBeNull();
    expect(payoutPeriodKey("weekly", at("2026-03-29T22:00:00Z"))).toBe("weekly:2026-03-30");
    expect(payoutPeriodKey("monthly", at("2026-03-31T21:59:59Z"))).toBeNull();
    expect(payoutPeriodKey("monthly", at("2026-03-31T22:00:00Z"))).toBe("monthly:2026-04");
    // Fall back on Sunday 25 October 2026: Monday starts at 23:00 UTC again.
    expect(payoutPeriodKey("weekly", at("2026-10-25T22:59:59Z"))).toBeNull();
    expect(payoutPeriodKey("weekly", at("2026-10-25T23:00:00Z"))).toBe("weekly:2026-10-26");
    expect(payoutPeriodKey("daily", at("2026-10-25T00:30:00Z"))).toBe("daily:2026-10-25");
    // The southern hemisphere changes the other way: Auckland is UTC+13 from 27 September 2026.
    expect(payoutPeriodKey("monthly", at("2026-09-30T10:59:59Z"), "Pacific/Auckland")).toBeNull();
    expect(payoutPeriodKey("monthly", at("2026-09-30T11:00:00Z"), "Pacific/Auckland")).toBe("monthly:2026-10");
  });
});

describe("nextPayoutDate", () => {
  it("is the next due local midnight, never today's", () => {
    expect(nextPayoutDate("manual", at("2026-11-25T12:00:00Z"))).toBeNull();
    expect(iso(nextPayoutDate("daily", at("2026-11-25T12:00:00Z")))).toBe("2026-11-25T23:00:00.000Z");
    expect(iso(nextPayoutDate("weekly", at("2026-11-25T12:00:00Z")))).toBe("2026-11-29T23:00:00.000Z");
    // On a Monday the next one is a week later.
    expect(iso(nextPayoutDate("weekly", at("2026-11-30T08:00:00Z")))).toBe("2026-12-06T23:00:00.000Z");
    expect(iso(nextPayoutDate("monthly", at("2026-11-15T12:00:00Z")))).toBe("2026-11-30T23:00:00.000Z");
  });

  it("lands on the right instant across clock changes and month ends", () => {
    // Sunday 29 March 2026 starts at 23:00 UTC (winter time), Monday 30 March at 22:00 UTC (summer time).
    expect(iso(nextPayoutDate("daily", at("2026-03-28T12:00:00Z")))).toBe("2026-03-28T23:00:00.000Z");
    expect(iso(nextPayoutDate("daily", at("2026-03-29T12:00:00Z")))).toBe("2026-03-29T22:00:00.000Z");
    expect(iso(nextPayoutDate("weekly", at("2026-03-25T12:00:00Z")))).toBe("2026-03-29T22:00:00.000Z");
    expect(iso(nextPayoutDate("monthly", at("2026-03-15T12:00:00Z")))).toBe("2026-03-31T22:00:00.000Z");
    expect(iso(nextPayoutDate("weekly", at("2026-10-21T12:00:00Z")))).toBe("2026-10-25T23:00:00.000Z");
    // From 1 February 00:30 in Paris the next monthly payout is 1 March.
    expect(iso(nextPayoutDate("monthly", at("2026-01-31T23:30:00Z")))).toBe("2026-02-28T23:00:00.000Z");
    expect(iso(nextPayoutDate("monthly", at("2026-11-15T12:00:00Z"), "America/New_York"))).toBe(
      "2026-12-01T05:00:00.000Z",
    );
  });
});

describe("payoutIdempotencyKey", () => {
  it("names the organization and the period, so a retried create is the same payout", () => {
    expect(payoutIdempotencyKey(12, "weekly:2026-11-30")).toBe("payout-12-weekly:2026-11-30");
  });
});
