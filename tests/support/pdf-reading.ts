import jsQR from "jsqr";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from "pdf-lib";
import { getDocumentProxy } from "unpdf";

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

/** pdf.js's text items of each page, joined into lines: a run of each font is one item; a line is one baseline. */
async function pageLines(bytes: Uint8Array): Promise<string[][]> {
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
  const lines = await pageLines(bytes);
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
