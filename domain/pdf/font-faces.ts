import { CJK_SLICES } from "./cjk-font-slices";
import { woffToSfnt } from "./woff-to-sfnt";

export type FontWeight = "regular" | "bold";

/**
 * One slice of Noto Sans SC or KR (cjk-font-slices.ts, generated): its file under @fontsource without the weight, its
 * code point ranges as [start, end, start, end, …].
 */
export type CjkSlice = {
  readonly name: string;
  readonly file: string;
  readonly ranges: readonly number[];
  readonly regular: () => Promise<{ default: string }>;
  readonly bold: () => Promise<{ default: string }>;
};

/** A font file, in the order text falls back through them. */
export type FaceSource = {
  /** Stable and unique: the file's name without its weight. */
  readonly id: string;
  readonly ranges: readonly number[];
  /** The file under node_modules, read directly outside a Worker (unit tests, scripts). */
  readonly file: (weight: FontWeight) => string;
  /** In a Worker: the Vite import of the file, inlined (bundled) or as the URL of a static asset. */
  readonly module: (weight: FontWeight) => Promise<{ default: string }>;
  readonly delivery: "inline" | "asset";
  /** Arabic: fontkit shapes and orders it right to left itself. */
  readonly rightToLeft: boolean;
};

const weightNumber = (weight: FontWeight) => (weight === "bold" ? 700 : 400);

// Code point ranges of Fontsource's files (their unicode.json), as [start, end, …].
const LATIN = [
  0x0000, 0x00ff, 0x0131, 0x0131, 0x0152, 0x0153, 0x02bb, 0x02bc, 0x02c6, 0x02c6, 0x02da, 0x02da, 0x02dc, 0x02dc,
  0x0304, 0x0304, 0x0308, 0x0308, 0x0329, 0x0329, 0x2000, 0x206f, 0x20ac, 0x20ac, 0x2122, 0x2122, 0x2191, 0x2191,
  0x2193, 0x2193, 0x2212, 0x2212, 0x2215, 0x2215, 0xfeff, 0xfeff, 0xfffd, 0xfffd,
];
const LATIN_EXT = [
  0x0100, 0x02ba, 0x02bd, 0x02c5, 0x02c7, 0x02cc, 0x02ce, 0x02d7, 0x02dd, 0x02ff, 0x1d00, 0x1dbf, 0x1e00, 0x1e9f,
  0x1ef2, 0x1eff, 0x2020, 0x2020, 0x20a0, 0x20ab, 0x20ad, 0x20c0, 0x2113, 0x2113, 0x2c60, 0x2c7f, 0xa720, 0xa7ff,
];
const GREEK = [0x0370, 0x0377, 0x037a, 0x037f, 0x0384, 0x038a, 0x038c, 0x038c, 0x038e, 0x03a1, 0x03a3, 0x03ff];
const CYRILLIC = [0x0400, 0x045f, 0x0490, 0x0491, 0x04b0, 0x04b1, 0x2116, 0x2116];
const ARABIC = [
  0x0600, 0x06ff, 0x0750, 0x077f, 0x0870, 0x08ff, 0x200c, 0x200e, 0x2010, 0x2011, 0x204f, 0x204f, 0x2e41, 0x2e41,
  0xfb50, 0xfdff, 0xfe70, 0xfefc,
];

// Each import names its file literally so that Vite bundles it (inline: a base64 module loaded on first use only).
const BUNDLED: readonly FaceSource[] = [
  {
    id: "noto-sans-latin",
    ranges: LATIN,
    file: (weight) => `@fontsource/noto-sans/files/noto-sans-latin-${weightNumber(weight)}-normal.woff`,
    module: (weight) =>
      weight === "bold"
        ? import("@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?inline")
        : import("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?inline"),
    delivery: "inline",
    rightToLeft: false,
  },
  {
    id: "noto-sans-latin-ext",
    ranges: LATIN_EXT,
    file: (weight) => `@fontsource/noto-sans/files/noto-sans-latin-ext-${weightNumber(weight)}-normal.woff`,
    module: (weight) =>
      weight === "bold"
        ? import("@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff?inline")
        : import("@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff?inline"),
    delivery: "inline",
    rightToLeft: false,
  },
  {
    id: "noto-sans-greek",
    ranges: GREEK,
    file: (weight) => `@fontsource/noto-sans/files/noto-sans-greek-${weightNumber(weight)}-normal.woff`,
    module: (weight) =>
      weight === "bold"
        ? import("@fontsource/noto-sans/files/noto-sans-greek-700-normal.woff?inline")
        : import("@fontsource/noto-sans/files/noto-sans-greek-400-normal.woff?inline"),
    delivery: "inline",
    rightToLeft: false,
  },
  {
    id: "noto-sans-cyrillic",
    ranges: CYRILLIC,
    file: (weight) => `@fontsource/noto-sans/files/noto-sans-cyrillic-${weightNumber(weight)}-normal.woff`,
    module: (weight) =>
      weight === "bold"
        ? import("@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff?inline")
        : import("@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff?inline"),
    delivery: "inline",
    rightToLeft: false,
  },
  {
    id: "noto-sans-arabic",
    ranges: ARABIC,
    file: (weight) => `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weightNumber(weight)}-normal.woff`,
    module: (weight) =>
      weight === "bold"
        ? import("@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff?inline")
        : import("@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff?inline"),
    delivery: "inline",
    rightToLeft: true,
  },
];

