import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashEmailCode } from "#domain/auth/email-code";
import { createHonoApp } from "../../workers/hono-app";
import { errorOf } from "../support/error-body";
import { resources } from "~/locales";

const BASE = "http://localhost";
let sequence = 0;
const newEmail = (label = "api") => `${label}-${Date.now().toString(36)}-${++sequence}@exemple.fr`;
const STRONG = "Velours-Marée-42";

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return exports.default.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function json(response: Response) {
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { fields?: Record<string, string> },
  };
}

const TABLES = ["users", "sessions", "email_codes", "dev_mailbox"] as const;
async function counts() {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    result[table] = (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;
  }
  return result;
}

/** Sends are deferred (waitUntil) on some calls: poll the dev mailbox a little. */
async function mailTo(to: string, expected = 1): Promise<{ subject: string; text: string; html: string }[]> {
  for (let i = 0; i < 50; i++) {
    const messages = (await (
      await exports.default.fetch(`${BASE}/dev/mailbox.json?to=${encodeURIComponent(to)}`)
    ).json()) as {
      subject: string;
      text: string;
      html: string;
    }[];
    if (messages.length >= expected) return messages;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  return [];
}

async function codeFor(email: string): Promise<string> {
  const [message] = await mailTo(email);
  const code = /\b(\d{6})\b/.exec(message?.text ?? "")?.[1];
  if (!code) throw new Error(`no code for ${email}`);
  return code;
}

async function registered(email = newEmail(), password = STRONG): Promise<{ email: string; token: string }> {
  expect((await post("/auth/verify-email", { email, first_name: "Léa", last_name: "Martin" })).status).toBe(200);
  const response = await post("/auth/register", { username: email, email, email_code: await codeFor(email), password });
  expect(response.status).toBe(200);
  return { email, token: (await response.json()) as string };
}

const me = (token: string) =>
  exports.default.fetch(`${BASE}/api/me`, { headers: { Authorization: `Bearer ${token}` } });

/** Bad input: a clear error, and no row written anywhere. */
async function expectRejected(
  path: string,
  body: unknown,
  expected: { status: number; code?: string; message?: string; fields?: Record<string, string> },
  headers: Record<string, string> = {},
) {
  const before = await counts();
  const { status, body: refusal } = await json(await post(path, body, headers));
  expect(status, JSON.stringify(refusal)).toBe(expected.status);
  const answer = errorOf(refusal);
  if (expected.code) expect(answer.code).toBe(expected.code);
  if (expected.message) expect(answer.message).toBe(expected.message);
  if (expected.fields) expect(answer.fields).toEqual(expected.fields);
  expect(await counts()).toEqual(before);
}

describe("POST /auth/verify-email", () => {
  it("emails a registration code and answers true", async () => {
    const email = newEmail();
    const { status, body } = await json(
      await post("/auth/verify-email", { email, first_name: "Léa", last_name: "Martin" }),
    );
    expect(status).toBe(200);
    expect(body).toBe(true);
    const [message] = await mailTo(email);
    expect(message!.subject).toMatch(/^\d{6} est votre code de validation Guichet$/);
  });

  it("writes the email in English for an English client", async () => {
    const email = newEmail();
    await post(
      "/auth/verify-email",
      { email, first_name: "Sam", last_name: "Lee" },
      { "Accept-Language": "en-GB,en;q=0.9" },
    );
    const [message] = await mailTo(email);
    expect(message!.subject).toMatch(/is your Guichet verification code$/);
  });

  it("refuses missing fields, a bad email, oversized values and bad JSON, writing nothing", async () => {
    await expectRejected(
      "/auth/verify-email",
      {},
      {
        status: 400,
        code: "invalid_input",
        fields: {
          email: "email_required",
          first_name: "first_name_required",
          last_name: "last_name_required",
        },
      },
    );
    await expectRejected(
      "/auth/verify-email",
      { email: "pas-un-email", first_name: "Léa", last_name: "Martin" },
      {
        status: 400,
        fields: { email: "email_invalid" },
      },
    );
    await expectRejected(
      "/auth/verify-email",
      { email: `${"a".repeat(250)}@exemple.fr`, first_name: "x".repeat(101), last_name: "M" },
      {
        status: 400,
        fields: { email: "email_invalid", first_name: "name_too_long" },
      },
    );
    await expectRejected("/auth/verify-email", "{ pas du json", { status: 400, code: "invalid_json" });
    await expectRejected(
      "/auth/verify-email",
      { email: newEmail(), first_name: "L", last_name: "M", padding: "x".repeat(20_000) },
      { status: 413, code: "payload_too_large" },
    );
  });

  it("says the email is already in use", async () => {
    const { email } = await registered();
    await expectRejected(
      "/auth/verify-email",
      { email, first_name: "Léa", last_name: "Martin" },
      {
        status: 409,
        code: "email_already_used",
      },
    );
  });
});

describe("POST /auth/register", () => {
  it("creates the account from the emailed code and returns a session token", async () => {
    const { email, token } = await registered();
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const { status, body } = await json(await me(token));
    expect(status).toBe(200);
    expect(body).toEqual({ is_admin: false, email, first_name: "Léa", last_name: "Martin", auth_method: "password" });
  });

  it("refuses missing fields, a username other than the email, weak or oversized passwords, writing nothing", async () => {
    const email = newEmail();
    await post("/auth/verify-email", { email, first_name: "Léa", last_name: "Martin" });
    const code = await codeFor(email);
    await expectRejected(
      "/auth/register",
      {},
      {
        status: 400,
        fields: {
          username: "username_mismatch",
          email: "email_required",
          email_code: "email_code_required",
          password: "password_required",
        },
      },
    );
    await expectRejected(
      "/auth/register",
      { username: "autre@exemple.fr", email, email_code: code, password: STRONG },
      {
        status: 400,
        fields: { username: "username_mismatch" },
      },
    );
    await expectRejected(
      "/auth/register",
      { username: email, email, email_code: code, password: "court" },
      {
        status: 400,
        fields: { password: "password_too_short" },
      },
    );
    await expectRejected(
      "/auth/register",
      { username: email, email, email_code: code, password: "motdepasse123" },
      {
        status: 400,
        fields: { password: "password_too_common" },
      },
    );
    await expectRejected(
      "/auth/register",
      { username: email, email, email_code: code, password: "x".repeat(257) },
      {
        status: 400,
        fields: { password: "password_too_long" },
      },
    );
    await expectRejected(
      "/auth/register",
      { username: email, email, email_code: "12345678", password: STRONG },
      {
        status: 400,
        fields: { email_code: "email_code_invalid" },
      },
    );
    // The code is still good after all that.
    expect(
      (await post("/auth/register", { username: email.toUpperCase(), email, email_code: code, password: STRONG }))
        .status,
    ).toBe(200);
  });

  it("says a wrong code is invalid and an expired one expired, creating nothing", async () => {
    const email = newEmail();
    await post("/auth/verify-email", { email, first_name: "Léa", last_name: "Martin" });
    const code = await codeFor(email);
    const wrong = code === "000000" ? "000001" : "000000";
    await expectRejected(
      "/auth/register",
      { username: email, email, email_code: wrong, password: STRONG },
      {
        status: 400,
        code: "email_code_invalid",
      },
    );
    await env.DB.prepare("UPDATE email_codes SET expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1000, email)
      .run();
    await expectRejected(
      "/auth/register",
      { username: email, email, email_code: code, password: STRONG },
      {
        status: 400,
        code: "email_code_expired",
      },
    );
  });

  it("refuses a code after 5 wrong attempts", async () => {
    const email = newEmail();
    await post("/auth/verify-email", { email, first_name: "Léa", last_name: "Martin" });
    const code = await codeFor(email);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++)
      await post("/auth/register", { username: email, email, email_code: wrong, password: STRONG });
    await expectRejected(
      "/auth/register",
      { username: email, email, email_code: code, password: STRONG },
      {
        status: 400,
        code: "email_code_attempts",
      },
    );
  });
});

describe("POST /auth/need-register", () => {
  it("answers true without an account and false with one", async () => {
    const { email } = await registered();
    expect(await json(await post("/auth/need-register", { email: newEmail(), password: "x" }))).toEqual({
      status: 200,
      body: true,
    });
    expect(await json(await post("/auth/need-register", { email, password: email }))).toEqual({
      status: 200,
      body: false,
    });
  });

  it("refuses a bad email, and is rate-limited per IP", async () => {
    await expectRejected(
      "/auth/need-register",
      { email: "pas-un-email", password: "" },
      { status: 400, fields: { email: "email_invalid" } },
    );
    const headers = { "CF-Connecting-IP": "198.51.100.77" };
    for (let i = 0; i < 30; i++)
      expect((await post("/auth/need-register", { email: newEmail() }, headers)).status).toBe(200);
    const { status, body } = await json(await post("/auth/need-register", { email: newEmail() }, headers));
    expect(status).toBe(429);
    expect(errorOf(body)).toMatchObject({ type: "rate_limited", code: "rate_limited" });
  });
});

describe("POST /auth/login", () => {
  it("returns a new token at every sign-in, and one answer for every failure", async () => {
    const { email } = await registered();
    const first = (await (await post("/auth/login", { email, password: STRONG })).json()) as string;
    const second = (await (await post("/auth/login", { email, password: STRONG })).json()) as string;
    expect(first).not.toBe(second);
    await expectRejected("/auth/login", { email, password: "mauvais" }, { status: 401, code: "invalid_credentials" });
    await expectRejected(
      "/auth/login",
      { email: newEmail(), password: STRONG },
      { status: 401, code: "invalid_credentials" },
    );
    await expectRejected("/auth/login", { email }, { status: 400, fields: { password: "password_required" } });
    await expectRejected(
      "/auth/login",
      { email, password: "x".repeat(300) },
      { status: 400, fields: { password: "password_too_long" } },
    );
  });

  it("reserves attempts before the password check: 30 parallel wrong passwords get at most the free failures' 401s", async () => {
    const { email } = await registered();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post("/auth/login", { email, password: `mauvais-${i}` }).then((r) => r.status),
      ),
    );
    // One email from one client gets 5 free failures (sign-in-backoff.ts): 5 reached the password check, the 25 others
    // were refused first; that pair then waits, right password included.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect((await post("/auth/login", { email, password: STRONG })).status).toBe(429);
  });
});

