import { describe, expect, it } from "vitest";
import { isEventPast } from "./event-past";

describe("isEventPast", () => {
  const now = new Date("2026-06-21T20:00:00Z");

  it("is past once the end date is over, not at the very instant it ends", () => {
    expect(isEventPast({ endAt: new Date("2026-06-21T19:59:59.999Z") }, now)).toBe(true);
    expect(isEventPast({ endAt: new Date("2026-06-21T20:00:00Z") }, now)).toBe(false);
    expect(isEventPast({ endAt: new Date("2026-06-22T20:00:00Z") }, now)).toBe(false);
  });

  it("is never past without an end date", () => {
    expect(isEventPast({ endAt: null }, now)).toBe(false);
  });
});
