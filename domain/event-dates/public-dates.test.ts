import { describe, expect, it } from "vitest";
import { datesHref } from "../../app/lib/dates-href";
import type { PublicTicket } from "../public-events/get-public-event";
import { bookingBodyFromForm } from "../public-events/booking-form";
import { linesWithDate, monthBounds, needsDate, parseMonth, ticketsOnDates, toPublicDate } from "./public-dates";

const row = (values: { status?: string; capacity?: number; sold?: number; held?: number } = {}) => ({
  id: 7,
  startAt: new Date("2027-03-20T19:00:00Z"),
  endAt: null,
  addressName: "",
  addressLabel: null,
  status: "on_sale",
  capacity: -1,
  sold: 0,
  held: 0,
  ...values,
});

const ticket = (id: number, values: Partial<PublicTicket> = {}): PublicTicket => ({
  id,
  ticketType: "ticket",
  title: `Billet ${id}`,
  description: "",
  price: 1500,
  feesType: "included",
  minPerOrder: 1,
  maxPerOrder: 10,
  remaining: null,
  sale: { status: "on_sale", explanation: null, color: "green" },
  salesOpenAt: null,
  waitingList: false,
  ...values,
});

describe("a public date's availability", () => {
  it("is sold out when closed by the organizer or when sold and held places reach its capacity", () => {
    expect(toPublicDate(row()).availability).toBe("on_sale");
    expect(toPublicDate(row({ status: "sold_out" })).availability).toBe("sold_out");
    expect(toPublicDate(row({ capacity: 30, sold: 25, held: 5 })).availability).toBe("sold_out");
    expect(toPublicDate(row({ capacity: 30, sold: 25, held: 4 }))).toMatchObject({
      availability: "on_sale",
      fewPlacesLeft: 1,
      placesLeft: 1,
    });
  });

  it("says few places are left at 10 or fewer, or at 10 % of its capacity or less", () => {
    expect(toPublicDate(row({ capacity: 40, sold: 29 })).fewPlacesLeft).toBeNull();
    expect(toPublicDate(row({ capacity: 40, sold: 30 })).fewPlacesLeft).toBe(10);
    expect(toPublicDate(row({ capacity: 500, sold: 449 })).fewPlacesLeft).toBeNull();
    expect(toPublicDate(row({ capacity: 500, sold: 450 })).fewPlacesLeft).toBe(50);
    expect(toPublicDate(row({ capacity: -1, sold: 10_000 })).fewPlacesLeft).toBeNull();
    // A closed date is sold out, not "few left".
    expect(toPublicDate(row({ status: "sold_out", capacity: 40, sold: 35 })).fewPlacesLeft).toBeNull();
  });
});

describe("months of the event's time zone", () => {
  it("start at local midnight on the first, across summer time", () => {
    expect(parseMonth("2027-03")).toBe("2027-03");
    expect(parseMonth("2027-13")).toBeNull();
    expect(parseMonth("march")).toBeNull();
    const march = monthBounds("2027-03", "Europe/Paris");
    expect(march.from.toISOString()).toBe("2027-02-28T23:00:00.000Z");
    // April begins in summer time (UTC+2).
    expect(march.to.toISOString()).toBe("2027-03-31T22:00:00.000Z");
    expect(monthBounds("2027-12", "America/New_York").to.toISOString()).toBe("2028-01-01T05:00:00.000Z");
  });
});

describe("tickets on the picked date", () => {
  const dated = toPublicDate(row({ capacity: 30, sold: 27 }));
  const full = toPublicDate({ ...row({ capacity: 30, sold: 30 }), id: 8 });

  it("caps a per-date ticket to the date's places, closes it on a sold-out date, and a pass on a sold-out one of its dates", () => {
    const tickets = [ticket(1, { remaining: 12 }), ticket(2, { pass: true }), ticket(3, { pass: true })];
    const [perDate, pass, otherPass] = ticketsOnDates(tickets, {
      selected: dated,
      passDates: { 2: [dated, full], 3: [dated] },
    });
    expect(perDate!.remaining).toBe(3);
    expect(pass!.sale.status).toBe("sold_out");
    expect(otherPass!.sale.status).toBe("on_sale");
    const [onFull] = ticketsOnDates(tickets, { selected: full, passDates: {} });
    expect(onFull!.sale.status).toBe("sold_out");
  });

  it("gives the picked date to each per-date line, none to a pass line, and says when a date is missing", () => {
    const event = { multiDate: true, tickets: [ticket(1), ticket(2, { pass: true })] };
    const items = [
      { ticketId: 1, quantity: 2 },
      { ticketId: 2, quantity: 1 },
    ];
    expect(linesWithDate(items, event, 7)).toEqual([
      { ticketId: 1, quantity: 2, dateId: 7 },
      { ticketId: 2, quantity: 1 },
    ]);
    expect(needsDate(items, event)).toBe(true);
    expect(needsDate([{ ticketId: 2 }], event)).toBe(false);
    expect(needsDate(items, { tickets: event.tickets })).toBe(false);
  });

  it("sends date_id on a per-date line of the booking body", () => {
    const form = new URLSearchParams({ "buyer.first_name": "Léa" });
    const body = bookingBodyFromForm(
      form,
      { tickets: [ticket(1)], allowBilling: false, forms: emptyForms },
      {
        items: [
          { ticketId: 1, quantity: 1, dateId: 7 },
          { ticketId: 2, quantity: 1 },
        ],
        promoCode: null,
        t: null,
        locale: "fr",
      },
    );
    expect(body.items).toEqual([
      { ticket_id: 1, quantity: 1, date_id: 7 },
      { ticket_id: 2, quantity: 1 },
    ]);
  });
});

const emptyForms = {
  order: { title: "", ticketTarget: "all" as const, questions: [] },
  participant: { title: "", ticketTarget: "all" as const, questions: [] },
};

describe("the dates picker's links", () => {
  it("keep the page's own query (a private link's t) and set the month, page and date", () => {
    expect(datesHref("/events/4/gala?t=abc", { month: "2027-03" })).toBe("/events/4/gala?t=abc&month=2027-03#dates");
    expect(datesHref("/events/4/gala?t=abc&date=3", { month: "2027-03", page: 2, date: 9 })).toBe(
      "/events/4/gala?t=abc&month=2027-03&page=2&date=9#date-tickets",
    );
    expect(datesHref("/embed/events/4?lang=en", {})).toBe("/embed/events/4?lang=en#dates");
  });
});
