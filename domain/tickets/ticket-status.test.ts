import { describe, expect, it } from "vitest";
import { zonedDateTimeToUtc } from "../events/event-time-zone";
import {
  deriveTicketStatus,
  eventTicketsPurchased,
  eventTicketsTaken,
  placesTaken,
  ticketRemaining,
  withTicketStatuses,
  type TicketStatusEvent,
  type TicketStatusTicket,
} from "./ticket-status";

const now = new Date("2026-06-10T12:00:00Z");
const at = (iso: string) => new Date(iso);
const ticket = (values: Partial<TicketStatusTicket> = {}): TicketStatusTicket => ({
  ticketType: "ticket",
  amount: -1,
  purchased: 0,
  sellStartAt: null,
  sellEndAt: null,
  visibility: "visible",
  ...values,
});
const event = (values: Partial<TicketStatusEvent> = {}): TicketStatusEvent => ({
  startAt: at("2026-06-21T18:00:00Z"),
  endAt: at("2026-06-21T23:00:00Z"),
  eventCapacity: -1,
  ...values,
});

describe("deriveTicketStatus (spec §4)", () => {
  it.each<[string, TicketStatusTicket, TicketStatusEvent, number, string, string | null, string]>([
    ["on sale", ticket(), event(), 0, "on_sale", null, "green"],
    ["unlimited never sells out", ticket({ purchased: 10_000 }), event(), 10_000, "on_sale", null, "green"],
    ["stock reached", ticket({ amount: 50, purchased: 50 }), event(), 50, "sold_out", null, "gray"],
    ["stock exceeded", ticket({ amount: 50, purchased: 51 }), event(), 51, "sold_out", null, "gray"],
    ["stock left", ticket({ amount: 50, purchased: 49 }), event(), 49, "on_sale", null, "green"],
    [
      "event capacity reached",
      ticket({ amount: 100, purchased: 10 }),
      event({ eventCapacity: 80 }),
      80,
      "sold_out",
      null,
      "gray",
    ],
    ["event capacity left", ticket({ purchased: 10 }), event({ eventCapacity: 80 }), 79, "on_sale", null, "green"],
    [
      "capacity does not apply to add-ons",
      ticket({ ticketType: "addon" }),
      event({ eventCapacity: 80 }),
      80,
      "on_sale",
      null,
      "green",
    ],
    [
      "add-on stock reached",
      ticket({ ticketType: "addon", amount: 5, purchased: 5 }),
      event(),
      0,
      "sold_out",
      null,
      "gray",
    ],
    [
      "sold out wins over hidden",
      ticket({ amount: 1, purchased: 1, visibility: "hidden" }),
      event(),
      1,
      "sold_out",
      null,
      "gray",
    ],
    [
      "event ended",
      ticket(),
      event({ startAt: at("2026-06-01T18:00:00Z"), endAt: at("2026-06-01T23:00:00Z") }),
      0,
      "not_on_sale",
      "event_has_ended",
      "red",
    ],
    [
      "event started",
      ticket(),
      event({ startAt: at("2026-06-10T10:00:00Z"), endAt: at("2026-06-10T23:00:00Z") }),
      0,
      "not_on_sale",
      "event_has_already_started",
      "red",
    ],
    [
      "event started, sales open past the start",
      ticket({ sellEndAt: at("2026-06-10T20:00:00Z") }),
      event({ startAt: at("2026-06-10T10:00:00Z"), endAt: at("2026-06-10T23:00:00Z") }),
      0,
      "not_on_sale",
      "event_has_already_started",
      "red",
    ],
    [
      "event started, sales ended before it",
      ticket({ sellEndAt: at("2026-06-09T20:00:00Z") }),
      event({ startAt: at("2026-06-10T10:00:00Z"), endAt: at("2026-06-10T23:00:00Z") }),
      0,
      "not_on_sale",
      "sales_have_ended",
      "red",
    ],
    [
      "sales not started",
      ticket({ sellStartAt: at("2026-06-11T00:00:00Z") }),
      event(),
      0,
      "not_on_sale",
      "sales_havent_started_yet",
      "red",
    ],
    [
      "sales ended",
      ticket({ sellEndAt: at("2026-06-10T11:59:59Z") }),
      event(),
      0,
      "not_on_sale",
      "sales_have_ended",
      "red",
    ],
    ["sales end exactly now", ticket({ sellEndAt: now }), event(), 0, "not_on_sale", "sales_have_ended", "red"],
    [
      "within the sales window",
      ticket({ sellStartAt: at("2026-06-01T00:00:00Z"), sellEndAt: at("2026-06-20T00:00:00Z") }),
      event(),
      0,
      "on_sale",
      null,
      "green",
    ],
    [
      "not on sale wins over hidden",
      ticket({ visibility: "hidden", sellStartAt: at("2026-06-11T00:00:00Z") }),
      event(),
      0,
      "not_on_sale",
      "sales_havent_started_yet",
      "red",
    ],
    ["hidden", ticket({ visibility: "hidden" }), event(), 0, "hidden", null, "red"],
    ["deleted shows as hidden", ticket({ visibility: "deleted" }), event(), 0, "hidden", null, "red"],
    ["no dates at all", ticket(), event({ startAt: null, endAt: null }), 0, "on_sale", null, "green"],
  ])("%s", (_label, t, e, purchased, status, explanation, color) => {
    expect(deriveTicketStatus(t, e, { eventTicketsPurchased: purchased, now })).toEqual({ status, explanation, color });
  });
});

