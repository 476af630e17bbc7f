import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../hono-app";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for cookie-authenticated writes: a state-changing request must come from our own
 * origin. Bearer-authenticated API calls carry no ambient credentials, and provider webhooks are signed, so both pass.
 */
export const originCheck = createMiddleware<HonoEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith("/webhooks/")) return next();
  const hasBearer = c.req.header("Authorization")?.startsWith("Bearer ");
  if (hasBearer) return next();
  const origin = c.req.header("Origin");
  const own = new URL(c.req.url).origin;
  if (origin ? origin !== own : c.req.header("Sec-Fetch-Site") === "cross-site") {
    return c.json({ error: "forbidden", message: "cross-origin-request" }, 403);
  }
  return next();
});
