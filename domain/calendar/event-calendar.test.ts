import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { calendarUid, eventCalendarFile, type CalendarEvent } from "./event-calendar";
import { escapeText, foldLine } from "./ics-text";
import { vtimezoneLines } from "./vtimezone";

const base: CalendarEvent = {
  uid: calendarUid(42, "https://guichet.example.com/"),
  sequence: 3,
  timeZone: "Europe/Paris",
  startAt: new Date("2026-06-21T18:00:00Z"),
  endAt: new Date("2026-06-21T21:30:00Z"),
  summary: "Fête de la musique",
  location: "Le Trianon, 80 boulevard de Rochechouart, 75018 Paris",
  description: "Une soirée.\n\nhttps://guichet.example.com/orders/7?token=abc",
  url: "https://guichet.example.com/orders/7?token=abc",
  stampAt: new Date("2026-05-01T08:30:15Z"),
};

const registered: string[] = [];

/** Parses the file with ical.js, registers its VTIMEZONE (as a calendar does on import) and returns the event. */
function parse(file: string) {
  const calendar = new ICAL.Component(ICAL.parse(file));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = String(zone.getFirstPropertyValue("tzid"));
    ICAL.TimezoneService.register(zone);
    registered.push(tzid);
  }
  const vevents = calendar.getAllSubcomponents("vevent");
  expect(vevents).toHaveLength(1);
  return { calendar, event: new ICAL.Event(vevents[0]!) };
}

afterEach(() => {
  for (const tzid of registered.splice(0)) ICAL.TimezoneService.remove(tzid);
});

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

