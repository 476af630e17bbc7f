import { Hono } from "hono";
import { IMMUTABLE_CACHE_CONTROL } from "#domain/images/image-store";
import type { HonoEnv } from "../hono-app";

export const imageRoutes = new Hono<HonoEnv>();

// Only keys we write: events/{id}/banner-{hash}-{size}.webp and organizers/… alike.
const IMAGE_KEY = /^(events|organizers)\/\d+\/[a-z0-9-]+\.webp$/;

/**
 * Shown for a key that is not (or no longer) stored: an empty 16:9 card in the brand's indigo-violet, so a page never
 * shows a broken image. Short cache, since the key may be written later only if it was never written before.
 */
const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9" preserveAspectRatio="xMidYMid slice"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4338ca"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs><rect width="16" height="9" fill="url(#g)"/></svg>`;
const PLACEHOLDER_CACHE_CONTROL = "public, max-age=60";

function placeholder(head: boolean): Response {
  return new Response(head ? null : PLACEHOLDER_SVG, {
    status: 200,
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": PLACEHOLDER_CACHE_CONTROL,
      "X-Image-Placeholder": "1",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** GET /images/<key>: the stored image with a year of immutable caching, its ETag, and 304 when it matches. */
imageRoutes.on(["GET", "HEAD"], "/*", async (c) => {
  const head = c.req.method === "HEAD";
  let key: string;
  try {
    key = decodeURIComponent(c.req.path.slice("/images/".length));
  } catch {
    return placeholder(head);
  }
  if (!IMAGE_KEY.test(key)) return placeholder(head);

  const object = await c.env.IMAGES.get(key, { onlyIf: c.req.raw.headers });
  if (object === null) return placeholder(head);

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", IMMUTABLE_CACHE_CONTROL);
  headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("Content-Type")) headers.set("Content-Type", "image/webp");

  // With onlyIf, a failed precondition (If-None-Match matched) comes back without a body.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(head ? null : object.body, { status: 200, headers });
});
