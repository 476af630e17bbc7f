import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, orders } from "#db/schema";
import { insertEvent, insertOrder, insertOrganization } from "../../tests/support/fixtures";
import { failure } from "../../tests/support/failure";
import { insertInvoice } from "../../tests/support/invoice-fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { getOrderBilling, updateOrderBilling } from "./update-order-billing";

const details = {
  company: "Durand SARL",
  address: "12 rue de la République",
  postal_code: "69002",
  city: "Lyon",
  country: "FR",
  vat_number: "FR 40 303 265 045",
};

describe("updateOrderBilling (issue 29 §6)", () => {
  let t: LibsqlTestDatabase;
  let order: typeof orders.$inferSelect;
  let organizationId: number;
  let eventId: number;

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    const organization = await insertOrganization(t.db);
    organizationId = organization.id;
    const event = await insertEvent(t.db, organization.id, { allowBilling: true });
    eventId = event.id;
    order = (await insertOrder(t.db, event, { status: "paid", amount: 4000 })).order;
  });
  afterAll(() => t?.close());

  it("corrects the details with the order's token, checked as at checkout", async () => {
    const saved = await updateOrderBilling(t.db, { orderId: order.id, token: order.accessToken, billing: details });
    expect(saved.billing).toMatchObject({ company: "Durand SARL", country: "FR", vat_number: "FR40303265045" });
    const [row] = await t.db.select({ billing: orders.billing }).from(orders).where(eq(orders.id, order.id));
    expect(JSON.parse(row!.billing!)).toMatchObject({ vat_number: "FR40303265045", city: "Lyon" });
    expect(await getOrderBilling(t.db, { orderId: order.id, token: order.accessToken })).toMatchObject({
      invoiced: false,
      shown: true,
    });

    const refused = await failure(
      updateOrderBilling(t.db, {
        orderId: order.id,
        token: order.accessToken,
        billing: { ...details, vat_number: "FR41303265045", city: "" },
      }),
    );
    expect(refused.code).toBe("validation");
    expect(refused.fields).toEqual({
      "billing.city": "booking:errors.billing-required",
    });
  });

  it("answers 404 without the order's token", async () => {
    const refused = await failure(updateOrderBilling(t.db, { orderId: order.id, token: "nope", billing: details }));
    expect(refused.code).toBe("not_found");
  });

  it("is refused with its own code once the order's invoice exists, and changes nothing", async () => {
    await insertInvoice(t.db, {
      organizationId,
      eventId,
      orderId: order.id,
      issuedAt: new Date(),
      lines: [{ gross: 4000, rate: 2000 }],
    });
    const refused = await failure(
      updateOrderBilling(t.db, {
        orderId: order.id,
        token: order.accessToken,
        billing: { ...details, city: "Villeurbanne" },
      }),
    );
    expect(refused.code).toBe("conflict");
    expect(refused.messageKey).toBe("booking:errors.billing-invoiced");
    const [row] = await t.db.select({ billing: orders.billing }).from(orders).where(eq(orders.id, order.id));
    expect(JSON.parse(row!.billing!).city).toBe("Lyon");
    expect((await getOrderBilling(t.db, { orderId: order.id, token: order.accessToken })).invoiced).toBe(true);
  });

  it("is not offered on an event without billing for an order without details", async () => {
    const organization = await insertOrganization(t.db);
    const event = await insertEvent(t.db, organization.id);
    const { order: other } = await insertOrder(t.db, event, { status: "paid" });
    await t.db.update(events).set({ allowBilling: false }).where(eq(events.id, event.id));
    expect((await getOrderBilling(t.db, { orderId: other.id, token: other.accessToken })).shown).toBe(false);
    const refused = await failure(
      updateOrderBilling(t.db, { orderId: other.id, token: other.accessToken, billing: details }),
    );
    expect(refused.code).toBe("not_found");
  });
});
