import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, transactions } from "#db/schema";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrder,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { saleLineTaxes } from "../billing/sale-tax-rate";
import { csvStream } from "../shared/csv";
import { exportFinance } from "./export-finance";

// Issue 29 §5: the finance export's amount excluding VAT and VAT columns, from the order lines as sold.
describe("the finance export's VAT columns", () => {
  let t: LibsqlTestDatabase;
  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterAll(() => t?.close());

  it("writes a charge's and a whole refund's net and VAT from its lines (tickets and added fees), none for a partial refund", async () => {
    const organization = await insertOrganization(t.db, { title: "Les Nuits" });
    const user = await insertUser(t.db);
    await insertMember(t.db, organization.id, user.id, "owner");
    const owner = actorOf(user, organization.id, "owner");
    const event = await insertEvent(t.db, organization.id, { title: "Concert" });
    const ticket = await insertTicket(t.db, event, { price: 3000 });
    const addon = await insertTicket(t.db, event, { price: 1000, ticketType: "addon" });
    // 2 × 30 € at 5.5 % with a 1 € fee added, 1 × 10 € at 20 %: 71 € charged.
    const { order } = await insertOrder(t.db, event, { status: "paid", amount: 7100, fees: 100, places: [] });
    const ticketLine = { quantity: 2, unitPrice: 3000, discount: 0, fees: 100, feesType: "added" as const };
    const addonLine = { quantity: 1, unitPrice: 1000, discount: 0, fees: 0, feesType: "included" as const };
    const base = { organizationId: organization.id, eventId: event.id, orderId: order.id };
    await t.db.insert(orderItems).values([
      { ...base, ticketId: ticket.id, ...ticketLine, ...saleLineTaxes(ticketLine, { rate: 550, name: "TVA 5,5 %" }) },
      {
        ...base,
        ticketId: addon.id,
        ticketType: "addon",
        ...addonLine,
        ...saleLineTaxes(addonLine, { rate: 2000, name: "TVA 20 %" }),
      },
    ]);
    const row = (type: "charge" | "refund", amount: number, reference: string, occurredAt: string) => ({
      ...base,
      type,
      amount,
      fee: 0,
      net: amount,
      providerReference: reference,
      occurredAt: new Date(occurredAt),
    });
    await t.db
      .insert(transactions)
      .values([
        row("charge", 7100, "pi_vat_1", "2026-11-02T10:00:00Z"),
        row("refund", -1000, "re_vat_1", "2026-11-03T10:00:00Z"),
        row("refund", -7100, "re_vat_2", "2026-11-04T10:00:00Z"),
      ]);

    const csv = await exportFinance(t.db, owner, {
      kind: "transactions",
      period: "month",
      now: Date.parse("2026-11-20T10:00:00Z"),
    });
    const bytes = await new Response(csvStream(csv.header, csv.nextPage)).arrayBuffer();
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]?.endsWith(",amount,fee,net,amount_excl_vat,vat")).toBe(true);
    // 60 € at 5.5 %: VAT 3.13; the 1 € fee at 5.5 %: 0.05; 10 € at 20 %: 1.67. 64.15 + 6.85 = 71.00.
    expect(lines[1]).toMatch(/,charge,.*,71\.00,0\.00,71\.00,66\.15,4\.85$/);
    expect(lines[2]).toMatch(/,refund,.*,-10\.00,0\.00,-10\.00,,$/);
    expect(lines[3]).toMatch(/,refund,.*,-71\.00,0\.00,-71\.00,-66\.15,-4\.85$/);
  });
});
