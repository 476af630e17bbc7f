import { describe, expect, it } from "vitest";
import { sniffImageType } from "./image-type";
import { PNG_SIGNATURE, REAL_LOSSY_16x9 } from "../../tests/support/webp-fixtures";

const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe("the banner source's type, from its first bytes", () => {
  it("knows JPEG, PNG and WebP (the same WebP signature the server checks)", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]))).toBe(
      "image/jpeg",
    );
    expect(sniffImageType(PNG_SIGNATURE.subarray(0, 12))).toBe("image/png");
    expect(sniffImageType(REAL_LOSSY_16x9.subarray(0, 12))).toBe("image/webp");
  });

  it("refuses other RIFF files, other formats and truncated heads", () => {
    expect(sniffImageType(ascii("RIFF\0\0\0\0WAVE"))).toBeNull();
    expect(sniffImageType(ascii("GIF89a\0\0\0\0\0\0"))).toBeNull();
    expect(sniffImageType(ascii("RIFF\0\0\0\0WEB"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
