import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { apiClient } from "./api-client";
import { insertEventsWorld, type User } from "../support/fixtures";
import { insertInvoice } from "../support/invoice-fixtures";

// Issue 29 §5, §7 through the Worker on D1: the invoices list and the accountant's CSV exports, and a ticket's VAT
// rate through the tickets API; another organization gets 404.
const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

async function download(path: string, as = "owner") {
  const response = await exports.default.fetch(`http://localhost/api${path}`, {
    headers: { Authorization: `Bearer ${tokens[as]}`, "Accept-Language": "fr-FR,fr;q=0.9" },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users) as [string, User][]) {
    tokens[key] = (await createSession(db, user.id)).token;
  }
  const organizationId = world.organization.id;
  const invoice = await insertInvoice(db, {
    organizationId,
    eventId: world.event.id,
    orderId: 501,
    issuedAt: new Date("2026-03-10T09:00:00Z"),
    buyer: { name: "Alex Durand", company: "Durand SARL", vatNumber: "FR40303265045" },
    lines: [
      { gross: 3000, rate: 550 },
      { gross: 1000, rate: 2000, kind: "addon", description: "Vestiaire" },
    ],
  });
  await insertInvoice(db, {
    organizationId,
    eventId: world.event.id,
    orderId: 501,
    kind: "credit-note",
    invoiceId: invoice.id,
    issuedAt: new Date("2026-03-12T09:00:00Z"),
    buyer: { name: "Alex Durand", company: "Durand SARL", vatNumber: "FR40303265045" },
    lines: [{ gross: -1000, rate: 2000, kind: "addon", description: "Vestiaire" }],
  });
  await insertInvoice(db, {
    organizationId: world.foreignOrganization.id,
    eventId: world.foreignEvent.id,
    orderId: 900,
    issuedAt: new Date("2026-03-10T09:00:00Z"),
    lines: [{ gross: 9900, rate: 2000 }],
  });
});

describe("GET /api/organizers/:id/invoices", () => {
  const path = () => `/organizers/${world.organization.id}/invoices`;

  it("answers a page of documents in snake_case, newest first, with the filters of the page", async () => {
    const { status, json } = await call(`${path()}?period=custom&from=2026-03-01&to=2026-03-31`);
    expect(status).toBe(200);
    expect(json.total).toBe(2);
    expect(json.invoices[0]).toEqual({
      id: expect.any(Number),
      type: "credit-note",
      number: "FAC2026-0002",
      issued_at: "2026-03-12T09:00:00.000Z",
      order_id: 501,
      event_id: world.event.id,
      event_title: "Concert de printemps",
      invoice_id: json.invoices[1].id,
      invoice_number: "FAC2026-0001",
      buyer: { name: "Alex Durand", company: "Durand SARL", email: "alex@exemple.test", vat_number: "FR40303265045" },
      currency: "EUR",
      net: -833,
      vat: -167,
      gross: -1000,
    });
    expect(json.invoices[1]).toMatchObject({ type: "invoice", net: 3677, vat: 323, gross: 4000 });
    const invoicesOnly = await call(`${path()}?type=invoice&search=durand`);
    expect(invoicesOnly.json.invoices.map((row: { number: string }) => row.number)).toEqual(["FAC2026-0001"]);
    const sorted = await call(`${path()}?sort=number&page_size=1&page=1`);
    expect(sorted.json.invoices.map((row: { number: string }) => row.number)).toEqual(["FAC2026-0002"]);
    expect((await call(`${path()}?event=${world.foreignEvent.id}`)).json.total).toBe(0);
  });

  it("refuses bad queries with 400", async () => {
    for (const query of ["type=receipt", "period=week", "sort=buyer", "page_size=500"]) {
      expect((await call(`${path()}?${query}`)).status, query).toBe(400);
    }
  });

  it("answers 404 to event managers, the empty role and other organizations; admins may read", async () => {
    expect((await call(path(), { as: "admin" })).status).toBe(200);
    for (const as of ["manager", "guestManager", "guestNone", "foreignOwner"]) {
      expect((await call(path(), { as })).status, as).toBe(404);
      expect((await download(`${path()}/export.csv?kind=vat-rates`, as)).response.status, as).toBe(404);
    }
    const theirs = await call(`/organizers/${world.foreignOrganization.id}/invoices`, { as: "foreignOwner" });
    expect(theirs.json.invoices.map((row: { order_id: number }) => row.order_id)).toEqual([900]);
  });
});

