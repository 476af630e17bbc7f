import { createMiddleware } from "hono/factory";
import type { Database } from "#db/database";
import { getPublicOrganizationVersion } from "#domain/organizations/get-public-organization";
import { getPublicEventVersion } from "#domain/public-events/get-public-event";
import { hasConsentCookie } from "#domain/http/tracking-consent";
import { hasHeldOrderCookie } from "#domain/booking/held-order";
import type { HonoEnv } from "../hono-app";
import { withFreshNonce } from "./security-headers";

/**
 * The cached public pages and the version of what each shows: the event page, and the organization's public page
 * (its profile and its events' state; a private organization has none). The version is null when nothing may be
 * cached (unpublished event, private organization).
 */
const PUBLIC_PAGES: readonly { path: RegExp; version: (db: Database, id: number) => Promise<string | null> }[] = [
  { path: /^\/events\/(\d+)\/[^/.]+$/, version: getPublicEventVersion },
  { path: /^\/organizers\/(\d+)\/[^/.]+$/, version: getPublicOrganizationVersion },
];

/** How long the edge keeps a copy; the key changes with every edit anyway, so this only bounds dead entries. */
const EDGE_COPY_CACHE_CONTROL = "public, max-age=300";
/**
 * What the browser gets: keep nothing without asking again. Putting an event back to draft, archiving it or making it
 * private must take effect at the participant's next visit, not after a browser-side max-age.
 */
export const BROWSER_CACHE_CONTROL = "private, no-cache";

/** Parameters of the cache key that only the middleware sets; a visitor's own values for them are dropped. */
const KEY_PARAMETERS = ["__build", "__version", "__lang"] as const;

/**
 * The edge cache key of a public page request: its own URL, query included (a private event's `t` among it), plus the
 * build, the event's version and the page language. A copy is only ever stored for the URL whose render succeeded, so
 * a key reached without the right `t` has nothing stored under it.
 */
export function publicPageCacheKey(url: string, parts: { build: string; version: string; language: string }): string {
  const key = new URL(url);
  for (const name of KEY_PARAMETERS) key.searchParams.delete(name);
  key.searchParams.sort();
  key.searchParams.set("__build", parts.build);
  key.searchParams.set("__version", parts.version);
  key.searchParams.set("__lang", parts.language);
  return key.toString();
}

/**
 * Edge cache of the public pages (the event page and the organization page). The key carries the build, the event's version (its status, visibility,
 * updated_at and its tickets' state) and the language, so an edit, a sale, an unpublish or a deploy is visible at the
 * next request without purging anything; stale entries simply stop being asked for and expire. Events that are not
 * published are never looked up nor stored.
 */
export function publicPageCache(options: { buildVersion: () => Promise<string> | string }) {
  return createMiddleware<HonoEnv>(async (c, next) => {
    const page = c.req.method === "GET" ? PUBLIC_PAGES.find(({ path }) => path.test(c.req.path)) : undefined;
    const match = page?.path.exec(c.req.path);
    if (!page || !match || typeof caches === "undefined") return next();
    // A visitor who answered the tracking banner gets a page of their own (no banner; Meta's pixel if they accepted):
    // neither served from nor stored in the shared copy, which is the banner-showing default. So does a buyer whose
    // order still holds places: the page names it (domain/booking/held-order.ts).
    const cookies = c.req.header("Cookie");
    // So does the person who follows a waiting-list offer's link: the page shows their offer (decision 0059).
    const ownOffer = new URL(c.req.url).searchParams.has("offer");
    if (hasConsentCookie(cookies) || hasHeldOrderCookie(cookies) || ownOffer) {
      await next();
      const own = new Response(c.res.body, c.res);
      own.headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
      own.headers.set("X-Guichet-Cache", "BYPASS");
      c.res = undefined;
      c.res = own;
      return;
    }
    const version = await page.version(c.get("db"), Number(match[1]));
    if (!version) return next();

    const language = c.get("language");
    const key = publicPageCacheKey(c.req.url, { build: await options.buildVersion(), version, language });
    const cache = (caches as unknown as { default: Cache }).default;
    const hit = await cache.match(key);
    if (hit) {
      const response = new Response(withFreshNonce(hit, c.get("cspNonce")).body, hit);
      response.headers.delete("Content-Length");
      response.headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
      response.headers.set("X-Guichet-Cache", "HIT");
      return response;
    }

    await next();
    const response = c.res;
    // The page says which language it rendered in (app/routes/public/event-page.tsx): a copy is never filed under
    // another language's key.
    const rendered = response.headers.get("Content-Language");
    const storable =
      response.status === 200 &&
      response.headers.get("Content-Type")?.includes("text/html") === true &&
      (rendered === null || rendered === language);
    const [forCache, forClient] = storable && response.body ? response.body.tee() : [null, response.body];
    if (storable) {
      const stored = new Headers(response.headers);
      stored.delete("Set-Cookie");
      stored.set("Cache-Control", EDGE_COPY_CACHE_CONTROL);
      c.executionCtx.waitUntil(cache.put(key, new Response(forCache, { status: 200, headers: stored })));
    }
    c.res = undefined;
    c.res = new Response(forClient, response);
    c.res.headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
    c.res.headers.set("X-Guichet-Cache", storable ? "MISS" : "BYPASS");
  });
}
