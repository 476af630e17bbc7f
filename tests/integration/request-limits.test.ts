import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { createSession, validateSessionToken } from "#domain/auth/sessions";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";
import { BANNER_UPLOAD_BODY_LIMIT, GLOBAL_BODY_LIMIT } from "../../workers/middleware/body-limit";
import { insertUser } from "../support/organization-fixtures";
import { errorOf } from "../support/error-body";

const db = createD1Database(env.DB);

/** Every request that reached the React Router stand-in, with the size of the body it could read. */
let rendered: { method: string; path: string; bodyBytes: number }[] = [];

const app = createHonoApp(
  async (request) => {
    const bodyBytes = (await request.arrayBuffer()).byteLength;
    rendered.push({ method: request.method, path: new URL(request.url).pathname, bodyBytes });
    return new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
  { messages: resources },
);

async function fetchApp(path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://localhost${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const formOf = (bytes: number) => `description=${"a".repeat(bytes - "description=".length)}`;
const formPost = (bytes: number, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", ...headers },
  body: formOf(bytes),
});

/** A body sent in chunks with no Content-Length, as a client streaming an upload does. */
function streamed(bytes: number): ReadableStream<Uint8Array> {
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const chunk = new Uint8Array(Math.min(left, 64 * 1024)).fill(97);
      left -= chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

beforeAll(() => {
  rendered = [];
});

describe("one body-size limit before every route", () => {
  it("refuses a page form action over the limit before React Router reads it", async () => {
    rendered = [];
    const tooLarge = await fetchApp("/event/update/1", formPost(GLOBAL_BODY_LIMIT + 1));
    expect(tooLarge.status).toBe(413);
    expect(errorOf(await tooLarge.json())).toMatchObject({
      type: "validation",
      code: "payload_too_large",
      message: "Requête trop volumineuse.",
    });
    expect(rendered).toEqual([]);
    const fits = await fetchApp("/event/update/1", formPost(GLOBAL_BODY_LIMIT));
    expect(fits.status).toBe(200);
    expect(rendered).toEqual([{ method: "POST", path: "/event/update/1", bodyBytes: GLOBAL_BODY_LIMIT }]);
  });

  it("counts a streamed body with no Content-Length too, and hands what fits to the page whole", async () => {
    rendered = [];
    const init = (bytes: number) =>
      ({
        method: "POST",
        headers: { Origin: "http://localhost" },
        body: streamed(bytes),
        duplex: "half",
      }) as RequestInit;
    expect((await fetchApp("/profile", init(GLOBAL_BODY_LIMIT + 10))).status).toBe(413);
    expect(rendered).toEqual([]);
    expect((await fetchApp("/profile", init(GLOBAL_BODY_LIMIT - 10))).status).toBe(200);
    expect(rendered).toEqual([{ method: "POST", path: "/profile", bodyBytes: GLOBAL_BODY_LIMIT - 10 }]);
  });

  it("covers the sign-in pages' form posts, which /auth/* hands to React Router", async () => {
    rendered = [];
    const response = await fetchApp("/auth/login-password", formPost(GLOBAL_BODY_LIMIT + 1));
    expect(response.status).toBe(413);
    expect(rendered).toEqual([]);
  });

  it("covers the JSON API", async () => {
    const response = await fetchApp("/api/events/1", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: "Bearer x" },
      body: JSON.stringify({ description: "a".repeat(GLOBAL_BODY_LIMIT) }),
    });
    expect(response.status).toBe(413);
  });

  it("is raised for the banner upload only, which keeps its own refusal", async () => {
    const body = new Uint8Array(GLOBAL_BODY_LIMIT * 2);
    const headers = { "Content-Type": "application/octet-stream", Authorization: "Bearer x" };
    // Past the global limit but within the upload's: it reaches the route (which then wants a session).
    expect((await fetchApp("/api/events/1/banner", { method: "POST", headers, body })).status).toBe(401);
    expect((await fetchApp("/api/events/1/other", { method: "POST", headers, body })).status).toBe(413);
    const huge = await fetchApp("/api/events/1/banner", {
      method: "POST",
      headers,
      body: new Uint8Array(BANNER_UPLOAD_BODY_LIMIT + 1),
    });
    expect(huge.status).toBe(400);
    expect(errorOf(await huge.json())).toMatchObject({ code: "banner_part_too_large" });
  });
});

describe("Origin check exemptions", () => {
  const crossSite = {
    method: "POST",
    headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
    body: "{}",
  };

  it("exempts the listed signed webhook routes only, not everything under /webhooks/", async () => {
    // The Stripe route is reached across sites and answers for itself: an unsigned body is refused by its own check.
    const stripe = await fetchApp("/webhooks/stripe", crossSite);
    expect(stripe.status).not.toBe(403);
    expect(stripe.status).toBeGreaterThanOrEqual(400);
    for (const path of ["/webhooks/other", "/webhooks/stripe/extra", "/webhooks/"]) {
      const response = await fetchApp(path, crossSite);
      expect(response.status, path).toBe(403);
      expect(errorOf(await response.json())).toMatchObject({ type: "forbidden", code: "cross_origin" });
    }
  });
});

describe("POST /auth/logout with a Bearer token", () => {
  it("ends that session only and answers true, JSON or not", async () => {
    const user = await insertUser(db);
    const [first, second, third] = [
      await createSession(db, user.id),
      await createSession(db, user.id),
      await createSession(db, user.id),
    ];
    const json = await fetchApp("/auth/logout", {
      method: "POST",
      headers: { Authorization: `Bearer ${first.token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toBe(true);
    expect(await validateSessionToken(db, first.token)).toBeNull();
    expect(await validateSessionToken(db, second.token)).not.toBeNull();
    const me = await fetchApp("/api/me", { headers: { Authorization: `Bearer ${first.token}` } });
    expect(me.status).toBe(401);

    const bare = await fetchApp("/auth/logout", {
      method: "POST",
      headers: { Authorization: `Bearer ${second.token}` },
    });
    expect(await bare.json()).toBe(true);
    expect(await validateSessionToken(db, second.token)).toBeNull();

    // Outside /api a Bearer header never lifts the Origin check (tests/integration/foundation.test.ts).
    const crossOrigin = await fetchApp("/auth/logout", {
      method: "POST",
      headers: { Authorization: `Bearer ${third.token}`, Origin: "https://app.example" },
    });
    expect(crossOrigin.status).toBe(403);
    expect(await validateSessionToken(db, third.token)).not.toBeNull();
  });

  it("answers true for a token that is unknown or already ended", async () => {
    const response = await fetchApp("/auth/logout", {
      method: "POST",
      headers: { Authorization: `Bearer ${"a".repeat(32)}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
  });

  it("leaves the sign-out form (cookie, no Bearer) to the page, and still checks its origin", async () => {
    rendered = [];
    const form = await fetchApp("/auth/logout", { method: "POST", headers: { Origin: "http://localhost" } });
    expect(form.status).toBe(200);
    expect(rendered.map((r) => r.path)).toEqual(["/auth/logout"]);
    const forged = await fetchApp("/auth/logout", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
  });
});
