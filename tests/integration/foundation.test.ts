import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createD1Database } from "#db/d1";
import { memberships, organizations, users } from "#db/schema";
import { hashPassword } from "#domain/auth/password";
import { emailSenderFromEnv } from "#adapters/email";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";
import { errorOf } from "../support/error-body";

const fetchWorker = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

beforeAll(async () => {
  const db = createD1Database(env.DB);
  const [user] = await db
    .insert(users)
    .values({
      email: "lea@exemple.fr",
      firstName: "Léa",
      lastName: "Martin",
      passwordHash: await hashPassword("correct-horse-42"),
    })
    .returning({ id: users.id });
  const [organization] = await db.insert(organizations).values({ title: "Asso", titleKey: "asso" }).returning();
  await db.insert(memberships).values({ organizationId: organization!.id, userId: user!.id, role: "owner" });
});

describe("JSON sign-in and bearer sessions", () => {
  it("returns a token for the right password, usable as a Bearer token on /api", async () => {
    const response = await fetchWorker("/auth/login", json({ email: "LEA@exemple.fr ", password: "correct-horse-42" }));
    expect(response.status).toBe(200);
    const token = (await response.json()) as string;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const me = await fetchWorker("/api/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      is_admin: false,
      email: "lea@exemple.fr",
      first_name: "Léa",
      last_name: "Martin",
      auth_method: "password",
    });
  });

  it("answers 401 the same way for a wrong password and an unknown account", async () => {
    const wrong = await fetchWorker("/auth/login", json({ email: "lea@exemple.fr", password: "nope-nope" }));
    const unknown = await fetchWorker("/auth/login", json({ email: "personne@exemple.fr", password: "nope-nope" }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // The same answer but for the id of the request itself.
    const { request_id: _wrongId, ...wrongError } = errorOf(await wrong.json());
    const { request_id: _unknownId, ...unknownError } = errorOf(await unknown.json());
    expect(wrongError).toEqual(unknownError);
  });

  it("rejects bad input with field errors", async () => {
    const response = await fetchWorker("/auth/login", json({ email: "pas-un-email", password: "" }));
    expect(response.status).toBe(400);
    const body = errorOf(await response.json());
    expect(body.fields).toEqual({ email: "email_invalid", password: "password_required" });
    const broken = await fetchWorker("/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
  });

  it("refuses /api without a session", async () => {
    expect((await fetchWorker("/api/me")).status).toBe(401);
    expect((await fetchWorker("/api/me", { headers: { Authorization: "Bearer forged-token" } })).status).toBe(401);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const login = await fetchWorker("/auth/login", json({ email: "lea@exemple.fr", password: "correct-horse-42" }));
    const token = (await login.json()) as string;
    const response = await fetchWorker("/api/nothing-here", { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
    expect(errorOf(await response.json())).toMatchObject({ type: "not_found", code: "not_found" });
  });

  it("lets page requests to /auth/* through to React Router", async () => {
    const page = await fetchWorker("/auth/login");
    expect(await page.text()).toBe("No route for /auth/login");
    const form = await fetchWorker("/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: "email=lea%40exemple.fr",
    });
    expect(await form.text()).toBe("No route for /auth/login");
  });
});

describe("cross-site request forgery guard", () => {
  it("refuses a cookie-authenticated write from another origin", async () => {
    const response = await fetchWorker("/auth/logout", {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: "guichet_session=x" },
    });
    expect(response.status).toBe(403);
  });

  it("refuses a cross-site write that has no Origin header", async () => {
    const response = await fetchWorker("/auth/logout", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(403);
  });

  it("takes an opaque origin (null) from its fetch metadata: same-origin passes, anything else is refused", async () => {
    // What a plain form on a no-referrer page sends (the password reset page, served without JavaScript).
    const form = { method: "POST", headers: { Origin: "null", "Sec-Fetch-Site": "same-origin" } };
    expect((await fetchWorker("/auth/logout", form)).status).toBe(404);
    for (const site of ["cross-site", "same-site", undefined]) {
      const headers: Record<string, string> = { Origin: "null", Cookie: "guichet_session=x" };
      if (site) headers["Sec-Fetch-Site"] = site;
      expect((await fetchWorker("/auth/logout", { method: "POST", headers })).status, String(site)).toBe(403);
    }
  });

  it("lets same-origin writes through, and Bearer writes on /api", async () => {
    // The test worker's React Router stand-in answers 404 "No route": reaching it means the guard let the write pass.
    const same = await fetchWorker("/auth/logout", { method: "POST", headers: { Origin: "http://localhost" } });
    expect(same.status).toBe(404);
    expect(await same.text()).toBe("No route for /auth/logout");
    const login = await fetchWorker("/auth/login", json({ email: "lea@exemple.fr", password: "correct-horse-42" }));
    const token = (await login.json()) as string;
    const bearer = await fetchWorker(
      "/api/me",
      json(
        { first_name: "Léa", last_name: "Martin" },
        { Authorization: `Bearer ${token}`, Origin: "https://app.example" },
      ),
    );
    expect(bearer.status).toBe(200);
  });

  it("does not exempt a Bearer header outside /api: page actions authenticate by cookie", async () => {
    const logout = await fetchWorker("/auth/logout", {
      method: "POST",
      headers: { Origin: "https://evil.example", Authorization: "Bearer junk", Cookie: "guichet_session=x" },
    });
    expect(logout.status).toBe(403);
    expect(errorOf(await logout.json())).toMatchObject({
      type: "forbidden",
      code: "cross_origin",
      message: "Requête refusée.",
    });
    const login = await fetchWorker(
      "/auth/login",
      json({ email: "lea@exemple.fr", password: "x" }, { Authorization: "Bearer abc", Origin: "https://evil.example" }),
    );
    expect(login.status).toBe(403);
  });
});

describe("dev mailbox", () => {
  it("lists stored emails newest first, filtered by recipient", async () => {
    const sender = emailSenderFromEnv(env, createD1Database(env.DB));
    expect(sender.mode).toBe("dev-mailbox");
    await sender.send({ to: "a@exemple.fr", subject: "Premier", text: "1", html: "<p>1</p>" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sender.send({ to: "a@exemple.fr", subject: "Second", text: "2", html: "<p>2</p>" });
    await sender.send({ to: "b@exemple.fr", subject: "Autre", text: "3", html: "<p>3</p>" });
    const response = await fetchWorker("/dev/mailbox.json?to=A@exemple.fr");
    const mails = (await response.json()) as Array<{
      to: string;
      subject: string;
      text: string;
      html: string;
      created_at: string;
    }>;
    expect(mails.map((m) => m.subject)).toEqual(["Second", "Premier"]);
    expect(mails[0]).toMatchObject({ to: "a@exemple.fr", text: "2", html: "<p>2</p>" });
    expect(new Date(mails[0]!.created_at).toISOString()).toBe(mails[0]!.created_at);
    const page = await fetchWorker("/dev/mailbox?to=b@exemple.fr");
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain("Autre");
    expect(html).not.toContain("Premier");
  });

  it("answers 404 unless ENVIRONMENT is exactly development or test", async () => {
    const app = createHonoApp(async () => new Response("fallback", { status: 404 }), { messages: resources });
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const { ENVIRONMENT: _unset, ...withoutEnvironment } = env;
    // Configured as a deploy must be (a Worker without SESSION_SECRET answers nothing but its start-up error).
    const SESSION_SECRET = "foundation-test-secret-0123456789abcdef";
    const environments = [
      { ...env, ENVIRONMENT: "production", SESSION_SECRET },
      { ...env, ENVIRONMENT: "staging", SESSION_SECRET },
      { ...env, ENVIRONMENT: "Development", SESSION_SECRET },
      { ...env, ENVIRONMENT: "", SESSION_SECRET },
      { ...withoutEnvironment, SESSION_SECRET } as unknown as Env,
    ];
    for (const environment of environments) {
      for (const path of ["/dev/mailbox", "/dev/mailbox.json?to=a@exemple.fr"]) {
        const response = await app.fetch(new Request(`http://localhost${path}`), environment, ctx);
        expect(response.status, `${path} with ENVIRONMENT=${String(environment.ENVIRONMENT)}`).toBe(404);
      }
    }
    for (const ENVIRONMENT of ["development", "test"]) {
      const response = await app.fetch(new Request("http://localhost/dev/mailbox.json"), { ...env, ENVIRONMENT }, ctx);
      expect(response.status).toBe(200);
    }
  });

  it("refuses every request with one clear message when SESSION_SECRET is missing outside development and test", async () => {
    const app = createHonoApp(async () => new Response("fallback page", { status: 200 }), { messages: resources });
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { SESSION_SECRET: _none, ...withoutSecret } = env as Env & { SESSION_SECRET?: string };
      for (const ENVIRONMENT of ["production", "staging"]) {
        for (const path of ["/", "/api/health", "/auth/login", "/events/1/soiree?t=abc"]) {
          const response = await app.fetch(
            new Request(`https://billetterie.example.org${path}`),
            { ...withoutSecret, ENVIRONMENT } as Env,
            ctx,
          );
          expect(response.status, `${ENVIRONMENT} ${path}`).toBe(500);
          const text = await response.text();
          expect(text).toContain("SESSION_SECRET is not set");
          expect(text).toContain("npx wrangler secret put SESSION_SECRET");
          expect(text).not.toContain("fallback page");
        }
      }
      // Logged once per isolate, not on every request.
      expect(errors.mock.calls.filter(([line]) => String(line).includes("startup.configuration_missing"))).toHaveLength(
        1,
      );
      // Set, or in development and test, the Worker starts.
      const configured = { ...withoutSecret, ENVIRONMENT: "production", SESSION_SECRET: "s".repeat(32) } as Env;
      expect((await app.fetch(new Request("https://billetterie.example.org/api/health"), configured, ctx)).status).toBe(
        200,
      );
      for (const ENVIRONMENT of ["development", "test"])
        expect(
          (await app.fetch(new Request("http://localhost/api/health"), { ...withoutSecret, ENVIRONMENT } as Env, ctx))
            .status,
        ).toBe(200);
    } finally {
      errors.mockRestore();
    }
  });

  it("answers 404 to a client on the network that writes localhost as its Host", async () => {
    const app = createHonoApp(async () => new Response("fallback", { status: 404 }), { messages: resources });
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const development = { ...env, ENVIRONMENT: "development" };
    const from = (address: string) =>
      app.fetch(
        new Request("http://localhost/dev/mailbox.json", { headers: { "CF-Connecting-IP": address } }),
        development,
        ctx,
      );
    for (const address of ["192.168.1.20", "10.0.0.7", "2001:db8::5", "::ffff:192.168.1.20"])
      expect((await from(address)).status, address).toBe(404);
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
      expect((await from(address)).status, address).toBe(200);
  });
});
