import { describe, expect, it } from "vitest";
import { orderCalendarLinks } from "../calendar/get-order-calendar";
import { orderConfirmationEmail } from "./order-confirmation-email";

const source = {
  id: 9,
  title: "Événement à l'Opéra",
  startAt: new Date("2027-03-12T19:00:00Z"),
  endAt: new Date("2027-03-12T22:30:00Z"),
  timezone: "Europe/Paris",
  addressName: "Opéra Garnier",
  addressLabel: "Place de l'Opéra, 75009 Paris",
  smallDescription: "",
  calendarSequence: 2,
};
const calendar = orderCalendarLinks(source, { id: 42, accessToken: "abc" }, "https://billets.example.org");

const input = {
  locale: "fr" as const,
  firstName: "Léa",
  orderId: 42,
  eventTitle: "Événement à l'Opéra",
  dates: "ven. 12 mars 2027, 20:00 – 23:30",
  address: "Opéra Garnier, Place de l'Opéra, 75009 Paris",
  tickets: [{ title: "Plein tarif", name: "Léa Martin" }],
  message: [],
  ticketsUrl: "https://billets.example.org/orders/42?token=abc",
  calendar,
};

describe("order confirmation email: add to my calendar (issue 27 §6)", () => {
  it("gives the order's .ics file and the Google and Outlook links, in French", () => {
    expect(calendar?.ics).toBe("https://billets.example.org/orders/42/calendar.ics?token=abc");
    const email = orderConfirmationEmail(input);
    expect(email.text).toContain(
      [
        "Lieu : Opéra Garnier, Place de l'Opéra, 75009 Paris",
        "Ajouter à mon agenda :",
        "- Fichier .ics (Apple, Outlook…) : https://billets.example.org/orders/42/calendar.ics?token=abc",
        `- Google Agenda : ${calendar!.google}`,
        `- Outlook : ${calendar!.outlook}`,
        "",
      ].join("\n"),
    );
    expect(email.html).toContain(
      'Ajouter à mon agenda : <a href="https://billets.example.org/orders/42/calendar.ics?token=abc" style="color:#4338ca;font-weight:600;">Fichier .ics (Apple, Outlook…)</a> · <a href="https://calendar.google.com/calendar/render?action=TEMPLATE&amp;text=',
    );
    expect(email.html).toContain('>Google Agenda</a> · <a href="https://outlook.live.com/calendar/0/action/compose?');
    expect(new URL(calendar!.google).searchParams.get("dates")).toBe("20270312T190000Z/20270312T223000Z");
    expect(new URL(calendar!.google).searchParams.get("details")).toBe(input.ticketsUrl);
  });

  it("says it in English for an English buyer", () => {
    const email = orderConfirmationEmail({ ...input, locale: "en" });
    expect(email.text).toContain("Add to my calendar:\n- .ics file (Apple, Outlook…): https://billets.example.org/");
    expect(email.text).toContain(`- Google Calendar: ${calendar!.google}`);
    expect(email.html).toContain(">Google Calendar</a>");
  });

  it("has no calendar line for an event without a date", () => {
    expect(orderCalendarLinks({ ...source, startAt: null }, { id: 42, accessToken: "abc" }, "https://x.test")).toBe(
      null,
    );
    const email = orderConfirmationEmail({ ...input, calendar: null });
    expect(email.text).not.toContain("Ajouter à mon agenda");
    expect(email.html).not.toContain("calendar.ics");
  });
});
