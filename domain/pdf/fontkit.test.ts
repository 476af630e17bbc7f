import fontkit from "@pdf-lib/fontkit/dist/fontkit.es.min.js";
import { describe, expect, it } from "vitest";
import { FACE_SOURCES, loadFaceBytes } from "./font-faces";
import { parseFont, type FontkitFont } from "./fontkit";

type Subset = { includeGlyph(glyph: unknown): number; encodeStream(): { on(event: string, fn: unknown): unknown } };

/** The font program a PDF embeds for `text`: fontkit's subset of the glyphs it is laid out with. */
function subsetOf(font: FontkitFont, text: string): Promise<Uint8Array> {
  const subset = font.createSubset() as Subset;
  for (const glyph of font.layout(text).glyphs) subset.includeGlyph(glyph);
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    const stream = subset.encodeStream();
    stream.on("data", (part: Uint8Array) => parts.push(part));
    stream.on("error", reject);
    stream.on("end", () => {
      const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
      let offset = 0;
      for (const part of parts) {
        bytes.set(part, offset);
        offset += part.length;
      }
      resolve(bytes);
    });
  });
}

/** The glyph table's entries, from the subset's `loca` (its offsets, long or short as `head` says). */
function glyphsOf(sfnt: Uint8Array): Uint8Array[] {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const entry = 12 + 16 * i;
    const tag = String.fromCharCode(...sfnt.subarray(entry, entry + 4));
    tables.set(tag, { offset: view.getUint32(entry + 8), length: view.getUint32(entry + 12) });
  }
  const long = view.getInt16(tables.get("head")!.offset + 50) === 1;
  const loca = tables.get("loca")!;
  const glyf = tables.get("glyf")!;
  const count = loca.length / (long ? 4 : 2) - 1;
  const at = (i: number) => (long ? view.getUint32(loca.offset + 4 * i) : view.getUint16(loca.offset + 2 * i) * 2);
  return Array.from({ length: count }, (_, i) => sfnt.subarray(glyf.offset + at(i), glyf.offset + at(i + 1)));
}

describe("fontkit's subsetter, as patched (decision 0066)", () => {
  it("writes fontkit's own glyphs, padded to 4 bytes, first from the file and then from its kept copies", async () => {
    const source = FACE_SOURCES.find((face) => face.id === "noto-sans-latin")!;
    const bytes = (await loadFaceBytes(source, "regular"))!;
    // Accented capitals and « œ » are composites (a base and a mark): their parts are renumbered in each subset.
    const text = "Événement à l’Opéra — Cœur « spécial » Ærøskøbing, Straße";
    // First, before parseFont patches the subsetter (this file's own modules): fontkit's own program.
    const reference = glyphsOf(await subsetOf(fontkit.create(bytes.slice()) as unknown as FontkitFont, text));
    // A font object of its own: nothing of it is kept yet, so its first subset reads every glyph from the file.
    const font = parseFont(bytes.slice());
    const first = await subsetOf(font, text);
    const glyphs = glyphsOf(first);
    expect(glyphs).toHaveLength(reference.length);
    glyphs.forEach((glyph, i) => {
      const own = reference[i]!;
      // A short loca stores offsets halved: an odd glyph would shift the next ones (Fontsource's files have some).
      expect(glyph.length % 4, `glyph ${i}`).toBe(0);
      expect([...glyph.subarray(0, own.length)], `glyph ${i}`).toEqual([...own]);
      expect(glyph.subarray(own.length).every((byte) => byte === 0)).toBe(true);
    });
    expect(await subsetOf(font, text)).toEqual(first);
    // The same composites met after other glyphs get other numbers for their parts, from the same copies.
    const other = await subsetOf(font, `xyz ${text}`);
    expect(other).not.toEqual(first);
    expect(await subsetOf(font, `xyz ${text}`)).toEqual(other);
  });
});
