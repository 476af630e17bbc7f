import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { createSession } from "#domain/auth/sessions";
import { insertEventsWorld, type User } from "../support/fixtures";
import { apiClient } from "./api-client";

// Issue 29 §1–2 and §7 through the Worker on D1: the seller's details and the VAT rates.
const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users) as [string, User][]) {
    tokens[key] = (await createSession(db, user.id)).token;
  }
});

const seller = {
  legal_name: "Nuits Sonores SAS",
  address: "12 rue de la République",
  postal_code: "69002",
  city: "Lyon",
  country: "FR",
  vat_number: "fr 40 303 265 045",
  company_number: "303 265 045 RCS Lyon",
  invoice_prefix: "NS-",
  legal_mentions: "Pénalités de retard : trois fois le taux d'intérêt légal.",
  vat_registered: true,
  invoice_mode: "always",
};

describe("the seller's details (GET/PUT /api/organizers/:id/billing)", () => {
  const path = () => `/organizers/${world.organization.id}/billing`;

  it("answers the defaults until saved, then what was saved, the VAT number normalised", async () => {
    const before = await call(path());
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ legal_name: world.organization.title, country: "FR", saved: false });

    const saved = await call(path(), { method: "PUT", body: seller, as: "admin" });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ vat_number: "FR40303265045", invoice_mode: "always", saved: true });
    expect((await call(path())).json).toEqual({
      ...seller,
      vat_number: "FR40303265045",
      vat_exemption_mention: "",
      saved: true,
    });
  });

  it("refuses a VAT number whose key is wrong, naming the field, in the request's language, and changes nothing", async () => {
    const refused = await call(path(), {
      method: "PUT",
      body: { ...seller, city: "Paris", vat_number: "FR41303265045" },
      headers: { "Accept-Language": "en" },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toEqual({ vat_number: "vat_number_check_digits" });
    expect(refused.json.message).toBe("Some fields are invalid.");
    expect((await call(path())).json.city).toBe("Lyon");
  });

  it("an event manager sees nothing here, another organization's owner neither", async () => {
    expect((await call(path(), { as: "manager" })).status).toBe(404);
    expect((await call(path(), { as: "foreignOwner" })).status).toBe(404);
    expect((await call(path(), { method: "PUT", body: seller, as: "foreignOwner" })).status).toBe(404);
  });
});

describe("the VAT rates (GET/PUT /api/organizers/:id/tax-rates)", () => {
  const path = () => `/organizers/${world.organization.id}/tax-rates`;

  it("saves a list with one default, then replaces it, archiving what was left out", async () => {
    const first = await call(path(), {
      method: "PUT",
      body: {
        rates: [
          { name: "TVA 5,5 %", rate: 550, is_default: true },
          { name: "TVA 20 %", rate: 2000 },
        ],
      },
    });
    expect(first.status).toBe(200);
    const [reduced, standard] = first.json.rates;
    expect(first.json.rates).toMatchObject([
      { name: "TVA 5,5 %", rate: 550, is_default: true },
      { name: "TVA 20 %", rate: 2000, is_default: false },
    ]);

    const second = await call(path(), {
      method: "PUT",
      body: { rates: [{ id: standard.id, name: "TVA 20 %", rate: 2000, is_default: true }] },
    });
    expect(second.json.rates).toEqual([{ id: standard.id, name: "TVA 20 %", rate: 2000, is_default: true }]);
    expect((await call(path())).json.rates.map((rate: { id: number }) => rate.id)).not.toContain(reduced.id);
  });

  it("refuses a list without a default or with a rate above 50 %", async () => {
    const noDefault = await call(path(), { method: "PUT", body: { rates: [{ name: "A", rate: 550 }] } });
    expect(noDefault.status).toBe(400);
    expect(noDefault.json.fields).toEqual({ rates: "tax_rate_default_required" });
    const tooHigh = await call(path(), {
      method: "PUT",
      body: { rates: [{ name: "A", rate: 6000, is_default: true }] },
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.json.fields).toEqual({ "rates.0.rate": "tax_rate_invalid" });
  });
});