describe("password reset over the API", () => {
  it("always answers true to a request, and emails a link only to an account", async () => {
    const before = await counts();
    expect(await json(await post("/auth/request-password-reset", { email: newEmail(), password: "" }))).toEqual({
      status: 200,
      body: true,
    });
    expect((await counts()).dev_mailbox).toBe(before.dev_mailbox);
    await expectRejected(
      "/auth/request-password-reset",
      { email: "", password: "" },
      { status: 400, fields: { email: "email_required" } },
    );
  });

  it("does the same work for an unknown email as for an account: same answer, same writes", async () => {
    const writes = async () => {
      const tables = await counts();
      const counters = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits").first<{ n: number }>();
      return { email_codes: tables.email_codes!, dev_mailbox: tables.dev_mailbox!, rate_limits: counters!.n };
    };
    // An account with no counters of its own yet, like the unknown address.
    const email = newEmail("connu");
    await env.DB.prepare("INSERT INTO users (email, auth_method, password_hash) VALUES (?, 'password', 'scrypt$x')")
      .bind(email)
      .run();
    const beforeKnown = await writes();
    const known = await json(await post("/auth/request-password-reset", { email, password: "" }));
    await mailTo(email, 1);
    const afterKnown = await writes();
    const unknown = await json(
      await post("/auth/request-password-reset", { email: newEmail("inconnu"), password: "" }),
    );
    const afterUnknown = await writes();
    expect(unknown).toEqual(known);
    expect(afterKnown.email_codes - beforeKnown.email_codes).toBe(1);
    expect(afterUnknown.email_codes - afterKnown.email_codes).toBe(1);
    expect(afterKnown.rate_limits - beforeKnown.rate_limits).toBe(1);
    expect(afterUnknown.rate_limits - afterKnown.rate_limits).toBe(1);
    expect(afterUnknown.dev_mailbox).toBe(afterKnown.dev_mailbox);
  });

  it("resets the password with the emailed code and revokes the old sessions", async () => {
    const { email, token } = await registered();
    expect(await json(await post("/auth/request-password-reset", { email, password: "" }))).toEqual({
      status: 200,
      body: true,
    });
    const messages = await mailTo(email, 2);
    const link = /http:\/\/localhost:8787\/auth\/reset-password\?\S+/.exec(messages[0]!.text)?.[0];
    expect(link).toBeDefined();
    const code = new URL(link!).searchParams.get("code")!;

    await expectRejected(
      "/auth/reset-password",
      { email, password: STRONG },
      { status: 400, fields: { email_code: "reset_link_invalid" } },
    );
    await expectRejected(
      "/auth/reset-password",
      { email, password: "Nouveau-2027!", email_code: "a".repeat(32) },
      {
        status: 400,
        code: "reset_link_invalid",
      },
    );
    await expectRejected(
      "/auth/reset-password",
      { email, password: "qwertyuiop", email_code: code },
      {
        status: 400,
        fields: { password: "password_too_common" },
      },
    );

    expect(
      await json(await post("/auth/reset-password", { email, password: "Nouveau-2027!", email_code: code })),
    ).toEqual({ status: 200, body: true });
    // The account holder is told.
    expect((await mailTo(email, 3)).map((m) => m.subject)).toContain("Votre mot de passe Guichet a été modifié");
    expect((await me(token)).status).toBe(401);
    expect((await post("/auth/login", { email, password: STRONG })).status).toBe(401);
    expect((await post("/auth/login", { email, password: "Nouveau-2027!" })).status).toBe(200);
    // Single use.
    await expectRejected(
      "/auth/reset-password",
      { email, password: "Encore-2028!", email_code: code },
      {
        status: 400,
        code: "reset_link_invalid",
      },
    );
  });

  it("refuses accounts that sign in with Google, with the spec's message", async () => {
    const email = newEmail("google");
    await env.DB.prepare("INSERT INTO users (email, auth_method, google_subject) VALUES (?, 'google', ?)")
      .bind(email, `sub-${email}`)
      .run();
    const code = "abcdefghijklmnopqrstuvwxyz234567";
    await env.DB.prepare(
      "INSERT INTO email_codes (email, purpose, code_hash, expires_at) VALUES (?, 'reset-password', ?, ?)",
    )
      .bind(email, hashEmailCode("reset-password", email, code), Date.now() + 60_000)
      .run();
    await expectRejected(
      "/auth/reset-password",
      { email, password: STRONG, email_code: code },
      {
        status: 403,
        code: "reset_google_account",
        message: "Vous êtes connecté avec google. Vous ne pouvez pas réinitialiser votre mot de passe.",
      },
    );
  });
});