const CJK: readonly FaceSource[] = CJK_SLICES.map((slice) => ({
  id: `noto-sans-${slice.name}`,
  ranges: slice.ranges,
  file: (weight: FontWeight) => `@fontsource/${slice.file}-${weightNumber(weight)}-normal.woff`,
  module: (weight: FontWeight) => slice[weight](),
  delivery: "asset" as const,
  rightToLeft: false,
}));

/**
 * Every face, in fallback order: Latin first (digits, spaces and punctuation stay in it), Greek, Cyrillic, Arabic,
 * then CJK.
 */
export const FACE_SOURCES: readonly FaceSource[] = [...BUNDLED, ...CJK];

export function covers(source: FaceSource, codePoint: number): boolean {
  const ranges = source.ranges;
  for (let i = 0; i < ranges.length; i += 2) {
    if (codePoint >= ranges[i]! && codePoint <= ranges[i + 1]!) return true;
  }
  return false;
}

/** The faces a text needs: Latin always, then the first face whose ranges hold each other character. */
export function facesForText(texts: Iterable<string>): FaceSource[] {
  const needed = new Set<FaceSource>([BUNDLED[0]!]);
  const seen = new Set<number>();
  for (const text of texts) {
    for (const char of text.normalize("NFC")) {
      const codePoint = char.codePointAt(0)!;
      if (seen.has(codePoint)) continue;
      seen.add(codePoint);
      const source = FACE_SOURCES.find((candidate) => covers(candidate, codePoint));
      if (source) needed.add(source);
    }
  }
  return FACE_SOURCES.filter((source) => needed.has(source));
}

/** Where static assets are read from in a Worker (the ASSETS binding); absent elsewhere. */
export type FontAssets = { fetch(input: Request | string | URL): Promise<Response> };

/** The part of the Worker env the PDF fonts read: the CJK slices are static assets. */
export type PdfFontEnv = { ASSETS?: FontAssets };

const inWorker = () => typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers";

function base64Bytes(dataUrl: string): Uint8Array {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function readFromNodeModules(file: string): Promise<Uint8Array> {
  const [{ readFile }, { createRequire }] = await Promise.all([import("node:fs/promises"), import("node:module")]);
  const path = createRequire(`${process.cwd()}/package.json`).resolve(file);
  return new Uint8Array(await readFile(path));
}

// One array per file and isolate: fontkit's parse cache (fontkit.ts) is keyed by it.
const loaded = new Map<string, Promise<Uint8Array | null>>();

/**
 * The bytes of a face's file, or null when it cannot be had here (a CJK slice in a Worker without the ASSETS
 * binding, as in the Worker tests): its characters then print as "?".
 */
export function loadFaceBytes(source: FaceSource, weight: FontWeight, assets?: FontAssets): Promise<Uint8Array | null> {
  const key = `${source.id}-${weight}`;
  let bytes = loaded.get(key);
  if (!bytes) {
    bytes = fetchFaceBytes(source, weight, assets);
    loaded.set(key, bytes);
    // A failed fetch is tried again by the next document.
    void bytes.then((value) => value ?? loaded.delete(key));
  }
  return bytes;
}

async function fetchFaceBytes(source: FaceSource, weight: FontWeight, assets?: FontAssets) {
  const woff = await fetchWoff(source, weight, assets);
  return woff && woffToSfnt(woff);
}

async function fetchWoff(source: FaceSource, weight: FontWeight, assets?: FontAssets) {
  if (!inWorker()) return readFromNodeModules(source.file(weight));
  const { default: reference } = await source.module(weight);
  if (source.delivery === "inline") return base64Bytes(reference);
  if (!assets) return null;
  const response = await assets.fetch(new URL(reference, "https://assets.invalid"));
  return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
}
