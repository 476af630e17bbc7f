/**
 * One set of time-zone data for the server and the browser (issue 25 §5). The server's runtime and the organizer's
 * browser each carry their own copy of the IANA rules, and the copies differ when a country changes its clocks (Morocco
 * in 2026: workerd says UTC+00:00 where an older browser still says UTC+01:00). A date rendered on the server then
 * hydrates as different text: React throws the page away and re-renders it, losing what was typed. So the root loader
 * sends the server's offsets for the zones the product offers, over a window around today, and the browser installs
 * them: every offset, wall clock and formatted date then comes from the server's data, the data that also converts what
 * the organizer types into the stored UTC instant. Outside the window, and for other zones, each side uses its own Intl.
 */
export type TimeZoneRules = {
  /** The window the rules cover, [from, to) in UTC epoch ms. */
  from: number;
  to: number;
  /** Per zone, its offsets in force from each instant on: [first UTC ms (the window's start for the first), minutes]. */
  zones: Record<string, [from: number, offsetMinutes: number][]>;
};

let installed: TimeZoneRules | null = null;

/** Makes these rules the source of every offset (the browser, with the server's rules from the root loader). */
export function installTimeZoneRules(rules: TimeZoneRules | null): void {
  installed = rules;
}

/** The installed rules' offset of the zone at that instant, in ms; undefined when none covers it. */
export function ruledOffsetMs(timeZone: string, epochMs: number): number | undefined {
  if (!installed || epochMs < installed.from || epochMs >= installed.to) return undefined;
  const segments = installed.zones[timeZone];
  if (!segments || segments.length === 0) return undefined;
  let minutes = segments[0]![1];
  for (const [from, offsetMinutes] of segments) {
    if (from > epochMs) break;
    minutes = offsetMinutes;
  }
  return minutes * 60_000;
}
