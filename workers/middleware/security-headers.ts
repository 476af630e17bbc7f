import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../hono-app";

// The reset link carries its code in the query: no page loaded from it may pass the address on.
const NO_REFERRER_PATHS = new Set(["/auth/reset-password"]);

/**
 * Headers every response carries, pages, API, images and errors alike: no framing by another site (clickjacking), no
 * MIME sniffing, and no full address sent to other sites in the Referer.
 */
export const securityHeaders = createMiddleware<HonoEnv>(async (c, next) => {
  await next();
  const headers = {
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": NO_REFERRER_PATHS.has(c.req.path) ? "no-referrer" : "same-origin",
    "X-Content-Type-Options": "nosniff",
  };
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    // A response straight from fetch() or the cache has immutable headers: copy it (the body is streamed, not read).
    const response = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    c.res = undefined;
    c.res = response;
  }
});
