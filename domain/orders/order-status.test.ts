import { eq, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatuses } from "#db/schema";
import { insertEvent, insertOrder, insertOrganization } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import {
  CONFIRMABLE_ORDER_STATUSES,
  confirmableOrder,
  countsAsParticipant,
  countsAsSale,
  MONEY_ORDER_STATUSES,
  PARTICIPANT_ORDER_STATUSES,
  participantOrder,
  paymentStatus,
  paymentStatuses,
  paymentStatusesSql,
  paymentStatusSql,
  saleOrder,
  SALE_ORDER_STATUSES,
  type PaymentStatusInput,
} from "./order-status";

describe("order statuses", () => {
  it("counts paid and manual orders as sales, pending ones as participants but not sales", () => {
    expect(orderStatuses.filter(countsAsSale)).toEqual(["paid", "manual"]);
    expect(orderStatuses.filter(countsAsParticipant)).toEqual(["pending", "paid", "manual"]);
  });

  it("makes every sale a participant order, and uses only the schema's statuses", () => {
    for (const status of SALE_ORDER_STATUSES) expect(PARTICIPANT_ORDER_STATUSES).toContain(status);
    for (const status of [...PARTICIPANT_ORDER_STATUSES, ...MONEY_ORDER_STATUSES])
      expect(orderStatuses).toContain(status);
  });
});

describe("paymentStatus (spec §4)", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const past = new Date("2026-05-01T11:00:00Z");
  const future = new Date("2026-05-01T13:00:00Z");

  it("is paid when paid_at is set, whatever payable_until says", () => {
    expect(paymentStatus({ status: "paid", paidAt: past, payableUntil: past }, now)).toBe("paid");
    expect(paymentStatus({ status: "pending", paidAt: past, payableUntil: null }, now)).toBe("paid");
  });

  it("is expired when unpaid and payable_until is past", () => {
    expect(paymentStatus({ status: "pending", paidAt: null, payableUntil: past }, now)).toBe("expired");
    expect(paymentStatus({ status: "expired", paidAt: null, payableUntil: null }, now)).toBe("expired");
  });

  it("is pending while unpaid and still payable", () => {
    expect(paymentStatus({ status: "pending", paidAt: null, payableUntil: future }, now)).toBe("pending");
    expect(paymentStatus({ status: "pending", paidAt: null, payableUntil: null }, now)).toBe("pending");
  });

  it("says cancelled, refunded and manual orders as such", () => {
    expect(paymentStatus({ status: "cancelled", paidAt: null, payableUntil: past }, now)).toBe("cancelled");
    expect(paymentStatus({ status: "refunded", paidAt: past, payableUntil: null }, now)).toBe("refunded");
    expect(paymentStatus({ status: "manual", paidAt: past, payableUntil: null }, now)).toBe("manual");
  });
});

describe("every status through the JS rule and its SQL twin", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const moments = [null, new Date("2026-05-01T11:00:00Z"), now, new Date("2026-05-01T13:00:00Z")];
  let t: LibsqlTestDatabase;
  const rows: { id: number; input: PaymentStatusInput }[] = [];

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    const organization = await insertOrganization(t.db);
    const event = await insertEvent(t.db, organization.id);
    // Every stored status with every paid_at and payable_until: before, at and after now, or none.
    for (const status of orderStatuses)
      for (const paidAt of moments)
        for (const payableUntil of moments) {
          const { order } = await insertOrder(t.db, event, { status, paidAt, tickets: 0 });
          await t.db.update(orders).set({ payableUntil }).where(eq(orders.id, order.id));
          rows.push({ id: order.id, input: { status, paidAt, payableUntil } });
        }
  });
  afterAll(() => t?.close());

  const idsWhere = async (condition: SQL | undefined) =>
    (await t.db.select({ id: orders.id }).from(orders).where(condition)).map((row) => row.id).sort((a, b) => a - b);
  const idsOf = (keep: (row: (typeof rows)[number]) => boolean) =>
    rows
      .filter(keep)
      .map((row) => row.id)
      .sort((a, b) => a - b);

  it("gives each payment status the same orders in SQL as in JS", async () => {
    expect(rows).toHaveLength(orderStatuses.length * moments.length ** 2);
    for (const status of paymentStatuses) {
      const inJs = idsOf((row) => paymentStatus(row.input, now) === status);
      expect(await idsWhere(paymentStatusSql(status, now.getTime())), status).toEqual(inJs);
    }
    expect(await idsWhere(paymentStatusesSql(["paid", "manual"], now.getTime()))).toEqual(
      idsOf((row) => ["paid", "manual"].includes(paymentStatus(row.input, now))),
    );
    expect(paymentStatusesSql([], now.getTime())).toBeUndefined();
  });

  it("counts participants, sales and confirmable orders the same in SQL as in JS", async () => {
    expect(await idsWhere(participantOrder())).toEqual(idsOf((row) => countsAsParticipant(row.input.status)));
    expect(await idsWhere(saleOrder())).toEqual(idsOf((row) => countsAsSale(row.input.status)));
    expect(await idsWhere(confirmableOrder())).toEqual(
      idsOf((row) => (CONFIRMABLE_ORDER_STATUSES as readonly string[]).includes(row.input.status)),
    );
  });
});
