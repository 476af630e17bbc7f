/**
 * Static assets carry the security headers (issue 24 §4): Workers Static Assets answer /assets/*, /favicon.svg… before
 * the Worker runs, so its middleware never sees them; public/_headers (copied into build/client by the build) gives
 * them the headers the Worker sets on its own non-HTML responses. tests/unit/deploy-config.test.ts checks the file in
 * the build, tests/e2e/content-security-policy.spec.ts the headers of the served build.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "../../workers/middleware/security-headers";

const root = resolve(import.meta.dirname, "../..");

/** The `_headers` rules: path pattern → header name (lower case) → value. */
function parseHeadersFile(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = {};
      rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(":");
    current![line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return rules;
}

async function workerHeadersOfAFile(): Promise<Record<string, string>> {
  const app = new Hono();
  app.use("*", securityHeaders as never);
  app.get("/favicon.svg", (c) => c.body("<svg/>", 200, { "Content-Type": "image/svg+xml" }));
  const response = await app.fetch(new Request("https://billetterie.example.org/favicon.svg"));
  const wanted = [
    "content-security-policy",
    "x-frame-options",
    "referrer-policy",
    "x-content-type-options",
    "strict-transport-security",
  ];
  return Object.fromEntries(wanted.map((name) => [name, response.headers.get(name) ?? "(missing)"]));
}

describe("static assets' security headers", () => {
  it("public/_headers gives every asset the headers the Worker sets on its non-HTML responses", async () => {
    const rules = parseHeadersFile(readFileSync(resolve(root, "public/_headers"), "utf8"));
    expect([...rules.keys()]).toEqual(["/*"]);
    expect(rules.get("/*")).toEqual(await workerHeadersOfAFile());
  });
});
