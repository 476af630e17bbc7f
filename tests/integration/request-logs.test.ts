import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";
import { handleQueueBatch } from "../../workers/queue";
import { HOLDS_CRON, handleScheduled } from "../../workers/scheduled";

type Line = Record<string, unknown>;

/** Every console line written during a test, and the JSON ones parsed. */
let written: string[] = [];
beforeEach(() => {
  written = [];
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      written.push(args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
    });
  }
});
afterEach(() => vi.restoreAllMocks());

function jsonLines(): Line[] {
  return written.flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return parsed && typeof parsed === "object" ? [parsed as Line] : [];
    } catch {
      return [];
    }
  });
}

const linesWith = (msg: string) => jsonLines().filter((line) => line.msg === msg);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("request ids and request log lines", () => {
  it("gives every response an x-request-id and writes one JSON line with it", async () => {
    const response = await exports.default.fetch("http://localhost/api/health");
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    const [line, ...others] = linesWith("request");
    expect(others).toEqual([]);
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: "info",
      msg: "request",
      request_id: id,
      method: "GET",
      path: "/api/health",
      status: 200,
      duration_ms: expect.any(Number),
    });
  });

  it("keeps an incoming x-request-id, else Cloudflare's ray, and refuses one that is not an id", async () => {
    const given = await exports.default.fetch("http://localhost/api/health", {
      headers: { "x-request-id": "proxy-7f3a9c21", "cf-ray": "8e1f2a3b4c5d6e7f-CDG" },
    });
    expect(given.headers.get("x-request-id")).toBe("proxy-7f3a9c21");
    const ray = await exports.default.fetch("http://localhost/api/health", {
      headers: { "cf-ray": "8e1f2a3b4c5d6e7f-CDG" },
    });
    expect(ray.headers.get("x-request-id")).toBe("8e1f2a3b4c5d6e7f-CDG");
    const forged = await exports.default.fetch("http://localhost/api/health", {
      headers: { "x-request-id": 'x", "level": "error' },
    });
    expect(forged.headers.get("x-request-id")).toMatch(UUID);
    expect(linesWith("request").map((line) => line.request_id)).toEqual([
      "proxy-7f3a9c21",
      "8e1f2a3b4c5d6e7f-CDG",
      forged.headers.get("x-request-id"),
    ]);
  });

  it("logs no query string, no email and no token of the request", async () => {
    await exports.default.fetch("http://localhost/dev/mailbox.json?to=owner%40guichet.test&token=s3cr3t-t0ken");
    await exports.default.fetch(
      "http://localhost/events/preview/12/soiree-des-benevoles-2026/k7w2mxq9b4r6t1z8c3v5n0pl",
    );
    await exports.default.fetch("http://localhost/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ email: "owner@guichet.test", password: "guichet-demo-2026" }),
    });
    const paths = linesWith("request").map((line) => line.path);
    expect(paths).toEqual([
      "/dev/mailbox.json",
      "/events/preview/12/soiree-des-benevoles-2026/:redacted",
      "/auth/login",
    ]);
    const all = written.join("\n");
    for (const secret of [
      "owner@guichet.test",
      "owner%40guichet.test",
      "s3cr3t-t0ken",
      "guichet-demo-2026",
      "k7w2mxq9",
    ])
      expect(all).not.toContain(secret);
  });

  it("hands the request id to React Router with the page context", async () => {
    const app = createHonoApp(async (_request, _env, _ctx, page) => Response.json({ requestId: page.requestId }), {
      messages: resources,
    });
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request("http://localhost/events"), env, ctx);
    await waitOnExecutionContext(ctx);
    const { requestId } = await response.json<{ requestId: string }>();
    expect(requestId).toMatch(UUID);
    expect(response.headers.get("x-request-id")).toBe(requestId);
  });

  it("logs an unhandled error as an error line of its request, without the error's data", async () => {
    const app = createHonoApp(
      async () => {
        throw new TypeError("cannot read the order of owner@guichet.test");
      },
      { messages: resources },
    );
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request("http://localhost/organization"), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(500);
    const id = response.headers.get("x-request-id");
    expect(linesWith("unhandled error")).toEqual([
      expect.objectContaining({
        level: "error",
        request_id: id,
        path: "/organization",
        error: "TypeError",
        error_message: "cannot read the order of [email]",
      }),
    ]);
    expect(linesWith("request")).toEqual([expect.objectContaining({ level: "error", request_id: id, status: 500 })]);
    expect(written.join("\n")).not.toContain("owner@guichet.test");
  });
});

describe("job and cron log lines", () => {
  it("writes one line per queue message with its job type and id, and none of its content", async () => {
    const batch = createMessageBatch<unknown>("guichet-jobs", [
      {
        id: "message-send-email-1",
        timestamp: new Date(),
        attempts: 1,
        body: {
          type: "send-email",
          message: { to: "buyer@example.org", subject: "Vos billets", text: "Bonjour Camille", html: "<p>Bonjour</p>" },
        },
      },
      { id: "message-unknown-2", timestamp: new Date(), attempts: 2, body: { type: "mystery" } },
    ]);
    const ctx = createExecutionContext();
    await handleQueueBatch(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["message-send-email-1", "message-unknown-2"]);
    expect(linesWith("job")).toEqual([
      {
        time: expect.any(String),
        level: "info",
        msg: "job",
        request_id: "message-send-email-1",
        job_id: "message-send-email-1",
        job_type: "send-email",
        queue: "guichet-jobs",
        attempt: 1,
        outcome: "done",
        duration_ms: expect.any(Number),
      },
      expect.objectContaining({
        level: "warn",
        request_id: "message-unknown-2",
        job_type: "unknown",
        outcome: "dropped",
        attempt: 2,
      }),
    ]);
    const all = written.join("\n");
    for (const personal of ["buyer@example.org", "Camille", "Vos billets"]) expect(all).not.toContain(personal);
  });

  it("writes one line per task of a cron run with the cron and the run's id", async () => {
    const controller = createScheduledController({ cron: HOLDS_CRON, scheduledTime: Date.now() });
    const ctx = createExecutionContext();
    await handleScheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const lines = linesWith("cron");
    expect(lines.map((line) => line.task).sort()).toEqual([
      "dispatch-webhook-deliveries",
      "release-expired-holds",
      "sweep-attendee-messages",
      "sweep-order-emails",
    ]);
    for (const line of lines) {
      expect(line).toMatchObject({ level: "info", cron: HOLDS_CRON, duration_ms: expect.any(Number) });
      expect(line.request_id).toMatch(UUID);
    }
    expect(new Set(lines.map((line) => line.request_id)).size).toBe(1);
    expect(lines.find((line) => line.task === "release-expired-holds")).toMatchObject({ orders: 0, items: 0 });
    expect(lines.find((line) => line.task === "dispatch-webhook-deliveries")).toMatchObject({ count: 0 });
  });
});
