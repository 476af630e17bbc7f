import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../hono-app";
import { errorResponse } from "../error-response";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Provider webhooks that verify a signature on every delivery: the only routes a cross-site POST may reach. Each route
 * added here must refuse an unsigned or wrongly signed body itself. Stripe first; the contact form's provider
 * will follow.
 */
const SIGNED_WEBHOOK_PATHS: readonly string[] = ["/webhooks/stripe"];

/**
 * Cross-site request forgery guard for cookie-authenticated writes: a state-changing request must come from our own
 * origin. Bearer-authenticated `/api` calls carry no ambient credentials (there the Bearer token, when present, is what
 * authenticates), and the listed provider webhooks are signed, so both pass. Elsewhere a Bearer header proves nothing:
 * page actions authenticate by cookie whatever other header comes along.
 */
export const originCheck = createMiddleware<HonoEnv>(async (c, next) => {
  const path = c.req.path;
  if (SAFE_METHODS.has(c.req.method) || SIGNED_WEBHOOK_PATHS.includes(path)) return next();
  // The public booking API never reads the session cookie (embedding sites call it from their own origin).
  if (path.startsWith("/api/public/")) return next();
  const bearerApiCall = path.startsWith("/api/") && c.req.header("Authorization")?.startsWith("Bearer ");
  if (bearerApiCall) return next();
  const own = new URL(c.req.url).origin;
  const sameOrigin = c.req.header("Sec-Fetch-Site") === "same-origin";
  // A plain form posted from a page under `Referrer-Policy: no-referrer` (/auth/reset-password, served without
  // JavaScript) says `Origin: null`; the browser's Sec-Fetch-Site, which pages cannot set, still tells where it came from.
  if (c.req.header("Origin") === "null" && sameOrigin) {
    // React Router refuses an action whose Origin is not the request's own: hand it the origin the browser vouched for.
    const headers = new Headers(c.req.raw.headers);
    headers.set("Origin", own);
    c.req.raw = new Request(c.req.raw, { headers });
  }
  const origin = c.req.header("Origin");
  if (origin ? origin !== own : c.req.header("Sec-Fetch-Site") === "cross-site") {
    return errorResponse(c, { type: "forbidden", code: "cross_origin", messageKey: "errors:cross-origin-request" });
  }
  return next();
});