describe("capacity helpers", () => {
  it("counts only 'ticket' purchases toward the event capacity", () => {
    expect(
      eventTicketsPurchased([
        { ticketType: "ticket", purchased: 3 },
        { ticketType: "addon", purchased: 7 },
        { ticketType: "ticket", purchased: 2 },
      ]),
    ).toBe(5);
  });

  it("gives the places left: the smaller of stock and capacity, null when unlimited", () => {
    expect(ticketRemaining({ ticketType: "ticket", amount: -1, purchased: 4 }, { eventCapacity: -1 }, 4)).toBeNull();
    expect(ticketRemaining({ ticketType: "ticket", amount: 10, purchased: 4 }, { eventCapacity: -1 }, 4)).toBe(6);
    expect(ticketRemaining({ ticketType: "ticket", amount: 10, purchased: 4 }, { eventCapacity: 20 }, 18)).toBe(2);
    expect(ticketRemaining({ ticketType: "ticket", amount: -1, purchased: 4 }, { eventCapacity: 20 }, 25)).toBe(0);
    expect(ticketRemaining({ ticketType: "addon", amount: -1, purchased: 4 }, { eventCapacity: 20 }, 20)).toBeNull();
  });

  it("counts places held by unpaid orders like purchases when given, never below nothing left", () => {
    expect(placesTaken({ purchased: 3 })).toBe(3);
    expect(placesTaken({ purchased: 3, held: 12 })).toBe(15);
    expect(
      eventTicketsTaken([
        { ticketType: "ticket", purchased: 3, held: 2 },
        { ticketType: "addon", purchased: 7, held: 9 },
        { ticketType: "ticket", purchased: 2 },
      ]),
    ).toBe(7);
    const held = { ticketType: "ticket", amount: 15, purchased: 3, held: 12 } as const;
    expect(ticketRemaining(held, { eventCapacity: -1 }, 15)).toBe(0);
    expect(ticketRemaining({ ...held, held: 13 }, { eventCapacity: -1 }, 16)).toBe(0);
    expect(ticketRemaining({ ...held, held: 4 }, { eventCapacity: 10 }, 9)).toBe(1);
    expect(deriveTicketStatus(ticket(held), event(), { eventTicketsPurchased: 15, now }).status).toBe("sold_out");
    expect(deriveTicketStatus(ticket({ ...held, held: 11 }), event(), { eventTicketsPurchased: 14, now }).status).toBe(
      "on_sale",
    );
  });
});

describe("sale windows around the event start and end", () => {
  const e = event({ startAt: at("2026-06-21T18:00:00Z"), endAt: at("2026-06-21T23:00:00Z") });
  const status = (t: TicketStatusTicket, when: string) => {
    const derived = deriveTicketStatus(t, e, { eventTicketsPurchased: 0, now: at(when) });
    return derived.explanation ?? derived.status;
  };

  it.each([
    ["one millisecond before the start", "2026-06-21T17:59:59.999Z", "on_sale"],
    ["at the start", "2026-06-21T18:00:00Z", "event_has_already_started"],
    ["one millisecond before the end", "2026-06-21T22:59:59.999Z", "event_has_already_started"],
    ["at the end", "2026-06-21T23:00:00Z", "event_has_ended"],
  ])("open-ended sales: %s", (_label, when, expected) => {
    expect(status(ticket(), when)).toBe(expected);
  });

  it.each([
    ["sales start one millisecond later", { sellStartAt: at("2026-06-10T12:00:00.001Z") }, "sales_havent_started_yet"],
    ["sales start exactly now", { sellStartAt: now }, "on_sale"],
    ["sales end one millisecond later", { sellEndAt: at("2026-06-10T12:00:00.001Z") }, "on_sale"],
    ["sales start after the event end", { sellStartAt: at("2026-06-22T00:00:00Z") }, "sales_havent_started_yet"],
  ])("%s", (_label, values, expected) => {
    expect(status(ticket(values), now.toISOString())).toBe(expected);
  });

  it("sales that end after the event has ended report the event's end", () => {
    expect(status(ticket({ sellEndAt: at("2026-06-30T00:00:00Z") }), "2026-06-22T00:00:00Z")).toBe("event_has_ended");
  });

  it("sales that start after the event started still say the event has started once open", () => {
    expect(status(ticket({ sellStartAt: at("2026-06-21T19:00:00Z") }), "2026-06-21T20:00:00Z")).toBe(
      "event_has_already_started",
    );
    expect(status(ticket({ sellStartAt: at("2026-06-21T19:00:00Z") }), "2026-06-21T18:30:00Z")).toBe(
      "sales_havent_started_yet",
    );
  });
});

