import { createMiddleware } from "hono/factory";
import { readCookie } from "#domain/auth/session-cookie";
import { getPublicEventVersion } from "#domain/public-events/get-public-event";
import { fallbackLanguage, localeCookieName, supportedLanguages } from "~/lib/i18n-config";
import type { HonoEnv } from "../hono-app";

const PUBLIC_PAGE = /^\/events\/(\d+)\/[^/.]+$/;

/** The language the page will render in: the `lng` cookie, else the best Accept-Language match, else French. */
export function pageLanguage(request: Request): string {
  const supported = new Set<string>(supportedLanguages);
  const cookie = readCookie(request.headers.get("Cookie"), localeCookieName);
  if (cookie && supported.has(cookie)) return cookie;
  const ranked = (request.headers.get("Accept-Language") ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", q] = part.trim().split(";q=");
      return { lang: tag.split("-")[0]!.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => supported.has(entry.lang) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.lang ?? fallbackLanguage;
}

/**
 * Edge cache of the public event page. The key carries the event's version (its updated_at and its tickets' state),
 * so an edit or a sale is visible at the next request without purging anything; stale entries simply stop being asked
 * for and expire.
 */
export const publicPageCache = createMiddleware<HonoEnv>(async (c, next) => {
  const match = c.req.method === "GET" ? PUBLIC_PAGE.exec(c.req.path) : null;
  if (!match || typeof caches === "undefined") return next();
  const version = await getPublicEventVersion(c.get("db"), Number(match[1]));
  if (!version) return next();

  const key = new URL(c.req.url);
  key.searchParams.set("__version", version);
  key.searchParams.set("__lang", pageLanguage(c.req.raw));
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await cache.match(key.toString());
  if (hit) {
    const response = new Response(hit.body, hit);
    response.headers.set("X-Guichet-Cache", "HIT");
    return response;
  }

  await next();
  const response = c.res;
  if (response.status !== 200 || !response.headers.get("Content-Type")?.includes("text/html")) return;
  const headers = new Headers(response.headers);
  headers.delete("Set-Cookie");
  headers.set("Cache-Control", "public, max-age=300");
  const [forCache, forClient] = response.body ? response.body.tee() : [null, null];
  c.executionCtx.waitUntil(cache.put(key.toString(), new Response(forCache, { status: 200, headers })));
  c.res = new Response(forClient, response);
  c.res.headers.set("X-Guichet-Cache", "MISS");
});
