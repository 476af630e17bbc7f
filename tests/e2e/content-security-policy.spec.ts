import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { demoPassword } from "../../scripts/lib/demo-logins";

// Every HTML page carries a nonce-based Content-Security-Policy (workers/middleware/security-headers.ts). These visits
// prove the pages still hydrate under it: every script React Router renders carries this response's nonce, and the
// browser reports no violation, on the sign-in pages, the signed-in area, the editor and the public page (its edge
// copy included, whose stored nonces are replaced on every request).

type Violation = { directive: string; blocked: string };

async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  // Init scripts are injected by the browser's debugging protocol, outside the page's policy.
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { __cspViolations: typeof seen }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  return async () => {
    const reported = await page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
    return [...reported, ...console.map((text) => ({ directive: "console", blocked: text }))];
  };
}

/**
 * Loads `path` and checks the policy, the nonce on every script, hydration (unless the page is served without
 * JavaScript, app/lib/pages-without-javascript.ts) and the absence of violations.
 */
async function expectHydratedUnderPolicy(
  page: Page,
  path: string,
  violations: () => Promise<Violation[]>,
  options = { javascript: true },
) {
  const response = await page.goto(path);
  expect(response?.ok(), path).toBe(true);
  const policy = response!.headers()["content-security-policy"] ?? "";
  const nonce = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(policy)?.[1];
  expect(nonce, `${path}: ${policy}`).toBeTruthy();
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  // React attaches its fiber to the elements it hydrated: the client bundle ran.
  if (options.javascript) {
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__react"))), {
        message: path,
        timeout: 30_000,
      })
      .toBe(true);
  }
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll("script")]
      // Data blocks (JSON) are never executed, so the policy does not apply to them.
      .filter((script) => ["", "module", "text/javascript"].includes(script.type))
      .map((script) => ({ nonce: script.nonce, src: script.src })),
  );
  if (options.javascript) expect(scripts.length, path).toBeGreaterThan(0);
  for (const script of scripts) expect(script.nonce, `${path} ${script.src || "inline script"}`).toBe(nonce);
  expect(await violations(), path).toEqual([]);
}

test("the sign-in pages and the signed-in area hydrate under the policy", async ({ page, request, baseURL }) => {
  // Several full page loads, each waited on until it hydrates (slow on a shared machine).
  test.setTimeout(240_000);
  const violations = await watchViolations(page);
  // Served as HTML alone (app/lib/pages-without-javascript.ts): nothing on it may be refused.
  await expectHydratedUnderPolicy(page, "/auth/login", violations, { javascript: false });
  // Signed in over the JSON API (the form itself is covered by the sign-in specs): the same session token.
  const login = await request.post("/auth/login", { data: { email: "owner@guichet.test", password: demoPassword } });
  expect(login.ok()).toBe(true);
  await page.context().addCookies([{ name: "guichet_session", value: (await login.json()) as string, url: baseURL! }]);
  for (const path of ["/", "/event/1", "/event/update/1?step=theme"]) {
    await expectHydratedUnderPolicy(page, path, violations);
  }
  // A client-side navigation loads route modules through the nonce-trusted entry ('strict-dynamic').
  await page.goto("/");
  await page.getByTestId("account-menu-trigger").click();
  expect(await violations()).toEqual([]);
});

test("the public page loads under the policy, from the edge copy as well", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  const path = `/events/1/festival-nuits-sonores?csp=${Date.now()}`;
  // Served as HTML alone (no client JavaScript): what matters is that nothing on it is refused.
  await expectHydratedUnderPolicy(page, path, violations, { javascript: false });
  const hit = await page.request.get(path);
  expect(hit.headers()["x-guichet-cache"]).toBe("HIT");
  await expectHydratedUnderPolicy(page, path, violations, { javascript: false });
  await expect(page.getByRole("heading", { level: 1, name: "Festival Nuits Sonores" })).toBeVisible();
});

test("static assets carry the security headers (public/_headers), which the Worker never sees", async ({ request }) => {
  // A JavaScript chunk of the served build, and the favicon: both answered by Workers Static Assets.
  const script = readdirSync(resolve(import.meta.dirname, "../../build/client/assets")).find((name) =>
    name.endsWith(".js"),
  );
  for (const path of [`/assets/${script}`, "/favicon.svg"]) {
    const asset = await request.get(path);
    expect(asset.status(), path).toBe(200);
    const headers = asset.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    expect(headers["content-security-policy"], path).toBe("frame-ancestors 'none'");
    expect(headers["strict-transport-security"], path).toBe("max-age=63072000; includeSubDomains");
  }
});
