import { describe, expect, it } from "vitest";
import { AppError } from "../shared/app-error";
import { utcToZonedDateTime } from "../events/event-time-zone";
import { MAX_SERIES_DATES, planDateSeries, WORKING_DAYS, type DateSeries } from "./plan-date-series";

const PARIS = "Europe/Paris";
const local = (at: number) => utcToZonedDateTime(at, PARIS);

function errorKey(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.messageKey;
    throw error;
  }
  return undefined;
}

describe("planDateSeries", () => {
  it("keeps a 20:00 show at 20:00 local across the spring-forward change", () => {
    const dates = planDateSeries(
      {
        kind: "times",
        times: ["20:00"],
        startDate: "2026-03-27",
        until: "2026-03-31",
        weekdays: [1, 2, 3, 4, 5, 6, 7],
      },
      PARIS,
    );
    expect(dates.map((d) => local(d.startAt))).toEqual([
      "2026-03-27T20:00",
      "2026-03-28T20:00",
      "2026-03-29T20:00",
      "2026-03-30T20:00",
      "2026-03-31T20:00",
    ]);
    // Winter (UTC+1) before, summer (UTC+2) after.
    expect(new Date(dates[1]!.startAt).toISOString()).toBe("2026-03-28T19:00:00.000Z");
    expect(new Date(dates[2]!.startAt).toISOString()).toBe("2026-03-29T18:00:00.000Z");
    expect(dates.every((d) => d.endAt === null)).toBe(true);
  });

  it("keeps a 20:00 show at 20:00 local across the fall-back change", () => {
    const dates = planDateSeries(
      { kind: "times", times: ["20:00"], startDate: "2026-10-24", count: 2, weekdays: [6, 7], durationMinutes: 120 },
      PARIS,
    );
    expect(dates.map((d) => new Date(d.startAt).toISOString())).toEqual([
      "2026-10-24T18:00:00.000Z",
      "2026-10-25T19:00:00.000Z",
    ]);
    expect(dates.map((d) => local(d.endAt!))).toEqual(["2026-10-24T22:00", "2026-10-25T22:00"]);
  });

  it("leaves out a slot at a time the spring-forward day skips", () => {
    const dates = planDateSeries(
      {
        kind: "slots",
        everyMinutes: 30,
        slotsFrom: "01:30",
        slotsTo: "04:00",
        startDate: "2026-03-29",
        until: "2026-03-29",
        weekdays: [7],
      },
      PARIS,
    );
    // 02:00 and 02:30 do not exist that night.
    expect(dates.map((d) => local(d.startAt))).toEqual(["2026-03-29T01:30", "2026-03-29T03:00", "2026-03-29T03:30"]);
    expect(dates.every((d) => d.endAt! - d.startAt === 30 * 60_000)).toBe(true);
  });

  it("takes the first of the two instants of a time the fall-back day repeats", () => {
    const dates = planDateSeries(
      { kind: "times", times: ["02:30"], startDate: "2026-10-25", count: 1, weekdays: [7] },
      PARIS,
    );
    // 02:30 summer time (UTC+2), not the 02:30 an hour later.
    expect(new Date(dates[0]!.startAt).toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("plans slots every N minutes that end by the closing time, with a duration of their own", () => {
    const series: DateSeries = {
      kind: "slots",
      everyMinutes: 30,
      slotsFrom: "10:00",
      slotsTo: "12:00",
      startDate: "2026-06-01",
      until: "2026-06-01",
      weekdays: WORKING_DAYS,
    };
    expect(planDateSeries(series, PARIS).map((d) => local(d.startAt).slice(11))).toEqual([
      "10:00",
      "10:30",
      "11:00",
      "11:30",
    ]);
    const hourLong = planDateSeries({ ...series, durationMinutes: 60 }, PARIS);
    expect(hourLong.map((d) => local(d.startAt).slice(11))).toEqual(["10:00", "10:30", "11:00"]);
    expect(local(hourLong[2]!.endAt!)).toBe("2026-06-01T12:00");
  });

  it("plans every weekday at several times until a day, minus skipped holidays", () => {
    const dates = planDateSeries(
      {
        kind: "times",
        times: ["20:30", "14:00"],
        startDate: "2026-05-01",
        until: "2026-05-08",
        weekdays: WORKING_DAYS,
        skipDates: ["2026-05-01", "2026-05-08"],
      },
      PARIS,
    );
    // 1 and 8 May skipped, 2–3 and 9 a weekend: 4 to 7 May, two shows a day, in order.
    expect(dates.map((d) => local(d.startAt))).toEqual([
      "2026-05-04T14:00",
      "2026-05-04T20:30",
      "2026-05-05T14:00",
      "2026-05-05T20:30",
      "2026-05-06T14:00",
      "2026-05-06T20:30",
      "2026-05-07T14:00",
      "2026-05-07T20:30",
    ]);
  });

  it("stops after N occurrences on the chosen days", () => {
    const dates = planDateSeries(
      { kind: "times", times: ["19:00"], startDate: "2026-09-01", count: 20, weekdays: [2, 4] },
      PARIS,
    );
    expect(dates).toHaveLength(20);
    expect(dates.every((d) => [2, 4].includes(new Date(d.startAt).getUTCDay()))).toBe(true);
    expect(local(dates[0]!.startAt)).toBe("2026-09-01T19:00");
    expect(local(dates[19]!.startAt)).toBe("2026-11-05T19:00");
  });

  it("caps a series at 500 dates", () => {
    expect(MAX_SERIES_DATES).toBe(500);
    const base = { kind: "times", times: ["10:00"], startDate: "2026-01-01", weekdays: [1, 2, 3, 4, 5, 6, 7] } as const;
    expect(planDateSeries({ ...base, count: 500 }, PARIS)).toHaveLength(500);
    expect(errorKey(() => planDateSeries({ ...base, count: 501 }, PARIS))).toBe("dates:errors.series-too-many");
    expect(
      errorKey(() =>
        planDateSeries(
          {
            kind: "slots",
            everyMinutes: 15,
            slotsFrom: "09:00",
            slotsTo: "18:00",
            startDate: "2026-01-01",
            until: "2026-01-31",
            weekdays: [1, 2, 3, 4, 5, 6, 7],
          },
          PARIS,
        ),
      ),
    ).toBe("dates:errors.series-too-many");
  });

  it("refuses a series without an end, without days, or that plans nothing", () => {
    const base = { kind: "times", times: ["10:00"], startDate: "2026-01-01", weekdays: [1] } as const;
    expect(errorKey(() => planDateSeries(base, PARIS))).toBe("dates:errors.until-or-count");
    expect(errorKey(() => planDateSeries({ ...base, weekdays: [], count: 2 }, PARIS))).toBe(
      "dates:errors.weekdays-invalid",
    );
    expect(errorKey(() => planDateSeries({ ...base, times: ["25:00"], count: 2 }, PARIS))).toBe(
      "dates:errors.times-invalid",
    );
    // 1 January 2026 is a Thursday: no Monday until the 3rd.
    expect(errorKey(() => planDateSeries({ ...base, until: "2026-01-03" }, PARIS))).toBe("dates:errors.series-empty");
    expect(errorKey(() => planDateSeries({ ...base, until: "2025-12-31" }, PARIS))).toBe("dates:errors.until-invalid");
  });
});
