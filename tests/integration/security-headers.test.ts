import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { events, organizations } from "#db/schema";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";

const fetchWorker = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

/** The nonce a page's policy allows scripts with; fails the test when the policy is not the nonce-based one. */
function scriptNonceOf(response: Response): string {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  const match = /(?:^|; )script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'(?:;|$)/.exec(policy);
  if (!match) throw new Error(`no nonce-based script-src in ${JSON.stringify(policy)}`);
  return match[1]!;
}

function expectSecurityHeaders(response: Response, referrerPolicy = "same-origin") {
  const html = response.headers.get("Content-Type")?.startsWith("text/html");
  if (html) {
    const nonce = scriptNonceOf(response);
    expect(response.headers.get("Content-Security-Policy")).toBe(
      `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; ` +
        "img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
        "form-action 'self'; frame-ancestors 'none'",
    );
  } else {
    expect(response.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'none'");
  }
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("Referrer-Policy")).toBe(referrerPolicy);
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  // localhost: never pinned to HTTPS.
  expect(response.headers.get("Strict-Transport-Security")).toBeNull();
}

const PAGE = "<!doctype html><title>Festival</title><p>La page publique</p>";
const pageWithScript = (nonce: string) => `${PAGE}<script nonce="${nonce}">window.__hydrate = 1</script>`;

/**
 * The Hono app with a React Router stand-in that renders every path as an HTML page (its inline script carrying the
 * nonce the Worker hands to React Router, as app/entry.server.tsx does), or a redirect.
 */
const app = createHonoApp(
  async (request, _env, _ctx, { cspNonce }) => {
    const { pathname } = new URL(request.url);
    // Response.redirect() has immutable headers, like a response passed through from fetch() or the cache.
    if (pathname === "/redirect") return Response.redirect("http://localhost/", 302);
    if (pathname === "/orders/7") {
      return new Response(PAGE, {
        headers: { "Content-Type": "text/html; charset=utf-8", "Referrer-Policy": "no-referrer" },
      });
    }
    if (pathname === "/with-script" || pathname.startsWith("/events/")) {
      return new Response(pageWithScript(cspNonce), { headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    return new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
  { messages: resources },
);

async function fetchApp(path: string, init?: RequestInit, origin = "http://localhost"): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${origin}${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

let eventPath: string;

beforeAll(async () => {
  const db = createD1Database(env.DB);
  const [organization] = await db
    .insert(organizations)
    .values({ title: "Les Nuits Sonores", titleKey: "les nuits sonores" })
    .returning();
  const [event] = await db
    .insert(events)
    .values({
      organizationId: organization!.id,
      title: "Festival",
      status: "published",
      startAt: new Date(Date.now() + 86_400_000 * 30),
    })
    .returning();
  eventPath = `/events/${event!.id}/festival`;
});

describe("content security policy of pages", () => {
  it("allows only scripts with a nonce made for this response, the one React Router renders with", async () => {
    const first = await fetchApp("/with-script");
    const second = await fetchApp("/with-script");
    expectSecurityHeaders(first);
    const [a, b] = [scriptNonceOf(first), scriptNonceOf(second)];
    expect(a).not.toBe(b);
    // 128 bits, base64.
    expect(atob(a)).toHaveLength(16);
    expect(await first.text()).toBe(pageWithScript(a));
    expect(await second.text()).toBe(pageWithScript(b));
  });

  it("forbids plugins, <base> and framing, and keeps the other resources on our origin", async () => {
    const policy = (await fetchApp("/")).headers.get("Content-Security-Policy")!;
    const directives = new Map(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
    expect(directives.get("object-src")).toBe("'none'");
    expect(directives.get("base-uri")).toBe("'none'");
    expect(directives.get("frame-ancestors")).toBe("'none'");
    expect(directives.get("img-src")).toBe("'self' data: blob:");
    expect(directives.get("script-src")).not.toContain("unsafe-inline");
  });

  it("pins HTTPS outside localhost only", async () => {
    const deployed = await fetchApp("/", undefined, "https://guichet.app");
    expect(deployed.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    const api = await fetchApp("/api/health", undefined, "https://guichet.app");
    expect(api.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    for (const origin of ["http://localhost:8787", "http://127.0.0.1:8787", "https://localhost"]) {
      expect((await fetchApp("/", undefined, origin)).headers.get("Strict-Transport-Security"), origin).toBeNull();
    }
  });
});

describe("security headers", () => {
  it("are on API answers, errors included", async () => {
    const health = await fetchWorker("/api/health");
    expect(health.status).toBe(200);
    expectSecurityHeaders(health);
    const unauthorized = await fetchWorker("/api/me");
    expect(unauthorized.status).toBe(401);
    expectSecurityHeaders(unauthorized);
    const invalid = await fetchWorker("/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(invalid.status).toBe(400);
    expectSecurityHeaders(invalid);
    const forbidden = await fetchWorker("/auth/logout", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
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
    // A page that sets its own policy (the order page: its address carries the order's token) keeps it.
    expectSecurityHeaders(await fetchApp("/orders/7?token=abc"), "no-referrer");
  });

  it("are added to responses whose headers cannot be changed", async () => {
    const response = await fetchApp("/redirect");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("http://localhost/");
    expectSecurityHeaders(response);
  });

  it("leave the public event page and its edge cache working, with a fresh nonce on every copy served", async () => {
    const miss = await fetchApp(eventPath);
    expect(miss.status).toBe(200);
    expect(miss.headers.get("X-Guichet-Cache")).toBe("MISS");
    expectSecurityHeaders(miss);
    const missNonce = scriptNonceOf(miss);
    expect(await miss.text()).toBe(pageWithScript(missNonce));
    const hit = await fetchApp(eventPath);
    expect(hit.status).toBe(200);
    expect(hit.headers.get("X-Guichet-Cache")).toBe("HIT");
    expectSecurityHeaders(hit);
    const hitNonce = scriptNonceOf(hit);
    expect(hitNonce).not.toBe(missNonce);
    // The stored copy was rendered with the first request's nonce: its scripts now carry this response's.
    expect(await hit.text()).toBe(pageWithScript(hitNonce));
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
    const notModified = await fetchWorker(`/images/${key}`, {
      headers: { "If-None-Match": image.headers.get("ETag")! },
    });
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
