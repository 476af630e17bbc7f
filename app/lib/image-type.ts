import type { BANNER_SOURCE_TYPES } from "#domain/images/banner";
import { hasWebpSignature } from "#domain/images/webp";

/** JPEG, PNG or WebP by their first bytes; a renamed file of another kind is not accepted. */
export function sniffImageType(head: Uint8Array): (typeof BANNER_SOURCE_TYPES)[number] | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) return "image/png";
  if (hasWebpSignature(head)) return "image/webp";
  return null;
}
