import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PaymentsEnv } from "#adapters/payments";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrder,
  insertOrganization,
  insertUser,
} from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { chargeRow, refundRow } from "../payments/ledger";
import { getFinanceBalance } from "./balance";
import { payableFromLedger, readLedgerTotals, releasedNetSql } from "./payable";
import { runPayoutJob } from "./run-payouts";

// Decision 0034: an event whose money was paid out has its end moved back into the future (postponed, or a date
// fixed). What was paid out is not held again, the available balance does not go negative for it, a refund after the
// payout still shows as money owed, and no payout takes anything twice.

const DEMO_ENV: PaymentsEnv = { ENVIRONMENT: "test" };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Thursday 26 November 2026, 10:00 in Paris.
const NOW = Date.parse("2026-11-26T09:00:00Z");

let testDb: LibsqlTestDatabase;
let db: Database;
let references = 0;

beforeEach(async () => {
  testDb = await createLibsqlTestDatabase();
  db = testDb.db;
});
afterEach(() => testDb.close());

type Org = typeof schema.organizations.$inferSelect;
type Order = Awaited<ReturnType<typeof insertOrder>>["order"];

async function organization() {
  const org = await insertOrganization(db, {
    connectedAccountId: `acct_moved_${++references}`,
    isConnectedAccountValid: true,
    payoutFrequency: "daily",
  });
  const owner = await insertUser(db);
  await insertMember(db, org.id, owner.id, "owner");
  return { org, actor: actorOf(owner, org.id, "owner") };
}

async function event(org: Org, endsAt: number) {
  return insertEvent(db, org.id, {
    status: "published",
    startAt: new Date(endsAt - 3 * HOUR),
    endAt: new Date(endsAt),
  });
}

/** The event's dates move so that it ends at `endsAt` (what the editor saves). */
async function moveEnd(ev: { id: number }, endsAt: number) {
  await db
    .update(schema.events)
    .set({ startAt: new Date(endsAt - 3 * HOUR), endAt: new Date(endsAt) })
    .where(eq(schema.events.id, ev.id));
}

async function sell(ev: { id: number; organizationId: number }, amount: number, fees: number, paidAt = NOW - 10 * DAY) {
  const { order } = await insertOrder(db, ev, { status: "paid", amount, fees, createdAt: new Date(paidAt) });
  await chargeRow(db, order, { providerReference: `pi_moved_${++references}`, occurredAt: paidAt });
  return order;
}

async function refund(order: Order, occurredAt: number) {
  await refundRow(db, order as Order & { eventId: number }, {
    providerReference: `re_moved_${++references}`,
    amount: order.amount,
    feeRefunded: order.fees,
    occurredAt,
  });
}

const payoutAmounts = async (org: Org) =>
  (
    await db
      .select({ amount: schema.payouts.amount })
      .from(schema.payouts)
      .where(eq(schema.payouts.organizationId, org.id))
      .orderBy(schema.payouts.id)
  ).map((p) => p.amount);

/** The pure rule and its SQL twin (the payout insert's guard) must say the same thing. */
async function released(org: Org, now: number) {
  const plan = payableFromLedger(await readLedgerTotals(db, org.id), now);
  const [twin] = await db.all<{ released: number }>(sql`select ${releasedNetSql(org.id, now)} as released`);
  expect(Number(twin?.released)).toBe(plan.released);
  return plan;
}

