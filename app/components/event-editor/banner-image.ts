import { api, errorKeyFor } from "~/lib/api-client";
import {
  BANNER_PART_MAX_BYTES,
  BANNER_SIZES,
  BANNER_SOURCE_MAX_BYTES,
  BANNER_SOURCE_TYPES,
  BANNER_WEBP_QUALITY,
  bannerPartName,
} from "#domain/images/banner";
import { sniffImageType } from "~/lib/image-type";

export type CropArea = { x: number; y: number; width: number; height: number };

/** Below this source size the banner is upscaled for most screens: accepted, with a warning. */
export const BANNER_MIN_WIDTH = 1280;
export const BANNER_MIN_HEIGHT = 720;

export function isLowResolution(width: number, height: number): boolean {
  return width < BANNER_MIN_WIDTH || height < BANNER_MIN_HEIGHT;
}

/** An i18n key of the editor namespace, or null when the file may be cropped. */
export async function checkBannerSource(file: File): Promise<string | null> {
  if (file.size > BANNER_SOURCE_MAX_BYTES) return "editor:banner.errors.too-large";
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const type = sniffImageType(head);
  if (!type || !(BANNER_SOURCE_TYPES as readonly string[]).includes(file.type || type))
    return "editor:banner.errors.invalid-type";
  return null;
}

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function draw(target: HTMLCanvasElement, source: CanvasImageSource, area: CropArea) {
  const context = target.getContext("2d");
  if (!context) throw new Error("no 2d context");
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(source, area.x, area.y, area.width, area.height, 0, 0, target.width, target.height);
}

function toWebp(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("toBlob failed"))), "image/webp", quality),
  );
}

/** A WebP of the canvas under the per-size limit: lowers the quality a little at a time if it must. */
async function encodeUnderLimit(canvas: HTMLCanvasElement): Promise<Blob> {
  for (const quality of [BANNER_WEBP_QUALITY, 0.75, 0.65, 0.5]) {
    const blob = await toWebp(canvas, quality);
    // A browser without a WebP encoder hands back a PNG: the server would refuse it.
    if (blob.type !== "image/webp") throw new Error("webp encoding unsupported");
    if (blob.size <= BANNER_PART_MAX_BYTES) return blob;
  }
  throw new Error("too large");
}

/**
 * Crops the 16:9 area out of the image and renders each banner size as WebP, each size drawn from the previous
 * (larger) one, which downsamples more smoothly than one big jump.
 */
export async function renderBannerSizes(
  image: CanvasImageSource,
  area: CropArea,
): Promise<{ width: number; blob: Blob }[]> {
  const out: { width: number; blob: Blob }[] = [];
  let previous: { canvas: HTMLCanvasElement; area: CropArea } | null = null;
  for (const size of BANNER_SIZES) {
    const canvas = canvasOf(size.width, size.height);
    if (previous) draw(canvas, previous.canvas, previous.area);
    else draw(canvas, image, area);
    out.push({ width: size.width, blob: await encodeUnderLimit(canvas) });
    previous = { canvas, area: { x: 0, y: 0, width: size.width, height: size.height } };
  }
  return out;
}

export function loadImageElement(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = "async";
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("image load failed"));
    image.src = url;
  });
}

const UPLOAD_FAILED = "editor:banner.errors.upload-failed";
/** What the server refuses a banner for (domain/images/validate-banner-parts.ts), as this page says it. */
const BANNER_REFUSALS = [
  "editor:banner.errors.part-too-large",
  "editor:banner.errors.not-webp",
  "editor:banner.errors.wrong-dimensions",
  "editor:banner.errors.missing-size",
  UPLOAD_FAILED,
] as const;

export type UploadResult = { ok: true; mainPicture: string } | { ok: false; messageKey: string };

/** POST /api/events/:id/banner with every size; the answer's message key when the server refuses. */
export async function uploadBanner(eventId: number, parts: { width: number; blob: Blob }[]): Promise<UploadResult> {
  const body = new FormData();
  for (const part of parts) body.append(bannerPartName(part.width), part.blob, `banner-${part.width}.webp`);
  try {
    const answer = await api.uploadEventBanner(eventId, body);
    if (answer.ok && answer.data.main_picture) return { ok: true, mainPicture: answer.data.main_picture };
    return {
      ok: false,
      messageKey: answer.ok ? UPLOAD_FAILED : errorKeyFor(answer.error, BANNER_REFUSALS, UPLOAD_FAILED),
    };
  } catch {
    return { ok: false, messageKey: UPLOAD_FAILED };
  }
}
