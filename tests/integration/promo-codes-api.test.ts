import { env } from "cloudflare:workers";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { promoCodes, promoCodeTickets } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { apiClient } from "./api-client";
import { createEventsWorld, createTestEvent, createTicket, type TestUser } from "../support/event-fixtures";

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof createEventsWorld>>;
const tokens: Record<string, string> = {};

const call = apiClient(tokens);

const bulk = (eventId: number, entries: unknown, as?: string) =>
  call(`/events/${eventId}/promo-code/X/X/bulk`, { method: "PUT", body: entries, as });
const codeCount = async (eventId: number) =>
  (await db.select({ n: count() }).from(promoCodes).where(eq(promoCodes.eventId, eventId)))[0]!.n;

beforeAll(async () => {
  world = await createEventsWorld(db);
  for (const [key, user] of Object.entries(world.users) as [string, TestUser][]) {
    tokens[key] = (await createSession(db, user.id)).token;
  }
});

describe("promo codes API (spec §7, issue 9)", () => {
  it("creates, lists and updates codes by key, case-insensitively, keeping use_count", async () => {
    const ticket = await createTicket(db, world.event, { title: "Plein tarif", price: 2000 });
    const created = await bulk(world.event.id, [
      {
        key: "ete25",
        discount_type: "percent",
        discount: 25,
        tickets: [ticket.id],
        start_at: "2027-06-01T00:00:00Z",
        end_at: null,
        max_uses: 50,
      },
      { key: "MOINS5", discount_type: "amount", discount: 500 },
    ]);
    expect(created.status).toBe(200);
    expect(created.json).toEqual([
      {
        key: "ETE25",
        event: world.event.id,
        discount_type: "percent",
        discount: 25,
        tickets: [ticket.id],
        start_at: "2027-06-01T00:00:00.000Z",
        end_at: null,
        max_uses: 50,
        use_count: 0,
      },
      {
        key: "MOINS5",
        event: world.event.id,
        discount_type: "amount",
        discount: 500,
        tickets: [],
        start_at: null,
        end_at: null,
        max_uses: -1,
        use_count: 0,
      },
    ]);
    const [stored] = await db
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.eventId, world.event.id), eq(promoCodes.code, "ETE25")));
    expect(stored!.discountValue).toBe(2500);
    await db.update(promoCodes).set({ useCount: 7 }).where(eq(promoCodes.id, stored!.id));

    const updated = await bulk(world.event.id, [
      { key: "Ete25", discount_type: "percent", discount: 30, tickets: [], max_uses: 40 },
    ]);
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual([
      expect.objectContaining({ key: "ETE25", discount: 30, tickets: [], max_uses: 40, use_count: 7 }),
    ]);
    expect(await db.select().from(promoCodeTickets).where(eq(promoCodeTickets.promoCodeId, stored!.id))).toEqual([]);

    const listed = await call(`/events/${world.event.id}/promo-code`, { as: "guestManager" });
    expect(listed.status).toBe(200);
    expect(listed.json.map((code: { key: string }) => code.key)).toEqual(["ETE25", "MOINS5"]);
    expect(listed.json.every((code: { event: number }) => code.event === world.event.id)).toBe(true);
  });

  it("refuses the whole array, naming the entry and field, when one entry is wrong", async () => {
    const before = await codeCount(world.event.id);
    const cases: [unknown, string, string][] = [
      [
        [
          { key: "OK1", discount_type: "percent", discount: 10 },
          { key: "BAD", discount_type: "percent", discount: 101 },
        ],
        "1.discount",
        "percent_above_100",
      ],
      [
        [
          { key: "DUP", discount_type: "amount", discount: 100 },
          { key: "dup", discount_type: "amount", discount: 200 },
        ],
        "1.key",
        "key_duplicate",
      ],
      [
        [{ key: "T1", discount_type: "amount", discount: 100, tickets: [world.foreignEvent.id * 1000] }],
        "0.tickets",
        "ticket_unknown",
      ],
      [
        [
          {
            key: "D1",
            discount_type: "amount",
            discount: 100,
            start_at: "2027-06-02T00:00:00Z",
            end_at: "2027-06-01T00:00:00Z",
          },
        ],
        "0.end_at",
        "end_before_start",
      ],
      [[{ key: "has space", discount_type: "amount", discount: 100 }], "0.key", "key_format"],
      [[{ key: "ZERO", discount_type: "amount", discount: 0 }], "0.discount", "discount_invalid"],
      [
        [{ key: "ETE25", discount_type: "percent", discount: 10, max_uses: 3 }],
        "0.max_uses",
        "max_uses_below_use_count",
      ],
    ];
    for (const [body, field, message] of cases) {
      const refused = await bulk(world.event.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.fields[field], JSON.stringify(refused.json)).toBe(message);
    }
    expect(await codeCount(world.event.id)).toBe(before);
    const [ete] = await db
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.eventId, world.event.id), eq(promoCodes.code, "ETE25")));
    expect(ete!.maxUses).toBe(40);
  });

  it("refuses a ticket of another event of the same organization as a target", async () => {
    const sibling = await createTestEvent(db, world.organization.id, { title: "Autre soirée" });
    const other = await createTicket(db, sibling, { title: "Ailleurs" });
    const refused = await bulk(world.event.id, [
      { key: "CROSS", discount_type: "amount", discount: 100, tickets: [other.id] },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.json.fields["0.tickets"]).toBe("ticket_unknown");
  });

  it("deletes a code; other organizations, validators and guests without access get 404", async () => {
    expect((await bulk(world.event.id, [{ key: "GONE", discount_type: "amount", discount: 100 }])).status).toBe(200);
    expect((await call(`/events/${world.event.id}/promo-code`, { as: "foreignOwner" })).status).toBe(404);
    expect(
      (await bulk(world.event.id, [{ key: "HACK", discount_type: "amount", discount: 100 }], "foreignOwner")).status,
    ).toBe(404);
    expect(
      (await call(`/events/${world.event.id}/promo-code/gone`, { method: "DELETE", as: "foreignOwner" })).status,
    ).toBe(404);
    expect((await call(`/events/${world.event.id}/promo-code`, { as: "guestNone" })).status).toBe(404);
    expect(
      (await bulk(world.event.id, [{ key: "VAL", discount_type: "amount", discount: 100 }], "guestValidator")).status,
    ).toBe(404);
    expect((await call(`/events/${world.event.id}/promo-code/gone`, { method: "DELETE" })).status).toBe(204);
    expect((await call(`/events/${world.event.id}/promo-code/gone`, { method: "DELETE" })).status).toBe(404);
    const keys = (await call(`/events/${world.event.id}/promo-code`)).json.map((code: { key: string }) => code.key);
    expect(keys).not.toContain("GONE");
    expect(keys).not.toContain("HACK");
  });
});