describe("eventCalendarFile", () => {
  it("is a PUBLISH calendar with one confirmed event that ical.js parses, times in the event's zone", () => {
    const file = eventCalendarFile(base);
    const { calendar, event } = parse(file);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Guichet//Guichet Billetterie//FR");
    expect(calendar.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(event.uid).toBe("event-42@guichet.example.com");
    expect(event.sequence).toBe(3);
    expect(event.summary).toBe("Fête de la musique");
    expect(event.location).toBe("Le Trianon, 80 boulevard de Rochechouart, 75018 Paris");
    expect(event.description).toBe("Une soirée.\n\nhttps://guichet.example.com/orders/7?token=abc");
    expect(event.component.getFirstPropertyValue("url")).toBe("https://guichet.example.com/orders/7?token=abc");
    expect(event.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event.component.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-05-01T08:30:15Z");
    expect(event.startDate.zone.tzid).toBe("Europe/Paris");
    expect(event.startDate.toString()).toBe("2026-06-21T20:00:00");
    expect(event.endDate.toString()).toBe("2026-06-21T23:30:00");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-06-21T18:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-06-21T21:30:00.000Z");
    expect(file).toContain("\r\nDTSTART;TZID=Europe/Paris:20260621T200000\r\n");
    expect(file).toContain("\r\nDTEND;TZID=Europe/Paris:20260621T233000\r\n");
  });

  it("ends every line with CRLF and keeps every line within 75 octets", () => {
    const file = eventCalendarFile(base);
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of file.split("\r\n")) expect(utf8Length(line)).toBeLessThanOrEqual(75);
  });

  it("gives an event across the autumn change its wall-clock times and the right instants (Europe/Paris)", () => {
    // 20:00 on Saturday (UTC+2) to 10:00 on Sunday (UTC+1): the clocks go back at 03:00 in between.
    const file = eventCalendarFile({
      ...base,
      startAt: new Date("2026-10-24T18:00:00Z"),
      endAt: new Date("2026-10-25T09:00:00Z"),
    });
    const { event } = parse(file);
    expect(event.startDate.toString()).toBe("2026-10-24T20:00:00");
    expect(event.endDate.toString()).toBe("2026-10-25T10:00:00");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-10-24T18:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-10-25T09:00:00.000Z");
    expect(event.startDate.utcOffset()).toBe(7200);
    expect(event.endDate.utcOffset()).toBe(3600);
    // The year's two changes, each at the wall clock before it.
    expect(file).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n");
    expect(file).toContain("BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n");
  });

  it("writes an America/New_York event across the spring change in New York time", () => {
    // 19:00 EST on Saturday 7 March to 12:00 EDT on Sunday 8 March 2026 (clocks go forward at 02:00).
    const file = eventCalendarFile({
      ...base,
      timeZone: "America/New_York",
      startAt: new Date("2026-03-08T00:00:00Z"),
      endAt: new Date("2026-03-08T16:00:00Z"),
    });
    const { event } = parse(file);
    expect(event.startDate.zone.tzid).toBe("America/New_York");
    expect(event.startDate.toString()).toBe("2026-03-07T19:00:00");
    expect(event.endDate.toString()).toBe("2026-03-08T12:00:00");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-03-08T00:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-03-08T16:00:00.000Z");
    expect(event.startDate.utcOffset()).toBe(-5 * 3600);
    expect(event.endDate.utcOffset()).toBe(-4 * 3600);
    expect(file).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\n");
    expect(file).toContain("BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\n");
  });

  it("lasts two hours when the event has no end", () => {
    const { event } = parse(eventCalendarFile({ ...base, endAt: null }));
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-06-21T20:00:00.000Z");
    expect(event.endDate.toString()).toBe("2026-06-21T22:00:00");
  });

  it("escapes a title with a comma, a semicolon, a backslash and a line break, and reads back the same text", () => {
    const summary = "Jazz, blues; rock\\soul\nLa nuit";
    const file = eventCalendarFile({ ...base, summary });
    expect(file).toContain("\r\nSUMMARY:Jazz\\, blues\\; rock\\\\soul\\nLa nuit\r\n");
    expect(parse(file).event.summary).toBe(summary);
  });

  it("folds a long UTF-8 description at 75 octets without cutting a character, and reads it back whole", () => {
    const description = "Soirée « été » à l'Opéra 🎷 — entrée libre, ça démarre tôt ! ".repeat(12).trim();
    const file = eventCalendarFile({ ...base, description });
    const lines = file.split("\r\n");
    const start = lines.findIndex((line) => line.startsWith("DESCRIPTION:"));
    const continuation = lines.slice(start + 1).findIndex((line) => !line.startsWith(" "));
    const folded = lines.slice(start, start + 1 + continuation);
    expect(folded.length).toBeGreaterThan(5);
    for (const line of folded) {
      expect(utf8Length(line)).toBeLessThanOrEqual(75);
      // A cut inside a character would leave a lone surrogate or a replacement character after a byte round trip.
      expect(new TextDecoder().decode(new TextEncoder().encode(line))).toBe(line);
      expect(line).not.toMatch(/[\uD800-\uDFFF]/u);
    }
    expect(parse(file).event.description).toBe(description);
  });

  it("uses one observance for a zone without changes", () => {
    const lines = vtimezoneLines("Asia/Tokyo", Date.UTC(2026, 5, 1), Date.UTC(2026, 5, 2));
    expect(lines).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Asia/Tokyo",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:+0900",
      "TZOFFSETTO:+0900",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
  });

  it("starts a southern zone's year in daylight time (Australia/Sydney)", () => {
    const file = eventCalendarFile({
      ...base,
      timeZone: "Australia/Sydney",
      startAt: new Date("2026-04-04T09:00:00Z"),
      endAt: new Date("2026-04-05T09:00:00Z"),
    });
    const { event } = parse(file);
    // 20:00 AEDT (+11) on Saturday; 19:00 AEST (+10) on Sunday: clocks go back at 03:00 on 5 April 2026.
    expect(event.startDate.toString()).toBe("2026-04-04T20:00:00");
    expect(event.endDate.toString()).toBe("2026-04-05T19:00:00");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-04-04T09:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-04-05T09:00:00.000Z");
    expect(file).toContain("BEGIN:DAYLIGHT\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+1100\r\nTZOFFSETTO:+1100\r\n");
  });
});

describe("ics text rules", () => {
  it("escapes TEXT values", () => {
    expect(escapeText("a\\b;c,d\r\ne\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("leaves a line of 75 octets alone and folds the 76th onto a continuation line", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
    // 74 ASCII octets then a two-octet "é": the "é" would make 76, so it moves whole to the next line.
    expect(foldLine(`${"x".repeat(74)}é`)).toBe(`${"x".repeat(74)}\r\n é`);
  });
});
