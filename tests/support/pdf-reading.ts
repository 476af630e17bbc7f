import jsQR from "jsqr";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFPage,
} from "pdf-lib";

/**
 * Reads back what order-documents draws: the text of each page, as a PDF reader extracts it (pdf.js, through its
 * ToUnicode maps), and the filled rectangles (only the QR code's modules are drawn with `re`).
 */
export type ReadPage = {
  /** The page's lines, top to bottom: the pieces of text on one baseline, left to right (logical order for Arabic). */
  text: string[];
  rects: { x: number; y: number; width: number; height: number }[];
  /** The fill colours set on the page (`r g b rg`), as "#rrggbb", in drawing order. */
  fills: string[];
};

function contentOf(pdf: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const decoder = new TextDecoder("latin1");
  return streams
    .map((stream) => {
      if (stream instanceof PDFRawStream) return decoder.decode(decodePDFRawStream(stream).decode());
      throw new Error("unexpected content stream");
    })
    .join("\n");
}

/** Pieces of text on one baseline (rounded y), left to right, joined; lines top to bottom. */
function joinLines(pieces: { x: number; y: number; text: string }[]): string[] {
  const lines = new Map<number, { x: number; text: string }[]>();
  for (const piece of pieces) {
    const y = Math.round(piece.y);
    lines.set(y, [...(lines.get(y) ?? []), piece]);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, line]) =>
      line
        .sort((a, b) => a.x - b.x)
        .map((piece) => piece.text)
        .join(""),
    );
}

/** A font's ToUnicode map (pdf-lib writes one `bfchar` entry per glyph used): glyph code → its characters. */
function toUnicodeOf(pdf: PDFDocument, font: PDFDict): Map<string, string> {
  const map = new Map<string, string>();
  const stream = pdf.context.lookup(font.get(PDFName.of("ToUnicode")));
  if (!(stream instanceof PDFRawStream)) return map;
  const cmap = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
  for (const [, code, target] of cmap.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
    const units = target!.match(/.{4}/g)!.map((unit) => parseInt(unit, 16));
    map.set(code!.toLowerCase(), String.fromCharCode(...units));
  }
  return map;
}

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * The text of each page read through the fonts' ToUnicode maps, without pdf.js: inside workerd (the Worker tests) a
 * module over 1 MiB cannot be loaded, and pdf.js is 1.7 MB. Each `Tj` of pdf-lib's drawText is a run of one face,
 * placed by its `Tm`; a right-to-left run is written in display order, so its glyphs are read back reversed.
 */
function pageLinesFromToUnicode(pdf: PDFDocument): string[][] {
  return pdf.getPages().map((page) => {
    const fontDict = page.node.Resources()?.lookup(PDFName.of("Font"));
    const maps = new Map<string, Map<string, string>>();
    if (fontDict instanceof PDFDict)
      for (const [name, ref] of fontDict.entries()) {
        const font = ref instanceof PDFRef ? pdf.context.lookup(ref) : ref;
        if (font instanceof PDFDict) maps.set(name.asString().slice(1), toUnicodeOf(pdf, font));
      }
    const pieces: { x: number; y: number; text: string }[] = [];
    let map = new Map<string, string>();
    let x = 0;
    let y = 0;
    const operators =
      /\/([^\s/]+)\s+[-\d.]+\s+Tf|[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)\s+([-\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g;
    for (const match of contentOf(pdf, page).matchAll(operators)) {
      if (match[1] !== undefined) map = maps.get(match[1]) ?? new Map();
      else if (match[2] !== undefined) {
        x = Number(match[2]);
        y = Number(match[3]);
      } else {
        const glyphs = (match[4]!.match(/.{4}/g) ?? []).map((code) => map.get(code.toLowerCase()) ?? "?");
        const rightToLeft = glyphs.some((glyph) => RIGHT_TO_LEFT.test(glyph));
        pieces.push({ x, y, text: (rightToLeft ? glyphs.reverse() : glyphs).join("") });
      }
    }
    return joinLines(pieces);
  });
}

/** Inside workerd (the Worker tests) rather than Node. */
const inWorkerd = typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers";

/** pdf.js's text items of each page, joined into lines: a run of each font is one item; a line is one baseline. */
async function pageLines(bytes: Uint8Array): Promise<string[][]> {
  const { getDocumentProxy } = await import("unpdf");
  // pdf.js takes ownership of the array it is given.
  const proxy = await getDocumentProxy(new Uint8Array(bytes));
  const pages: string[][] = [];
  for (let number = 1; number <= proxy.numPages; number++) {
    const content = await (await proxy.getPage(number)).getTextContent();
    const lines = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!("str" in item) || item.str.length === 0) continue;
      const y = Math.round(item.transform[5] as number);
      lines.set(y, [...(lines.get(y) ?? []), { x: item.transform[4] as number, text: item.str }]);
    }
    pages.push(
      [...lines.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, pieces]) =>
          pieces
            .sort((a, b) => a.x - b.x)
            .map((piece) => piece.text)
            .join(""),
        ),
    );
  }
  await proxy.cleanup();
  return pages;
}

export async function readPdf(bytes: Uint8Array): Promise<{ document: PDFDocument; pages: ReadPage[] }> {
  const document = await PDFDocument.load(bytes);
  const lines = inWorkerd ? pageLinesFromToUnicode(document) : await pageLines(bytes);
  const pages = document.getPages().map((page, index) => {
    const content = contentOf(document, page);
    const text = lines[index] ?? [];
    const rects = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map((match) => ({
      x: Number(match[1]),
      y: Number(match[2]),
      width: Number(match[3]),
      height: Number(match[4]),
    }));
    const hex = (value: string) =>
      Math.round(Number(value) * 255)
        .toString(16)
        .padStart(2, "0");
    const fills = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) rg/g)].map(
      (match) => `#${hex(match[1]!)}${hex(match[2]!)}${hex(match[3]!)}`,
    );
    return { text, rects, fills };
  });
  return { document, pages };
}

/**
 * Paints the drawn rectangles onto a bitmap (4 pixels per module, a 4-module quiet zone) and decodes it with jsQR, as
 * a camera would read the printed code.
 */
export function decodeQrFromRects(rects: ReadPage["rects"]): string | null {
  if (rects.length === 0) return null;
  const cell = Math.min(...rects.map((r) => r.height));
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.max(...rects.map((r) => r.y + r.height));
  const modules = Math.round((Math.max(...rects.map((r) => r.x + r.width)) - left) / cell);
  const scale = 4;
  const quiet = 4;
  const side = (modules + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const rect of rects) {
    const column = Math.round((rect.x - left) / cell);
    const row = Math.round((top - rect.y - rect.height) / cell);
    const columns = Math.round(rect.width / cell);
    for (let py = (row + quiet) * scale; py < (row + quiet + 1) * scale; py++) {
      for (let px = (column + quiet) * scale; px < (column + columns + quiet) * scale; px++) {
        const at = (py * side + px) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}
