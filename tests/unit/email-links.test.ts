/**
 * Links in emails are built from APP_URL, never from the Host a request names (issue 24 §4): a request sent with
 * `Host: evil.example` must not make the platform email a link to that host. Every `appUrl` handed to a use case in
 * app/ and workers/ is read from the environment; the only ones that fall back to the request's origin are not sent
 * by email and are listed here with the reason. tests/integration/contact-form-api.test.ts checks the contact form's
 * email end to end.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

const NOT_EMAILED: Record<string, string> = {
  "app/routes/public/event-booking.tsx": "Stripe Checkout's return URLs, when APP_URL is unset (the buyer's browser)",
  "workers/routes/api-public-orders.ts": "Stripe Checkout's return URLs, when APP_URL is unset (the buyer's browser)",
  "app/routes/app/event/participants-detail.tsx": "the tickets link shown on the organizer's screen to copy",
};

function sourcesUnder(directory: string): string[] {
  return readdirSync(resolve(root, directory), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(directory, name));
}

describe("links in emails", () => {
  it("take their base from APP_URL, never from the request", () => {
    const fromRequest: string[] = [];
    for (const path of [...sourcesUnder("app"), ...sourcesUnder("workers")]) {
      const lines = readFileSync(resolve(root, path), "utf8").split("\n");
      lines.forEach((line, index) => {
        if (!/\bappUrl\b\s*[:=]/.test(line)) return;
        if (!/request\.url|req\.url|\.origin\b|[Hh]ost/.test(line)) return;
        const file = relative(root, resolve(root, path));
        if (!(file in NOT_EMAILED)) fromRequest.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(fromRequest).toEqual([]);
  });
});
