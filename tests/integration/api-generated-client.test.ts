import { env, exports } from "cloudflare:workers";
import createClient from "openapi-fetch";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import type { ApiKeyScope } from "#db/schema";
import { createApiKey } from "#domain/api-keys/create-api-key";
import { insertEventsWorld } from "../support/fixtures";
import type { paths } from "../support/guichet-api";

/**
 * Issue 26's "Done when": a client generated from /api/openapi.json (openapi-typescript types, openapi-fetch) runs a
 * whole integration with an API key holding exactly the scopes it needs — create an event and a ticket, publish, book
 * through the public API twice with one Idempotency-Key (one order), page through the participants with a cursor while
 * bookings land (no skip, no repeat), check a ticket in, read the finance ledger — and is refused 403 where a scope is
 * missing.
 */
const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;

beforeAll(async () => {
  world = await insertEventsWorld(db);
});

async function keyWith(scopes: ApiKeyScope[]) {
  const { secret } = await createApiKey(db, world.actors.owner, {
    name: `Intégration ${scopes.join(" ")}`,
    scopes,
    mode: "test",
  });
  return secret;
}

function clientFor(key?: string) {
  return createClient<paths>({
    baseUrl: "http://localhost",
    fetch: (request: Request) => exports.default.fetch(request),
    headers: key ? { Authorization: `Bearer ${key}` } : {},
  });
}

describe("the generated client with an API key (issue 26, Done when)", () => {
  it("creates, publishes, sells idempotently, syncs by cursor, checks in and reads the ledger, within its scopes", async () => {
    const key = await keyWith(["events:write", "orders:read", "check_ins:write", "finance:read"]);
    expect(key).toMatch(/^gk_test_/);
    const api = clientFor(key);
    const buyerApi = clientFor();

    const start = new Date(Date.now() + 30 * 86_400_000);
    const created = await api.POST("/api/events", {
      body: {
        title: "Intégration continue",
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
        timezone: "Europe/Paris",
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const eventId = created.data!.id!;

    const ticket = await api.POST("/api/events/{id}/tickets", {
      params: { path: { id: eventId } },
      body: { title: "Entrée libre", price: 0, ticket_type: "ticket", amount: 100, max_per_order: 4 },
    });
    expect(ticket.response.status, JSON.stringify(ticket.error)).toBe(201);
    const ticketId = ticket.data!.id!;

    const published = await api.PUT("/api/events/{id}/status/{status}", {
      params: { path: { id: eventId, status: "published" } },
    });
    expect(published.response.status, JSON.stringify(published.error)).toBe(200);

    // The same booking sent twice with one key: one order, the same answer.
    const book = (n: number, idempotencyKey?: string) =>
      buyerApi.POST("/api/public/events/{id}/orders", {
        params: { path: { id: eventId }, ...(idempotencyKey ? { header: { "Idempotency-Key": idempotencyKey } } : {}) },
        body: {
          items: [{ ticket_id: ticketId, quantity: 1 }],
          buyer: { first_name: "Inès", last_name: `Client ${n}`, email: `client.${n}@exemple.fr` },
        },
      });
    const first = await book(0, "integration-order-0001");
    const retry = await book(0, "integration-order-0001");
    expect(first.response.status).toBe(201);
    expect(retry.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.data).toEqual(first.data);

    for (let n = 1; n <= 6; n++) expect((await book(n)).response.status).toBe(201);

    // A cursor sync while bookings land: every participant once, the new ones included.
    const seen: number[] = [];
    let after: string | undefined;
    let landed = 100;
    for (let page = 0; page < 50; page++) {
      const list = await api.GET("/api/events/{id}/participants", {
        params: { path: { id: eventId }, query: { limit: "3", ...(after ? { starting_after: after } : {}) } },
      });
      expect(list.response.status, JSON.stringify(list.error)).toBe(200);
      seen.push(...list.data!.data.map((participant) => participant.id!));
      if (!list.data!.has_more) break;
      after = String(list.data!.data.at(-1)!.id);
      if (landed < 104) expect((await book(landed++)).response.status).toBe(201);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen).toHaveLength(1 + 6 + (landed - 100));

    const checkIn = await api.POST("/api/events/{id}/check-ins", {
      params: { path: { id: eventId } },
      body: { participant_id: seen[0]!, direction: "in", id: crypto.randomUUID() },
    });
    expect(checkIn.response.status, JSON.stringify(checkIn.error)).toBe(200);
    expect(checkIn.data).toMatchObject({ result: "ok" });

    const ledger = await api.GET("/api/organizers/{id}/finance/transactions", {
      params: { path: { id: world.organization.id }, query: { limit: "10" } },
    });
    expect(ledger.response.status, JSON.stringify(ledger.error)).toBe(200);
    expect(ledger.data).toMatchObject({ object: "list", has_more: false });
  });

  it("is refused 403 with a stable code where its scopes do not reach", async () => {
    const readOnly = clientFor(await keyWith(["events:read"]));
    const refusedCreate = await readOnly.POST("/api/events", {
      body: { title: "Refusé", timezone: "Europe/Paris" },
    });
    expect(refusedCreate.response.status).toBe(403);
    expect(refusedCreate.error).toMatchObject({ error: { type: "forbidden" } });

    const refusedLedger = await readOnly.GET("/api/organizers/{id}/finance/transactions", {
      params: { path: { id: world.organization.id }, query: { limit: "10" } },
    });
    expect([403, 404]).toContain(refusedLedger.response.status);

    const refusedList = await readOnly.GET("/api/events/{id}/participants", {
      params: { path: { id: world.event.id }, query: { limit: "10" } },
    });
    expect(refusedList.response.status).toBe(403);
  });
});