describe("/api/me", () => {
  it("needs a session", async () => {
    expect((await exports.default.fetch(`${BASE}/api/me`)).status).toBe(401);
    expect((await me("a".repeat(32))).status).toBe(401);
  });

  it("updates the names; the email cannot change and the password is not taken", async () => {
    const { email, token } = await registered();
    const update = (body: unknown) => post("/api/me", body, { Authorization: `Bearer ${token}` });
    const answer = await json(await update({ first_name: " Léane ", last_name: "Roux", email: "", password: "" }));
    expect(answer).toEqual({
      status: 200,
      body: { is_admin: false, email, first_name: "Léane", last_name: "Roux", auth_method: "password" },
    });
    expect((await update({ first_name: "Léane", last_name: "Roux", email })).status).toBe(200);

    const before = await (await me(token)).json();
    for (const [body, fields] of [
      [
        { first_name: "Léane", last_name: "Roux", email: "autre@exemple.fr", password: "" },
        { email: "email_cannot_change" },
      ],
      [
        { first_name: "Léane", last_name: "Roux", email: "", password: "Nouveau-2027!" },
        { password: "password_not_accepted" },
      ],
      [
        { first_name: "", last_name: "" },
        { first_name: "first_name_required", last_name: "last_name_required" },
      ],
      [{ first_name: "x".repeat(101), last_name: "Roux" }, { first_name: "name_too_long" }],
    ] as const) {
      const { status, body: error } = await json(await update(body));
      expect(status).toBe(400);
      expect(errorOf(error).fields).toEqual(fields);
    }
    expect(await (await me(token)).json()).toEqual(before);
  });

  it("refuses a cookie-authenticated write from another origin", async () => {
    const { token } = await registered();
    const response = await post(
      "/api/me",
      { first_name: "Pirate", last_name: "X" },
      { Cookie: `guichet_session=${token}`, Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
  });
});

describe("Google sign-in", () => {
  afterEach(() => vi.restoreAllMocks());

  const fallback = async (request: Request) =>
    new Response(`No route for ${new URL(request.url).pathname}`, { status: 404 });
  const app = createHonoApp(fallback, { messages: resources });
  const googleEnv = {
    ...env,
    GOOGLE_CLIENT_ID: "client-123.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "secret-456",
  } as Env;
  async function call(path: string, init: RequestInit = {}, bindings: Env = googleEnv) {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${BASE}${path}`, init), bindings, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }
  const cookiesOf = (response: Response) =>
    Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(";")[0]!.split("=") as [string, string]));

  function stubGoogleToken(claims: Record<string, unknown>) {
    const b64 = (v: unknown) => {
      const bytes = new TextEncoder().encode(typeof v === "string" ? v : JSON.stringify(v));
      return btoa(String.fromCharCode(...bytes))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replaceAll("=", "");
    };
    const idToken = [b64({ alg: "RS256", kid: "k" }), b64(claims), b64("signature")].join(".");
    const requests: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      if (request.url !== "https://oauth2.googleapis.com/token") return new Response("unexpected", { status: 500 });
      return Response.json({ access_token: "ya29", token_type: "Bearer", expires_in: 3599, id_token: idToken });
    });
    return requests;
  }

  it("answers login-google with the URL that starts the flow, and 404 when Google is not configured", async () => {
    const body = JSON.stringify({ email: "", password: `${BASE}/event/12?tab=1`, old_token: "new" });
    const init = { method: "POST", headers: { "Content-Type": "application/json" }, body };
    const { status, body: answer } = await json(await call("/auth/login-google", init));
    expect(status).toBe(200);
    expect(answer).toEqual({ authorization_url: `${BASE}/auth/google?redirectTo=%2Fevent%2F12%3Ftab%3D1` });
    const unconfigured = await json(await call("/auth/login-google", { ...init }, env));
    expect(unconfigured.status).toBe(404);
    expect(errorOf(unconfigured.body)).toMatchObject({ type: "not_found", code: "google_unavailable" });
  });

  it("starts with state and PKCE cookies, and the callback signs in a new Google account", async () => {
    const start = await call("/auth/google?redirectTo=/profile");
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get("Location")!);
    expect(location.origin).toBe("https://accounts.google.com");
    expect(location.searchParams.get("redirect_uri")).toBe(`${BASE}/auth/google/callback`);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    const cookies = cookiesOf(start);
    expect(cookies.guichet_google_state).toBe(location.searchParams.get("state"));
    expect(start.headers.getSetCookie().every((c) => c.includes("HttpOnly"))).toBe(true);

    const email = newEmail("google");
    const requests = stubGoogleToken({
      iss: "https://accounts.google.com",
      aud: googleEnv.GOOGLE_CLIENT_ID,
      sub: `sub-${email}`,
      email,
      email_verified: true,
      given_name: "Gaëlle",
      family_name: "Bernard",
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    // This browser was signed in before: that session ends with the new sign-in.
    const { token: previousToken } = await registered();
    const cookieHeader = [...Object.entries(cookies), ["guichet_session", previousToken]]
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
    const callback = await call(`/auth/google/callback?code=4%2Fcode&state=${cookies.guichet_google_state}`, {
      headers: { Cookie: cookieHeader },
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/profile");
    const session = cookiesOf(callback).guichet_session;
    expect(session).toMatch(/^[a-z2-7]{32}$/);
    expect(new URLSearchParams(await requests[0]!.text()).get("code_verifier")).toBe(
      decodeURIComponent(cookies.guichet_google_verifier!),
    );

    expect((await me(previousToken)).status).toBe(401);
    const profile = await json(await me(session!));
    expect(profile.body).toMatchObject({ email, first_name: "Gaëlle", last_name: "Bernard", auth_method: "google" });
  });

  it("refuses a callback whose state does not match, creating nothing", async () => {
    const start = await call("/auth/google");
    const cookies = cookiesOf(start);
    const requests = stubGoogleToken({});
    const before = await counts();
    const callback = await call("/auth/google/callback?code=c&state=forged", {
      headers: {
        Cookie: `guichet_google_state=${cookies.guichet_google_state}; guichet_google_verifier=${cookies.guichet_google_verifier}`,
      },
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/auth/login?error=google");
    expect(requests).toHaveLength(0);
    expect(await counts()).toEqual(before);
  });

  it("refuses an email Google has not verified", async () => {
    const start = await call("/auth/google");
    const cookies = cookiesOf(start);
    const email = newEmail("unverified");
    stubGoogleToken({
      iss: "accounts.google.com",
      aud: googleEnv.GOOGLE_CLIENT_ID,
      sub: `s-${email}`,
      email,
      email_verified: false,
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const before = await counts();
    const callback = await call(`/auth/google/callback?code=c&state=${cookies.guichet_google_state}`, {
      headers: {
        Cookie: `guichet_google_state=${cookies.guichet_google_state}; guichet_google_verifier=${cookies.guichet_google_verifier}`,
      },
    });
    expect(callback.headers.get("Location")).toBe("/auth/login?error=google-unverified");
    expect(await counts()).toEqual(before);
  });
});
