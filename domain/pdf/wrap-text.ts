import { textWidth } from "./draw-text";
import type { PdfFont } from "./pdf-fonts";
import { normalizeLine } from "./text-runs";

/**
 * Splits text into lines no wider than `maxWidth` at `size`, breaking at spaces (and inside a word too long alone),
 * never before French high punctuation or a closing guillemet, nor after an opening one.
 */
export function wrapText(text: string, font: PdfFont, size: number, maxWidth: number): readonly string[] {
  // The lines depend only on the faces' metrics and the arguments; the event's title, dates, venue and message come
  // back on every ticket of the event, so they are measured once per isolate.
  const key = `${font.key}|${size}|${maxWidth}|${text}`;
  const cached = wrappedLines.get(key);
  if (cached) return cached;
  const lines = measureLines(text, font, size, maxWidth);
  if (wrappedLines.size >= WRAPPED_LINES_KEPT) wrappedLines.clear();
  wrappedLines.set(key, lines);
  return lines;
}

const WRAPPED_LINES_KEPT = 500;
const wrappedLines = new Map<string, readonly string[]>();

function measureLines(text: string, font: PdfFont, size: number, maxWidth: number): string[] {
  const words = normalizeLine(text)
    .replace(/ +(?=[:;!?»])/g, "\u00a0")
    .replace(/« +/g, "«\u00a0")
    .split(/ +/)
    .filter(Boolean);
  const width = (value: string) => textWidth(value, font, size);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // Cut between characters (code points), never inside a surrogate pair.
    let rest = [...word];
    while (rest.length > 1 && width(rest.join("")) > maxWidth) {
      let cut = rest.length - 1;
      while (cut > 1 && width(rest.slice(0, cut).join("")) > maxWidth) cut--;
      lines.push(rest.slice(0, cut).join(""));
      rest = rest.slice(cut);
    }
    line = rest.join("");
  }
  if (line) lines.push(line);
  return lines;
}
