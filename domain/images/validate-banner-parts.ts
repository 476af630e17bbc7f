import { AppError } from "../shared/app-error";
import { BANNER_PART_MAX_BYTES, BANNER_SIZES, bannerPartName, type BannerWidth } from "./banner";
import { parseWebp } from "./webp";

export type BannerPart = { name: string; bytes: Uint8Array };
export type ValidBannerPart = { width: BannerWidth; height: number; bytes: Uint8Array };

const invalid = (messageKey: string, part: string) =>
  new AppError("validation", messageKey, { fields: { banner: messageKey }, details: { part } });

/**
 * Every size of the banner must be there, be a WebP by its bytes (whatever the client called it), have exactly the
 * declared dimensions and weigh at most 2 MB. Refuses the whole upload on the first bad part, with the part named.
 */
export function validateBannerParts(parts: readonly BannerPart[]): ValidBannerPart[] {
  const byName = new Map(parts.map((p) => [p.name, p]));
  return BANNER_SIZES.map((size) => {
    const name = bannerPartName(size.width);
    const part = byName.get(name);
    if (!part || part.bytes.length === 0) throw invalid("editor:banner.errors.missing-size", name);
    if (part.bytes.length > BANNER_PART_MAX_BYTES) throw invalid("editor:banner.errors.part-too-large", name);
    const info = parseWebp(part.bytes);
    if (!info) throw invalid("editor:banner.errors.not-webp", name);
    if (info.width !== size.width || info.height !== size.height) {
      throw invalid("editor:banner.errors.wrong-dimensions", name);
    }
    return { width: size.width, height: size.height, bytes: part.bytes };
  });
}
