/** The part of an object store (R2) the image use-cases need; an R2Bucket fits it as is. */
export type ImageStore = {
  put(
    key: string,
    value: Uint8Array,
    options: { httpMetadata: { contentType: string; cacheControl?: string } },
  ): Promise<unknown>;
  delete(keys: string | string[]): Promise<void>;
};

/** Versioned keys never change content, so every cache may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
