import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../hono-app";

/** `/auth/*` is both pages and API: a JSON POST is the API, anything else renders the page. */
export const jsonOnly = createMiddleware<HonoEnv>(async (c, next) => {
  const isJson = c.req.header("Content-Type")?.toLowerCase().startsWith("application/json");
  if (c.req.method !== "POST" || !isJson) return c.get("fallback")(c.req.raw);
  return next();
});
