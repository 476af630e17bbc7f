import { CustomFontSubsetEmbedder, PDFFont, type PDFDocument } from "pdf-lib";
import { parseFont, type FontkitFont } from "./fontkit";
import { facesForText, loadFaceBytes, type FaceSource, type FontAssets, type FontWeight } from "./font-faces";

/**
 * One font file of the document: `font` measures text; `pdfFont` embeds the file in the document on first use (as
 * a subset: only the glyphs drawn are written at save), so a face nothing is drawn with adds nothing.
 */
export type EmbeddedFace = {
  readonly source: FaceSource;
  readonly font: FontkitFont;
  readonly pdfFont: PDFFont;
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
 * Loads the faces the given texts need, regular and bold: Noto Sans (Latin, Latin Extended, Greek, Cyrillic), Noto
 * Sans Arabic, and the slices of Noto Sans SC (Chinese, Japanese) and KR (Hangul); docs/decisions/0066-pdf-unicode-font.md.
 * Every string later drawn must be among `texts` (or use only characters they hold): a character of a face not loaded
 * prints as "?". `assets` is the Worker's ASSETS binding, from which the CJK slices are read.
 */
export async function loadPdfFonts(
  doc: PDFDocument,
  texts: Iterable<string>,
  options: { assets?: FontAssets } = {},
): Promise<PdfFonts> {
  const sources = facesForText(texts);
  const weight = async (weight: FontWeight): Promise<PdfFont> => {
    const faces = await Promise.all(
      sources.map(async (source) => {
        const bytes = await loadFaceBytes(source, weight, options.assets);
        return bytes ? lazyFace(doc, source, bytes) : null;
      }),
    );
    const present = faces.filter((face) => face !== null);
    return { weight, faces: present, key: `${weight}:${present.map((face) => face.source.id).join(",")}` };
  };
  const [regular, bold] = await Promise.all([weight("regular"), weight("bold")]);
  return { regular, bold };
}

/**
 * What `doc.embedFont(bytes, { subset: true })` does, synchronously and only when the face is first drawn with:
 * pdf-lib's embedder over the font parsed once per isolate, registered in the document's fonts, which pdf-lib writes
 * at save.
 */
function lazyFace(doc: PDFDocument, source: FaceSource, bytes: Uint8Array): EmbeddedFace {
  const font = parseFont(bytes);
  const documentFonts = (doc as unknown as { fonts?: unknown }).fonts;
  if (!Array.isArray(documentFonts)) throw new Error("pdf-lib's PDFDocument no longer keeps its fonts in `fonts`");
  let pdfFont: PDFFont | undefined;
  return {
    source,
    font,
    get pdfFont() {
      if (!pdfFont) {
        // The constructor `CustomFontSubsetEmbedder.for` calls once fontkit has parsed the font (private in the types).
        const embedder = new (
          CustomFontSubsetEmbedder as unknown as new (
            font: FontkitFont,
            fontData: Uint8Array,
          ) => CustomFontSubsetEmbedder
        )(font, bytes);
        pdfFont = PDFFont.of(doc.context.nextRef(), doc, embedder);
        documentFonts.push(pdfFont);
      }
      return pdfFont;
    },
  };
}
