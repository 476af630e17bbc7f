import { describe, expect, it } from "vitest";
import { isStartupError, presentServerLine } from "./dev-server-output";

describe("presentServerLine", () => {
  it("prints one short line per request and drops wrangler's copy of it", () => {
    const json = JSON.stringify({
      time: "2026-11-28T22:13:47.095Z",
      level: "info",
      msg: "request",
      request_id: "4d1f5d30",
      method: "GET",
      path: "/events",
      status: 200,
      duration_ms: 4,
    });
    expect(presentServerLine(json)).toBe("22:13:47   GET /events 200 4 ms");
    expect(presentServerLine("[wrangler:info] GET /events 200 OK (3091ms)")).toBeNull();
    expect(presentServerLine("\u001b[32m[wrangler:info]\u001b[0m GET /events 200 OK (3ms)")).toBeNull();
  });

  it("marks server errors and shows other log lines with their fields", () => {
    const failed = {
      time: "2026-11-28T22:13:47Z",
      level: "error",
      msg: "request",
      method: "POST",
      path: "/api/x",
      status: 500,
      duration_ms: 12,
    };
    expect(presentServerLine(JSON.stringify(failed))).toBe("22:13:47 ✖ POST /api/x 500 12 ms");
    const cron = { time: "2026-11-28T22:15:00Z", level: "info", msg: "scheduled", task: "release-holds", released: 2 };
    expect(presentServerLine(JSON.stringify(cron))).toBe("22:15:00   scheduled  task=release-holds released=2");
  });

  it("drops cron runs that found nothing to do, and shows those that did something", () => {
    const idle = {
      time: "2026-11-28T22:15:00Z",
      level: "info",
      msg: "cron",
      cron: "*/5 * * * *",
      task: "sweep-order-emails",
      count: 0,
      duration_ms: 15,
    };
    expect(presentServerLine(JSON.stringify(idle))).toBeNull();
    const busy = {
      time: idle.time,
      level: "info",
      msg: "cron",
      cron: idle.cron,
      task: "release-expired-holds",
      orders: 2,
      items: 3,
      duration_ms: 4,
    };
    expect(presentServerLine(JSON.stringify(busy))).toBe(
      "22:15:00   cron  cron=*/5 * * * * task=release-expired-holds orders=2 items=3 duration_ms=4",
    );
  });

  it("drops the offline Request.cf warning and its stack trace", () => {
    expect(
      presentServerLine(
        "[wrangler:warn] Unable to fetch the `Request.cf` object! Falling back to a default placeholder...",
      ),
    ).toBeNull();
    expect(presentServerLine("Error: getaddrinfo ENOTFOUND workers.cloudflare.com")).toBeNull();
    expect(presentServerLine("    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:123:26)")).toBeNull();
  });

  it("keeps what a developer must see: uncaught errors and plain console output", () => {
    expect(presentServerLine("✘ [ERROR] Uncaught TypeError: x is not a function")).toBe(
      "✘ [ERROR] Uncaught TypeError: x is not a function",
    );
    expect(presentServerLine("debugging value 42")).toBe("debugging value 42");
  });
});

describe("isStartupError", () => {
  it("recognises wrangler's errors, coloured or not", () => {
    expect(
      isStartupError("\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m Address already in use"),
    ).toBe(true);
    expect(isStartupError("Your Worker has access to the following bindings:")).toBe(false);
  });
});
