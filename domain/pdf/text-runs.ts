import bidiFactory from "bidi-js";
import type { EmbeddedFace, PdfFont } from "./pdf-fonts";

const bidi = bidiFactory();

/** A piece of a line drawn with one face, in the order it is drawn (left to right). */
export type TextRun = { readonly text: string; readonly face: EmbeddedFace };

const ARABIC_LETTER = /\p{Script=Arabic}/u;

/** Line breaks and tabs become spaces; text is composed (NFC) so that "é" is one glyph. */
export function normalizeLine(text: string): string {
  return text.normalize("NFC").replace(/[\r\n\t]+/g, " ");
}

function faceFor(font: PdfFont, codePoint: number, current: EmbeddedFace | null): EmbeddedFace | null {
  // Spaces, digits and punctuation stay in the face of the letters around them when it has them.
  if (current?.font.hasGlyphForCodePoint(codePoint)) return current;
  return font.faces.find((face) => face.font.hasGlyphForCodePoint(codePoint)) ?? null;
}

type LogicalRun = { text: string; face: EmbeddedFace; level: number };

/**
 * Splits a line into runs of one face and one bidi embedding level (Unicode Bidirectional Algorithm, bidi-js), then
 * orders them for display (rule L2). A right-to-left run stays in logical order when fontkit shapes it (Arabic: it
 * joins the letters and reverses the glyphs itself); any other right-to-left run (neutrals between Arabic words) is
 * reversed here, brackets mirrored.
 */
export function textRuns(text: string, font: PdfFont): TextRun[] {
  const line = normalizeLine(text);
  if (line.length === 0 || font.faces.length === 0) return [];
  const { levels } = bidi.getEmbeddingLevels(line);
  const fallback = font.faces[0]!;
  const runs: LogicalRun[] = [];
  let current: EmbeddedFace | null = null;
  let index = 0;
  for (const char of line) {
    const level = levels[index]!;
    index += char.length;
    const found = faceFor(font, char.codePointAt(0)!, current);
    const face = found ?? fallback;
    const drawn = found ? char : "?";
    current = face;
    const last = runs.at(-1);
    if (last && last.face === face && last.level === level) last.text += drawn;
    else runs.push({ text: drawn, face, level });
  }
  const maxLevel = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level).filter((level) => level % 2 === 1), maxLevel + 1);
  for (let level = maxLevel; level >= lowestOdd; level--) {
    let start = 0;
    while (start < runs.length) {
      if (runs[start]!.level < level) {
        start++;
        continue;
      }
      let end = start;
      while (end < runs.length && runs[end]!.level >= level) end++;
      runs.splice(start, end - start, ...runs.slice(start, end).reverse());
      start = end;
    }
  }
  return runs.map(({ text: runText, face, level }) => {
    if (level % 2 === 0) return { text: runText, face };
    // Decomposed, Arabic letters with hamza (أ) are a letter and a mark: each glyph maps back to one character.
    if (face.source.rightToLeft && ARABIC_LETTER.test(runText)) return { text: runText.normalize("NFD"), face };
    const mirrored = [...runText].map((char) => bidi.getMirroredCharacter(char) ?? char);
    return { text: mirrored.reverse().join(""), face };
  });
}
