import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { API_TYPES_FILE, generateApiTypes } from "../../scripts/lib/api-types";
import type { paths } from "../support/guichet-api";

const typesPath = resolve(import.meta.dirname, "../..", API_TYPES_FILE);

describe("API client types (openapi-typescript + openapi-fetch)", () => {
  it("generates from the OpenAPI document, and the committed types are current (else: npm run api:types)", async () => {
    const generated = await generateApiTypes(typesPath);
    expect(generated).toContain('"/api/events/{id}/participants"');
    expect(generated).toContain("placeOrder: {");
    expect(generated === readFileSync(typesPath, "utf8"), "tests/support/guichet-api.d.ts is stale").toBe(true);
  }, 60_000);

  it("types a client that sends the documented path, query, Idempotency-Key and body", async () => {
    const sent: Request[] = [];
    const client = createClient<paths>({
      baseUrl: "https://guichet.test",
      fetch: async (request: Request) => {
        sent.push(request);
        return Response.json({ object: "list", data: [], has_more: false });
      },
    });
    const list = await client.GET("/api/events/{id}/participants", {
      params: { path: { id: 42 }, query: { limit: "50", starting_after: "1000" } },
    });
    expect(list.data?.has_more).toBe(false);
    await client.POST("/api/public/events/{id}/orders", {
      params: { path: { id: 42 }, header: { "Idempotency-Key": "order-7f3a" } },
      body: {
        items: [{ ticket_id: 7, quantity: 1 }],
        buyer: { first_name: "Jeanne", last_name: "Roux", email: "jeanne.roux@exemple.test" },
      },
    });
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET https://guichet.test/api/events/42/participants?limit=50&starting_after=1000",
      "POST https://guichet.test/api/public/events/42/orders",
    ]);
    expect(sent[1]!.headers.get("Idempotency-Key")).toBe("order-7f3a");
    expect(await sent[1]!.json()).toMatchObject({ items: [{ ticket_id: 7, quantity: 1 }] });
  });
});
