import { describe, expect, it } from "vitest";
import { deriveTicketStatus, eventTicketsPurchased, ticketRemaining, type TicketStatusEvent, type TicketStatusTicket } from "./ticket-status";

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
    ["event capacity reached", ticket({ amount: 100, purchased: 10 }), event({ eventCapacity: 80 }), 80, "sold_out", null, "gray"],
    ["event capacity left", ticket({ purchased: 10 }), event({ eventCapacity: 80 }), 79, "on_sale", null, "green"],
    ["capacity does not apply to add-ons", ticket({ ticketType: "addon" }), event({ eventCapacity: 80 }), 80, "on_sale", null, "green"],
    ["add-on stock reached", ticket({ ticketType: "addon", amount: 5, purchased: 5 }), event(), 0, "sold_out", null, "gray"],
    ["sold out wins over hidden", ticket({ amount: 1, purchased: 1, visibility: "hidden" }), event(), 1, "sold_out", null, "gray"],
    ["event ended", ticket(), event({ startAt: at("2026-06-01T18:00:00Z"), endAt: at("2026-06-01T23:00:00Z") }), 0, "not_on_sale", "event_has_ended", "red"],
    ["event started", ticket(), event({ startAt: at("2026-06-10T10:00:00Z"), endAt: at("2026-06-10T23:00:00Z") }), 0, "not_on_sale", "event_has_already_started", "red"],
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
    ["sales not started", ticket({ sellStartAt: at("2026-06-11T00:00:00Z") }), event(), 0, "not_on_sale", "sales_havent_started_yet", "red"],
    ["sales ended", ticket({ sellEndAt: at("2026-06-10T11:59:59Z") }), event(), 0, "not_on_sale", "sales_have_ended", "red"],
    ["sales end exactly now", ticket({ sellEndAt: now }), event(), 0, "not_on_sale", "sales_have_ended", "red"],
    ["within the sales window", ticket({ sellStartAt: at("2026-06-01T00:00:00Z"), sellEndAt: at("2026-06-20T00:00:00Z") }), event(), 0, "on_sale", null, "green"],
    ["not on sale wins over hidden", ticket({ visibility: "hidden", sellStartAt: at("2026-06-11T00:00:00Z") }), event(), 0, "not_on_sale", "sales_havent_started_yet", "red"],
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
});