describe("the balance after a paid-out event's end moved back into the future", () => {
  it("neither holds the paid-out money again nor shows a negative available balance", async () => {
    const { org, actor } = await organization();
    const concert = await event(org, NOW - DAY);
    await sell(concert, 5000, 300);
    await runPayoutJob(db, DEMO_ENV, NOW);
    expect(await payoutAmounts(org)).toEqual([4700]);

    await moveEnd(concert, NOW + 30 * DAY);

    expect(await getFinanceBalance(db, actor, { now: NOW + HOUR })).toEqual({
      available: 0,
      held: 0,
      inTransit: 4700,
      pending: 4700,
    });
    expect(await released(org, NOW + HOUR)).toEqual({ released: 0, held: 0, payable: 0 });
  });

  it("holds only what the moved event earned since its payout, next to the other events' money", async () => {
    const { org, actor } = await organization();
    const concert = await event(org, NOW - DAY);
    const festival = await event(org, NOW + 10 * DAY);
    await sell(concert, 5000, 300);
    await sell(festival, 2000, 100);
    await runPayoutJob(db, DEMO_ENV, NOW);
    await moveEnd(concert, NOW + 30 * DAY);
    await sell(concert, 1200, 100, NOW + HOUR);

    const balance = await getFinanceBalance(db, actor, { now: NOW + 2 * HOUR });
    expect(balance).toMatchObject({ available: 0, held: 1900 + 1100 });
    expect((await released(org, NOW + 2 * HOUR)).held).toBe(3000);
  });

  it("still shows a refund made after the payout as money owed", async () => {
    const { org, actor } = await organization();
    const concert = await event(org, NOW - DAY);
    await sell(concert, 3000, 0);
    const refunded = await sell(concert, 2000, 0);
    await runPayoutJob(db, DEMO_ENV, NOW);
    expect(await payoutAmounts(org)).toEqual([5000]);

    // The concert is postponed, and a buyer who cannot come is refunded.
    await moveEnd(concert, NOW + 30 * DAY);
    await refund(refunded, NOW + HOUR);

    expect(await getFinanceBalance(db, actor, { now: NOW + 2 * HOUR })).toMatchObject({ available: -2000, held: 0 });
    expect(await released(org, NOW + 2 * HOUR)).toEqual({ released: -2000, held: 0, payable: 0 });
  });

  it("still shows a refund after the payout of an event that did not move as money owed, beside held money", async () => {
    const { org, actor } = await organization();
    const concert = await event(org, NOW - DAY);
    const festival = await event(org, NOW + 10 * DAY);
    const refunded = await sell(concert, 3000, 0);
    await sell(festival, 1000, 0);
    await runPayoutJob(db, DEMO_ENV, NOW);
    await refund(refunded, NOW + HOUR);

    expect(await getFinanceBalance(db, actor, { now: NOW + 2 * HOUR })).toMatchObject({ available: -3000, held: 1000 });
    expect((await released(org, NOW + 2 * HOUR)).released).toBe(-3000);
  });

  it("pays later released sales once, and nothing of the moved event's money again, even once it has ended", async () => {
    const { org } = await organization();
    const concert = await event(org, NOW - DAY);
    await sell(concert, 5000, 300);
    await runPayoutJob(db, DEMO_ENV, NOW);
    await moveEnd(concert, NOW + 5 * DAY);

    // The next day: nothing new to pay.
    expect((await runPayoutJob(db, DEMO_ENV, NOW + DAY)).created).toBe(0);
    // A workshop sells and ends: its money, and only its money, is paid.
    const workshop = await event(org, NOW + DAY + HOUR);
    await sell(workshop, 1500, 100, NOW + DAY);
    await runPayoutJob(db, DEMO_ENV, NOW + 2 * DAY);
    expect(await payoutAmounts(org)).toEqual([4700, 1400]);
    // The concert ends at its new date: its money was paid already.
    await runPayoutJob(db, DEMO_ENV, NOW + 6 * DAY);
    expect(await payoutAmounts(org)).toEqual([4700, 1400]);
    expect(await released(org, NOW + 6 * DAY)).toEqual({ released: 0, held: 0, payable: 0 });
  });

  it("lets the payout insert's guard refuse more than is available after the move", async () => {
    const { org } = await organization();
    const concert = await event(org, NOW - DAY);
    await sell(concert, 5000, 300);
    await runPayoutJob(db, DEMO_ENV, NOW);
    await moveEnd(concert, NOW + 5 * DAY);
    const workshop = await event(org, NOW);
    await sell(workshop, 1500, 100, NOW - HOUR);

    const guard = async (amount: number) => {
      const [row] = await db.all<{ ok: number }>(
        sql`select ${releasedNetSql(org.id, NOW + HOUR)} >= ${sql.raw(String(amount))} as ok`,
      );
      return Boolean(Number(row?.ok));
    };
    expect(await guard(1400)).toBe(true);
    expect(await guard(1401)).toBe(false);
    const ledger = await db
      .select({ net: schema.transactions.net })
      .from(schema.transactions)
      .where(and(eq(schema.transactions.organizationId, org.id), eq(schema.transactions.type, "payout")));
    expect(ledger.map((row) => row.net)).toEqual([-4700]);
  });
});

describe("payableFromLedger and releasedNetSql", () => {
  it("are one rule: the same available amount on varied ledgers (seeded, deterministic)", async () => {
    let seed = 34;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor(seed / 65_536) % n;
    };
    for (let ledger = 0; ledger < 12; ledger++) {
      const { org } = await organization();
      const ends = [NOW - DAY, NOW + DAY, NOW + 30 * DAY, null];
      const evs = [];
      for (let i = 0; i < 3; i++) {
        const end = ends[random(ends.length)]!;
        evs.push(
          await insertEvent(db, org.id, {
            startAt: end === null ? null : new Date(end - HOUR),
            endAt: end === null ? null : new Date(end),
          }),
        );
      }
      for (let row = 0; row < 14; row++) {
        const kind = random(10);
        const ev = random(4) === 3 ? null : evs[random(evs.length)]!;
        const amount = 100 * (1 + random(40));
        const base = { organizationId: org.id, occurredAt: new Date(NOW), description: "" };
        if (kind < 5)
          await db
            .insert(schema.transactions)
            .values({ ...base, eventId: ev?.id ?? null, type: "charge", amount, fee: 50, net: amount - 50 });
        else if (kind < 7)
          await db
            .insert(schema.transactions)
            .values({ ...base, eventId: ev?.id ?? null, type: "refund", amount: -amount, fee: 0, net: -amount });
        else
          await db.insert(schema.transactions).values({
            ...base,
            eventId: null,
            type: "payout",
            amount: kind === 9 ? amount : -amount,
            fee: 0,
            net: kind === 9 ? amount : -amount,
          });
      }
      for (const now of [NOW, NOW + 2 * DAY, NOW + 60 * DAY]) {
        const plan = await released(org, now);
        expect(plan.held).toBeGreaterThanOrEqual(0);
        expect(plan.payable).toBe(Math.max(0, plan.released));
      }
    }
  });
});
