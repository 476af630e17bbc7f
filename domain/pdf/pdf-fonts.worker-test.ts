import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readPdf } from "../../tests/support/pdf-reading";
import { drawText } from "./draw-text";
import { loadPdfFonts } from "./pdf-fonts";
import cjkSlice116 from "@fontsource/noto-sans-sc/files/noto-sans-sc-116-400-normal.woff?inline";
import cjkSlice118 from "@fontsource/noto-sans-sc/files/noto-sans-sc-118-400-normal.woff?inline";

// Inside workerd the bundled faces come from Vite's inlined modules, not from node_modules as in the unit tests.
describe("PDF fonts in the Worker runtime", () => {
  it("loads the bundled Latin and Arabic faces and draws text a reader extracts as written", async () => {
    const lines = ["Łukasz Żółć — 12,00 €", "محمد الأحمد"];
    const doc = await PDFDocument.create();
    const fonts = await loadPdfFonts(doc, lines, { assets: env.ASSETS });
    expect(fonts.bold.faces.map((face) => face.source.id)).toEqual([
      "noto-sans-latin",
      "noto-sans-latin-ext",
      "noto-sans-arabic",
    ]);
    const page = doc.addPage([595.28, 841.89]);
    drawText(page, lines[0]!, { x: 48, y: 780, size: 14, font: fonts.bold });
    drawText(page, lines[1]!, { x: 48, y: 750, size: 14, font: fonts.regular });
    const bytes = await doc.save({ useObjectStreams: false });
    expect(bytes.byteLength).toBeLessThan(40 * 1024);
    const { pages } = await readPdf(bytes);
    expect(pages[0]!.text.map((line) => line.normalize("NFC"))).toEqual(lines);
  });

  it("reads the CJK slices a text needs from the ASSETS binding, by the URL Vite gives their files", async () => {
    // A stand-in for the static assets: it serves the two slices that "王小明" needs (their bytes inlined here).
    const served: Record<string, string> = { "noto-sans-sc-116-400": cjkSlice116, "noto-sans-sc-118-400": cjkSlice118 };
    const requested: string[] = [];
    const assets = {
      async fetch(input: Request | string | URL) {
        const url = new URL(input instanceof Request ? input.url : input);
        requested.push(url.pathname);
        const name = Object.keys(served).find((key) => url.pathname.includes(`${key}-normal`));
        return name ? fetch(served[name]!) : new Response("not found", { status: 404 });
      },
    };
    const doc = await PDFDocument.create();
    const fonts = await loadPdfFonts(doc, ["王小明"], { assets });
    expect(fonts.regular.faces.map((face) => face.source.id)).toEqual([
      "noto-sans-latin",
      "noto-sans-sc-116",
      "noto-sans-sc-118",
    ]);
    // The bold slices are not served: their faces are left out and a bold CJK character would print as "?".
    expect(fonts.bold.faces.map((face) => face.source.id)).toEqual(["noto-sans-latin"]);
    expect(requested.filter((path) => path.endsWith(".woff"))).toHaveLength(4);
    drawText(doc.addPage([595.28, 841.89]), "王小明", { x: 48, y: 780, size: 14, font: fonts.regular });
    const { pages } = await readPdf(await doc.save({ useObjectStreams: false }));
    expect(pages[0]!.text).toEqual(["王小明"]);
  });
});
