import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, participationForms, promoCodes, promoCodeTickets, tickets } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { createEventsWorld, createTestEvent, createTicket } from "../../tests/support/event-fixtures";
import { duplicateEvent } from "./duplicate-event";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;
let source: Awaited<ReturnType<typeof createTestEvent>>;
let standard: Awaited<ReturnType<typeof createTicket>>;
let vip: Awaited<ReturnType<typeof createTicket>>;
let removed: Awaited<ReturnType<typeof createTicket>>;
let addon: Awaited<ReturnType<typeof createTicket>>;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
  const db = test.db;
  source = await createTestEvent(db, world.organization.id, {
    title: "Festival d'été",
    description: "<p>Trois jours</p>",
    status: "published",
    visibility: "private",
    accessToken: null,
    publishedAt: new Date("2026-01-10T00:00:00Z"),
    startAt: new Date("2026-07-01T16:00:00Z"),
    endAt: new Date("2026-07-03T23:00:00Z"),
    addressLatitude: 43_296_482,
    metaPixelId: "555",
    eventCapacity: 900,
    primaryColor: "#ff0066",
    theme: "dark",
  });
  standard = await createTicket(db, source, { title: "Pass", price: 9000, amount: 500, purchased: 480, sort: 1 });
  removed = await createTicket(db, source, { title: "Ancien", visibility: "deleted", purchased: 3 });
  vip = await createTicket(db, source, {
    title: "VIP",
    price: 20000,
    amount: 20,
    purchased: 20,
    sort: 2,
    restricted: true,
  });
  addon = await createTicket(db, source, { title: "Parking", ticketType: "addon", price: 1000, purchased: 70 });
  const [code] = await db
    .insert(promoCodes)
    .values([
      {
        organizationId: source.organizationId,
        eventId: source.id,
        code: "ETE",
        discountValue: 1000,
        useCount: 42,
        appliesToAllTickets: false,
      },
      {
        organizationId: source.organizationId,
        eventId: source.id,
        code: "AMIS",
        discountType: "amount",
        discountValue: 500,
        useCount: 3,
        maxUses: 10,
      },
    ])
    .returning();
  await db.insert(promoCodeTickets).values({ promoCodeId: code!.id, ticketId: vip.id });
  await db.insert(participationForms).values([
    {
      organizationId: source.organizationId,
      eventId: source.id,
      formType: "before",
      title: "Commande",
      singleFill: false,
      questions: JSON.stringify([
        { id: "default", title: "Nom, prénom, email", type: "short-text", ticket_target: [] },
        { id: "q1", title: "Taille", type: "selection", ticket_target: [vip.id, removed.id, addon.id] },
        { id: "q2", title: "Régime", type: "short-text", ticket_target: [String(standard.id)] },
      ]),
      ticketTarget: JSON.stringify([standard.id, vip.id]),
    },
    {
      organizationId: source.organizationId,
      eventId: source.id,
      formType: "before-tickets",
      title: "Participant",
      questions: "[]",
      ticketTarget: "all",
    },
  ]);
});
afterAll(() => test?.close());

