import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "./woff-to-sfnt";

const woffPath = createRequire(import.meta.url).resolve(
  "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff",
);

describe("woffToSfnt", () => {
  it("unpacks a WOFF file into the TrueType font it wraps, with the same glyphs", async () => {
    const woff = new Uint8Array(await readFile(woffPath));
    const sfnt = await woffToSfnt(woff);
    expect(new DataView(sfnt.buffer).getUint32(0)).toBe(0x00010000);
    const fromWoff = fontkit.create(woff);
    const fromSfnt = fontkit.create(sfnt);
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(fromSfnt.postscriptName).toBe(fromWoff.postscriptName);
    const text = "محمد الأحمد";
    expect(fromSfnt.layout(text).glyphs.map((glyph) => glyph.id)).toEqual(
      fromWoff.layout(text).glyphs.map((glyph) => glyph.id),
    );
    expect(fromSfnt.getGlyph(78).path.toSVG()).toBe(fromWoff.getGlyph(78).path.toSVG());
  });

  it("returns a TrueType file as it is", async () => {
    const sfnt = await woffToSfnt(new Uint8Array(await readFile(woffPath)));
    expect(await woffToSfnt(sfnt)).toBe(sfnt);
  });
});
