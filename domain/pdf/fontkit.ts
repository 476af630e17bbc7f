// Minified: see font-modules.d.ts.
import fontkit from "@pdf-lib/fontkit/dist/fontkit.es.min.js";

/** The parts of a fontkit font this module reads (pdf-lib's own typing of fontkit stops at `create`). */
export type FontkitFont = {
  hasGlyphForCodePoint(codePoint: number): boolean;
  createSubset(): unknown;
  layout(text: string, features?: unknown): { glyphs: { advanceWidth: number }[] };
  unitsPerEm: number;
};

type Glyf = { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null;
type FontInternals = {
  getGlyph(id: number): { _decode(): Glyf; advanceWidth: number; _getMetrics(): { leftBearing: number } };
  loca: { offsets: number[] };
  _getTableStream(tag: "glyf"): { pos: number; readBuffer(length: number): Uint8Array };
  _variationProcessor?: unknown;
};
type SubsetInternals = {
  font: FontInternals;
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  includeGlyph(glyphId: number): number;
  _addGlyph(this: SubsetInternals, glyphId: number): number;
};

/**
 * What a subset copies of one glyph of a font: its bytes (padded), the glyphs it is built from (a composite: accented
 * letters), its metrics. Read once per glyph and isolate: fontkit decodes the whole outline of every glyph of every
 * subset only to learn whether it is a composite, a twentieth of a rush's CPU before this (decision 0066).
 */
type GlyphCopy = {
  bytes: Uint8Array;
  components: { glyphID: number; pos: number }[] | null;
  advance: number;
  bearing: number;
};

const glyphCopies = new WeakMap<FontInternals, Map<number, GlyphCopy>>();

let patched = false;

/**
 * Replaces fontkit's TrueType subsetter's `_addGlyph` (same result) for two reasons:
 * - it copies each glyph's bytes as they are, then may write a short `loca` table, which stores offsets divided by
 *   two: a glyph of odd length (Fontsource's files have unpadded glyphs) shifts every glyph after it and the PDF shows
 *   blanks. Each copied glyph is padded to 4 bytes, as the TrueType spec recommends;
 * - it reads and decodes the glyph again for every document: the copy is kept per font (GlyphCopy).
 * A variable font's glyphs (re-encoded per instance) take fontkit's own path, padded.
 */
function patchSubsetter(font: FontkitFont) {
  if (patched) return;
  patched = true;
  const prototype = Object.getPrototypeOf(font.createSubset()) as SubsetInternals;
  const addGlyph = prototype._addGlyph;
  prototype._addGlyph = function (glyphId) {
    if (this.font._variationProcessor) {
      const index = addGlyph.call(this, glyphId);
      const bytes = this.glyf[index]!;
      this.glyf[index] = padded(bytes);
      this.offset += this.glyf[index].length - bytes.length;
      return index;
    }
    let copies = glyphCopies.get(this.font);
    if (!copies) glyphCopies.set(this.font, (copies = new Map()));
    let copy = copies.get(glyphId);
    if (!copy) {
      const glyph = this.font.getGlyph(glyphId);
      const glyf = glyph._decode();
      const { offsets } = this.font.loca;
      const stream = this.font._getTableStream("glyf");
      stream.pos += offsets[glyphId]!;
      const bytes = padded(stream.readBuffer(offsets[glyphId + 1]! - offsets[glyphId]!));
      copy = {
        bytes,
        components:
          glyf && glyf.numberOfContours < 0
            ? (glyf.components ?? []).map(({ glyphID, pos }) => ({ glyphID, pos }))
            : null,
        advance: glyph.advanceWidth,
        bearing: glyph._getMetrics().leftBearing,
      };
      copies.set(glyphId, copy);
    }
    let bytes = copy.bytes;
    if (copy.components) {
      // The subset numbers the glyphs anew: a composite names its parts by their numbers in this subset.
      bytes = copied(bytes);
      for (const component of copy.components) {
        const id = this.includeGlyph(component.glyphID);
        bytes[component.pos] = id >> 8;
        bytes[component.pos + 1] = id & 0xff;
      }
    }
    this.glyf.push(bytes);
    this.loca.offsets.push(this.offset);
    this.hmtx.metrics.push({ advance: copy.advance, bearing: copy.bearing });
    this.offset += bytes.length;
    return this.glyf.length - 1;
  };
}

/** `bytes` padded with zeros to a multiple of 4 (itself when it is one), of fontkit's own buffer class. */
function padded(bytes: Uint8Array): Uint8Array {
  return bytes.length % 4 === 0 ? bytes : copied(bytes, (4 - (bytes.length % 4)) % 4);
}

/** A copy of `bytes` (and `padding` zeros) of the same class: fontkit's Buffer polyfill, which its encoder writes. */
function copied(bytes: Uint8Array, padding = 0): Uint8Array {
  const copy = new (bytes.constructor as new (length: number) => Uint8Array)(bytes.length + padding);
  copy.fill(0);
  copy.set(bytes);
  return copy;
}

// Parsing a font costs more than laying out a page of text: each file is parsed once per isolate, by the bytes' identity
// (font-faces keeps one array per file).
const parsed = new WeakMap<Uint8Array, FontkitFont>();

export function parseFont(bytes: Uint8Array): FontkitFont {
  let font = parsed.get(bytes);
  if (!font) {
    font = fontkit.create(bytes) as unknown as FontkitFont;
    patchSubsetter(font);
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
