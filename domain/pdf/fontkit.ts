// Minified: see font-modules.d.ts.
import fontkit from "@pdf-lib/fontkit/dist/fontkit.es.min.js";

/** The parts of a fontkit font this module reads (pdf-lib's own typing of fontkit stops at `create`). */
export type FontkitFont = {
  hasGlyphForCodePoint(codePoint: number): boolean;
  createSubset(): unknown;
};

type SubsetInternals = {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(this: SubsetInternals, glyphId: number): number;
};

let patched = false;

/**
 * fontkit's TrueType subsetter copies each glyph's bytes as they are, then may write a short `loca` table, which stores
 * offsets divided by two: a glyph of odd length (Fontsource's files have unpadded glyphs) shifts every glyph after it
 * and the PDF shows blanks. Each copied glyph is padded to 4 bytes, as the TrueType spec recommends.
 */
function padSubsetGlyphs(font: FontkitFont) {
  if (patched) return;
  patched = true;
  const prototype = Object.getPrototypeOf(font.createSubset()) as SubsetInternals;
  const addGlyph = prototype._addGlyph;
  prototype._addGlyph = function (glyphId) {
    const index = addGlyph.call(this, glyphId);
    const bytes = this.glyf[index]!;
    const padding = (4 - (bytes.length % 4)) % 4;
    if (padding > 0) {
      // Same class as fontkit's own buffer (its Buffer polyfill), which its table encoder writes.
      const padded = new (bytes.constructor as new (length: number) => Uint8Array)(bytes.length + padding);
      padded.fill(0);
      padded.set(bytes);
      this.glyf[index] = padded;
      this.offset += padding;
    }
    return index;
  };
}

// Parsing a font costs more than laying out a page of text: each file is parsed once per isolate, by the bytes' identity
// (font-faces keeps one array per file).
const parsed = new WeakMap<Uint8Array, FontkitFont>();

export function parseFont(bytes: Uint8Array): FontkitFont {
  let font = parsed.get(bytes);
  if (!font) {
    font = fontkit.create(bytes) as unknown as FontkitFont;
    padSubsetGlyphs(font);
    parsed.set(bytes, font);
  }
  return font;
}

/** What `PDFDocument.registerFontkit` takes: fontkit, with the parse cache and the subset fix. */
export const cachedFontkit = {
  create: (bytes: Uint8Array) => parseFont(bytes),
} as unknown as Parameters<import("pdf-lib").PDFDocument["registerFontkit"]>[0];