describe("time zones", () => {
  // Sale dates are typed as wall-clock times in the event's zone and stored as instants: the status compares instants.
  it.each([
    ["Europe/Paris", "2026-06-10T14:00", "2026-06-10T12:00:00Z"],
    ["Pacific/Noumea", "2026-06-10T23:00", "2026-06-10T12:00:00Z"],
    ["America/Los_Angeles", "2026-06-10T05:00", "2026-06-10T12:00:00Z"],
  ])("a sale end of %s %s is the instant %s", (zone, local, instant) => {
    const sellEndAt = zonedDateTimeToUtc(local, zone)!;
    expect(sellEndAt.toISOString()).toBe(new Date(instant).toISOString());
    const before = deriveTicketStatus(ticket({ sellEndAt }), event(), {
      eventTicketsPurchased: 0,
      now: sellEndAt.getTime() - 1,
    });
    const atEnd = deriveTicketStatus(ticket({ sellEndAt }), event(), { eventTicketsPurchased: 0, now: sellEndAt });
    expect([before.status, atEnd.explanation]).toEqual(["on_sale", "sales_have_ended"]);
  });

  it("a wall-clock sale start in the event's zone opens at the same instant whatever the server's zone", () => {
    // 02:30 on the night clocks go forward in Paris does not exist: it opens at 03:30 local (01:30Z).
    const sellStartAt = zonedDateTimeToUtc("2026-03-29T02:30", "Europe/Paris")!;
    expect(sellStartAt.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    const e = event({ startAt: at("2026-04-10T18:00:00Z"), endAt: at("2026-04-10T23:00:00Z") });
    expect(
      deriveTicketStatus(ticket({ sellStartAt }), e, { eventTicketsPurchased: 0, now: at("2026-03-29T01:29:59Z") })
        .status,
    ).toBe("not_on_sale");
    expect(
      deriveTicketStatus(ticket({ sellStartAt }), e, { eventTicketsPurchased: 0, now: at("2026-03-29T01:30:00Z") })
        .status,
    ).toBe("on_sale");
  });
});

describe("withTicketStatuses", () => {
  it("counts deleted tickets' sales toward the capacity, never add-ons, and leaves deleted tickets out", () => {
    const rows = [
      { ...ticket({ purchased: 2 }), id: 1 },
      { ...ticket({ purchased: 3, visibility: "deleted" }), id: 2 },
      { ...ticket({ ticketType: "addon", purchased: 50 }), id: 3 },
      { ...ticket({ ticketType: "addon", amount: 5, purchased: 1 }), id: 4 },
    ];
    const listed = withTicketStatuses(rows, event({ eventCapacity: 5 }), now);
    expect(listed.map((t) => [t.id, t.derived.status, t.remaining])).toEqual([
      [1, "sold_out", 0],
      [3, "on_sale", null],
      [4, "on_sale", 4],
    ]);
    const withRoom = withTicketStatuses(rows, event({ eventCapacity: 6 }), now);
    expect(withRoom.map((t) => [t.id, t.derived.status, t.remaining])).toEqual([
      [1, "on_sale", 1],
      [3, "on_sale", null],
      [4, "on_sale", 4],
    ]);
  });

  it("counts the rows' holds, a deleted ticket's included, against the stock and the capacity, never an add-on's", () => {
    const rows = [
      { ...ticket({ amount: 10, purchased: 2, held: 3 }), id: 1 },
      { ...ticket({ visibility: "deleted", held: 1 }), id: 2 },
      { ...ticket({ ticketType: "addon", amount: 5, purchased: 1, held: 4 }), id: 3 },
    ];
    expect(
      withTicketStatuses(rows, event({ eventCapacity: 6 }), now).map((t) => [t.id, t.derived.status, t.remaining]),
    ).toEqual([
      [1, "sold_out", 0],
      [3, "sold_out", 0],
    ]);
    expect(
      withTicketStatuses(rows, event({ eventCapacity: 9 }), now).map((t) => [t.id, t.derived.status, t.remaining]),
    ).toEqual([
      [1, "on_sale", 3],
      [3, "sold_out", 0],
    ]);
  });

  it("takes the event's holds as read by the type they were sold as, when given, instead of the rows' own", () => {
    // Row 2 became an add-on while 3 of its places were held as tickets: the booking still counts those 3.
    const rows = [
      { ...ticket({ amount: 10, purchased: 2, held: 1 }), id: 1 },
      { ...ticket({ ticketType: "addon", amount: 5, held: 3 }), id: 2 },
    ];
    const list = (eventTicketsHeld?: number) =>
      withTicketStatuses(rows, event({ eventCapacity: 6 }), now, eventTicketsHeld).map((t) => [t.id, t.remaining]);
    expect(list()).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect(list(4)).toEqual([
      [1, 0],
      [2, 2],
    ]);
  });
});
