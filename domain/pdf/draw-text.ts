import type { Color, PDFPage } from "pdf-lib";
import type { EmbeddedFace, PdfFont } from "./pdf-fonts";
import { textRuns } from "./text-runs";

/** As pdf-lib measures it (the advances of the laid-out glyphs), without embedding the face. */
function runWidth(face: EmbeddedFace, text: string, size: number): number {
  const { glyphs } = face.font.layout(text);
  let units = 0;
  for (const glyph of glyphs) units += glyph.advanceWidth;
  return (units * size) / face.font.unitsPerEm;
}

/** The width of a line of text at `size` points, as drawText draws it. */
export function textWidth(text: string, font: PdfFont, size: number): number {
  return textRuns(text, font).reduce((width, run) => width + runWidth(run.face, run.text, size), 0);
}

/**
 * Draws one line of any script from its left end `x` on the baseline `y`: each run in the face that has its
 * characters, right-to-left text in display order. Returns the width drawn.
 */
export function drawText(
  page: PDFPage,
  text: string,
  options: { x: number; y: number; size: number; font: PdfFont; color?: Color },
): number {
  let x = options.x;
  for (const run of textRuns(text, options.font)) {
    page.drawText(run.text, { x, y: options.y, size: options.size, font: run.face.pdfFont, color: options.color });
    x += runWidth(run.face, run.text, options.size);
  }
  return x - options.x;
}
