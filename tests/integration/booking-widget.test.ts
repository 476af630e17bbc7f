import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";

const fetchWorker = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

async function gzippedSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** The Hono app with a React Router stand-in that answers every path with an HTML page. */
const app = createHonoApp(
  async () =>
    new Response("<!doctype html><title>Guichet</title><p>Page</p>", {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    }),
  { messages: resources },
);

async function fetchApp(path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://localhost${path}`), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("the booking widget's script, /widget.js (issue 26 §5)", () => {
  it("is JavaScript, cached a day and revalidated by its ETag, and weighs far less than 30 KB gzipped", async () => {
    const response = await fetchWorker("/widget.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const script = await response.text();
    expect(script).toContain('customElements.define("guichet-event"');
    // The frame origin it trusts is the one it was served from, never a placeholder.
    expect(script).toContain('"http://localhost"');
    expect(script).not.toContain("__GUICHET_ORIGIN__");
    expect(await gzippedSize(script)).toBeLessThan(30 * 1024);

    const again = await fetchWorker("/widget.js", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("trusts the origin of the host that served it", async () => {
    const response = await exports.default.fetch("http://127.0.0.1:8805/widget.js");
    const script = await response.text();
    expect(script).toContain('"http://127.0.0.1:8805"');
    expect(script).not.toContain('"http://localhost"');
  });
});

describe("framing: the embed pages only", () => {
  it("lets any site frame an embed page, with no X-Frame-Options and frame-ancestors *", async () => {
    for (const path of ["/embed/events/12", "/embed/events/12/book?q5=1", "/embed/orders/3?token=abc"]) {
      const response = await fetchApp(path);
      expect(response.headers.get("X-Frame-Options"), path).toBeNull();
      const policy = response.headers.get("Content-Security-Policy") ?? "";
      expect(policy, path).toContain("frame-ancestors *");
      expect(policy, path).not.toContain("frame-ancestors 'none'");
      // The rest of the page policy stays: scripts by nonce only.
      expect(policy, path).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    }
  });

  it("keeps every other page, and the script itself, unframeable", async () => {
    for (const path of ["/", "/events/12/festival", "/events/12/festival/book", "/orders/3", "/embed", "/embedded"]) {
      const response = await fetchApp(path);
      expect(response.headers.get("X-Frame-Options"), path).toBe("DENY");
      expect(response.headers.get("Content-Security-Policy"), path).toContain("frame-ancestors 'none'");
    }
    const script = await fetchApp("/widget.js");
    expect(script.headers.get("X-Frame-Options")).toBe("DENY");
    expect(script.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'none'");
  });
});
