import type { PDFDocument, PDFFont } from "pdf-lib";
import { cachedFontkit, parseFont, type FontkitFont } from "./fontkit";
import { facesForText, loadFaceBytes, type FaceSource, type FontAssets, type FontWeight } from "./font-faces";

/** One font file embedded in the document (as a subset: only the glyphs drawn are written at save). */
export type EmbeddedFace = {
  readonly source: FaceSource;
  readonly pdfFont: PDFFont;
  readonly font: FontkitFont;
};

/** A weight of the document's font family: the faces text falls back through, Latin first. */
export type PdfFont = {
  readonly weight: FontWeight;
  readonly faces: readonly EmbeddedFace[];
  /** Identifies the faces (for measuring caches): two documents with the same faces measure text the same. */
  readonly key: string;
};

export type PdfFonts = { readonly regular: PdfFont; readonly bold: PdfFont };

/**
 * Embeds Noto Sans (Latin, Latin Extended), Noto Sans Arabic and the slices of Noto Sans SC (Chinese, Japanese kana,
 * Korean hangul) that the given texts need, regular and bold, each as a subset; docs/decisions/0066-pdf-unicode-font.md.
 * Every string later drawn must be among `texts` (or use only characters they hold): a character of a face not loaded
 * prints as "?". `assets` is the Worker's ASSETS binding, from which the CJK slices are read.
 */
export async function loadPdfFonts(
  doc: PDFDocument,
  texts: Iterable<string>,
  options: { assets?: FontAssets } = {},
): Promise<PdfFonts> {
  doc.registerFontkit(cachedFontkit);
  const sources = facesForText(texts);
  const weight = async (weight: FontWeight): Promise<PdfFont> => {
    const faces = await Promise.all(
      sources.map(async (source) => {
        const bytes = await loadFaceBytes(source, weight, options.assets);
        if (!bytes) return null;
        const pdfFont = await doc.embedFont(bytes, { subset: true });
        return { source, pdfFont, font: parseFont(bytes) };
      }),
    );
    const present = faces.filter((face) => face !== null);
    return { weight, faces: present, key: `${weight}:${present.map((face) => face.source.id).join(",")}` };
  };
  const [regular, bold] = await Promise.all([weight("regular"), weight("bold")]);
  return { regular, bold };
}