describe("GET /api/organizers/:id/invoices/export.csv", () => {
  it("writes the documents and the totals by rate with a BOM, credit notes netted", async () => {
    const base = `/organizers/${world.organization.id}/invoices/export.csv`;
    const documents = await download(`${base}?kind=documents&period=custom&from=2026-03-01&to=2026-03-31`);
    expect(documents.response.status).toBe(200);
    expect(documents.response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(documents.response.headers.get("Content-Disposition")).toMatch(/factures-2026-03-01_2026-03-31\.csv"$/);
    expect(Array.from(documents.bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const lines = documents.text.split("\r\n");
    expect(lines[0]).toMatch(/^\uFEFFnumero,date,type,facture_referencee,.*,ht_20\.00,tva_20\.00,ht_5\.50,tva_5\.50$/);
    expect(lines[2]).toContain("FAC2026-0002,2026-03-12,avoir,FAC2026-0001,501,Durand SARL");
    const rates = await download(`${base}?kind=vat-rates&period=all`);
    expect(rates.text).toBe(
      "\uFEFFtaux_tva,total_ht,total_tva,total_ttc\r\n20.00,0.00,0.00,0.00\r\n5.50,28.44,1.56,30.00\r\n",
    );
    expect((await download(`${base}?kind=zip`)).response.status).toBe(400);
  });
});

describe("a ticket's VAT rate through the tickets API (tax_rate_id)", () => {
  it("stores one of the organization's rates and refuses another organization's, naming the field", async () => {
    const [own, foreign] = await db
      .insert(schema.taxRates)
      .values([
        { organizationId: world.organization.id, name: "TVA 5,5 %", rate: 550, isDefault: true },
        { organizationId: world.foreignOrganization.id, name: "TVA 20 %", rate: 2000, isDefault: true },
      ])
      .returning({ id: schema.taxRates.id });
    const path = `/events/${world.event.id}/tickets`;
    const created = await call(path, {
      method: "POST",
      body: { title: "Plein tarif", price: 3000, tax_rate_id: own!.id },
    });
    expect(created.status).toBe(201);
    expect(created.json.tax_rate_id).toBe(own!.id);
    const refused = await call(`${path}/${created.json.id}`, { method: "PUT", body: { tax_rate_id: foreign!.id } });
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toEqual({ tax_rate_id: "tax_rate_invalid" });
    const listed = (await call(path)).json as { id: number; tax_rate_id: number | null }[];
    expect(listed.find((ticket) => ticket.id === created.json.id)?.tax_rate_id).toBe(own!.id);
  });
});

describe("the checkout's billing details (POST /api/public/events/:id/orders)", () => {
  const place = (eventId: number, ticketId: number, extra: Record<string, unknown>) =>
    exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "fr" },
      body: JSON.stringify({
        items: [{ ticket_id: ticketId, quantity: 1 }],
        buyer: { first_name: "Élise", last_name: "Núñez", email: "elise@exemple.test" },
        ...extra,
      }),
    });
  const billing = {
    company: "Núñez SL",
    address: "Calle Mayor 1",
    postal_code: "28013",
    city: "Madrid",
    country: "ES",
    vat_number: "ESB1234567",
  };

  it("checks the VAT number against the chosen ISO country, stores invoice_requested, and answers an old client as before", async () => {
    const [event] = await db
      .insert(schema.events)
      .values({
        organizationId: world.organization.id,
        title: "Récital",
        status: "published",
        allowBilling: true,
        startAt: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    const [ticket] = await db
      .insert(schema.tickets)
      .values({
        organizationId: world.organization.id,
        eventId: event!.id,
        title: "Entrée libre",
        price: 0,
        isFree: true,
      })
      .returning();

    const refused = await place(event!.id, ticket!.id, { billing });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { fields: unknown } }).error.fields).toEqual([
      expect.objectContaining({ name: "billing.vat_number", code: "vat_number_format" }),
    ]);

    const placed = await place(event!.id, ticket!.id, {
      billing: { ...billing, vat_number: "es b1234567 8" },
      invoice_requested: true,
    });
    expect(placed.status).toBe(201);
    const { id } = (await placed.json()) as { id: number };
    const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, id));
    expect(row!.invoiceRequested).toBe(true);
    expect(JSON.parse(row!.billing!)).toMatchObject({ country: "ES", vat_number: "ESB12345678" });

    // A client that sends the country as text and no new field: as before.
    const old = await place(event!.id, ticket!.id, { billing: { ...billing, country: "Espagne", vat_number: "123" } });
    expect(old.status).toBe(201);
    const [oldRow] = await db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, ((await old.json()) as { id: number }).id));
    expect(oldRow!.invoiceRequested).toBe(false);
    expect(JSON.parse(oldRow!.billing!)).toMatchObject({ country: "Espagne", vat_number: "123" });
  });
});
