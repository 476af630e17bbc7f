/**
 * The text rules of RFC 5545 (iCalendar): TEXT value escaping (§3.3.11), content-line folding (§3.1) and the CRLF line
 * ends, kept apart from what goes into the file.
 */

export const CRLF = "\r\n";

/** Longest content line, in octets, line break excluded (RFC 5545 §3.1). */
export const MAX_LINE_OCTETS = 75;

/** A TEXT value: backslash, semicolon and comma escaped, every line break (CRLF, CR or LF) written `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * One content line folded at 75 octets: each continuation starts with a space, which counts in its 75, and a line is
 * never cut inside a UTF-8 character (a code point stays whole on one line).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  // A continuation line's leading space takes one of its 75 octets.
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The whole file: every content line folded, each ended by CRLF (the last one too). */
export function joinContentLines(lines: string[]): string {
  return lines.map((line) => foldLine(line) + CRLF).join("");
}

const pad = (value: number, length = 2) => String(Math.trunc(Math.abs(value))).padStart(length, "0");

/** A DATE-TIME in UTC (`20260621T180000Z`), for DTSTAMP and the calendar links. */
export function utcDateTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/** A local DATE-TIME (`20260621T200000`): the wall clock at that instant for a zone `offsetMs` ahead of UTC. */
export function localDateTime(epochMs: number, offsetMs: number): string {
  return utcDateTime(epochMs + offsetMs).slice(0, -1);
}

/** A UTC-OFFSET (`+0200`, `-0500`, `+053000` with seconds only when there are any). */
export function utcOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? "-" : "+";
  const totalSeconds = Math.round(Math.abs(offsetMs) / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${sign}${pad(hours)}${pad(minutes)}${seconds ? pad(seconds) : ""}`;
}
