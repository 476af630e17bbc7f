import { describe, expect, it } from "vitest";
import {
  DEFAULT_SELF_SERVICE,
  selfServiceBlock,
  selfServiceDeadline,
  selfServiceRules,
  type SelfServiceRules,
} from "./self-service-rules";

const iso = (date: Date | null) => date?.toISOString() ?? null;

describe("selfServiceDeadline (issue 28 §1: deadlines from the start, in the event's time zone)", () => {
  it("puts the default, 24 hours, exactly 24 hours before the start", () => {
    // Friday 12 June 2026, 20:00 in Paris (CEST, UTC+2).
    const start = new Date("2026-06-12T18:00:00.000Z");
    expect(iso(selfServiceDeadline(start, "Europe/Paris", 24, "hours"))).toBe("2026-06-11T18:00:00.000Z");
    expect(iso(selfServiceDeadline(start, "Europe/Paris", 1, "days"))).toBe("2026-06-11T18:00:00.000Z");
  });

  it("keeps hours an exact duration across the spring daylight-saving change", () => {
    // Sunday 29 March 2026, 20:00 in Paris (CEST): the clocks went forward at 02:00 that night.
    const start = new Date("2026-03-29T18:00:00.000Z");
    // 24 hours earlier is Saturday 19:00 in Paris (CET, UTC+1).
    expect(iso(selfServiceDeadline(start, "Europe/Paris", 24, "hours"))).toBe("2026-03-28T18:00:00.000Z");
  });

  it("counts days as calendar days in the event's zone: 23 hours across the spring change", () => {
    const start = new Date("2026-03-29T18:00:00.000Z");
    // Saturday 28 March 2026, 20:00 in Paris (CET) = 19:00 UTC.
    expect(iso(selfServiceDeadline(start, "Europe/Paris", 1, "days"))).toBe("2026-03-28T19:00:00.000Z");
  });

  it("and 25 hours across the autumn change", () => {
    // Sunday 25 October 2026, 20:00 in Paris (CET) = 19:00 UTC; the clocks went back at 03:00 that night.
    const start = new Date("2026-10-25T19:00:00.000Z");
    // Saturday 24 October 2026, 20:00 in Paris (CEST) = 18:00 UTC.
    expect(iso(selfServiceDeadline(start, "Europe/Paris", 1, "days"))).toBe("2026-10-24T18:00:00.000Z");
  });

  it("follows the event's own zone, not Paris", () => {
    // Sunday 8 March 2026, 19:00 in New York (EDT, UTC-4): the US clocks went forward that morning.
    const start = new Date("2026-03-08T23:00:00.000Z");
    // Friday 6 March 2026, 19:00 in New York (EST, UTC-5) = Saturday 00:00 UTC.
    expect(iso(selfServiceDeadline(start, "America/New_York", 2, "days"))).toBe("2026-03-07T00:00:00.000Z");
  });

  it("has no deadline for an event without a start", () => {
    expect(selfServiceDeadline(null, "Europe/Paris", 24, "hours")).toBeNull();
  });
});

