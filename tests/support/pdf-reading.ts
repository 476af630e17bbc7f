import jsQR from "jsqr";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from "pdf-lib";

/**
 * Reads back what order-documents draws: the text of each page (pdf-lib writes every string as a WinAnsi hex string
 * shown with Tj) and the filled rectangles (only the QR code's modules are drawn with `re`).
 */
export type ReadPage = {
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

const winAnsi = new TextDecoder("windows-1252");

export async function readPdf(bytes: Uint8Array): Promise<{ document: PDFDocument; pages: ReadPage[] }> {
  const document = await PDFDocument.load(bytes);
  const pages = document.getPages().map((page) => {
    const content = contentOf(document, page);
    const text = [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) => {
      const hex = match[1]!;
      const codes = new Uint8Array(hex.length / 2);
      for (let i = 0; i < codes.length; i++) codes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
      return winAnsi.decode(codes);
    });
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
