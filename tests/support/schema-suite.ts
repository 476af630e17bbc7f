import { and, count, eq, getTableName, is, lte, or, sql } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { changedRows, type Database } from "#db/database";
import * as schema from "#db/schema";

export type DatabaseFactory = () => Promise<Database>;

/** Every message along an error's `cause` chain: drivers wrap SQLite's message differently. */
async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const messages: string[] = [];
    let current: unknown = error;
    while (current instanceof Error) {
      messages.push(current.message);
      current = current.cause;
    }
    return messages.join("\n");
  }
  throw new Error("expected the statement to fail, but it succeeded");
}

let sequence = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

async function insertOrganization(db: Database, title = unique("Organisation")) {
  const [organization] = await db
    .insert(schema.organizations)
    .values({ title, titleKey: title.toLowerCase() })
    .returning();
  return organization!;
}

async function insertUser(db: Database, email = `${unique("user")}@guichet.test`) {
  const [user] = await db.insert(schema.users).values({ email, firstName: "Léa", lastName: "Martin" }).returning();
  return user!;
}

/** An organization with a member, an event, a ticket with `amount` places, one paid order, its participant and entry. */
async function insertEventWithSale(db: Database, amount = 100) {
  const user = await insertUser(db);
  const organization = await insertOrganization(db);
  await db.insert(schema.memberships).values({ organizationId: organization.id, userId: user.id, role: "owner" });
  const [event] = await db
    .insert(schema.events)
    .values({
      organizationId: organization.id,
      title: "Concert d'ouverture",
      status: "published",
      startAt: new Date("2027-06-21T18:00:00.000Z"),
      endAt: new Date("2027-06-21T23:30:00.000Z"),
      createdBy: user.id,
    })
    .returning();
  const [ticket, addon] = await db
    .insert(schema.tickets)
    .values([
      { organizationId: organization.id, eventId: event!.id, title: "Plein tarif", price: 2500, amount },
      { organizationId: organization.id, eventId: event!.id, title: "Vestiaire", price: 200, ticketType: "addon" },
    ])
    .returning();
  const [order] = await db
    .insert(schema.orders)
    .values({
      organizationId: organization.id,
      eventId: event!.id,
      firstName: "Léa",
      lastName: "Martin",
      email: user.email,
      amount: 2700,
      fees: 100,
      netAmount: 2600,
      status: "paid",
      accessToken: unique("order-token"),
      paidAt: new Date("2027-05-01T10:00:00.000Z"),
    })
    .returning();
  const [participant] = await db
    .insert(schema.participants)
    .values({
      organizationId: organization.id,
      eventId: event!.id,
      orderId: order!.id,
      ticketId: ticket!.id,
      firstName: "Léa",
      lastName: "Martin",
      email: user.email,
      ticketTitle: ticket!.title,
      price: ticket!.price,
      accessToken: unique("participant-token"),
    })
    .returning();
  const [entry] = await db
    .insert(schema.entries)
    .values({
      organizationId: organization.id,
      eventId: event!.id,
      participantId: participant!.id,
      ticketId: ticket!.id,
      isIn: true,
      validatedAt: new Date("2027-06-21T18:05:00.000Z"),
      validatedBy: user.id,
    })
    .returning();
  return {
    user,
    organization,
    event: event!,
    ticket: ticket!,
    addon: addon!,
    order: order!,
    participant: participant!,
    entry: entry!,
  };
}

/** Every table and index that db/schema.ts declares, read from drizzle's own table configs. */
function declaredSchemaObjects() {
  const tables: string[] = [];
  const indexes: string[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    tables.push(getTableName(value));
    for (const index of getTableConfig(value).indexes) indexes.push(index.config.name);
  }
  return { tables: tables.sort(), indexes: indexes.sort() };
}

/**
 * Registers the suite proving that the schema and drizzle behave the same on a database: D1 in the Worker layer,
 * libSQL in the unit layer. `createDatabase` returns a migrated database with foreign keys enforced; tests share it and
 * never depend on each other's rows.
 */