describe("selfServiceRules", () => {
  const event = { ...DEFAULT_SELF_SERVICE, startAt: new Date("2026-06-12T18:00:00.000Z"), timezone: "Europe/Paris" };

  it("is open until the deadline, and closed from the deadline's millisecond on", () => {
    const deadline = Date.parse("2026-06-11T18:00:00.000Z");
    expect(selfServiceRules(event, deadline - 1)).toEqual({
      edit: { state: "open", until: new Date(deadline) },
      transfer: { state: "open", until: new Date(deadline) },
      // Cancelling is off by default (migration 0029).
      cancel: { state: "off", until: null },
    });
    expect(selfServiceRules(event, deadline).edit).toEqual({ state: "closed", until: new Date(deadline) });
  });

  it("reads each action's own setting", () => {
    const rules = selfServiceRules(
      { ...event, selfServiceEditBefore: 2, selfServiceEditUnit: "days", selfServiceTransfer: false },
      Date.parse("2026-06-10T17:59:59.999Z"),
    );
    expect(rules).toEqual({
      edit: { state: "open", until: new Date("2026-06-10T18:00:00.000Z") },
      transfer: { state: "off", until: null },
      cancel: { state: "off", until: null },
    });
  });

  it("closes cancelling 48 hours before the start by default once the organizer allows it", () => {
    const rules = selfServiceRules({ ...event, selfServiceCancel: true }, Date.parse("2026-06-10T17:59:59.999Z"));
    expect(rules.cancel).toEqual({ state: "open", until: new Date("2026-06-10T18:00:00.000Z") });
    expect(
      selfServiceRules({ ...event, selfServiceCancel: true }, Date.parse("2026-06-10T18:00:00.000Z")).cancel,
    ).toEqual({ state: "closed", until: new Date("2026-06-10T18:00:00.000Z") });
  });

  it("counts a cancel deadline in days as calendar days in the event's zone, across the spring change", () => {
    // Tuesday 31 March 2026, 20:00 in Paris (CEST, UTC+2) = 18:00 UTC; 3 days before is Saturday 28 March, 20:00
    // in Paris (CET, UTC+1) = 19:00 UTC: 71 hours, not 72.
    const spring = {
      ...event,
      startAt: new Date("2026-03-31T18:00:00.000Z"),
      selfServiceCancel: true,
      selfServiceCancelBefore: 3,
      selfServiceCancelUnit: "days" as const,
    };
    expect(selfServiceRules(spring, Date.parse("2026-03-28T18:59:59.999Z")).cancel).toEqual({
      state: "open",
      until: new Date("2026-03-28T19:00:00.000Z"),
    });
    expect(selfServiceRules(spring, Date.parse("2026-03-28T19:00:00.000Z")).cancel.state).toBe("closed");
    // The same 3 days in hours (72) is one hour earlier.
    expect(
      selfServiceRules({ ...spring, selfServiceCancelBefore: 72, selfServiceCancelUnit: "hours" }, 0).cancel.until,
    ).toEqual(new Date("2026-03-28T18:00:00.000Z"));
  });

  it("stays open with no deadline when the event has no start", () => {
    expect(selfServiceRules({ ...event, startAt: null }, Date.parse("2030-01-01T00:00:00.000Z")).edit).toEqual({
      state: "open",
      until: null,
    });
  });
});

describe("selfServiceBlock", () => {
  const open: SelfServiceRules = {
    edit: { state: "open", until: null },
    transfer: { state: "open", until: null },
    cancel: { state: "open", until: null },
  };
  const ticket = { orderLive: true, ticketType: "ticket" as const, checkedIn: false };

  it("allows both actions on a confirmed order's ticket within the rules", () => {
    expect(selfServiceBlock("edit", open, ticket)).toBeNull();
    expect(selfServiceBlock("transfer", open, ticket)).toBeNull();
  });

  it("lets a checked-in ticket be edited but not transferred", () => {
    expect(selfServiceBlock("edit", open, { ...ticket, checkedIn: true })).toBeNull();
    expect(selfServiceBlock("transfer", open, { ...ticket, checkedIn: true })).toBe("checked-in");
  });

  it("never lets a checked-in ticket be cancelled, nor an add-on alone", () => {
    expect(selfServiceBlock("cancel", open, ticket)).toBeNull();
    expect(selfServiceBlock("cancel", open, { ...ticket, checkedIn: true })).toBe("checked-in");
    expect(selfServiceBlock("cancel", open, { ...ticket, ticketType: "addon" })).toBe("addon");
    expect(selfServiceBlock("cancel", { ...open, cancel: { state: "closed", until: new Date(0) } }, ticket)).toBe(
      "deadline-passed",
    );
    expect(selfServiceBlock("cancel", { ...open, cancel: { state: "off", until: null } }, ticket)).toBe("off");
  });

  it("says why an action is refused", () => {
    expect(selfServiceBlock("edit", open, { ...ticket, orderLive: false })).toBe("order-not-confirmed");
    expect(selfServiceBlock("transfer", open, { ...ticket, ticketType: "addon" })).toBe("addon");
    expect(selfServiceBlock("edit", { ...open, edit: { state: "off", until: null } }, ticket)).toBe("off");
    expect(selfServiceBlock("transfer", { ...open, transfer: { state: "closed", until: new Date(0) } }, ticket)).toBe(
      "deadline-passed",
    );
  });
});
