// Minified: see font-modules.d.ts.
import fontkit from "@pdf-lib/fontkit/dist/fontkit.es.min.js";

/** The parts of a fontkit font this module reads (pdf-lib's own typing of fontkit stops at `create`). */
export type FontkitFont = {
  hasGlyphForCodePoint(codePoint: number): boolean;
  createSubset(): unknown;
  layout(text: string, features?: unknown): { glyphs: { advanceWidth: number }[] };
  unitsPerEm: number;
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
    memoizeLayout(font);
    parsed.set(bytes, font);
  }
  return font;
}

const LAYOUTS_KEPT = 2000;

/**
 * pdf-lib lays a string out (shaping: substitutions, positions) once to measure it and again to draw it, and the same
 * labels, titles and dates come back on every ticket: each font keeps its recent layouts (pdf-lib only reads them).
 */
function memoizeLayout(font: FontkitFont) {
  const layout = font.layout.bind(font);
  const runs = new Map<string, ReturnType<FontkitFont["layout"]>>();
  font.layout = (text, features) => {
    if (features !== undefined) return layout(text, features);
    let run = runs.get(text);
    if (run === undefined) {
      if (runs.size >= LAYOUTS_KEPT) runs.clear();
      run = layout(text);
      runs.set(text, run);
    }
    return run;
  };
}
