import { describe, expect, it } from "vitest";
import { googleCalendarUrl, outlookCalendarUrl } from "./calendar-links";

const event = {
  startAt: new Date("2026-06-21T18:00:00Z"),
  endAt: new Date("2026-06-21T21:30:00Z"),
  summary: "Jazz & blues, la nuit",
  location: "Le Trianon, 80 boulevard de Rochechouart, 75018 Paris",
  description: "Vos billets : https://guichet.example.com/orders/7?token=a+b",
  timeZone: "Europe/Paris",
};

describe("calendar links", () => {
  it("prefills Google Calendar's page with UTC dates", () => {
    const url = new URL(googleCalendarUrl(event));
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: "TEMPLATE",
      text: "Jazz & blues, la nuit",
      dates: "20260621T180000Z/20260621T213000Z",
      details: "Vos billets : https://guichet.example.com/orders/7?token=a+b",
      location: "Le Trianon, 80 boulevard de Rochechouart, 75018 Paris",
      ctz: "Europe/Paris",
    });
  });

  it("prefills Outlook's compose page with ISO dates in UTC", () => {
    const url = new URL(outlookCalendarUrl(event));
    expect(`${url.origin}${url.pathname}`).toBe("https://outlook.live.com/calendar/0/action/compose");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      subject: "Jazz & blues, la nuit",
      startdt: "2026-06-21T18:00:00Z",
      enddt: "2026-06-21T21:30:00Z",
      body: "Vos billets : https://guichet.example.com/orders/7?token=a+b",
      location: "Le Trianon, 80 boulevard de Rochechouart, 75018 Paris",
      path: "/calendar/action/compose",
      rru: "addevent",
    });
  });

  it("gives an event without an end two hours in both", () => {
    const open = { ...event, endAt: null };
    expect(new URL(googleCalendarUrl(open)).searchParams.get("dates")).toBe("20260621T180000Z/20260621T200000Z");
    expect(new URL(outlookCalendarUrl(open)).searchParams.get("enddt")).toBe("2026-06-21T20:00:00Z");
  });
});
