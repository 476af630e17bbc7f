import { getClient } from "@sentry/cloudflare";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withErrorReporting } from "../../workers/sentry";

const DSN = "https://0123456789abcdef0123456789abcdef@o1.ingest.de.sentry.io/4500000000000001";

/** What the Sentry SDK would send: every outgoing fetch is answered here and its body kept. */
function recordOutgoing() {
  const sent: { url: string; body: string }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = init?.body;
    sent.push({
      url,
      body: typeof body === "string" ? body : body ? new TextDecoder().decode(body as Uint8Array) : "",
    });
    return new Response("{}", { status: 200 });
  });
  return sent;
}

afterEach(() => vi.restoreAllMocks());

function handlerThatFails() {
  return withErrorReporting({
    async fetch(request) {
      if (new URL(request.url).pathname === "/client") return Response.json({ client: getClient() !== undefined });
      throw new Error(
        "order lookup failed for owner@guichet.test with /orders/42?token=Zq8vX2mK9pL4rT7wN1bC6dF3 and Bearer abc.def.ghi",
      );
    },
    async scheduled() {},
    async queue() {},
  });
}

async function call(handler: ReturnType<typeof handlerThatFails>, path: string, bindings: Env) {
  const ctx = createExecutionContext();
  const request = new Request(`https://billetterie.example.org${path}?token=Zq8vX2mK9pL4rT7wN1bC6dF3`, {
    headers: {
      cookie: "__Host-guichet_session=s3ss10n-t0k3n-value",
      authorization: "Bearer api-t0ken-value",
      "cf-connecting-ip": "203.0.113.7",
      "user-agent": "Mozilla/5.0 test",
    },
  });
  const outcome = await Promise.resolve()
    .then(() => handler.fetch(request as Request<unknown, IncomingRequestCfProperties>, bindings, ctx))
    .catch((error: unknown) => error);
  await waitOnExecutionContext(ctx);
  return outcome;
}

describe("error reporting (Sentry) on the Worker", () => {
  it("does not start the SDK nor send anything without SENTRY_DSN", async () => {
    const sent = recordOutgoing();
    const handler = handlerThatFails();
    const bindings = { ...env, SENTRY_DSN: undefined } as Env;
    const response = (await call(handler, "/client", bindings)) as Response;
    expect(await response.json()).toEqual({ client: false });
    expect(await call(handler, "/fails", bindings)).toBeInstanceOf(Error);
    expect(sent).toEqual([]);
  });

  it("reports an error through the SDK with SENTRY_DSN set, scrubbed of personal data", async () => {
    const sent = recordOutgoing();
    const handler = handlerThatFails();
    const bindings = { ...env, SENTRY_DSN: DSN } as Env;
    const response = (await call(handler, "/client", bindings)) as Response;
    expect(await response.json()).toEqual({ client: true });
    expect(await call(handler, "/fails", bindings)).toBeInstanceOf(Error);

    const envelopes = sent.filter((request) => request.url.includes("ingest.de.sentry.io"));
    expect(envelopes.length).toBeGreaterThan(0);
    const body = envelopes.map((request) => request.body).join("\n");
    expect(body).toContain("order lookup failed for [email]");
    expect(body).toContain("/fails");
    for (const personal of [
      "owner@guichet.test",
      "Zq8vX2mK9pL4rT7wN1bC6dF3",
      "abc.def.ghi",
      "s3ss10n-t0k3n-value",
      "api-t0ken-value",
      "203.0.113.7",
    ])
      expect(body, personal).not.toContain(personal);
  });

  it("leaves the deployed configuration without a DSN: nothing is reported by default", async () => {
    expect((env as Env).SENTRY_DSN).toBeUndefined();
    const sent = recordOutgoing();
    const response = await exports.default.fetch("http://localhost/api/health");
    expect(response.status).toBe(200);
    expect(sent).toEqual([]);
  });
});