export function defineSchemaSuite(driver: string, createDatabase: DatabaseFactory) {
  describe(`schema on ${driver}`, () => {
    let db: Database;

    beforeAll(async () => {
      db = await createDatabase();
    });

    it("stores a whole sale through drizzle and reads it back with its relations", async () => {
      const sale = await insertEventWithSale(db);

      const members = await db
        .select({ email: schema.users.email, role: schema.memberships.role })
        .from(schema.memberships)
        .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
        .where(eq(schema.memberships.organizationId, sale.organization.id));
      expect(members).toEqual([{ email: sale.user.email, role: "owner" }]);

      const tickets = await db.query.tickets.findMany({
        where: eq(schema.tickets.eventId, sale.event.id),
        orderBy: schema.tickets.id,
      });
      expect(tickets.map((t) => [t.title, t.ticketType, t.price, t.amount, t.purchased])).toEqual([
        ["Plein tarif", "ticket", 2500, 100, 0],
        ["Vestiaire", "addon", 200, -1, 0],
      ]);

      const [row] = await db
        .select({
          orderStatus: schema.orders.status,
          orderAmount: schema.orders.amount,
          ticketTitle: schema.participants.ticketTitle,
          isIn: schema.entries.isIn,
        })
        .from(schema.participants)
        .innerJoin(schema.orders, eq(schema.orders.id, schema.participants.orderId))
        .innerJoin(schema.entries, eq(schema.entries.participantId, schema.participants.id))
        .where(eq(schema.participants.eventId, sale.event.id));
      expect(row).toEqual({ orderStatus: "paid", orderAmount: 2700, ticketTitle: "Plein tarif", isIn: true });

      // Column defaults come back typed.
      expect(sale.event).toMatchObject({
        status: "published",
        theme: "light",
        visibility: "public",
        eventCapacity: -1,
      });
      expect(sale.organization.payoutFrequency).toBe("manual");
      expect(sale.user.isAdmin).toBe(false);
    });

    it("rejects a second user with the same email", async () => {
      const user = await insertUser(db);
      const failure = await failureOf(db.insert(schema.users).values({ email: user.email }));
      expect(failure).toMatch(/UNIQUE constraint failed: users\.email/);
    });

    it("rejects a second organization whose title differs only by case", async () => {
      const organization = await insertOrganization(db);
      const sameKey = organization.title.toUpperCase();
      const failure = await failureOf(
        db.insert(schema.organizations).values({ title: sameKey, titleKey: sameKey.toLowerCase() }),
      );
      expect(failure).toMatch(/UNIQUE constraint failed: organizations\.title_key/);
    });

    it("rejects a second membership of the same user in the same organization", async () => {
      const sale = await insertEventWithSale(db);
      const failure = await failureOf(
        db
          .insert(schema.memberships)
          .values({ organizationId: sale.organization.id, userId: sale.user.id, role: "admin" }),
      );
      expect(failure).toMatch(/UNIQUE constraint failed: memberships\.organization_id, memberships\.user_id/);
    });

    it("rejects a duplicate promo code within an event but accepts it on another event", async () => {
      const first = await insertEventWithSale(db);
      const second = await insertEventWithSale(db);
      const code = { code: "EARLY20", discountType: "percent" as const, discountValue: 2000 };
      await db
        .insert(schema.promoCodes)
        .values({ ...code, organizationId: first.organization.id, eventId: first.event.id });
      await db
        .insert(schema.promoCodes)
        .values({ ...code, organizationId: second.organization.id, eventId: second.event.id });
      const failure = await failureOf(
        db
          .insert(schema.promoCodes)
          .values({ ...code, organizationId: first.organization.id, eventId: first.event.id }),
      );
      expect(failure).toMatch(/UNIQUE constraint failed: promo_codes\.event_id, promo_codes\.code/);
    });

    it("enforces foreign keys", async () => {
      const user = await insertUser(db);
      const failure = await failureOf(
        db.insert(schema.memberships).values({ organizationId: 987_654_321, userId: user.id, role: "admin" }),
      );
      expect(failure).toMatch(/FOREIGN KEY constraint failed/);

      const memberships = await db.select().from(schema.memberships).where(eq(schema.memberships.userId, user.id));
      expect(memberships).toEqual([]);
    });

    it("deleting an organization removes its events, tickets, orders, participants and entries", async () => {
      const doomed = await insertEventWithSale(db);
      const kept = await insertEventWithSale(db);

      const deleted = await db.delete(schema.organizations).where(eq(schema.organizations.id, doomed.organization.id));
      // D1 counts the cascaded rows in meta.changes (8 here), libSQL only the organization: never compare changedRows
      // to an exact number for a statement that cascades.
      expect(changedRows(deleted)).toBeGreaterThanOrEqual(1);
      expect(
        await db.select().from(schema.organizations).where(eq(schema.organizations.id, doomed.organization.id)),
      ).toEqual([]);

      const countFor = async (
        table:
          | typeof schema.events
          | typeof schema.tickets
          | typeof schema.orders
          | typeof schema.participants
          | typeof schema.entries
          | typeof schema.memberships,
        organizationId: number,
      ) => {
        const [result] = await db.select({ n: count() }).from(table).where(eq(table.organizationId, organizationId));
        return result!.n;
      };
      for (const table of [
        schema.events,
        schema.tickets,
        schema.orders,
        schema.participants,
        schema.entries,
        schema.memberships,
      ]) {
        expect(await countFor(table, doomed.organization.id), getTableName(table)).toBe(0);
        expect(await countFor(table, kept.organization.id), getTableName(table)).toBeGreaterThan(0);
      }
      // Users outlive the organizations they belonged to.
      const [user] = await db.select().from(schema.users).where(eq(schema.users.id, doomed.user.id));
      expect(user?.email).toBe(doomed.user.email);
    });

    it("a conditional capacity update changes no row once the ticket is full", async () => {
      const { ticket, addon } = await insertEventWithSale(db, 3);
      const reserve = (ticketId: number, quantity: number) =>
        db.run(
          sql`UPDATE tickets SET purchased = purchased + ${quantity} WHERE id = ${ticketId} AND (amount = -1 OR purchased + ${quantity} <= amount)`,
        );

      expect(changedRows(await reserve(ticket.id, 2))).toBe(1);
      expect(changedRows(await reserve(ticket.id, 2))).toBe(0);
      expect(changedRows(await reserve(ticket.id, 1))).toBe(1);
      expect(changedRows(await reserve(ticket.id, 1))).toBe(0);
      // amount = -1 means unlimited.
      expect(changedRows(await reserve(addon.id, 500))).toBe(1);

      // The same rule written with drizzle's query builder.
      const builderReserve = (ticketId: number, quantity: number) =>
        db
          .update(schema.tickets)
          .set({ purchased: sql`${schema.tickets.purchased} + ${quantity}` })
          .where(
            and(
              eq(schema.tickets.id, ticketId),
              or(
                eq(schema.tickets.amount, -1),
                lte(sql`${schema.tickets.purchased} + ${quantity}`, schema.tickets.amount),
              ),
            ),
          );
      expect(changedRows(await builderReserve(ticket.id, 1))).toBe(0);
      expect(changedRows(await builderReserve(addon.id, 1))).toBe(1);

      const rows = await db
        .select({ id: schema.tickets.id, purchased: schema.tickets.purchased })
        .from(schema.tickets)
        .where(or(eq(schema.tickets.id, ticket.id), eq(schema.tickets.id, addon.id)))
        .orderBy(schema.tickets.id);
      expect(rows).toEqual([
        { id: ticket.id, purchased: 3 },
        { id: addon.id, purchased: 501 },
      ]);
    });

    it("a batch is atomic: a failing last statement leaves no row from the earlier ones", async () => {
      const existing = await insertUser(db);
      const organizationTitle = unique("Batch");
      const freshEmail = `${unique("batch")}@guichet.test`;

      const failure = await failureOf(
        db.batch([
          db
            .insert(schema.organizations)
            .values({ title: organizationTitle, titleKey: organizationTitle.toLowerCase() }),
          db.insert(schema.users).values({ email: freshEmail }),
          db.insert(schema.users).values({ email: existing.email }),
        ]),
      );
      expect(failure).toMatch(/UNIQUE constraint failed: users\.email/);

      expect(await db.select().from(schema.users).where(eq(schema.users.email, freshEmail))).toEqual([]);
      expect(
        await db.select().from(schema.organizations).where(eq(schema.organizations.title, organizationTitle)),
      ).toEqual([]);

      // And a batch that succeeds returns each statement's result in order.
      const [organizations, users] = await db.batch([
        db
          .insert(schema.organizations)
          .values({ title: organizationTitle, titleKey: organizationTitle.toLowerCase() })
          .returning(),
        db.insert(schema.users).values({ email: freshEmail }).returning(),
      ]);
      expect(organizations[0]?.title).toBe(organizationTitle);
      expect(users[0]?.email).toBe(freshEmail);
    });

    it("round-trips timestamps as Dates with millisecond precision and fills created_at", async () => {
      const before = Date.now();
      const organization = await insertOrganization(db);
      const startAt = new Date("2027-03-14T15:09:26.535Z");
      const [inserted] = await db
        .insert(schema.events)
        .values({ organizationId: organization.id, title: "Conférence", startAt })
        .returning({ id: schema.events.id });
      const [event] = await db.select().from(schema.events).where(eq(schema.events.id, inserted!.id));

      expect(event!.startAt).toBeInstanceOf(Date);
      expect(event!.startAt!.getTime()).toBe(startAt.getTime());
      expect(event!.endAt).toBeNull();
      expect(event!.createdAt).toBeInstanceOf(Date);
      // The SQL default stores epoch milliseconds, not seconds.
      expect(event!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
      expect(event!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);

      const [raw] = await db.all<{ start_at: number }>(sql`SELECT start_at FROM events WHERE id = ${inserted!.id}`);
      expect(raw!.start_at).toBe(startAt.getTime());
    });

    it("has every table and index that the schema declares", async () => {
      const declared = declaredSchemaObjects();
      expect(declared.indexes.length).toBeGreaterThan(40);

      const rows = await db.all<{ type: string; name: string }>(
        sql`SELECT type, name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%'`,
      );
      const tables = new Set(rows.filter((r) => r.type === "table").map((r) => r.name));
      const indexes = new Set(rows.filter((r) => r.type === "index").map((r) => r.name));

      expect(declared.tables.filter((name) => !tables.has(name))).toEqual([]);
      expect(declared.indexes.filter((name) => !indexes.has(name))).toEqual([]);
    });
  });
}
