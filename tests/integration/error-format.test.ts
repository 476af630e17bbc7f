import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { inspectRoutes } from "hono/dev";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { createSession } from "#domain/auth/sessions";
import { AppError } from "#domain/shared/app-error";
import { ERROR_CODES } from "#domain/shared/error-codes";
import { resources } from "~/locales";
import { appErrorResponse } from "../../workers/error-response";
import { createHonoApp, type HonoEnv } from "../../workers/hono-app";
import { errorOf, type ErrorView } from "../support/error-body";
import { insertMember, insertOrganization, insertUser } from "../support/fixtures";

/**
 * Issue 26 §2, one error format: every route of the Hono app, walked with bad input (no credentials, an unknown id, a
 * body that is not JSON, a JSON body of the wrong shape), answers every JSON error in the one format, exactly
 * (tests/support/error-body.ts), in French by default and in English for `Accept-Language: en`, whatever the `lng`
 * cookie says. The route list is Hono's own (as in isolation-matrix.test.ts), so a new route is walked too.
 */

const db = createD1Database(env.DB);

const PAGE = "<!doctype html><title>page</title>";
let failPage = false;
const app = createHonoApp(
  async () => {
    if (failPage) throw new Error("the page failed on purpose");
    return new Response(PAGE, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
  { messages: resources },
);

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://localhost${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** `METHOD path` of every route (middleware left out), the last catch-all of the page fallback too. */
function routes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return inspectRoutes(app)
    .filter((route) => !route.isMiddleware)
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const UNKNOWN_ID = "999999999";

/** A path for a route pattern: every parameter an unknown id, or the first value its pattern accepts. */
function pathFor(pattern: string): string {
  return pattern
    .replace(/:(\w+)(\{[^}]*\})?/g, (_whole, _name: string, constraint?: string) => {
      if (!constraint) return UNKNOWN_ID;
      const source = constraint.slice(1, -1);
      if (new RegExp(`^(?:${source})$`).test(UNKNOWN_ID)) return UNKNOWN_ID;
      // An id with a file extension (`{[0-9]+\\.pdf}`): the unknown id with it.
      const withExtension = `${UNKNOWN_ID}${source.replace(/^\[0-9\]\+/, "").replace(/\\\./g, ".")}`;
      if (new RegExp(`^(?:${source})$`).test(withExtension)) return withExtension;
      return source.replace(/^\(|\)$/g, "").split("|")[0]!;
    })
    .replace(/\*$/, "unknown");
}

type Probe = { label: string; init: RequestInit };

function probes(method: string, token: string): Probe[] {
  const json = { "Content-Type": "application/json" };
  const signedIn = { Authorization: `Bearer ${token}` };
  const list: Probe[] = [{ label: "no credentials", init: { method, headers: json } }];
  if (!["POST", "PUT", "PATCH"].includes(method)) {
    list.push({ label: "unknown id", init: { method, headers: { ...json, ...signedIn } } });
  } else {
    list.push(
      { label: "not JSON", init: { method, headers: { ...json, ...signedIn }, body: "{ pas du json" } },
      { label: "wrong shape", init: { method, headers: { ...json, ...signedIn }, body: "[1, 2]" } },
    );
  }
  return list;
}

/**
 * Routes that no bad input brings to a JSON error, each for a reason: they answer a page, a redirect, a file, an empty
 * body or a success whatever they are sent. Their errors, if any, are not JSON.
 */
const NO_JSON_ERROR: Record<string, string> = {
  "ALL /*": "the page fallback (React Router)",
  "GET /images/*": "an image, or the placeholder image",
  "HEAD /images/*": "an image's headers",
  "POST /monitoring/errors": "the browser's error tunnel: statuses without a body",
  "POST /monitoring/events": "the browser's analytics tunnel: statuses without a body",
  "POST /dev/run-payouts": "a local tool: runs the payout job now whatever the body says",
  "POST /dev/run-waiting-lists": "a local tool: runs the waiting lists' sweep now whatever the body says",
  "GET /api/health": "always 200",
  "GET /api/openapi.json": "the API's description, public, always 200",
  "GET /developers": "the API reference, an HTML page",
  "GET /widget.js": "the booking widget's script (a 304 when unchanged)",
  "GET /auth/google": "a redirect to Google, or to the sign-in page",
  "GET /auth/google/callback": "a redirect back to the sign-in page with its error",
  "GET /dev/mailbox": "an HTML page",
  "GET /dev/mailbox.json": "a list, empty or not",
};

let token = "";
const walked: { key: string; probe: string; status: number; body: unknown; response: Response }[] = [];

beforeAll(async () => {
  const user = await insertUser(db);
  const organization = await insertOrganization(db);
  await insertMember(db, organization.id, user.id, "owner");
  token = (await createSession(db, user.id)).token;
  for (const { method, path } of routes()) {
    const key = `${method} ${path}`;
    const concrete = method === "ALL" ? ["GET"] : [method];
    for (const verb of concrete) {
      for (const probe of probes(verb, token)) {
        const response = await send(pathFor(path), probe.init);
        const type = response.headers.get("Content-Type") ?? "";
        const body: unknown = type.includes("application/json") ? await response.json() : await response.text();
        walked.push({ key, probe: probe.label, status: response.status, body, response });
      }
    }
  }
}, 120_000);

const isJsonError = (entry: (typeof walked)[number]) =>
  entry.status >= 400 && typeof entry.body === "object" && entry.body !== null;

describe("one error format on every route", () => {
  it("walks every route of the app", () => {
    const keys = new Set(walked.map((entry) => entry.key));
    expect(keys.size).toBeGreaterThan(100);
    expect(keys).toContain("POST /api/organizers");
    expect(keys).toContain("POST /auth/login");
    expect(keys).toContain("POST /api/public/events/:id/orders");
    expect(keys).toContain("POST /webhooks/stripe");
  });

  it("answers every JSON error in the format, with the status of its type", () => {
    const wrong: string[] = [];
    for (const entry of walked.filter(isJsonError)) {
      try {
        const error = errorOf(entry.body);
        const statuses: Record<string, number[]> = {
          validation: [400, 413, 422],
          unauthorized: [401],
          forbidden: [403],
          not_found: [404],
          conflict: [409],
          rate_limited: [429],
          internal: [500],
          unavailable: [503],
        };
        if (!statuses[error.type]!.includes(entry.status)) wrong.push(`${entry.key} (${entry.probe}): ${entry.status}`);
        if (!(error.code in ERROR_CODES)) wrong.push(`${entry.key} (${entry.probe}): unlisted code ${error.code}`);
        if (error.request_id !== entry.response.headers.get("x-request-id")) wrong.push(`${entry.key}: request_id`);
      } catch (failure) {
        wrong.push(`${entry.key} (${entry.probe}): ${String(failure)} ${JSON.stringify(entry.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("gives every JSON route a JSON error for some bad input", () => {
    const withError = new Set(walked.filter(isJsonError).map((entry) => entry.key));
    const without = [...new Set(walked.map((entry) => entry.key))].filter(
      (key) => !withError.has(key) && !(key in NO_JSON_ERROR),
    );
    expect(without).toEqual([]);
    // The exceptions are real routes, not stale names.
    for (const key of Object.keys(NO_JSON_ERROR)) expect(walked.map((entry) => entry.key)).toContain(key);
  });

  it("answers no credentials on the organization API 401 unauthorized", () => {
    const signedOut = walked.filter(
      (entry) =>
        entry.key.includes(" /api/") &&
        !entry.key.includes(" /api/public/") &&
        entry.key !== "GET /api/health" &&
        entry.key !== "GET /api/openapi.json" &&
        entry.probe === "no credentials",
    );
    expect(signedOut.length).toBeGreaterThan(50);
    for (const entry of signedOut) {
      expect(entry.status, entry.key).toBe(401);
      expect(errorOf(entry.body), entry.key).toMatchObject({
        type: "unauthorized",
        code: "unauthorized",
        message: "Veuillez vous connecter.",
        fields: {},
      });
    }
  });
});

describe("the language of error messages: Accept-Language, else French", () => {
  async function errorFor(path: string, init: RequestInit): Promise<ErrorView> {
    return errorOf(await (await send(path, init)).json());
  }
  const badLogin = (headers: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ email: "pas-un-email", password: "" }),
  });

  it("writes French by default and English for Accept-Language: en, fields included", async () => {
    const french = await errorFor("/auth/login", badLogin({}));
    const english = await errorFor("/auth/login", badLogin({ "Accept-Language": "en-GB,en;q=0.9" }));
    expect(french).toMatchObject({
      type: "validation",
      code: "invalid_input",
      message: "Certains champs sont invalides.",
    });
    expect(english).toMatchObject({ type: "validation", code: "invalid_input", message: "Some fields are invalid." });
    const body = (await (await send("/auth/login", badLogin({ "Accept-Language": "en" }))).json()) as {
      error: { fields: { name: string; code: string; message: string }[] };
    };
    expect(body.error.fields).toEqual([
      { name: "email", code: "email_invalid", message: "Invalid email" },
      { name: "password", code: "password_required", message: "Enter your password." },
    ]);
    expect(english.fields).toEqual(french.fields);
  });

  it("ignores the page's lng cookie", async () => {
    const cookieEn = await errorFor("/api/me", { headers: { Cookie: "lng=%22en%22" } });
    expect(cookieEn.message).toBe("Veuillez vous connecter.");
    const headerEn = await errorFor("/api/me", { headers: { Cookie: "lng=%22fr%22", "Accept-Language": "en" } });
    expect(headerEn.message).toBe("Please sign in.");
  });

  it("answers French for a language the interface does not have", async () => {
    const response = await send("/api/me", { headers: { "Accept-Language": "nl-BE" } });
    expect(response.headers.get("Content-Language")).toBe("fr");
    expect(errorOf(await response.json()).message).toBe("Veuillez vous connecter.");
  });

  it("walks every route again in English: same types and codes, English messages", async () => {
    const french = walked.filter(isJsonError);
    const differences: string[] = [];
    for (const entry of french) {
      const [method, pattern] = entry.key.split(" ") as [string, string];
      const probe = probes(method === "ALL" ? "GET" : method, token).find((p) => p.label === entry.probe)!;
      const headers = new Headers(probe.init.headers);
      headers.set("Accept-Language", "en");
      const response = await send(pathFor(pattern), { ...probe.init, headers });
      const english = errorOf(await response.json());
      const fr = errorOf(entry.body);
      if (english.type !== fr.type || english.code !== fr.code) differences.push(`${entry.key}: ${english.code}`);
      if (JSON.stringify(english.fields) !== JSON.stringify(fr.fields)) differences.push(`${entry.key}: fields`);
      if (response.headers.get("Content-Language") !== "en") differences.push(`${entry.key}: Content-Language`);
      if (english.message === fr.message && !SAME_IN_BOTH.has(fr.message)) {
        differences.push(`${entry.key}: "${fr.message}" untranslated`);
      }
    }
    expect(differences).toEqual([]);
  }, 120_000);
});

/** Messages whose French and English text are the same. */
const SAME_IN_BOTH = new Set<string>([]);

describe("an unexpected failure", () => {
  it("answers 500 internal in the format, in the request's language", async () => {
    failPage = true;
    try {
      const french = await send("/une-page");
      expect(french.status).toBe(500);
      expect(errorOf(await french.json())).toMatchObject({
        type: "internal",
        code: "internal_error",
        message: "Une erreur est survenue. Veuillez réessayer.",
        fields: {},
      });
      const english = await send("/une-page", { headers: { "Accept-Language": "en" } });
      expect(errorOf(await english.json())).toMatchObject({ type: "internal", code: "internal_error" });
    } finally {
      failPage = false;
    }
  });
});

describe("headers set before the error", () => {
  it("keeps them on the error answer (Retry-After and RateLimit-* of a refused API key)", async () => {
    const limited = new Hono<HonoEnv>();
    limited.use("*", async (c, next) => {
      c.set("errorMessages", resources);
      c.set("requestId", "test-request-1");
      await next();
    });
    limited.onError((error, c) => appErrorResponse(c, error as AppError));
    limited.get("/limited", (c) => {
      c.header("Retry-After", "30");
      c.header("RateLimit-Remaining", "0");
      throw new AppError("rate_limited", "errors:rate-limited");
    });
    const response = await limited.request("/limited", { headers: { "Accept-Language": "en" } });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(response.headers.get("RateLimit-Remaining")).toBe("0");
    expect(errorOf(await response.json())).toMatchObject({
      type: "rate_limited",
      code: "rate_limited",
      request_id: "test-request-1",
    });
  });
});
