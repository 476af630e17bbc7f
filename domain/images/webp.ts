/**
 * Reads what a WebP file claims to be from its header only: the RIFF container, then the first chunk, which is
 * VP8 (lossy), VP8L (lossless) or VP8X (extended: alpha, animation, metadata). Enough to refuse what is not a WebP
 * and what does not have the size it was uploaded as, without decoding pixels.
 */

export type WebpFormat = "VP8" | "VP8L" | "VP8X";
export type WebpInfo = { format: WebpFormat; width: number; height: number };

const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u24 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;

/** True when the bytes start with the WebP magic: "RIFF", a 4-byte size, "WEBP". */
export function hasWebpSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP";
}

/** The format and dimensions of a WebP file, or null when the bytes are not a well-formed WebP header. */
export function parseWebp(bytes: Uint8Array): WebpInfo | null {
  if (!hasWebpSignature(bytes) || bytes.length < 25) return null;
  // The RIFF size counts everything after its own 8 bytes; a truncated or padded-out file is refused.
  const riffSize = u32(bytes, 4);
  if (riffSize + 8 !== bytes.length || riffSize % 2 !== 0) return null;

  const fourcc = ascii(bytes, 12, 4);
  const chunkSize = u32(bytes, 16);
  const payload = 20;
  if (payload + chunkSize > bytes.length) return null;

  switch (fourcc) {
    case "VP8 ": {
      if (chunkSize < 10) return null;
      // Frame tag (3 bytes): bit 0 clear means a key frame, which is what carries the dimensions.
      if ((bytes[payload]! & 0x01) !== 0) return null;
      if (bytes[payload + 3] !== 0x9d || bytes[payload + 4] !== 0x01 || bytes[payload + 5] !== 0x2a) return null;
      const width = u16(bytes, payload + 6) & 0x3fff;
      const height = u16(bytes, payload + 8) & 0x3fff;
      return width > 0 && height > 0 ? { format: "VP8", width, height } : null;
    }
    case "VP8L": {
      if (chunkSize < 5 || bytes[payload] !== 0x2f) return null;
      const bits = u32(bytes, payload + 1);
      // 14 bits width-1, 14 bits height-1, 1 bit alpha hint, 3 bits version (must be 0).
      if (bits >>> 29 !== 0) return null;
      return { format: "VP8L", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case "VP8X": {
      if (chunkSize < 10) return null;
      return { format: "VP8X", width: u24(bytes, payload + 4) + 1, height: u24(bytes, payload + 7) + 1 };
    }
    default:
      return null;
  }
}
