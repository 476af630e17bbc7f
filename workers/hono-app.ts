import { Hono } from "hono";

export type Fallback = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;
export type HonoEnv = { Bindings: Env };

export function createHonoApp(fallback: Fallback) {
  const app = new Hono<HonoEnv>();
  app.get("/api/health", (c) => c.json({ ok: true }));
  // app.all, not app.get: form POSTs must reach React Router actions.
  app.all("*", (c) => fallback(c.req.raw, c.env, c.executionCtx as ExecutionContext));
  return app;
}
