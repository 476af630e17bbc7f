import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../hono-app";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Provider webhooks that verify a signature on every delivery: the only routes a cross-site POST may reach. Each route
 * added here must refuse an unsigned or wrongly signed body itself. Stripe first; the contact form's provider
 * will follow.
 */
export const SIGNED_WEBHOOK_PATHS: readonly string[] = ["/webhooks/stripe"];

/**
 * Cross-site request forgery guard for cookie-authenticated writes: a state-changing request must come from our own
 * origin. Bearer-authenticated `/api` calls carry no ambient credentials (there the Bearer token, when present, is what
 * authenticates), and the listed provider webhooks are signed, so both pass. Elsewhere a Bearer header proves nothing:
 * page actions authenticate by cookie whatever other header comes along.
 */
export const originCheck = createMiddleware<HonoEnv>(async (c, next) => {
  const path = c.req.path;
  if (SAFE_METHODS.has(c.req.method) || SIGNED_WEBHOOK_PATHS.includes(path)) return next();
  const bearerApiCall = path.startsWith("/api/") && c.req.header("Authorization")?.startsWith("Bearer ");
  if (bearerApiCall) return next();
  const origin = c.req.header("Origin");
  const own = new URL(c.req.url).origin;
  if (origin ? origin !== own : c.req.header("Sec-Fetch-Site") === "cross-site") {
    return c.json({ error: "forbidden", message: "cross-origin-request" }, 403);
  }
  return next();
});
