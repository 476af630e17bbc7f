import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";

const DSN = "https://0123456789abcdef0123456789abcdef@o1.ingest.de.sentry.io/4500000000000001";
const configured = {
  ...env,
  SENTRY_DSN: DSN,
  ANALYTICS_SCRIPT_URL: "https://plausible.io/js/script.js",
  ANALYTICS_SITE_ID: "billetterie.example.org",
} as Env;
const unconfigured = { ...env, SENTRY_DSN: undefined, ANALYTICS_SCRIPT_URL: undefined } as Env;

const PAGE =
  '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Événements</title></head><body>ok</body></html>';
const app = createHonoApp(async () => new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8" } }), {
  messages: resources,
});

async function call(bindings: Env, path: string, init?: RequestInit) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`https://billetterie.example.org${path}`, init), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

function recordOutgoing() {
  const sent: { url: string; headers: Headers; body: string }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = init?.body;
    sent.push({
      url,
      headers: new Headers(init?.headers),
      body: typeof body === "string" ? body : body ? new TextDecoder().decode(body as ArrayBuffer) : "",
    });
    return new Response("{}", { status: 200 });
  });
  return sent;
}

afterEach(() => vi.restoreAllMocks());

const sameOrigin = { origin: "https://billetterie.example.org" };

describe("monitoring in the pages", () => {
  it("leaves pages untouched with nothing configured: no meta, no SDK, no third-party script", async () => {
    const html = await (await call(unconfigured, "/events")).text();
    expect(html).toBe(PAGE);
    expect(html).not.toMatch(/guichet-monitoring|sentry|plausible|<script/i);
  });

  it("tells the page about the DSN and the analytics script once configured, and never loads a script itself", async () => {
    const response = await call(configured, "/events");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("content-security-policy")).toContain("connect-src 'self'");
    const html = await response.text();
    const content = /<meta name="guichet-monitoring" content="([^"]+)">/.exec(html)?.[1];
    expect(content).toBeDefined();
    expect(JSON.parse(content!.replace(/&quot;/g, '"').replace(/&amp;/g, "&"))).toEqual({
      sentryDsn: DSN,
      environment: "test",
      analytics: { scriptUrl: "https://plausible.io/js/script.js", siteId: "billetterie.example.org" },
    });
    expect(html.indexOf("guichet-monitoring")).toBeLessThan(html.indexOf("</head>"));
    expect(html).not.toContain("<script");
  });

  it("does not touch JSON answers", async () => {
    const response = await call(configured, "/api/health");
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe("the error tunnel", () => {
  const envelope = (dsn: string) =>
    `${JSON.stringify({ event_id: "9ec79c33ec9942ab8353589fcb2e04dc", dsn })}\n{"type":"event"}\n{"message":"boom"}`;

  it("answers 404 without a DSN", async () => {
    const sent = recordOutgoing();
    const response = await call(unconfigured, "/monitoring/errors", {
      method: "POST",
      headers: sameOrigin,
      body: envelope(DSN),
    });
    expect(response.status).toBe(404);
    expect(sent).toEqual([]);
  });

  it("relays an envelope of this deployment's project to Sentry, and refuses any other", async () => {
    const sent = recordOutgoing();
    const ok = await call(configured, "/monitoring/errors", {
      method: "POST",
      headers: sameOrigin,
      body: envelope(DSN),
    });
    expect(ok.status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("https://o1.ingest.de.sentry.io/api/4500000000000001/envelope/");
    expect(sent[0]!.body).toBe(envelope(DSN));

    const other = await call(configured, "/monitoring/errors", {
      method: "POST",
      headers: sameOrigin,
      body: envelope("https://0123456789abcdef0123456789abcdef@attacker.example/4500000000000001"),
    });
    expect(other.status).toBe(400);
    const garbage = await call(configured, "/monitoring/errors", { method: "POST", headers: sameOrigin, body: "nope" });
    expect(garbage.status).toBe(400);
    expect(sent).toHaveLength(1);
  });
});

describe("an unreachable service", () => {
  it("answers 502 to the browser and is not an error of ours (no report, no unhandled error)", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const body = `${JSON.stringify({ dsn: DSN })}\n{"type":"event"}\n{}`;
    const response = await call(configured, "/monitoring/errors", { method: "POST", headers: sameOrigin, body });
    expect(response.status).toBe(502);
    // Only the request's own line (a 5xx status), no "unhandled error" line.
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toEqual(["request"]);
  });
});

describe("the analytics relay", () => {
  const event = JSON.stringify({
    n: "pageview",
    u: "https://billetterie.example.org/event/3/participants?search=owner%40guichet.test",
    d: "billetterie.example.org",
    r: "https://mail.example.org/inbox?id=42",
  });

  it("drops events of a visitor who has not accepted tracking", async () => {
    const sent = recordOutgoing();
    for (const cookie of [undefined, "guichet_consent=none"]) {
      const headers: Record<string, string> = { ...sameOrigin, "content-type": "text/plain" };
      if (cookie) headers.cookie = cookie;
      const response = await call(configured, "/monitoring/events", { method: "POST", headers, body: event });
      expect(response.status).toBe(202);
    }
    expect(sent).toEqual([]);
    expect(
      (await call(unconfigured, "/monitoring/events", { method: "POST", headers: sameOrigin, body: event })).status,
    ).toBe(404);
  });

  it("relays an accepted visitor's event without query strings", async () => {
    const sent = recordOutgoing();
    const response = await call(configured, "/monitoring/events", {
      method: "POST",
      headers: {
        ...sameOrigin,
        "content-type": "text/plain",
        cookie: "guichet_consent=ads",
        "user-agent": "Mozilla/5.0 test",
        "cf-connecting-ip": "203.0.113.7",
      },
      body: event,
    });
    expect(response.status).toBe(202);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("https://plausible.io/api/event");
    expect(sent[0]!.headers.get("user-agent")).toBe("Mozilla/5.0 test");
    expect(sent[0]!.headers.get("x-forwarded-for")).toBe("203.0.113.7");
    expect(JSON.parse(sent[0]!.body)).toEqual({
      n: "pageview",
      u: "https://billetterie.example.org/event/3/participants",
      d: "billetterie.example.org",
      r: "https://mail.example.org",
    });
  });
});
