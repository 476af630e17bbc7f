import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { verifyPassword } from "#domain/auth/password";
import { lineTax } from "#domain/billing/line-taxes";
import { checkVatNumber } from "#domain/billing/vat-number";
import { findLocalD1File } from "../../scripts/lib/local-d1";
import { demoLogins } from "../../scripts/lib/demo-logins";
import { USERS } from "../../scripts/lib/seed-catalog";
import { countRows, seedDatabase, type SeedResult } from "../../scripts/lib/seed-data";
import { startOfUtcDay } from "../../scripts/lib/seed-time";
import { formQuestion } from "../support/form-questions";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../support/libsql-test-db";

const now = startOfUtcDay(new Date());
const SLOW = 120_000;

async function orderFingerprint(t: LibsqlTestDatabase) {
  return t.db
    .select({
      id: schema.orders.id,
      eventId: schema.orders.eventId,
      status: schema.orders.status,
      amount: schema.orders.amount,
      fees: schema.orders.fees,
      email: schema.orders.email,
      createdAt: schema.orders.createdAt,
      accessToken: schema.orders.accessToken,
    })
    .from(schema.orders)
    .orderBy(asc(schema.orders.id));
}

/** Tickets whose purchased count differs from the participants of orders holding them. */
async function unbalancedTickets(t: LibsqlTestDatabase) {
  return t.db.all<{ id: number; purchased: number; held: number }>(sql`
    SELECT t.id, t.purchased, (SELECT count(*) FROM participants p JOIN orders o ON o.id = p.order_id
      WHERE p.ticket_id = t.id AND o.status IN ('paid', 'pending', 'manual')) AS held
    FROM tickets t WHERE t.purchased <> held`);
}

