import { describe, expect, it } from "vitest";
import {
  extendedWebpHeader,
  losslessWebpHeader,
  lossyWebpHeader,
  PNG_SIGNATURE,
  REAL_ALPHA_16x9,
  REAL_LOSSLESS_16x9,
  REAL_LOSSY_16x9,
} from "../../tests/support/webp-fixtures";
import { hasWebpSignature, parseWebp } from "./webp";

describe("parseWebp on files from a real encoder (cwebp)", () => {
  it("reads a lossy VP8 file", () => {
    expect(parseWebp(REAL_LOSSY_16x9)).toEqual({ format: "VP8", width: 16, height: 9 });
  });
  it("reads a lossless VP8L file", () => {
    expect(parseWebp(REAL_LOSSLESS_16x9)).toEqual({ format: "VP8L", width: 16, height: 9 });
  });
  it("reads an extended VP8X file (lossy with alpha)", () => {
    expect(parseWebp(REAL_ALPHA_16x9)).toEqual({ format: "VP8X", width: 16, height: 9 });
  });
});

describe("parseWebp on hand-built headers", () => {
  it.each([
    [1920, 1080],
    [1280, 720],
    [640, 360],
    [1, 1],
    [16383, 16383],
  ])("reads %i×%i from VP8, VP8L and VP8X", (width, height) => {
    expect(parseWebp(lossyWebpHeader(width, height))).toEqual({ format: "VP8", width, height });
    expect(parseWebp(losslessWebpHeader(width, height))).toEqual({ format: "VP8L", width, height });
    expect(parseWebp(extendedWebpHeader(width, height))).toEqual({ format: "VP8X", width, height });
  });

  it("reads the 24-bit VP8X canvas beyond 16383", () => {
    expect(parseWebp(extendedWebpHeader(20000, 100))).toEqual({ format: "VP8X", width: 20000, height: 100 });
  });
});

describe("parseWebp refuses", () => {
  it("what is not a WebP", () => {
    expect(hasWebpSignature(PNG_SIGNATURE)).toBe(false);
    expect(parseWebp(PNG_SIGNATURE)).toBeNull();
    expect(parseWebp(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>"))).toBeNull();
    expect(parseWebp(new Uint8Array())).toBeNull();
  });

  it("a RIFF file of another kind (WAVE)", () => {
    const wave = losslessWebpHeader(10, 10);
    wave.set(new TextEncoder().encode("WAVE"), 8);
    expect(parseWebp(wave)).toBeNull();
  });

  it("a truncated file or one with bytes appended", () => {
    const file = REAL_LOSSY_16x9;
    expect(parseWebp(file.subarray(0, file.length - 2))).toBeNull();
    const longer = new Uint8Array(file.length + 2);
    longer.set(file);
    expect(parseWebp(longer)).toBeNull();
  });

  it("a VP8 chunk without the key-frame start code, or an inter frame", () => {
    const noStartCode = lossyWebpHeader(640, 360);
    noStartCode[23] = 0x00;
    expect(parseWebp(noStartCode)).toBeNull();
    const interFrame = lossyWebpHeader(640, 360);
    interFrame[20] = 0x11;
    expect(parseWebp(interFrame)).toBeNull();
  });

  it("a VP8L chunk with a wrong signature byte or a non-zero version", () => {
    const badSignature = losslessWebpHeader(640, 360);
    badSignature[20] = 0x2e;
    expect(parseWebp(badSignature)).toBeNull();
    const badVersion = losslessWebpHeader(640, 360);
    badVersion[24] = badVersion[24]! | 0x20;
    expect(parseWebp(badVersion)).toBeNull();
  });

  it("an unknown first chunk or a chunk longer than the file", () => {
    const unknown = losslessWebpHeader(640, 360);
    unknown.set(new TextEncoder().encode("ALPH"), 12);
    expect(parseWebp(unknown)).toBeNull();
    const overlong = losslessWebpHeader(640, 360);
    new DataView(overlong.buffer).setUint32(16, 1000, true);
    expect(parseWebp(overlong)).toBeNull();
  });
});
