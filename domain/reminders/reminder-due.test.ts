import { describe, expect, it } from "vitest";
import { reminderDueAt } from "./reminder-due";

const at = (iso: string) => new Date(iso);
const due = (start: string, zone: string, value: number, unit: "minutes" | "hours" | "days") =>
  reminderDueAt(at(start), zone, value, unit).toISOString();

describe("reminderDueAt", () => {
  it("takes minutes and hours as exact durations", () => {
    expect(due("2026-06-21T18:00:00.000Z", "Europe/Paris", 90, "minutes")).toBe("2026-06-21T16:30:00.000Z");
    expect(due("2026-06-21T18:00:00.000Z", "Europe/Paris", 24, "hours")).toBe("2026-06-20T18:00:00.000Z");
    expect(due("2026-06-21T18:00:00.000Z", "Europe/Paris", 1, "days")).toBe("2026-06-20T18:00:00.000Z");
  });

  describe("Europe/Paris", () => {
    // Summer time starts on Sunday 29 March 2026 at 02:00 (CET, +1) → 03:00 (CEST, +2).
    it("in March, one day before a Sunday 19:00 show is Saturday 19:00 CET: 23 hours earlier, not 24", () => {
      const start = "2026-03-29T17:00:00.000Z"; // Sunday 19:00 CEST
      expect(due(start, "Europe/Paris", 1, "days")).toBe("2026-03-28T18:00:00.000Z"); // Saturday 19:00 CET
      expect(due(start, "Europe/Paris", 24, "hours")).toBe("2026-03-28T17:00:00.000Z"); // Saturday 18:00 CET
      expect(due(start, "Europe/Paris", 1440, "minutes")).toBe("2026-03-28T17:00:00.000Z");
    });

    // Summer time ends on Sunday 25 October 2026 at 03:00 (CEST, +2) → 02:00 (CET, +1).
    it("in October, one day before a Sunday 19:00 show is Saturday 19:00 CEST: 25 hours earlier", () => {
      const start = "2026-10-25T18:00:00.000Z"; // Sunday 19:00 CET
      expect(due(start, "Europe/Paris", 1, "days")).toBe("2026-10-24T17:00:00.000Z"); // Saturday 19:00 CEST
      expect(due(start, "Europe/Paris", 24, "hours")).toBe("2026-10-24T18:00:00.000Z"); // Saturday 20:00 CEST
    });

    it("counts several days across the change by the calendar", () => {
      // Thursday 2 April 20:30 CEST, a week before: Thursday 26 March 20:30 CET.
      expect(due("2026-04-02T18:30:00.000Z", "Europe/Paris", 7, "days")).toBe("2026-03-26T19:30:00.000Z");
      expect(due("2026-04-02T18:30:00.000Z", "Europe/Paris", 168, "hours")).toBe("2026-03-26T18:30:00.000Z");
    });

    it("moves a wall-clock time that does not exist on the change day to the same instant an hour later", () => {
      // Monday 30 March 02:30 CEST; 29 March 02:30 does not exist in Paris (02:00 → 03:00): 03:30 CEST is 01:30Z.
      expect(due("2026-03-30T00:30:00.000Z", "Europe/Paris", 1, "days")).toBe("2026-03-29T01:30:00.000Z");
    });

    it("takes the earlier of the two instants of a wall-clock time that happens twice", () => {
      // Monday 26 October 02:30 CET; 25 October 02:30 happens at 00:30Z (CEST) and 01:30Z (CET).
      expect(due("2026-10-26T01:30:00.000Z", "Europe/Paris", 1, "days")).toBe("2026-10-25T00:30:00.000Z");
    });
  });

  it("America/New_York: two days before a show on the day summer time starts", () => {
    // Summer time starts on Sunday 8 March 2026 at 02:00 (EST, −5) → 03:00 (EDT, −4).
    const start = "2026-03-09T00:00:00.000Z"; // Sunday 8 March 20:00 EDT
    expect(due(start, "America/New_York", 2, "days")).toBe("2026-03-07T01:00:00.000Z"); // Friday 6 March 20:00 EST
    expect(due(start, "America/New_York", 48, "hours")).toBe("2026-03-07T00:00:00.000Z"); // Friday 19:00 EST
    // Summer time ends on Sunday 1 November 2026: one day before Sunday 19:00 EST is Saturday 19:00 EDT.
    expect(due("2026-11-02T00:00:00.000Z", "America/New_York", 1, "days")).toBe("2026-10-31T23:00:00.000Z");
  });

  it("Asia/Kolkata (+05:30, no summer time): days are 24 hours, across a month and a year", () => {
    // Saturday 2 January 2027 10:00 IST.
    expect(due("2027-01-02T04:30:00.000Z", "Asia/Kolkata", 3, "days")).toBe("2026-12-30T04:30:00.000Z");
    expect(due("2027-01-02T04:30:00.000Z", "Asia/Kolkata", 72, "hours")).toBe("2026-12-30T04:30:00.000Z");
    // 00:15 IST the 1st of March: the day before is the 28th of February (2027 is not a leap year).
    expect(due("2027-02-28T18:45:00.000Z", "Asia/Kolkata", 1, "days")).toBe("2027-02-27T18:45:00.000Z");
  });

  describe("Pacific/Auckland (southern hemisphere: summer time ends in April, starts in September)", () => {
    it("a week before a show just after summer time ends is an hour earlier than 168 hours before", () => {
      // Summer time ends on Sunday 5 April 2026 at 03:00 (NZDT, +13) → 02:00 (NZST, +12).
      const start = "2026-04-07T07:00:00.000Z"; // Tuesday 7 April 19:00 NZST
      expect(due(start, "Pacific/Auckland", 7, "days")).toBe("2026-03-31T06:00:00.000Z"); // Tuesday 31 March 19:00 NZDT
      expect(due(start, "Pacific/Auckland", 168, "hours")).toBe("2026-03-31T07:00:00.000Z"); // 20:00 NZDT
    });

    it("one day before a show just after summer time starts is 23 hours earlier", () => {
      // Summer time starts on Sunday 27 September 2026 at 02:00 (NZST, +12) → 03:00 (NZDT, +13).
      const start = "2026-09-27T06:00:00.000Z"; // Sunday 27 September 19:00 NZDT
      expect(due(start, "Pacific/Auckland", 1, "days")).toBe("2026-09-26T07:00:00.000Z"); // Saturday 19:00 NZST
      expect(due(start, "Pacific/Auckland", 24, "hours")).toBe("2026-09-26T06:00:00.000Z");
    });
  });

  it("UTC and the longest offset (60 days)", () => {
    expect(due("2026-12-31T20:00:00.000Z", "UTC", 60, "days")).toBe("2026-11-01T20:00:00.000Z");
    expect(due("2026-12-31T20:00:00.000Z", "UTC", 86_400, "minutes")).toBe("2026-11-01T20:00:00.000Z");
  });
});