describe("demo data seeder", () => {
  let t: LibsqlTestDatabase;
  let result: SeedResult;

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    result = await seedDatabase(t.db, { now });
  }, SLOW);
  afterAll(() => t?.close());

  it("creates about 2,000 orders with their participants, entries and payouts", () => {
    expect(result.skipped).toBe(false);
    expect(result.counts.orders).toBeGreaterThan(1_800);
    expect(result.counts.orders).toBeLessThan(2_200);
    expect(result.counts.participants).toBeGreaterThan(result.counts.orders ?? 0);
    for (const table of [
      "entries",
      "form_answers",
      "transactions",
      "contact_entries",
      "webhook_endpoints",
      "audit_logs",
      "promo_code_tickets",
      "event_accesses",
    ]) {
      expect(result.counts[table], table).toBeGreaterThan(0);
    }
    expect(result.counts.payouts).toBeGreaterThanOrEqual(2);
    expect(result.counts.payouts).toBeLessThanOrEqual(4);
  });

  it(
    "creates every printed login, each signing in with its password",
    async () => {
      // The logins printed by `npm start` and `npm run seed` are exactly the seeded accounts.
      expect(demoLogins.map((login) => [login.email, login.password]).sort()).toEqual(
        USERS.map((user) => [user.email, user.password]).sort(),
      );
      for (const login of demoLogins) {
        const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, login.email));
        expect(user, login.email).toBeDefined();
        expect(await verifyPassword(login.password, user?.passwordHash ?? "")).toBe(true);
      }
      const [owner] = await t.db.select().from(schema.users).where(eq(schema.users.email, "owner@guichet.test"));
      expect(await verifyPassword("guichet-admin-2026", owner?.passwordHash ?? "")).toBe(false);
      const admins = await t.db
        .select({ email: schema.users.email })
        .from(schema.users)
        .where(eq(schema.users.isAdmin, true));
      expect(admins).toEqual([{ email: "admin@guichet.test" }]);
    },
    SLOW,
  );

  it("gives the first organization one member per role and the second its own owner", async () => {
    const organizations = await t.db.select().from(schema.organizations).orderBy(asc(schema.organizations.id));
    expect(organizations.map((o) => o.title)).toEqual(["Association Les Nuits Sonores", "Théâtre du Quai"]);
    expect(organizations[0]).toMatchObject({
      connectedAccountId: "acct_demo_lesnuits",
      isConnectedAccountValid: true,
      payoutFrequency: "weekly",
    });

    const members = await t.db
      .select({
        organizationId: schema.memberships.organizationId,
        role: schema.memberships.role,
        email: schema.users.email,
      })
      .from(schema.memberships)
      .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
      .orderBy(asc(schema.memberships.id));
    const first = members.filter((m) => m.organizationId === organizations[0]?.id);
    expect(first.filter((m) => m.role === "owner").map((m) => m.email)).toEqual(["owner@guichet.test"]);
    expect(first.filter((m) => m.role === "admin").map((m) => m.email)).toEqual(["admin-org@guichet.test"]);
    expect(first.filter((m) => m.role === "event_manager").map((m) => m.email)).toEqual(["manager@guichet.test"]);
    expect(
      first
        .filter((m) => m.role === "")
        .map((m) => m.email)
        .sort(),
    ).toEqual(["guest@guichet.test", "validator@guichet.test"]);
    const second = members.filter((m) => m.organizationId === organizations[1]?.id);
    expect(second.map((m) => [m.email, m.role]).sort()).toEqual([
      ["admin@guichet.test", "owner"],
      ["theatre@guichet.test", "owner"],
    ]);

    const accesses = await t.db
      .select({
        email: schema.eventAccesses.email,
        roles: schema.eventAccesses.roles,
        eventOrg: schema.events.organizationId,
      })
      .from(schema.eventAccesses)
      .innerJoin(schema.events, eq(schema.events.id, schema.eventAccesses.eventId));
    expect(accesses.map((a) => [a.email, a.roles]).sort()).toEqual([
      ["guest@guichet.test", "event_manager"],
      ["validator@guichet.test", "validator"],
    ]);
    expect(accesses.every((a) => a.eventOrg === organizations[0]?.id)).toBe(true);
  });

  it("covers draft, published (public, private, free, past) and archived events", async () => {
    const events = await t.db.select().from(schema.events).where(eq(schema.events.organizationId, 1));
    const statuses = new Set(events.map((e) => e.status));
    expect([...statuses].sort()).toEqual(["archived", "draft", "published"]);
    expect(events.length).toBeGreaterThanOrEqual(6);
    const published = events.filter((e) => e.status === "published");
    const ref = now.getTime();
    expect(published.some((e) => (e.endAt?.getTime() ?? 0) < ref - 9 * 86_400_000)).toBe(true);
    expect(published.some((e) => e.visibility === "private" && (e.startAt?.getTime() ?? 0) > ref)).toBe(true);
    const main = published.find(
      (e) => e.visibility === "public" && (e.startAt?.getTime() ?? 0) > ref && e.description.includes("<h2>"),
    );
    expect(main?.addressLabel).toContain("Lyon");
    expect(main?.addressLatitude).toBeGreaterThan(45_000_000);
    expect(main?.addressLongitude).toBeGreaterThan(4_000_000);
    expect(events.filter((e) => e.status === "draft").every((e) => e.accessToken?.length === 32)).toBe(true);
    expect(events.filter((e) => e.status !== "draft").every((e) => e.accessToken === null)).toBe(true);

    const tickets = await t.db.select().from(schema.tickets);
    const freeEvents = published.filter((e) => {
      const own = tickets.filter((ticket) => ticket.eventId === e.id);
      return own.length > 0 && own.every((ticket) => ticket.price === 0 && ticket.isFree);
    });
    expect(freeEvents.length).toBeGreaterThanOrEqual(1);
    for (const event of events.filter((e) => e.status !== "draft")) {
      const own = tickets.filter((ticket) => ticket.eventId === event.id);
      expect(own.filter((ticket) => ticket.ticketType === "ticket").length, event.title).toBeGreaterThanOrEqual(2);
      expect(own.filter((ticket) => ticket.ticketType === "ticket").length, event.title).toBeLessThanOrEqual(4);
      expect(own.filter((ticket) => ticket.ticketType === "addon").length, event.title).toBeGreaterThanOrEqual(1);
      expect(own.filter((ticket) => ticket.ticketType === "addon").length, event.title).toBeLessThanOrEqual(2);
    }
  });

  it("keeps tickets.purchased equal to the participants of orders that hold their tickets, within stock", async () => {
    const rows = await t.db.all<{ id: number; amount: number; purchased: number; held: number }>(sql`
      SELECT t.id, t.amount, t.purchased,
        (SELECT count(*) FROM participants p JOIN orders o ON o.id = p.order_id
          WHERE p.ticket_id = t.id AND o.status IN ('paid', 'pending', 'manual')) AS held
      FROM tickets t`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.purchased, `ticket ${row.id}`).toBe(row.held);
      if (row.amount !== -1) expect(row.purchased).toBeLessThanOrEqual(row.amount);
    }
    expect(rows.some((row) => row.amount !== -1 && row.purchased === row.amount)).toBe(true);
  });

  it("gives each organization its invoicing details and France's rates, and sells every line at 20 % VAT", async () => {
    const billing = await t.db.select().from(schema.organizationBilling);
    expect(billing).toHaveLength(2);
    for (const row of billing) expect(checkVatNumber(row.country, row.vatNumber).issue).toBeNull();
    const rates = await t.db.select().from(schema.taxRates);
    expect(rates.filter((rate) => rate.isDefault).map((rate) => rate.rate)).toEqual([2000, 2000]);
    const lines = await t.db.all<{ gross: number; tax_rate: number; net: number; vat: number }>(
      sql`SELECT unit_price * quantity - discount AS gross, tax_rate, net, vat FROM order_items`,
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.tax_rate).toBe(2000);
      expect(line.net + line.vat).toBe(line.gross);
      expect(line.vat).toBe(lineTax({ gross: line.gross, rate: 2000 }).vat);
    }
  });

  it("prices every order consistently: net = amount − fees, discounts only with a promo code", async () => {
    const orders = await t.db.all<{
      id: number;
      status: string;
      amount: number;
      fees: number;
      net_amount: number;
      promo_code_id: number | null;
      gross: number;
      checkout_time: number;
      paid_at: number | null;
      payable_until: number | null;
    }>(sql`
      SELECT o.id, o.status, o.amount, o.fees, o.net_amount, o.promo_code_id, o.checkout_time, o.paid_at, o.payable_until,
        (SELECT coalesce(sum(i.unit_price * i.quantity), 0) FROM order_items i WHERE i.order_id = o.id) AS gross
      FROM orders o`);
    const ref = now.getTime();
    const statuses = new Set<string>();
    for (const order of orders) {
      statuses.add(order.status);
      expect(order.amount - order.fees, `order ${order.id}`).toBe(order.net_amount);
      if (order.promo_code_id === null) expect(order.amount).toBe(order.gross);
      else expect(order.amount).toBeLessThan(order.gross);
      if (order.status === "manual") expect(order.checkout_time).toBe(0);
      else expect(order.checkout_time).toBeGreaterThan(0);
      if (order.status === "paid") expect(order.paid_at).not.toBeNull();
      if (order.status === "pending") expect(order.payable_until).toBeGreaterThan(ref + 86_400_000);
      if (order.status === "expired") expect(order.payable_until).toBeLessThan(ref);
      if (order.status === "paid" && order.amount > 0) expect(order.fees).toBe(Math.round(order.amount * 0.015) + 25);
      if (order.amount === 0) expect(order.fees).toBe(0);
    }
    expect([...statuses].sort()).toEqual(["cancelled", "expired", "manual", "paid", "pending"]);
    expect(orders.filter((o) => o.status === "paid").length / orders.length).toBeGreaterThan(0.8);

    const orderTimes = await t.db.select({ createdAt: schema.orders.createdAt }).from(schema.orders);
    for (const { createdAt } of orderTimes) {
      expect(createdAt.getTime()).toBeLessThan(ref);
      expect(createdAt.getTime()).toBeGreaterThanOrEqual(ref - 30 * 86_400_000);
    }
  });

  it("counts promo code uses and limits codes to their tickets", async () => {
    const promos = await t.db.all<{
      id: number;
      use_count: number;
      max_uses: number;
      applies_to_all_tickets: number;
      used: number;
      outside: number;
    }>(sql`
      SELECT pc.id, pc.use_count, pc.max_uses, pc.applies_to_all_tickets,
        (SELECT count(*) FROM orders o WHERE o.promo_code_id = pc.id AND o.status IN ('paid', 'manual')) AS used,
        (SELECT count(*) FROM participants p JOIN orders o ON o.id = p.order_id
          WHERE o.promo_code_id = pc.id AND p.promo_code_key IS NOT NULL
            AND pc.applies_to_all_tickets = 0
            AND p.ticket_id NOT IN (SELECT ticket_id FROM promo_code_tickets WHERE promo_code_id = pc.id)) AS outside
      FROM promo_codes pc`);
    expect(promos.some((p) => p.applies_to_all_tickets === 0)).toBe(true);
    for (const promo of promos) {
      expect(promo.use_count, `promo ${promo.id}`).toBe(promo.used);
      if (promo.max_uses !== -1) expect(promo.use_count).toBeLessThanOrEqual(promo.max_uses);
      expect(promo.outside).toBe(0);
    }
  });

  it("stores participants with search text, unique access tokens and the order's tenant", async () => {
    const participants = await t.db.select().from(schema.participants);
    const tokens = new Set(participants.map((p) => p.accessToken));
    expect(tokens.size).toBe(participants.length);
    const orders = new Map((await t.db.select().from(schema.orders)).map((o) => [o.id, o]));
    const events = new Map((await t.db.select().from(schema.events)).map((e) => [e.id, e]));
    for (const participant of participants.slice(0, 500)) {
      expect(participant.accessToken).toMatch(/^[0-9a-f]{32}$/);
      expect(participant.searchText).toBe(
        participant.searchText
          .normalize("NFD")
          .replace(/\p{Diacritic}/gu, "")
          .toLowerCase(),
      );
      expect(participant.searchText).toContain(participant.email);
      const order = orders.get(participant.orderId);
      expect(order?.eventId).toBe(participant.eventId);
      expect(order?.organizationId).toBe(participant.organizationId);
      expect(events.get(participant.eventId)?.organizationId).toBe(participant.organizationId);
    }
  });

  it("records check-ins only for the past event, consistent with each participant's state", async () => {
    const rows = await t.db.all<{
      event_id: number;
      participant_id: number;
      is_in: number;
      last_validation_at: number | null;
      last_in: number;
      last_at: number;
    }>(sql`
      SELECT e.event_id, e.participant_id, p.is_in, p.last_validation_at,
        (SELECT e2.is_in FROM entries e2 WHERE e2.participant_id = e.participant_id ORDER BY e2.validated_at DESC, e2.id DESC LIMIT 1) AS last_in,
        (SELECT max(e2.validated_at) FROM entries e2 WHERE e2.participant_id = e.participant_id) AS last_at
      FROM entries e JOIN participants p ON p.id = e.participant_id`);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(1);
    for (const row of rows) {
      expect(row.is_in).toBe(row.last_in);
      expect(row.last_validation_at).toBe(row.last_at);
    }
    expect(rows.some((r) => r.is_in === 0)).toBe(true);
    const [unscanned] = await t.db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM participants p WHERE (p.is_in = 1 OR p.last_validation_at IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.participant_id = p.id)`);
    expect(unscanned?.n).toBe(0);
  });

  it("books a charge per paid order and pays out exactly the charges each payout swept", async () => {
    const [missing] = await t.db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM orders o WHERE o.status = 'paid' AND o.amount > 0 AND NOT EXISTS (
        SELECT 1 FROM transactions tr WHERE tr.order_id = o.id AND tr.type = 'charge'
          AND tr.amount = o.amount AND tr.fee = o.fees AND tr.net = o.net_amount AND tr.occurred_at = o.paid_at)`);
    expect(missing?.n).toBe(0);
    const [unpaidCharges] = await t.db.all<{ n: number }>(sql`
      SELECT count(*) AS n FROM transactions tr JOIN orders o ON o.id = tr.order_id WHERE tr.type = 'charge' AND o.status <> 'paid'`);
    expect(unpaidCharges?.n).toBe(0);
    const payouts = await t.db.all<{
      id: number;
      status: string;
      amount: number;
      swept: number;
      organization_id: number;
    }>(sql`
      SELECT p.id, p.status, p.amount, p.organization_id,
        (SELECT sum(tr.net) FROM transactions tr WHERE tr.payout_id = p.id AND tr.type = 'charge') AS swept
      FROM payouts p ORDER BY p.id`);
    expect(new Set(payouts.map((p) => p.status))).toEqual(new Set(["paid", "pending"]));
    for (const payout of payouts) {
      expect(payout.amount).toBe(payout.swept);
      expect(payout.organization_id).toBe(1);
    }
  });

  it("stores order forms in the spec's question shape, the default question first", async () => {
    const forms = await t.db.select().from(schema.participationForms);
    expect(new Set(forms.map((f) => f.formType))).toEqual(new Set(["before", "before-tickets"]));
    for (const form of forms) {
      const questions = JSON.parse(form.questions) as Record<string, unknown>[];
      if (form.formType === "before-tickets") {
        expect(questions[0]).toEqual(formQuestion("default", { title: "Nom, prénom, email", mandatory: true }));
      }
      for (const question of questions.filter((q) => q.id !== "default")) {
        expect(question.id).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(Object.keys(question).sort()).toEqual([
          "allow_target",
          "description",
          "id",
          "mandatory",
          "options",
          "ticket_target",
          "title",
          "type",
        ]);
        expect(question.allow_target).toBe(false);
      }
    }
    const answers = await t.db.select().from(schema.formAnswers).limit(200);
    for (const answer of answers) expect(() => JSON.parse(answer.value)).not.toThrow();
  });

  it("leaves a seeded database alone with ifEmpty, and refuses to seed over data without reset", async () => {
    const before = await countRows(t.db);
    const skipped = await seedDatabase(t.db, { now, ifEmpty: true });
    expect(skipped.skipped).toBe(true);
    expect(await countRows(t.db)).toEqual(before);
    await expect(seedDatabase(t.db, { now })).rejects.toThrow(/--reset/);
    expect(await countRows(t.db)).toEqual(before);
  });

  it(
    "builds the same rows on a fresh database, and again after a reset",
    async () => {
      const expected = await orderFingerprint(t);
      const other = await createLibsqlTestDatabase();
      try {
        const again = await seedDatabase(other.db, { now });
        expect(again.counts).toEqual(result.counts);
        expect(await orderFingerprint(other)).toEqual(expected);

        const reset = await seedDatabase(other.db, { now, reset: true, rowsPerInsert: 97 });
        expect(reset.counts).toEqual(result.counts);
        expect(await orderFingerprint(other)).toEqual(expected);
      } finally {
        other.close();
      }
    },
    SLOW,
  );

  it(
    "adds a Grand Festival with exactly the requested participants without changing the regular demo",
    async () => {
      const expected = await orderFingerprint(t);
      const fresh = await createLibsqlTestDatabase();
      const appended = await createLibsqlTestDatabase();
      try {
        const seeded = await seedDatabase(fresh.db, { now, participants: 1_234 });
        const [festival] = await fresh.db.select().from(schema.events).where(eq(schema.events.title, "Grand Festival"));
        expect(festival).toMatchObject({ status: "published", organizationId: 1 });
        const [row] = await fresh.db.all<{ n: number }>(
          sql`SELECT count(*) AS n FROM participants WHERE event_id = ${festival?.id}`,
        );
        expect(row?.n).toBe(1_234);
        expect(seeded.counts.participants).toBe((result.counts.participants ?? 0) + 1_234);
        const orders = await orderFingerprint(fresh);
        expect(orders.slice(0, expected.length)).toEqual(expected);
        expect(orders.slice(expected.length).every((o) => o.eventId === festival?.id)).toBe(true);
        expect(await unbalancedTickets(fresh)).toEqual([]);

        // On an already seeded demo, --participants alone appends the same event with the same orders.
        await seedDatabase(appended.db, { now });
        const added = await seedDatabase(appended.db, { now, participants: 1_234 });
        expect(added.counts.participants).toBe(seeded.counts.participants);
        expect(await orderFingerprint(appended)).toEqual(orders);
        expect(await unbalancedTickets(appended)).toEqual([]);
        await expect(seedDatabase(appended.db, { now, participants: 1_234 })).rejects.toThrow(/--reset/);
      } finally {
        fresh.close();
        appended.close();
      }
    },
    SLOW,
  );
});

describe("findLocalD1File", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "guichet-d1-"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("picks the most recently written database file and ignores miniflare's metadata", () => {
    const directory = join(root, "v3", "d1", "miniflare-D1DatabaseObject");
    mkdirSync(directory, { recursive: true });
    for (const name of ["metadata.sqlite", "aaaa.sqlite", "bbbb.sqlite", "bbbb.sqlite-wal"])
      writeFileSync(join(directory, name), "");
    utimesSync(join(directory, "metadata.sqlite"), new Date("2030-01-01"), new Date("2030-01-01"));
    utimesSync(join(directory, "aaaa.sqlite"), new Date("2026-01-02"), new Date("2026-01-02"));
    utimesSync(join(directory, "bbbb.sqlite"), new Date("2026-01-01"), new Date("2026-01-01"));
    utimesSync(join(directory, "bbbb.sqlite-wal"), new Date("2026-01-03"), new Date("2026-01-03"));
    expect(findLocalD1File(root)).toBe(join(directory, "bbbb.sqlite"));
  });

  it("says how to create the local database when there is none", () => {
    expect(() => findLocalD1File(join(root, "missing"))).toThrow("npx wrangler d1 migrations apply DB --local");
  });
});
