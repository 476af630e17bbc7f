import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { events, organizations } from "#db/schema";
import { createHonoApp } from "../../workers/hono-app";

const fetchWorker = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

function expectSecurityHeaders(response: Response, referrerPolicy = "same-origin") {
  expect(response.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'none'");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("Referrer-Policy")).toBe(referrerPolicy);
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
}

const PAGE = "<!doctype html><title>Festival</title><p>La page publique</p>";

/** The Hono app with a React Router stand-in that renders every path as an HTML page, or a redirect. */
const app = createHonoApp(async (request) => {
  const { pathname } = new URL(request.url);
  // Response.redirect() has immutable headers, like a response passed through from fetch() or the cache.
  if (pathname === "/redirect") return Response.redirect("http://localhost/", 302);
  return new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8" } });
});

async function fetchApp(path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://localhost${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

let eventPath: string;

beforeAll(async () => {
  const db = createD1Database(env.DB);
  const [organization] = await db.insert(organizations).values({ title: "Les Nuits Sonores", titleKey: "les nuits sonores" }).returning();
  const [event] = await db
    .insert(events)
    .values({ organizationId: organization!.id, title: "Festival", status: "published", startAt: new Date(Date.now() + 86_400_000 * 30) })
    .returning();
  eventPath = `/events/${event!.id}/festival`;
});

describe("security headers", () => {
  it("are on API answers, errors included", async () => {
    const health = await fetchWorker("/api/health");
    expect(health.status).toBe(200);
    expectSecurityHeaders(health);
    const unauthorized = await fetchWorker("/api/me");
    expect(unauthorized.status).toBe(401);
    expectSecurityHeaders(unauthorized);
    const invalid = await fetchWorker("/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    expect(invalid.status).toBe(400);
    expectSecurityHeaders(invalid);
    const forbidden = await fetchWorker("/auth/logout", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(forbidden.status).toBe(403);
    expectSecurityHeaders(forbidden);
  });

  it("are on pages, with no referrer at all from the password reset page (its address carries the code)", async () => {
    const home = await fetchApp("/");
    expect(await home.text()).toBe(PAGE);
    expectSecurityHeaders(home);
    const reset = await fetchApp("/auth/reset-password?email=lea%40exemple.fr&code=abcdefghijklmnopqrstuvwxyz234567");
    expect(reset.status).toBe(200);
    expectSecurityHeaders(reset, "no-referrer");
  });

  it("are added to responses whose headers cannot be changed", async () => {
    const response = await fetchApp("/redirect");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("http://localhost/");
    expectSecurityHeaders(response);
  });

  it("leave the public event page and its edge cache working", async () => {
    const miss = await fetchApp(eventPath);
    expect(miss.status).toBe(200);
    expect(miss.headers.get("X-Guichet-Cache")).toBe("MISS");
    expect(await miss.text()).toBe(PAGE);
    expectSecurityHeaders(miss);
    const hit = await fetchApp(eventPath);
    expect(hit.status).toBe(200);
    expect(hit.headers.get("X-Guichet-Cache")).toBe("HIT");
    expect(await hit.text()).toBe(PAGE);
    expectSecurityHeaders(hit);
  });

  it("leave images working: stored, not modified, and placeholder", async () => {
    const key = "events/1/banner-0a1b2c3d-1280.webp";
    const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);
    await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: "image/webp" } });
    const image = await fetchWorker(`/images/${key}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/webp");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes);
    expectSecurityHeaders(image);
    const notModified = await fetchWorker(`/images/${key}`, { headers: { "If-None-Match": image.headers.get("ETag")! } });
    expect(notModified.status).toBe(304);
    expectSecurityHeaders(notModified);
    const placeholder = await fetchWorker("/images/events/1/banner-ffffffff-1280.webp");
    expect(placeholder.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await placeholder.text()).toContain("<svg");
    expectSecurityHeaders(placeholder);
  });

  it("are on the dev tools too", async () => {
    const mailbox = await fetchWorker("/dev/mailbox");
    expect(mailbox.status).toBe(200);
    expectSecurityHeaders(mailbox);
  });
});
