import type { PDFFont } from "pdf-lib";

/**
 * pdf-lib's standard fonts (Helvetica) encode WinAnsi only: é, à, ç, œ, ’, —, … and € are in it, but a narrow
 * no-break space (Intl's French thousands separator), a minus sign or any non-Latin letter would make drawText throw.
 * Text drawn in the PDF goes through `fontSafeText` first: a few look-alikes are mapped, accents outside WinAnsi are
 * dropped from their letter (ő → o), and anything else becomes "?" (embedding a Unicode font would add ~300 KB per
 * PDF for text that organizers and buyers write in Latin script).
 */
const LOOK_ALIKES: Record<string, string> = {
  "\u202f": "\u00a0",
  "\u2007": "\u00a0",
  "\u2009": " ",
  "\u200a": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\t": " ",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "\u2013",
  "\u2212": "-",
  "\u2032": "'",
  "\u2033": '"',
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  "\u00ad": "",
  "\u200b": "",
  "\u200d": "",
  "\ufeff": "",
};

// By font name: every document embeds its own font objects, but a standard font's characters never change.
const characterSets = new Map<string, ReadonlySet<number>>();

function characterSet(font: PDFFont): ReadonlySet<number> {
  let set = characterSets.get(font.name);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font.name, set);
  }
  return set;
}

export function fontSafeText(font: PDFFont, text: string): string {
  const supported = characterSet(font);
  let out = "";
  for (const char of text.normalize("NFC").replace(/[\r\n]+/g, " ")) {
    if (supported.has(char.codePointAt(0)!)) {
      out += char;
      continue;
    }
    const lookAlike = LOOK_ALIKES[char];
    if (lookAlike !== undefined) {
      out += lookAlike;
      continue;
    }
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : "?";
  }
  return out;
}

/**
 * Splits text into lines no wider than `maxWidth` at `size`, breaking at spaces (and inside a word too long alone),
 * never before French high punctuation or a closing guillemet, nor after an opening one.
 */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number): readonly string[] {
  // The lines depend only on the font's metrics and the arguments; the event's title, dates, venue and message come
  // back on every ticket of the event, so they are measured once per isolate.
  const key = `${font.name}|${size}|${maxWidth}|${text}`;
  const cached = wrappedLines.get(key);
  if (cached) return cached;
  const lines = measureLines(font, text, size, maxWidth);
  if (wrappedLines.size >= WRAPPED_LINES_KEPT) wrappedLines.clear();
  wrappedLines.set(key, lines);
  return lines;
}

const WRAPPED_LINES_KEPT = 500;
const wrappedLines = new Map<string, readonly string[]>();

function measureLines(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const safe = fontSafeText(font, text)
    .replace(/ +(?=[:;!?»])/g, "\u00a0")
    .replace(/« +/g, "«\u00a0");
  const width = (value: string) => font.widthOfTextAtSize(value, size);
  const lines: string[] = [];
  let line = "";
  for (const word of safe.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (width(rest) > maxWidth) {
      let cut = rest.length - 1;
      while (cut > 1 && width(rest.slice(0, cut)) > maxWidth) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}
