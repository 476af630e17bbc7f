import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("the Worker", () => {
  it("answers /api/health with ok", async () => {
    const response = await exports.default.fetch("http://localhost/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("hands the pages that Hono does not serve to the React Router fallback", async () => {
    const response = await exports.default.fetch("http://localhost/organization/settings");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("No route for /organization/settings");
  });

  it("runs with the test bindings", async () => {
    const { env } = await import("cloudflare:workers");
    expect(env.ENVIRONMENT).toBe("test");
    const [table] = (await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = 'users'").all()).results;
    expect(table).toEqual({ name: "users" });
  });
});
