import { describe, expect, it } from "vitest";
import { noPersonalDataCollection, scrubErrorEvent, scrubText, scrubUrl } from "../../domain/http/scrub-error-event";
import { logPath, redactText } from "../../domain/shared/logger";

describe("scrubbing error reports", () => {
  it("removes emails, bearer tokens, query strings and opaque tokens from text", () => {
    expect(scrubText("no account for Camille.Dupont+billets@exemple.fr")).toBe("no account for [email]");
    expect(scrubText("Authorization: Bearer gq8Zr2.abc-def_123")).toBe("Authorization: Bearer [redacted]");
    expect(
      scrubText("GET https://billetterie.example.org/auth/reset-password?code=84719203&email=a%40b.fr failed"),
    ).toBe("GET https://billetterie.example.org/auth/reset-password failed");
    expect(scrubText("fetch /orders/42/tickets.pdf?token=Zq8vX2mK9pL4 returned 404")).toBe(
      "fetch /orders/42/tickets.pdf?token=[redacted] returned 404",
    );
    expect(scrubText("session 3f9a8c2b7d1e4f5a6b7c8d9e0f1a2b3c4d5e6f7a expired")).toBe("session [redacted] expired");
    expect(scrubText("/events/preview/12/soiree-des-benevoles-2026/k7w2mxq9b4r6t1z8c3v5n0pl")).toBe(
      "/events/preview/12/soiree-des-benevoles-2026/[redacted]",
    );
  });

  it("keeps what a developer needs: paths with ids and slugs, hashed asset names, plain messages", () => {
    expect(scrubText("Cannot read properties of undefined (reading 'title')")).toBe(
      "Cannot read properties of undefined (reading 'title')",
    );
    expect(scrubUrl("https://billetterie.example.org/event/12/participants/340?q=dupont#row")).toBe(
      "https://billetterie.example.org/event/12/participants/340",
    );
    expect(scrubText("Failed to fetch dynamically imported module: https://x.org/assets/root-BqX3k2aZ.js")).toBe(
      "Failed to fetch dynamically imported module: https://x.org/assets/root-BqX3k2aZ.js",
    );
  });

  it("strips the user, cookies, auth headers, bodies and query strings from a whole event", () => {
    const event = scrubErrorEvent({
      message: "lookup of owner@guichet.test failed",
      user: { id: "7", email: "owner@guichet.test", ip_address: "203.0.113.7" },
      request: {
        url: "https://billetterie.example.org/orders/42?token=Zq8vX2mK9pL4rT7wN1bC6dF3",
        query_string: "token=Zq8vX2mK9pL4rT7wN1bC6dF3",
        cookies: { "__Host-guichet_session": "s3ss10n" },
        data: { email: "owner@guichet.test", password: "guichet-demo-2026" },
        headers: {
          Cookie: "__Host-guichet_session=s3ss10n",
          Authorization: "Bearer api-t0ken",
          "CF-Connecting-IP": "203.0.113.7",
          "User-Agent": "Mozilla/5.0",
          Referer: "https://billetterie.example.org/event/3/orders?search=owner%40guichet.test",
        },
      },
      exception: {
        values: [
          {
            value: "no row for buyer@example.org",
            stacktrace: {
              frames: [{ abs_path: "https://x.org/assets/root-BqX3k2aZ.js?v=1", filename: "app:///root.js" }],
            },
          },
        ],
      },
      breadcrumbs: [
        { message: "navigated", data: { from: "/event/3/participants?search=Camille", to: "/event/3" } },
        { message: "fetch", data: { url: "/api/events?q=owner@guichet.test", status_code: 200 } },
      ],
      extra: { recipient: "buyer@example.org", nested: { token: "abc", note: "sent to buyer@example.org" } },
    });
    const json = JSON.stringify(event);
    for (const personal of [
      "owner@guichet.test",
      "owner%40guichet.test",
      "buyer@example.org",
      "203.0.113.7",
      "s3ss10n",
      "api-t0ken",
      "Zq8vX2mK9pL4rT7wN1bC6dF3",
      "guichet-demo-2026",
      "Camille",
    ])
      expect(json, personal).not.toContain(personal);
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({
      url: "https://billetterie.example.org/orders/42",
      headers: { "User-Agent": "Mozilla/5.0", Referer: "https://billetterie.example.org/event/3/orders" },
    });
    expect(event.exception?.values?.[0]?.value).toBe("no row for [email]");
    expect(event.exception?.values?.[0]?.stacktrace?.frames?.[0]?.abs_path).toBe(
      "https://x.org/assets/root-BqX3k2aZ.js",
    );
    expect(event.breadcrumbs?.[0]?.data).toEqual({ from: "/event/3/participants", to: "/event/3" });
    expect(event.extra).toEqual({ recipient: "[email]", nested: { token: "[redacted]", note: "sent to [email]" } });
  });

  it("asks the SDK to collect no personal data at all", () => {
    expect(noPersonalDataCollection()).toMatchObject({
      userInfo: false,
      cookies: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    });
  });
});

describe("log paths", () => {
  it("drop the query string and token-like or email segments, and keep ids and slugs", () => {
    expect(logPath("https://x.org/dev/mailbox.json?to=owner@guichet.test")).toBe("/dev/mailbox.json");
    expect(logPath("https://x.org/events/12/soiree-des-benevoles-2026?t=Zq8vX2mK9pL4")).toBe(
      "/events/12/soiree-des-benevoles-2026",
    );
    expect(logPath("https://x.org/events/preview/12/soiree/k7w2mxq9b4r6t1z8c3v5n0pl")).toBe(
      "/events/preview/12/soiree/:redacted",
    );
    expect(logPath("https://x.org/api/members/owner%40guichet.test")).toBe("/api/members/:redacted");
    expect(logPath("https://x.org/event/12/participants/340")).toBe("/event/12/participants/340");
    expect(redactText("duplicate key for owner@guichet.test")).toBe("duplicate key for [email]");
  });
});
