import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import { payouts, transactions, type TransactionType } from "#db/schema";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrder,
  insertOrganization,
  insertUser,
} from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { AppError } from "../shared/app-error";
import { csvStream } from "../shared/csv";
import { exportFinance, organizationFileSlug } from "./export-finance";
import { resolveFinancePeriod } from "./finance-period";
import {
  getTransactionTotals,
  hasTransactions,
  listTransactionEvents,
  listTransactions,
  type TransactionFilters,
} from "./list-transactions";
import { getNetSales, mondayOf, netSalesBuckets, netSalesGranularity } from "./transaction-net-sales";

const at = (iso: string) => new Date(iso).getTime();

/** The stream's text with its BOM kept (Response.text() drops it). */
async function csvText(csv: Awaited<ReturnType<typeof exportFinance>>): Promise<string> {
  const bytes = await new Response(csvStream(csv.header, csv.nextPage)).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

describe("resolveFinancePeriod (Europe/Paris)", () => {
  it("takes the month of Paris's calendar, not UTC's, at a month end", () => {
    // 30 November 23:30 UTC is already 1 December in Paris.
    const range = resolveFinancePeriod({ period: "month" }, { now: at("2026-11-30T23:30:00Z") });
    expect(range).toEqual({
      period: "month",
      from: at("2026-11-30T23:00:00Z"),
      to: at("2026-12-31T23:00:00Z"),
      fromDay: "2026-12-01",
      toDay: "2026-12-31",
      label: "2026-12",
    });
    const november = resolveFinancePeriod({ period: "month" }, { now: at("2026-11-30T22:59:59Z") });
    expect(november.label).toBe("2026-11");
    expect(november.to).toBe(at("2026-11-30T23:00:00Z"));
  });

  it("follows daylight saving: October starts at UTC+2 and ends at UTC+1", () => {
    const range = resolveFinancePeriod({ period: "month" }, { now: at("2026-10-15T12:00:00Z") });
    expect(range.from).toBe(at("2026-09-30T22:00:00Z"));
    expect(range.to).toBe(at("2026-10-31T23:00:00Z"));
  });

  it("cuts quarters on 1 January, April, July and October in Paris", () => {
    // 31 March 22:30 UTC is 1 April 00:30 in Paris (summer time): the second quarter.
    const q2 = resolveFinancePeriod({ period: "quarter" }, { now: at("2026-03-31T22:30:00Z") });
    expect(q2).toMatchObject({ fromDay: "2026-04-01", toDay: "2026-06-30", label: "2026-q2" });
    expect(q2.from).toBe(at("2026-03-31T22:00:00Z"));
    expect(q2.to).toBe(at("2026-06-30T22:00:00Z"));
    const q1 = resolveFinancePeriod({ period: "quarter" }, { now: at("2026-03-31T21:59:00Z") });
    expect(q1).toMatchObject({ fromDay: "2026-01-01", toDay: "2026-03-31", label: "2026-q1" });
    expect(q1.from).toBe(at("2025-12-31T23:00:00Z"));
    const q4 = resolveFinancePeriod({ period: "quarter" }, { now: at("2026-11-26T08:00:00Z") });
    expect(q4).toMatchObject({ fromDay: "2026-10-01", toDay: "2026-12-31", label: "2026-q4" });
  });

  it("gives the year, all time and a custom range with its last day included", () => {
    const year = resolveFinancePeriod({ period: "year" }, { now: at("2026-12-31T23:30:00Z") });
    expect(year).toMatchObject({ label: "2027", fromDay: "2027-01-01", toDay: "2027-12-31" });
    expect(resolveFinancePeriod({ period: "all" })).toEqual({
      period: "all",
      from: null,
      to: null,
      fromDay: null,
      toDay: null,
      label: "all",
    });
    const custom = resolveFinancePeriod({ period: "custom", from: "2026-11-01", to: "2026-11-15" });
    expect(custom).toMatchObject({ label: "2026-11-01_2026-11-15", from: at("2026-10-31T23:00:00Z") });
    expect(custom.to).toBe(at("2026-11-15T23:00:00Z"));
  });

  it("refuses a custom range without both days, with the end before the start, or that does not exist", () => {
    for (const input of [
      { from: "", to: "2026-11-15" },
      { from: "2026-11-01", to: undefined },
      { from: "2026-11-16", to: "2026-11-15" },
      { from: "2026-02-30", to: "2026-03-02" },
      { from: "2000-01-01", to: "2026-01-01" },
    ]) {
      const error = (() => {
        try {
          resolveFinancePeriod({ period: "custom", ...input });
        } catch (caught) {
          return caught;
        }
      })();
      expect(error, JSON.stringify(input)).toBeInstanceOf(AppError);
      expect((error as AppError).messageKey).toBe("finance:errors.custom-range");
    }
  });
});

describe("net sales buckets", () => {
  it("picks days up to 62 days, weeks up to a year, then months", () => {
    expect(netSalesGranularity("2026-11-01", "2026-11-30")).toBe("day");
    expect(netSalesGranularity("2026-10-01", "2026-12-01")).toBe("day");
    expect(netSalesGranularity("2026-10-01", "2026-12-31")).toBe("week");
    expect(netSalesGranularity("2026-01-01", "2026-12-31")).toBe("week");
    expect(netSalesGranularity("2025-01-01", "2026-12-31")).toBe("month");
  });

  it("starts weeks on Monday and months on the 1st", () => {
    expect(mondayOf("2026-11-26")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
    expect(netSalesBuckets("2026-10-01", "2026-10-20", "week").map((b) => b.bucket)).toEqual([
      "2026-09-28",
      "2026-10-05",
      "2026-10-12",
      "2026-10-19",
    ]);
    expect(netSalesBuckets("2025-11-15", "2026-02-01", "month").map((b) => b.bucket)).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
  });
});

describe("the ledger", () => {
  let t: LibsqlTestDatabase;
  let db: Database;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
    db = t.db;
  });
  afterEach(() => t.close());

  async function world() {
    const organization = await insertOrganization(db, { title: "Les Nuits d'Été" });
    const other = await insertOrganization(db);
    const [owner, admin, manager, guest, stranger] = await Promise.all(
      ["owner", "admin", "manager", "guest", "stranger"].map((label) =>
        insertUser(db, { email: `${label}-${Math.random().toString(36).slice(2)}@guichet.test` }),
      ),
    );
    await insertMember(db, organization.id, owner!.id, "owner");
    await insertMember(db, organization.id, admin!.id, "admin");
    await insertMember(db, organization.id, manager!.id, "event_manager");
    await insertMember(db, organization.id, guest!.id, "");
    await insertMember(db, other.id, stranger!.id, "owner");
    const concert = await insertEvent(db, organization.id, { title: "Concert", startAt: new Date(at("2026-12-01")) });
    const theatre = await insertEvent(db, organization.id, { title: "Théâtre", startAt: new Date(at("2026-11-01")) });
    const otherEvent = await insertEvent(db, other.id, { title: "Ailleurs" });
    let reference = 0;
    const row = async (values: {
      organizationId?: number;
      eventId?: number | null;
      orderId?: number | null;
      type: TransactionType;
      amount: number;
      fee?: number;
      occurredAt: string;
      description?: string;
      payoutId?: number | null;
    }) => {
      const fee = values.fee ?? 0;
      const [inserted] = await db
        .insert(transactions)
        .values({
          organizationId: values.organizationId ?? organization.id,
          eventId: values.eventId ?? null,
          orderId: values.orderId ?? null,
          payoutId: values.payoutId ?? null,
          type: values.type,
          amount: values.amount,
          fee,
          net: values.amount - fee,
          providerReference: `ref-${reference++}`,
          description: values.description ?? "",
          occurredAt: new Date(values.occurredAt),
        })
        .returning();
      return inserted!;
    };
    // Orders are referenced by id only in the ledger: null keeps the fixtures small, except where the search needs one.
    const [payout] = await db
      .insert(payouts)
      .values({
        organizationId: organization.id,
        bankAccountName: '=HYPERLINK("x")',
        amount: 5000,
        status: "pending",
        initiatedAt: new Date(at("2026-11-20T05:00:00Z")),
        estimatedAt: new Date(at("2026-11-22T05:00:00Z")),
      })
      .returning();
    const rows = {
      // 31 October 23:30 UTC: 1 November 00:30 in Paris.
      c1: await row({
        eventId: concert.id,
        type: "charge",
        amount: 3000,
        fee: 150,
        occurredAt: "2026-10-31T23:30:00Z",
      }),
      c2: await row({
        eventId: concert.id,
        type: "charge",
        amount: 5000,
        fee: 250,
        occurredAt: "2026-11-03T10:00:00Z",
      }),
      c3: await row({
        eventId: theatre.id,
        type: "charge",
        amount: 2000,
        fee: 100,
        occurredAt: "2026-11-03T18:00:00Z",
      }),
      r1: await row({
        eventId: concert.id,
        type: "refund",
        amount: -5000,
        fee: -250,
        occurredAt: "2026-11-05T09:00:00Z",
      }),
      p1: await row({ type: "payout", amount: -5000, occurredAt: "2026-11-20T05:00:00Z", payoutId: payout!.id }),
      // 31 October 22:30 UTC: still 31 October in Paris (UTC+1 since the 25th).
      before: await row({
        eventId: theatre.id,
        type: "charge",
        amount: 1000,
        fee: 50,
        occurredAt: "2026-10-31T22:30:00Z",
      }),
      foreign: await row({
        organizationId: other.id,
        eventId: otherEvent.id,
        type: "charge",
        amount: 9999,
        fee: 1,
        occurredAt: "2026-11-10T10:00:00Z",
      }),
    };
    return {
      organization,
      other,
      concert,
      theatre,
      payout: payout!,
      rows,
      owner: actorOf(owner!, organization.id, "owner"),
      admin: actorOf(admin!, organization.id, "admin"),
      manager: actorOf(manager!, organization.id, "event_manager"),
      guest: actorOf(guest!, organization.id, ""),
      stranger: actorOf(stranger!, other.id, "owner"),
      strangerHere: actorOf(stranger!, organization.id, null),
    };
  }

  const november = resolveFinancePeriod({ period: "month" }, { now: at("2026-11-26T08:00:00Z") });
  const page = (filters: TransactionFilters & { sort?: { id: "occurred_at" | "amount" | "net"; desc: boolean } }) => ({
    offset: 0,
    limit: 50,
    sort: null,
    ...filters,
  });

  it("lists the period's rows of the organization only, newest first, with their event", async () => {
    const w = await world();
    const result = await listTransactions(db, w.owner, page({ from: november.from, to: november.to }));
    expect(result.rows.map((row) => row.id)).toEqual([
      w.rows.p1.id,
      w.rows.r1.id,
      w.rows.c3.id,
      w.rows.c2.id,
      w.rows.c1.id,
    ]);
    expect(result.total).toBe(5);
    expect(result.rows.find((row) => row.id === w.rows.c3.id)).toMatchObject({
      type: "charge",
      amount: 2000,
      fee: 100,
      net: 1900,
      eventId: w.theatre.id,
      eventTitle: "Théâtre",
      occurredAt: at("2026-11-03T18:00:00Z"),
    });
    expect(result.rows.find((row) => row.id === w.rows.p1.id)).toMatchObject({
      eventId: null,
      eventTitle: null,
      payoutId: w.payout.id,
    });
  });

  it("totals gross, refunds, platform fees, net sales and payouts of the filters", async () => {
    const w = await world();
    const totals = await getTransactionTotals(db, w.owner, { from: november.from, to: november.to });
    expect(totals).toEqual({
      count: 5,
      gross: 10_000,
      refunds: -5000,
      fees: 250,
      net: 4750,
      payouts: -5000,
      adjustments: 0,
    });
    expect(totals.net).toBe(totals.gross + totals.refunds - totals.fees + totals.adjustments);
    const listed = await listTransactions(db, w.owner, page({ from: november.from, to: november.to }));
    expect(listed.totals).toEqual(totals);
    const all = await getTransactionTotals(db, w.admin, {});
    expect(all).toMatchObject({ count: 6, gross: 11_000, fees: 300, net: 5700 });
  });

  it("filters by type (the fee value: rows carrying a platform fee), event, order and dates", async () => {
    const w = await world();
    const ids = async (filters: TransactionFilters) =>
      (await listTransactions(db, w.owner, page(filters))).rows.map((row) => row.id).sort((a, b) => a - b);
    const { c1, c2, c3, r1, p1, before } = w.rows;
    expect(await ids({ kinds: ["refund"] })).toEqual([r1.id]);
    expect(await ids({ kinds: ["payout", "refund"] })).toEqual([r1.id, p1.id]);
    expect(await ids({ kinds: ["fee"] })).toEqual([c1.id, c2.id, c3.id, r1.id, before.id]);
    expect(await ids({ eventIds: [w.theatre.id] })).toEqual([c3.id, before.id]);
    expect(await ids({ eventIds: [w.theatre.id], from: november.from, to: november.to })).toEqual([c3.id]);
    expect(await ids({ to: november.from })).toEqual([before.id]);
    expect(await ids({ from: at("2026-11-03T00:00:00Z"), to: at("2026-11-04T00:00:00Z") })).toEqual([c2.id, c3.id]);
  });

  it("finds an order's movements by its id", async () => {
    const w = await world();
    const { order } = await insertOrder(db, w.concert, { status: "paid", amount: 4000, fees: 200 });
    const [charge] = await db
      .insert(transactions)
      .values({
        organizationId: w.organization.id,
        eventId: w.concert.id,
        orderId: order.id,
        type: "charge",
        amount: 4000,
        fee: 200,
        net: 3800,
        occurredAt: new Date(at("2026-11-10T10:00:00Z")),
      })
      .returning();
    const result = await listTransactions(db, w.owner, page({ orderId: order.id }));
    expect(result.rows.map((row) => row.id)).toEqual([charge!.id]);
    expect(result.rows[0]).toMatchObject({ orderId: order.id, eventId: w.concert.id });
    expect((await listTransactions(db, w.owner, page({ orderId: order.id + 1000 }))).total).toBe(0);
  });

  it("sorts by amount or net either way and pages in SQL", async () => {
    const w = await world();
    const { c1, c2, c3, r1, p1, before } = w.rows;
    const byAmount = await listTransactions(db, w.owner, page({ sort: { id: "amount", desc: true } }));
    expect(byAmount.rows.map((row) => row.id)).toEqual([c2.id, c1.id, c3.id, before.id, p1.id, r1.id]);
    const byNetAscending = await listTransactions(db, w.owner, {
      offset: 2,
      limit: 2,
      sort: { id: "net", desc: false },
    });
    // nets: r1 -4750, p1 -5000, before 950, c3 1900, c1 2850, c2 4750 → ascending p1, r1, before, c3, …
    expect(byNetAscending.rows.map((row) => row.id)).toEqual([before.id, c3.id]);
    expect(byNetAscending.total).toBe(6);
    const oldestFirst = await listTransactions(db, w.owner, {
      offset: 0,
      limit: 3,
      sort: { id: "occurred_at", desc: false },
    });
    expect(oldestFirst.rows.map((row) => row.id)).toEqual([before.id, c1.id, c2.id]);
  });

  it("answers 404 to event managers, the empty role and other organizations", async () => {
    const w = await world();
    for (const actor of [w.manager, w.guest, w.strangerHere]) {
      await expect(listTransactions(db, actor, page({}))).rejects.toMatchObject({ code: "not_found" });
      await expect(getTransactionTotals(db, actor, {})).rejects.toMatchObject({ code: "not_found" });
      await expect(exportFinance(db, actor, { kind: "transactions", period: "all" })).rejects.toMatchObject({
        code: "not_found",
      });
    }
    // The other organization's owner sees only their own row.
    const theirs = await listTransactions(db, w.stranger, page({}));
    expect(theirs.rows.map((row) => row.id)).toEqual([w.rows.foreign.id]);
    expect(await hasTransactions(db, w.stranger)).toBe(true);
  });

  it("offers the events that have movements as the event filter", async () => {
    const w = await world();
    await insertEvent(db, w.organization.id, { title: "Sans ventes" });
    expect(await listTransactionEvents(db, w.admin)).toEqual([
      { id: w.concert.id, title: "Concert" },
      { id: w.theatre.id, title: "Théâtre" },
    ]);
  });

  it("draws net sales per Paris day, payouts left out, every day of the month present", async () => {
    const w = await world();
    const sales = await getNetSales(db, w.owner, { range: november });
    expect(sales.granularity).toBe("day");
    expect(sales.points).toHaveLength(30);
    const net = Object.fromEntries(sales.points.map((point) => [point.bucket, point.net]));
    // c1 (23:30 UTC on 31 October) is 1 November in Paris; "before" (22:30 UTC) stays in October.
    expect(net["2026-11-01"]).toBe(2850);
    expect(net["2026-11-03"]).toBe(4750 + 1900);
    expect(net["2026-11-05"]).toBe(-4750);
    expect(net["2026-11-20"]).toBe(0);
    expect(sales.points.reduce((sum, point) => sum + point.net, 0)).toBe(4750);
  });

  it("draws all time from the first movement to today, by week or month when long", async () => {
    const w = await world();
    const all = resolveFinancePeriod({ period: "all" });
    const short = await getNetSales(db, w.owner, { range: all, now: at("2026-11-26T08:00:00Z") });
    expect(short.granularity).toBe("day");
    expect(short.points[0]).toEqual({ bucket: "2026-10-31", net: 950 });
    expect(short.points.at(-1)?.bucket).toBe("2026-11-26");
    const long = await getNetSales(db, w.owner, { range: all, now: at("2027-03-10T08:00:00Z") });
    expect(long.granularity).toBe("week");
    expect(long.points[0]).toEqual({ bucket: "2026-10-26", net: 950 + 2850 });
    const year = resolveFinancePeriod({ period: "custom", from: "2025-01-01", to: "2026-12-31" });
    const monthly = await getNetSales(db, w.owner, { range: year, eventIds: [w.concert.id] });
    expect(monthly.granularity).toBe("month");
    expect(monthly.points).toHaveLength(24);
    expect(monthly.points.find((point) => point.bucket === "2026-11")?.net).toBe(2850 + 4750 - 4750);
    const empty = await getNetSales(db, w.stranger, {
      range: all,
      kinds: ["refund"],
    });
    expect(empty.points).toEqual([]);
  });

  it("exports the period's transactions as CSV: BOM, header, amounts in euros, formula-safe text", async () => {
    const w = await world();
    const csv = await exportFinance(db, w.owner, {
      kind: "transactions",
      period: "month",
      now: at("2026-11-26T08:00:00Z"),
    });
    expect(csv.filename).toBe("guichet-les-nuits-dete-transactions-2026-11.csv");
    const text = await csvText(csv);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,date,date_utc,type,event_id,event,order_id,payout_id,description,amount,fee,net,amount_excl_vat,vat",
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      `${w.rows.c1.id},2026-11-01 00:30,2026-10-31T23:30:00.000Z,charge,${w.concert.id},Concert,,,,30.00,1.50,28.50,,`,
    );
    expect(lines[4]).toContain(",refund,");
    expect(lines[4]).toMatch(/,-50\.00,-2\.50,-47\.50,,$/);
    const sum = (column: number) =>
      lines.slice(1).reduce((total, line) => total + Math.round(Number(line.split(",")[column]) * 100), 0);
    expect(sum(11)).toBe(4750 - 5000);
  });

  it("exports payouts of the period and neutralises formulas in text cells", async () => {
    const w = await world();
    const csv = await exportFinance(db, w.admin, { kind: "payouts", period: "year", now: at("2026-11-26T08:00:00Z") });
    expect(csv.filename).toBe("guichet-les-nuits-dete-payouts-2026.csv");
    const text = await csvText(csv);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines).toEqual([
      "id,provider_payout_id,bank_account_name,amount,status,initiated_at,initiated_at_utc,estimated_at",
      `${w.payout.id},,"'=HYPERLINK(""x"")",50.00,pending,2026-11-20 06:00,2026-11-20T05:00:00.000Z,2026-11-22 06:00`,
    ]);
    const none = await exportFinance(db, w.admin, {
      kind: "payouts",
      period: "month",
      now: at("2026-12-05T08:00:00Z"),
    });
    expect((await csvText(none)).trimEnd().split("\r\n")).toHaveLength(1);
    await expect(
      exportFinance(db, w.admin, { kind: "payouts", period: "custom", from: "2026-11-10", to: "2026-11-01" }),
    ).rejects.toMatchObject({ code: "validation" });
  });

  it("pages a long export in time order without losing or repeating rows", async () => {
    const w = await world();
    const base = at("2026-06-01T00:00:00Z");
    await db.insert(transactions).values(
      Array.from({ length: 1203 }, (_, i) => ({
        organizationId: w.organization.id,
        eventId: w.concert.id,
        type: "charge" as const,
        amount: 100,
        fee: 5,
        net: 95,
        // Pairs share a time: the keyset needs the id as well.
        occurredAt: new Date(base + Math.floor(i / 2) * 60_000),
      })),
    );
    const csv = await exportFinance(db, w.owner, { kind: "transactions", period: "all" });
    const lines = (await csvText(csv)).trimEnd().split("\r\n").slice(1);
    expect(lines).toHaveLength(1203 + 6);
    expect(new Set(lines.map((line) => line.split(",")[0])).size).toBe(1209);
  });

  it("names files with an ASCII slug of the organization", () => {
    expect(organizationFileSlug("Théâtre du Rond-Point !", 3)).toBe("theatre-du-rond-point");
    expect(organizationFileSlug("Ωμέγα", 7)).toBe("organisation-7");
  });
});
