import { DAY_MS, offsetSegments } from "../events/event-time-zone";
import { escapeText, localDateTime, utcOffset } from "./ics-text";

/** The first observance's onset: before any event, so the zone's offset at the start of the covered years applies. */
const FIRST_ONSET = "19700101T000000";

/**
 * The `VTIMEZONE` of an IANA zone (RFC 5545 §3.6.5), built from the zone's real offsets over the calendar years the
 * event spans (UTC 1 January of the start's year to 1 January after the end's year, a day of margin on each side):
 * one observance for the offset in force at the beginning, then one per change, each `DTSTART` written as the wall
 * clock just before the change (the RFC's convention) with `TZOFFSETFROM`/`TZOFFSETTO`. No RRULE: the explicit
 * changes are exact for those years whatever the zone's rules, and a calendar only needs the years of the event. A
 * change to a larger offset is `DAYLIGHT`, to a smaller one `STANDARD`; a zone without changes has one `STANDARD`.
 */
export function vtimezoneLines(timeZone: string, fromMs: number, toMs: number): string[] {
  const firstYear = new Date(fromMs).getUTCFullYear();
  const lastYear = new Date(toMs).getUTCFullYear();
  const from = Date.UTC(firstYear, 0, 1) - DAY_MS;
  const to = Date.UTC(lastYear + 1, 0, 1) + DAY_MS;
  const segments = offsetSegments(timeZone, from, to);
  const [initial, ...changes] = segments;
  const initialOffset = initial!.offsetMs;
  // The offset at the start is daylight time when the zone's next change lowers it (southern summer in January).
  const initialIsDaylight = changes.length > 0 && changes[0]!.offsetMs < initialOffset;
  const lines = [
    "BEGIN:VTIMEZONE",
    `TZID:${escapeText(timeZone)}`,
    ...observance(initialIsDaylight ? "DAYLIGHT" : "STANDARD", FIRST_ONSET, initialOffset, initialOffset),
  ];
  let previousOffset = initialOffset;
  for (const change of changes) {
    const kind = change.offsetMs > previousOffset ? "DAYLIGHT" : "STANDARD";
    lines.push(...observance(kind, localDateTime(change.from!, previousOffset), previousOffset, change.offsetMs));
    previousOffset = change.offsetMs;
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

function observance(kind: "STANDARD" | "DAYLIGHT", onset: string, fromMs: number, toMs: number): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${onset}`,
    `TZOFFSETFROM:${utcOffset(fromMs)}`,
    `TZOFFSETTO:${utcOffset(toMs)}`,
    `END:${kind}`,
  ];
}
