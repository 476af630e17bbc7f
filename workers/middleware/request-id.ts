import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../hono-app";
import { logger, logPath, withLogScope } from "#domain/shared/logger";

const REQUEST_ID_HEADER = "x-request-id";

// What an incoming id may look like: a proxy's UUID, a Cloudflare ray id; anything else (spaces, quotes, a kilobyte of
// text) would let a client write into every log line of its request.
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of one request: an incoming `x-request-id` when it looks like one (a proxy or a client correlating its own
 * logs), else Cloudflare's `cf-ray`, else a fresh UUID (local runs and tests have no ray).
 */
function requestIdOf(headers: Headers): string {
  for (const name of [REQUEST_ID_HEADER, "cf-ray"]) {
    const value = headers.get(name)?.trim();
    if (value && VALID_REQUEST_ID.test(value)) return value;
  }
  return crypto.randomUUID();
}

/**
 * Gives every request its id (`c.get("requestId")`, React Router's `serverContext.requestId`, `currentRequestId()`),
 * echoes it in the `x-request-id` response header, scopes every log line written while serving the request to it,
 * and writes one `request` line when the response is ready: method, path (no query), status, duration.
 */
export const requestId = createMiddleware<HonoEnv>(async (c, next) => {
  const id = requestIdOf(c.req.raw.headers);
  c.set("requestId", id);
  const method = c.req.method;
  const path = logPath(c.req.url);
  const started = Date.now();
  await withLogScope({ request_id: id, method, path }, async () => {
    await next();
    const status = c.res.status;
    const fields = { status, duration_ms: Date.now() - started };
    if (status >= 500) logger.error("request", fields);
    else logger.info("request", fields);
  });
  try {
    c.res.headers.set(REQUEST_ID_HEADER, id);
  } catch {
    // A response straight from fetch() or the cache has immutable headers: copy it (the body is streamed, not read).
    const response = new Response(c.res.body, c.res);
    response.headers.set(REQUEST_ID_HEADER, id);
    c.res = undefined;
    c.res = response;
  }
});
