import { Hono } from "hono";
import type { HonoEnv } from "../hono-app";
import { WIDGET_SOURCE } from "../widget/widget-source.generated";

/**
 * The booking widget's script (docs/contracts/booking-widget.md), at a stable address that organizers paste once:
 * cached a day by browsers and shared caches, then revalidated by its ETag (a hash of the bytes, so a deploy that
 * changes the widget changes it). The frame origin it trusts is the origin it was served from.
 */
export const widgetRoutes = new Hono<HonoEnv>();

const WIDGET_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

async function etagOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hex = [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `"${hex}"`;
}

widgetRoutes.get("/widget.js", async (c) => {
  const origin = new URL(c.req.url).origin;
  const script = WIDGET_SOURCE.replaceAll('"__GUICHET_ORIGIN__"', JSON.stringify(origin));
  const etag = await etagOf(script);
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": WIDGET_CACHE_CONTROL,
    ETag: etag,
    // Loaded as a module or with crossorigin too; it carries nothing private.
    "Access-Control-Allow-Origin": "*",
  };
  if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
  return c.body(script, 200, headers);
});
