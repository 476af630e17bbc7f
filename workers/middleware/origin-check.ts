import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../hono-app";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for cookie-authenticated writes: a state-changing request must come from our own
 * origin. Bearer-authenticated `/api` calls carry no ambient credentials (there the Bearer token, when present, is what
 * authenticates), and provider webhooks are signed, so both pass. Elsewhere a Bearer header proves nothing: page
 * actions authenticate by cookie whatever other header comes along.
 */
export const originCheck = createMiddleware<HonoEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith("/webhooks/")) return next();
  const bearerApiCall = c.req.path.startsWith("/api/") && c.req.header("Authorization")?.startsWith("Bearer ");
  if (bearerApiCall) return next();
  const origin = c.req.header("Origin");
  const own = new URL(c.req.url).origin;
  if (origin ? origin !== own : c.req.header("Sec-Fetch-Site") === "cross-site") {
    return c.json({ error: "forbidden", message: "cross-origin-request" }, 403);
  }
  return next();
});
