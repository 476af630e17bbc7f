/**
 * Event banners (spec §3 main_picture, §9: 16:9). The browser crops and resizes; the server checks and stores.
 * Shared by the editor (client) and the upload handler, so nothing here touches the database.
 */

export const BANNER_SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  { width: 640, height: 360 },
] as const;
export type BannerWidth = (typeof BANNER_SIZES)[number]["width"];

/** The size whose URL is stored in events.main_picture. */
export const BANNER_MAIN_WIDTH: BannerWidth = 1280;

/** What the organizer may pick before cropping. */
export const BANNER_SOURCE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const BANNER_SOURCE_MAX_BYTES = 10 * 1024 * 1024;

/** Each resized WebP the browser uploads. */
export const BANNER_PART_MAX_BYTES = 2 * 1024 * 1024;
export const BANNER_WEBP_QUALITY = 0.85;

/** The multipart field of one size, e.g. "banner-1280". */
export const bannerPartName = (width: number) => `banner-${width}`;

/** R2 key prefix of one version of an event's banner: the hash changes with the content, so caches never go stale. */
export const eventBannerPrefix = (eventId: number, hash8: string) => `events/${eventId}/banner-${hash8}`;
export const imageKey = (prefix: string, width: number) => `${prefix}-${width}.webp`;

/** Public path of an R2 key, served by the Worker (workers/routes/images.ts). */
const IMAGES_PATH = "/images/";
export const publicImageUrl = (key: string) => `${IMAGES_PATH}${key}`;

/** The URL of another size of the same banner version (for srcset). */
export function bannerUrlForWidth(mainPictureUrl: string, width: BannerWidth): string {
  return mainPictureUrl.replace(/-(1920|1280|640)\.webp$/, `-${width}.webp`);
}

/** `srcset` for a banner we stored, or undefined for any other picture URL. */
export function bannerSrcSet(mainPictureUrl: string): string | undefined {
  if (!/^\/images\/events\/\d+\/banner-[0-9a-f]{8}-(1920|1280|640)\.webp$/.test(mainPictureUrl)) return undefined;
  return BANNER_SIZES.map((s) => `${bannerUrlForWidth(mainPictureUrl, s.width)} ${s.width}w`).join(", ");
}
