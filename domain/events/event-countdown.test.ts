import { describe, expect, it } from "vitest";
import { eventCountdown } from "./event-countdown";

const start = new Date("2026-06-21T18:00:00Z");
const hours = (n: number) => new Date(start.getTime() + n * 3_600_000);

describe("eventCountdown (J-n / J+n, days rounded up)", () => {
  it.each([
    [-72, "J-3"],
    [-49, "J-3"],
    [-48, "J-2"],
    [-25, "J-2"],
    [-24, "J-1"],
    [-1, "J-1"],
    [0, "J-0"],
    [1, "J+1"],
    [24, "J+1"],
    [25, "J+2"],
    [24 * 10, "J+10"],
  ])("%i hours from the start → %s", (offset, label) => {
    expect(eventCountdown(start, hours(offset))?.label).toBe(label);
  });

  it("tells the phase and the days", () => {
    expect(eventCountdown(start, hours(-30))).toEqual({ label: "J-2", days: 2, phase: "before" });
    expect(eventCountdown(start.getTime(), hours(30).getTime())).toEqual({ label: "J+2", days: 2, phase: "after" });
  });

  it("is null without a start date", () => {
    expect(eventCountdown(null, start)).toBeNull();
    expect(eventCountdown(undefined, start)).toBeNull();
  });
});
