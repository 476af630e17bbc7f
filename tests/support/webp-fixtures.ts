/**
 * WebP bytes for tests. `losslessWebpHeader` hand-builds the smallest VP8L file that declares a size (the pixel data
 * after the header is not decodable, which is all a header check needs); the REAL_* files were encoded with cwebp
 * (libwebp 1.2.4) from a 16×9 gradient: lossy (VP8), lossless (VP8L) and lossy with alpha (VP8X).
 */

function riff(fourcc: string, payload: Uint8Array): Uint8Array {
  const padded = payload.length % 2 === 1 ? payload.length + 1 : payload.length;
  const bytes = new Uint8Array(20 + padded);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode("RIFF"), 0);
  view.setUint32(4, 12 + padded, true);
  bytes.set(new TextEncoder().encode(`WEBP${fourcc}`), 8);
  view.setUint32(16, payload.length, true);
  bytes.set(payload, 20);
  return bytes;
}

/** A VP8L header declaring width × height, followed by `extraBytes` of filler (to reach a given file size). */
export function losslessWebpHeader(width: number, height: number, extraBytes = 0): Uint8Array {
  const payload = new Uint8Array(5 + extraBytes);
  payload[0] = 0x2f;
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  new DataView(payload.buffer).setUint32(1, bits >>> 0, true);
  return riff("VP8L", payload);
}

/** A VP8 (lossy) key-frame header declaring width × height. */
export function lossyWebpHeader(width: number, height: number): Uint8Array {
  const payload = new Uint8Array(10);
  payload.set([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a], 0);
  const view = new DataView(payload.buffer);
  view.setUint16(6, width & 0x3fff, true);
  view.setUint16(8, height & 0x3fff, true);
  return riff("VP8 ", payload);
}

/** A VP8X (extended) header declaring a canvas of width × height. */
export function extendedWebpHeader(width: number, height: number): Uint8Array {
  const payload = new Uint8Array(10);
  const w = width - 1;
  const h = height - 1;
  payload.set([
    0x10,
    0,
    0,
    0,
    w & 0xff,
    (w >> 8) & 0xff,
    (w >> 16) & 0xff,
    h & 0xff,
    (h >> 8) & 0xff,
    (h >> 16) & 0xff,
  ]);
  return riff("VP8X", payload);
}

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

export const REAL_LOSSY_16x9 = fromBase64(
  "UklGRlQAAABXRUJQVlA4IEgAAADQAQCdASoQAAkAAUAmJbACdAEOtX4rAAD+/SC44zZ+nJOSzIeRoUctKv7GX4PIL8K3w2r7jV/5vr7r/7f4+Yf/9lPQZ+oAAAA=",
);
export const REAL_LOSSLESS_16x9 = fromBase64("UklGRioAAABXRUJQVlA4TB4AAAAvDwACAJmM6H9sIqL/ASEBYYj/VyV9IAYwJgCpyh4=");
export const REAL_ALPHA_16x9 = fromBase64(
  "UklGRoIAAABXRUJQVlA4WAoAAAAQAAAADwAACAAAQUxQSBMAAAABD/Cg/4iIIBZM5i/dmUJE/0MPAFZQOCBIAAAA0AEAnQEqEAAJAAFAJiWwAnQBDrV+KwAA/v0guOM2fpyTksyHkaFHLSr+xl+DyC/Ct8Nq+41f+b6+6/+3+PmH//ZT0GfqAAAA",
);

/** The smallest valid PNG signature + IHDR start: an image, but not a WebP. */
export const PNG_SIGNATURE = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
