import { createMiddleware } from "hono/factory";
import { withD1Session } from "#db/d1-session";
import { isSecureRequest, readCookie, readSessionToken, serializeCookie } from "#domain/http/session-cookie";
import type { HonoEnv } from "../hono-app";

/*
 * Signed-in pages and the dashboard's own API calls read through D1's Sessions API (docs/decisions/0062-d1-sessions.md):
 * a nearby read replica may answer, and the bookmark kept in a cookie makes the next request start no older than
 * what this one wrote or read, so a person always sees their own changes. Public pages (edge cached), the public
 * API, webhooks and API-key calls keep going to the primary as before, as does a libSQL deployment.
 */
export const D1_BOOKMARK_COOKIE = "guichet_d1_bookmark";
/** Long enough to outlive replication lag (seconds), short enough not to pin an idle browser to an old position. */
const BOOKMARK_MAX_AGE_SECONDS = 60 * 60;
const PUBLIC_PATHS =
  /^\/(events|organizers|orders|embed|widget|waiting-list|messages\/opt-out|api\/public|webhooks|images|assets|monitoring)(\/|$)/;
// D1 writes bookmarks as dash-separated hex groups (00000000-00000025-00000000-<32 hex>); anything else is not
// handed to withSession: the request starts from any replica instead, as a first visit does.
const BOOKMARK_SHAPE = /^[0-9a-f]{1,32}(-[0-9a-f]{1,64}){1,7}$/i;

export function usesD1Session(request: Request, env: { DATABASE_URL?: string }): boolean {
  if (env.DATABASE_URL) return false;
  if (PUBLIC_PATHS.test(new URL(request.url).pathname)) return false;
  return readSessionToken(request) !== null;
}

export const d1Session = createMiddleware<HonoEnv>(async (c, next) => {
  if (!usesD1Session(c.req.raw, c.env)) return next();
  const sent = readCookie(c.req.header("Cookie"), D1_BOOKMARK_COOKIE);
  const bookmark = sent && BOOKMARK_SHAPE.test(sent) ? sent : null;
  let session: D1DatabaseSession;
  try {
    session = c.env.DB.withSession(bookmark ?? "first-unconstrained");
  } catch {
    // A bookmark D1 does not accept (another database's, too old): start from any replica, as a new visit would.
    session = c.env.DB.withSession("first-unconstrained");
  }
  await withD1Session(c.env.DB, session, next);

  const latest = session.getBookmark();
  if (!latest || latest === bookmark) return;
  const cookie = serializeCookie(D1_BOOKMARK_COOKIE, latest, {
    maxAge: BOOKMARK_MAX_AGE_SECONDS,
    secure: isSecureRequest(c.req.url),
  });
  try {
    c.res.headers.append("Set-Cookie", cookie);
  } catch {
    // A response with immutable headers (straight from fetch or the cache): copy it, the body is streamed, not read.
    const response = new Response(c.res.body, c.res);
    response.headers.append("Set-Cookie", cookie);
    c.res = undefined;
    c.res = response;
  }
});