describe("duplicateEvent", () => {
  it("copies the event as a draft with a new preview token", async () => {
    const now = new Date("2026-02-01T10:00:00Z");
    const copy = await duplicateEvent(test.db, world.actors.manager, { eventId: source.id, now });
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      organizationId: source.organizationId,
      title: "Festival d'été",
      description: "<p>Trois jours</p>",
      status: "draft",
      visibility: "private",
      publishedAt: null,
      startAt: source.startAt,
      endAt: source.endAt,
      addressLatitude: 43.296482,
      metaPixelId: "555",
      eventCapacity: 900,
      primaryColor: "#ff0066",
      theme: "dark",
      createdBy: world.users.manager.id,
      createdAt: now,
    });
    expect(copy.accessToken).toMatch(/^[a-z2-7]{32}$/);

    const copiedTickets = await test.db.select().from(tickets).where(eq(tickets.eventId, copy.id)).orderBy(tickets.id);
    expect(
      copiedTickets.map((t) => [t.title, t.ticketType, t.price, t.amount, t.purchased, t.sort, t.restricted]),
    ).toEqual([
      ["Pass", "ticket", 9000, 500, 0, 1, false],
      ["VIP", "ticket", 20000, 20, 0, 2, true],
      ["Parking", "addon", 1000, -1, 0, 0, false],
    ]);
    expect(copiedTickets.every((t) => t.organizationId === source.organizationId)).toBe(true);

    const codes = await test.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.eventId, copy.id))
      .orderBy(promoCodes.code);
    expect(
      codes.map((c) => [c.code, c.useCount, c.appliesToAllTickets, c.discountType, c.discountValue, c.maxUses]),
    ).toEqual([
      ["AMIS", 0, true, "amount", 500, 10],
      ["ETE", 0, true, "percent", 1000, -1],
    ]);
    const links = await test.db
      .select({ n: count() })
      .from(promoCodeTickets)
      .where(
        sql`${promoCodeTickets.promoCodeId} in (${sql.join(
          codes.map((c) => sql`${c.id}`),
          sql`, `,
        )})`,
      );
    expect(links[0]!.n).toBe(0);

    const [newPass, newVip, newParking] = copiedTickets;
    const forms = await test.db
      .select()
      .from(participationForms)
      .where(eq(participationForms.eventId, copy.id))
      .orderBy(participationForms.id);
    expect(forms.map((f) => [f.formType, f.title, f.singleFill])).toEqual([
      ["before", "Commande", false],
      ["before-tickets", "Participant", true],
    ]);
    expect(JSON.parse(forms[0]!.ticketTarget)).toEqual([newPass!.id, newVip!.id]);
    expect(JSON.parse(forms[0]!.questions)).toEqual([
      { id: "default", title: "Nom, prénom, email", type: "short-text", ticket_target: [] },
      { id: "q1", title: "Taille", type: "selection", ticket_target: [newVip!.id, newParking!.id] },
      { id: "q2", title: "Régime", type: "short-text", ticket_target: [String(newPass!.id)] },
    ]);
    expect(forms[1]!.ticketTarget).toBe("all");

    // The source is untouched.
    const [original] = await test.db.select().from(events).where(eq(events.id, source.id));
    expect(original).toMatchObject({ status: "published", accessToken: null });
    const [pass] = await test.db.select().from(tickets).where(eq(tickets.id, standard.id));
    expect(pass!.purchased).toBe(480);
  });

  it("is atomic: a failing statement leaves no partial copy", async () => {
    const db = test.db;
    const before = await Promise.all(
      [events, tickets, participationForms, promoCodes].map(
        async (table) => (await db.select({ n: count() }).from(table))[0]!.n,
      ),
    );
    await db.run(
      sql.raw(
        "CREATE TRIGGER fail_promo_copy BEFORE INSERT ON promo_codes WHEN NEW.code = 'AMIS' BEGIN SELECT RAISE(ABORT, 'copy failed'); END",
      ),
    );
    try {
      await expect(duplicateEvent(db, world.actors.owner, { eventId: source.id })).rejects.toThrow();
    } finally {
      await db.run(sql.raw("DROP TRIGGER fail_promo_copy"));
    }
    const after = await Promise.all(
      [events, tickets, participationForms, promoCodes].map(
        async (table) => (await db.select({ n: count() }).from(table))[0]!.n,
      ),
    );
    expect(after).toEqual(before);
  });

  it("copies an event without tickets, codes or forms", async () => {
    const bare = await createTestEvent(test.db, world.organization.id, { title: "" });
    const copy = await duplicateEvent(test.db, world.actors.owner, { eventId: bare.id });
    expect(copy).toMatchObject({ title: "", status: "draft" });
  });

  it("needs events:create and a view of the source", async () => {
    await expect(duplicateEvent(test.db, world.actors.guestManager, { eventId: world.event.id })).rejects.toMatchObject(
      { code: "forbidden" },
    );
    await expect(duplicateEvent(test.db, world.actors.foreignOwner, { eventId: source.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(duplicateEvent(test.db, world.actors.owner, { eventId: world.foreignEvent.id })).rejects.toMatchObject(
      { code: "not_found" },
    );
  });
});
