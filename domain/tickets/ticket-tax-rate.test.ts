import { eq } from "drizzle-orm";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taxRates } from "#db/schema";
import { insertEventsWorld } from "../../tests/support/fixtures";
import { failure } from "../../tests/support/failure";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { saleTaxRate, saleTaxRatesQueries, toSaleTaxRates } from "../billing/sale-tax-rate";
import { createTicket } from "./create-ticket";
import { ticketFieldsSchema, ticketFormSchema } from "./ticket-input-schema";
import { ticketTaxRateChoices } from "./ticket-tax-rate";
import { updateTicket } from "./update-ticket";

describe("a ticket's VAT rate (issue 29 §2)", () => {
  let t: LibsqlTestDatabase;
  let world: Awaited<ReturnType<typeof insertEventsWorld>>;
  let rates: { normal: number; reduced: number; archived: number; foreign: number };

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    world = await insertEventsWorld(t.db);
    const organizationId = world.organization.id;
    const inserted = await t.db
      .insert(taxRates)
      .values([
        { organizationId, name: "TVA 20 %", rate: 2000, isDefault: true, sort: 0 },
        { organizationId, name: "TVA 5,5 %", rate: 550, sort: 1 },
        { organizationId, name: "TVA 10 %", rate: 1000, sort: 2, archivedAt: new Date("2026-01-01T00:00:00Z") },
        { organizationId: world.foreignOrganization.id, name: "TVA 2,1 %", rate: 210, isDefault: true },
      ])
      .returning({ id: taxRates.id });
    const [normal, reduced, archived, foreign] = inserted.map((row) => row.id);
    rates = { normal: normal!, reduced: reduced!, archived: archived!, foreign: foreign! };
  });
  afterAll(() => t?.close());

  it("reads tax_rate_id from the API and the form: an id, or empty/null for the default rate", () => {
    expect(v.parse(ticketFieldsSchema, { tax_rate_id: 12 })).toEqual({ taxRateId: 12 });
    expect(v.parse(ticketFieldsSchema, { tax_rate_id: null })).toEqual({ taxRateId: null });
    expect(v.parse(ticketFormSchema("Europe/Paris"), { title: "A", tax_rate_id: "" })).toMatchObject({
      taxRateId: null,
    });
    expect(v.parse(ticketFormSchema("Europe/Paris"), { title: "A", tax_rate_id: "7" })).toMatchObject({
      taxRateId: 7,
    });
    const refused = v.safeParse(ticketFieldsSchema, { tax_rate_id: "5.5" });
    expect(refused.success).toBe(false);
    expect(refused.issues?.[0]?.message).toBe("tickets:errors.tax-rate-invalid");
    expect(v.safeParse(ticketFieldsSchema, { tax_rate_id: -3 }).success).toBe(false);
  });

  it("stores one of the organization's rates on a ticket and an add-on", async () => {
    const ticket = await createTicket(t.db, world.actors.owner, {
      eventId: world.event.id,
      fields: { title: "Plein tarif", price: 3000, taxRateId: rates.reduced },
    });
    expect(ticket.taxRateId).toBe(rates.reduced);
    const addon = await createTicket(t.db, world.actors.manager, {
      eventId: world.event.id,
      fields: { title: "Vestiaire", price: 500, ticketType: "addon", taxRateId: rates.normal },
    });
    expect(addon.taxRateId).toBe(rates.normal);
    const back = await updateTicket(t.db, world.actors.owner, {
      eventId: world.event.id,
      ticketId: ticket.id,
      fields: { taxRateId: null },
    });
    expect(back.taxRateId).toBeNull();
  });

  it("refuses another organization's rate, an archived rate and an unknown id, as a field error", async () => {
    for (const taxRateId of [rates.foreign, rates.archived, 999_999]) {
      const error = await failure(
        createTicket(t.db, world.actors.owner, { eventId: world.event.id, fields: { title: "X", taxRateId } }),
      );
      expect(error.code).toBe("validation");
      expect(error.fields).toEqual({ tax_rate_id: "tickets:errors.tax-rate-invalid" });
    }
  });

  it("keeps a ticket editable when its rate was archived since, and sells it at the default rate meanwhile", async () => {
    const ticket = await createTicket(t.db, world.actors.owner, {
      eventId: world.event.id,
      fields: { title: "Tarif réduit", price: 1500, taxRateId: rates.reduced },
    });
    // The rate is archived after the ticket chose it (as saving the billing page's list without it does).
    await t.db.update(taxRates).set({ archivedAt: new Date() }).where(eqId(rates.reduced));
    const saved = await updateTicket(t.db, world.actors.owner, {
      eventId: world.event.id,
      ticketId: ticket.id,
      fields: { title: "Tarif réduit étudiant", taxRateId: rates.reduced },
    });
    expect(saved.taxRateId).toBe(rates.reduced);
    const [rateRows, billingRows] = await t.db.batch(saleTaxRatesQueries(t.db, world.organization.id));
    const sale = toSaleTaxRates(rateRows, billingRows);
    expect(saleTaxRate(rates.reduced, sale)).toEqual({ rate: 2000, name: "TVA 20 %" });
    expect(saleTaxRate(rates.normal, sale)).toEqual({ rate: 2000, name: "TVA 20 %" });
    const choices = await ticketTaxRateChoices(t.db, world.organization.id);
    expect(choices.vatRegistered).toBe(true);
    expect(choices.rates.map((rate) => [rate.name, rate.archived])).toEqual([
      ["TVA 20 %", false],
      ["TVA 5,5 %", true],
      ["TVA 10 %", true],
    ]);
    await t.db.update(taxRates).set({ archivedAt: null }).where(eqId(rates.reduced));
  });
});

function eqId(id: number) {
  return eq(taxRates.id, id);
}
