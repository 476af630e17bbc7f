import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readPdf } from "../../tests/support/pdf-reading";
import { drawText, textWidth } from "./draw-text";
import { loadPdfFonts } from "./pdf-fonts";
import { textRuns } from "./text-runs";
import { wrapText } from "./wrap-text";

const LINES = [
  "Événement à l'Opéra — 12,00 € « spécial » Cœur d’artichaut",
  "Łukasz Żółć, Łódź, Erdős Pál, Straße, Ærøskøbing",
  "Νίκος Παπαδόπουλος, Дмитрий Иванов",
  "محمد الأحمد",
  "王小明 東京 さくら カタカナ 한국어",
  "Commande de محمد الأحمد n° 12",
];

async function documentWith(lines: readonly string[]) {
  const doc = await PDFDocument.create();
  const fonts = await loadPdfFonts(doc, lines);
  const page = doc.addPage([595.28, 841.89]);
  lines.forEach((line, index) => {
    drawText(page, line, { x: 48, y: 780 - 30 * index, size: 14, font: index % 2 ? fonts.bold : fonts.regular });
  });
  return { doc, fonts, bytes: await doc.save({ useObjectStreams: false }) };
}

describe("PDF fonts", () => {
  it("draws Latin, Polish, Greek, Cyrillic, Arabic, Chinese, Japanese and Korean text that a reader extracts as written", async () => {
    const { bytes } = await documentWith(LINES);
    const { pages } = await readPdf(bytes);
    // pdf.js gives Arabic back in logical order; the letter with hamza (أ), drawn as a letter and a mark, composes back.
    expect(pages[0]!.text.map((line) => line.normalize("NFC"))).toEqual(LINES);
  });

  it("embeds only the glyphs drawn and only the faces the text needs", async () => {
    const latin = await documentWith(["Léa Martin"]);
    expect(latin.fonts.regular.faces.map((face) => face.source.id)).toEqual(["noto-sans-latin"]);
    expect(latin.bytes.byteLength).toBeLessThan(15 * 1024);
    const all = await documentWith(LINES);
    expect(all.fonts.bold.faces.map((face) => face.source.id)).toEqual(
      expect.arrayContaining(["noto-sans-latin", "noto-sans-latin-ext", "noto-sans-arabic"]),
    );
    // Whole files are ~80 KB (Latin Extended, Arabic) and 30–60 KB per CJK slice, ×2 weights.
    expect(all.bytes.byteLength).toBeLessThan(80 * 1024);
  });

  it("orders a mixed line for display: Arabic right to left between left-to-right Latin", async () => {
    const { fonts } = await documentWith(LINES);
    const runs = textRuns("Commande de محمد الأحمد n° 12", fonts.regular);
    // The Arabic run is given to fontkit in logical order: it joins the letters and lays the glyphs out right to left.
    expect(runs.map((run) => run.text.normalize("NFC")).join("")).toBe("Commande de محمد الأحمد n° 12");
    expect(runs.map((run) => run.face.source.id).slice(0, 2)).toEqual(["noto-sans-latin", "noto-sans-arabic"]);
    expect(runs[1]!.text.normalize("NFC")).toBe("محمد الأحمد");
    // A right-to-left line (its first letter is Arabic): the number and its brackets are drawn first (leftmost).
    const rtl = textRuns("محمد (12)", fonts.regular);
    // Logical ")" is drawn leftmost, mirrored; fontkit reverses the Arabic run, its trailing space included.
    expect(rtl.map((run) => run.text).join("|")).toBe("(|12|)|محمد ");
  });

  it("prints a character no embedded face has as a question mark", async () => {
    const { fonts } = await documentWith(["Léa"]);
    expect(
      textRuns("Léa 王", fonts.regular)
        .map((run) => run.text)
        .join(""),
    ).toBe("Léa ?");
  });

  it("measures text as it is drawn, shaping included", async () => {
    const { fonts } = await documentWith(LINES);
    const latin = fonts.regular.faces[0]!.pdfFont;
    expect(textWidth("Léa Martin", fonts.regular, 12)).toBeCloseTo(latin.widthOfTextAtSize("Léa Martin", 12), 5);
    // Joined Arabic letters (initial, medial, final forms) are not the isolated forms laid side by side.
    const joined = textWidth("محمد", fonts.regular, 12);
    const isolated = [..."محمد"].reduce((sum, letter) => sum + textWidth(letter, fonts.regular, 12), 0);
    expect(joined).toBeGreaterThan(0);
    expect(Math.abs(joined - isolated)).toBeGreaterThan(0.5);
  });

  it("wraps long text within the width, cutting a word longer than a line", async () => {
    const text = `Présentez ce billet à l'entrée ${"x".repeat(120)}`;
    const { fonts } = await documentWith([text]);
    const lines = wrapText(text, fonts.regular, 10, 150);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(textWidth(line, fonts.regular, 10)).toBeLessThanOrEqual(150);
    expect(lines.join("").replaceAll(" ", "")).toBe(`Présentezcebilletàl'entrée${"x".repeat(120)}`);
  });

  it("never starts a line with French high punctuation", async () => {
    const text = "Présentez ce QR code à l'entrée. Il est personnel : ne le partagez pas ! « Merci »";
    const { fonts } = await documentWith([text]);
    for (let width = 60; width <= 300; width += 7) {
      for (const line of wrapText(text, fonts.regular, 8, width)) expect(line).not.toMatch(/^[:;!?»]|«$/);
    }
  });

  it("wraps Chinese text between characters and keeps each line within the width", async () => {
    const text = "欢迎参加二〇二七年夏日音乐节请在入口出示此票";
    const { fonts } = await documentWith([text]);
    const lines = wrapText(text, fonts.regular, 12, 100);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, fonts.regular, 12)).toBeLessThanOrEqual(100);
    expect(lines.join("")).toBe(text);
  });
});
