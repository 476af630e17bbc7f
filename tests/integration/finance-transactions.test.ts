import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { resolveFinancePeriod } from "#domain/finance/finance-period";
import { chargeRow, refundRow } from "#domain/payments/ledger";
import { apiClient } from "./api-client";
import { insertEventsWorld, insertOrder, type User } from "../support/fixtures";

// The finance API against D1 through the real Worker: the ledger's page, filters and totals (one D1 batch), the CSV
// export's headers, BOM and rows, and who gets 404.
const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);
const now = Date.now();
const month = resolveFinancePeriod({ period: "month" }, { now });
// Inside the current Paris month whatever the day: its first instant plus a few hours.
const inMonth = (hours: number) => month.from! + hours * 3_600_000;

async function download(path: string, as = "owner") {
  const response = await exports.default.fetch(`http://localhost/api${path}`, {
    headers: { Authorization: `Bearer ${tokens[as]}` },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users) as [string, User][]) {
    tokens[key] = (await createSession(db, user.id)).token;
  }
  const first = await insertOrder(db, world.event, { status: "paid", amount: 4000, fees: 200 });
  const second = await insertOrder(db, world.event, { status: "paid", amount: 2500, fees: 125 });
  const foreign = await insertOrder(db, world.foreignEvent, { status: "paid", amount: 9900, fees: 1 });
  await db.batch([
    chargeRow(db, first.order, { providerReference: "pi_ft_1", occurredAt: inMonth(1), description: "=1+1" }),
    chargeRow(db, second.order, { providerReference: "pi_ft_2", occurredAt: inMonth(2) }),
    refundRow(db, first.order, {
      providerReference: "re_ft_1",
      amount: 4000,
      feeRefunded: 200,
      occurredAt: inMonth(3),
    }),
    chargeRow(db, foreign.order, { providerReference: "pi_ft_3", occurredAt: inMonth(1) }),
    // Before the month: only in "all".
    chargeRow(
      db,
      { ...second.order, id: second.order.id, amount: 1000, fees: 50 },
      { providerReference: "pi_ft_old", occurredAt: month.from! - 86_400_000 },
    ),
  ]);
  const [payout] = await db
    .insert(schema.payouts)
    .values({
      organizationId: world.organization.id,
      bankAccountName: "BANQUE •••• 0001",
      amount: 2375,
      status: "pending",
      initiatedAt: new Date(inMonth(4)),
    })
    .returning();
  await db.insert(schema.transactions).values({
    organizationId: world.organization.id,
    payoutId: payout!.id,
    type: "payout",
    amount: -2375,
    fee: 0,
    net: -2375,
    providerReference: `payout:${payout!.id}`,
    occurredAt: new Date(inMonth(4)),
  });
});

describe("GET /api/organizers/:id/finance/transactions", () => {
  it("pages the organization's ledger with the period's totals", async () => {
    const id = world.organization.id;
    const { status, json } = await call(`/organizers/${id}/finance/transactions?period=month&page_size=2`);
    expect(status).toBe(200);
    expect(json.total).toBe(4);
    expect(json.page_size).toBe(2);
    expect(json.transactions).toHaveLength(2);
    expect(json.transactions[0]).toMatchObject({
      type: "payout",
      amount: -2375,
      event_id: null,
      payout_id: expect.any(Number),
    });
    expect(json.transactions[1]).toMatchObject({
      type: "refund",
      amount: -4000,
      fee: -200,
      net: -3800,
      event_id: world.event.id,
      event_title: "Concert de printemps",
    });
    expect(json.totals).toEqual({
      count: 4,
      gross: 6500,
      refunds: -4000,
      fees: 125,
      net: 2375,
      payouts: -2375,
      adjustments: 0,
    });
    expect(json.period).toEqual({ period: "month", from: month.fromDay, to: month.toDay });
    const all = await call(`/organizers/${id}/finance/transactions`);
    expect(all.json.totals).toMatchObject({ count: 5, gross: 7500 });
  });

  it("filters by type, event and order, and sorts", async () => {
    const id = world.organization.id;
    const fees = await call(`/organizers/${id}/finance/transactions?type=fee&period=month`);
    expect(fees.json.transactions.map((row: { type: string }) => row.type).sort()).toEqual([
      "charge",
      "charge",
      "refund",
    ]);
    const byEvent = await call(`/organizers/${id}/finance/transactions?event=${world.event.id}&sort=amount`);
    expect(byEvent.json.transactions.map((row: { amount: number }) => row.amount)).toEqual([-4000, 1000, 2500, 4000]);
    const orderId = byEvent.json.transactions[0].order_id;
    const byOrder = await call(`/organizers/${id}/finance/transactions?order=%23${orderId}`);
    expect(byOrder.json.transactions.map((row: { type: string }) => row.type).sort()).toEqual(["charge", "refund"]);
    const custom = await call(
      `/organizers/${id}/finance/transactions?period=custom&from=${month.fromDay}&to=${month.fromDay}`,
    );
    expect(custom.json.total).toBe(4);
  });

  it("refuses bad queries with 400", async () => {
    const id = world.organization.id;
    for (const query of [
      "type=gift",
      "period=week",
      "period=custom&from=2026-11-10&to=2026-11-01",
      "order=abc",
      "page_size=500",
    ]) {
      const { status } = await call(`/organizers/${id}/finance/transactions?${query}`);
      expect(status, query).toBe(400);
    }
  });

  it("answers 404 to event managers, the empty role and other organizations; admins may read", async () => {
    const id = world.organization.id;
    expect((await call(`/organizers/${id}/finance/transactions`, { as: "admin" })).status).toBe(200);
    for (const as of ["manager", "guestManager", "guestNone", "foreignOwner"]) {
      expect((await call(`/organizers/${id}/finance/transactions`, { as })).status, as).toBe(404);
      expect(
        (await download(`/organizers/${id}/finance/export?kind=transactions&period=all`, as)).response.status,
        as,
      ).toBe(404);
    }
    const theirs = await call(`/organizers/${world.foreignOrganization.id}/finance/transactions`, {
      as: "foreignOwner",
    });
    expect(theirs.json.transactions.map((row: { amount: number }) => row.amount)).toEqual([9900]);
  });
});

describe("GET /api/organizers/:id/finance/export", () => {
  it("streams the month's transactions as a CSV file with a BOM, named after the organization and the period", async () => {
    const { response, bytes, text } = await download(
      `/organizers/${world.organization.id}/finance/export?kind=transactions&period=month`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const slug = world.organization.title.toLowerCase().replace(/[^a-z0-9-]/g, "");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="guichet-${slug}-transactions-${month.label}.csv"`,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,date,date_utc,type,event_id,event,order_id,payout_id,description,amount,fee,net,amount_excl_vat,vat",
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(",charge,");
    expect(lines[1]).toContain(",'=1+1,40.00,2.00,38.00");
    const net = lines.slice(1).reduce((sum, line) => sum + Math.round(Number(line.split(",")[11]) * 100), 0);
    expect(net).toBe(2375 - 2375);
  });

  it("exports payouts and refuses an unknown kind or a broken custom range", async () => {
    const id = world.organization.id;
    const { response, text } = await download(`/organizers/${id}/finance/export?kind=payouts&period=year`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/-payouts-\d{4}\.csv"$/);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,,BANQUE •••• 0001,23\.75,pending,/);
    expect((await download(`/organizers/${id}/finance/export?kind=orders&period=all`)).response.status).toBe(400);
    expect(
      (await download(`/organizers/${id}/finance/export?kind=payouts&period=custom&from=2026-01-01`)).response.status,
    ).toBe(400);
  });
});
