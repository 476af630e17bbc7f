import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { participationForms, promoCodes } from "#db/schema";
import { privateEventHash } from "#domain/events/private-event-link";
import { insertEvent, insertOrganization, insertTicket } from "../support/fixtures";
import { formQuestion } from "../support/form-questions";
import { errorOf } from "../support/error-body";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const get = (path: string) => exports.default.fetch(`http://localhost${path}`);
const post = (path: string, body: unknown) =>
  exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://embedding.example" },
    body: JSON.stringify(body),
  });

type TicketJson = { id: number; title: string; remaining: number | null; status: string; fees_type: string };

let publicId: number;
let privateId: number;
let draftId: number;
let shownTicketId: number;
let hiddenCountTicketId: number;
let addonId: number;

beforeAll(async () => {
  const db = createD1Database(env.DB);
  const organization = await insertOrganization(db, { title: "Les Nuits Sonores" });
  const published = await insertEvent(db, organization.id, {
    title: "Festival d'été",
    status: "published",
    startAt: inDays(30),
    allowBilling: true,
  });
  publicId = published.id;
  const shown = await insertTicket(db, published, {
    title: "Pass 1 jour",
    price: 3000,
    amount: 100,
    purchased: 40,
    showRemainingCount: true,
    feesType: "added",
    minPerOrder: 1,
    maxPerOrder: 6,
  });
  shownTicketId = shown.id;
  const unshown = await insertTicket(db, published, { title: "Pass 2 jours", price: 5000, amount: 50, sort: 1 });
  hiddenCountTicketId = unshown.id;
  await insertTicket(db, published, { title: "Invitation", price: 0, visibility: "hidden", sort: 2 });
  const addon = await insertTicket(db, published, { title: "Parking", price: 500, ticketType: "addon" });
  addonId = addon.id;
  await db.insert(participationForms).values([
    {
      organizationId: organization.id,
      eventId: published.id,
      formType: "before-tickets",
      questions: JSON.stringify([
        { id: "default", title: "Nom, prénom, email", type: "short-text", mandatory: true },
        formQuestion("AAAAAAAAAAAAAAAA", {
          title: "Taille de t-shirt",
          mandatory: true,
          type: "selection",
          options: [{ id: "BBBBBBBBBBBBBBBB", title: "M" }],
          ticket_target: [shown.id],
        }),
      ]),
    },
  ]);
  await db.insert(promoCodes).values({
    organizationId: organization.id,
    eventId: published.id,
    code: "ETE25",
    discountType: "percent",
    discountValue: 2500,
  });
  const refusedCode = { organizationId: organization.id, eventId: published.id, discountType: "percent" as const };
  await db.insert(promoCodes).values([
    { ...refusedCode, code: "PRINTEMPS", discountValue: 1000, endAt: inDays(-1) },
    { ...refusedCode, code: "AUTOMNE", discountValue: 1000, startAt: inDays(7) },
    { ...refusedCode, code: "PREMIERS", discountValue: 1000, maxUses: 5, useCount: 5 },
  ]);

  privateId = (
    await insertEvent(db, organization.id, {
      title: "Soirée privée",
      status: "published",
      visibility: "private",
      startAt: inDays(10),
    })
  ).id;
  draftId = (await insertEvent(db, organization.id, { title: "Brouillon", startAt: inDays(10) })).id;
});

describe("GET /api/public/events/:id", () => {
  it("answers a published event's public fields, tickets, add-ons and both forms, to any origin", async () => {
    const response = await exports.default.fetch(`http://localhost/api/public/events/${publicId}`, {
      headers: { Origin: "https://embedding.example" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const body = (await response.json()) as {
      title: string;
      allow_billing: boolean;
      organization: { title: string };
      tickets: TicketJson[];
      addons: TicketJson[];
      forms: {
        order: { questions: { id: string }[] };
        participant: { questions: { id: string; ticket_target: number[] }[] };
      };
    };
    expect(body).toMatchObject({
      title: "Festival d'été",
      allow_billing: true,
      organization: { title: "Les Nuits Sonores" },
    });
    // The hidden ticket is not listed.
    expect(body.tickets.map((t) => t.title)).toEqual(["Pass 1 jour", "Pass 2 jours"]);
    expect(body.tickets[0]).toEqual({
      id: shownTicketId,
      title: "Pass 1 jour",
      description: "",
      price: 3000,
      ticket_type: "ticket",
      fees_type: "added",
      status: "on_sale",
      status_explanation: null,
      remaining: 60,
      min_per_order: 1,
      max_per_order: 6,
      waiting_list: false,
    });
    expect(body.addons).toMatchObject([{ id: addonId, title: "Parking", ticket_type: "addon" }]);
    // The order form was never saved: only the built-in question.
    expect(body.forms.order.questions.map((q) => q.id)).toEqual(["default"]);
    expect(body.forms.participant.questions).toMatchObject([
      { id: "default", mandatory: true },
      { id: "AAAAAAAAAAAAAAAA", ticket_target: [shownTicketId], mandatory: true },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/access_token|accessToken|purchased|amount/);
  });

  it("keeps remaining null unless the organizer shows it", async () => {
    const body = (await (await get(`/api/public/events/${publicId}`)).json()) as { tickets: TicketJson[] };
    const unshown = body.tickets.find((t) => t.id === hiddenCountTicketId)!;
    expect(unshown.remaining).toBeNull();
  });

  it("answers 404 for a draft, an unknown id or a private event without its t", async () => {
    expect((await get(`/api/public/events/${draftId}`)).status).toBe(404);
    expect((await get(`/api/public/events/999999`)).status).toBe(404);
    expect((await get(`/api/public/events/abc`)).status).toBe(404);
    const missing = await get(`/api/public/events/${privateId}`);
    expect(missing.status).toBe(404);
    expect(errorOf(await missing.json())).toMatchObject({ type: "not_found" });
    expect((await get(`/api/public/events/${privateId}?t=wrong`)).status).toBe(404);
  });

  it("answers a private event with its t", async () => {
    const t = privateEventHash(env, privateId);
    const response = await get(`/api/public/events/${privateId}?t=${encodeURIComponent(t)}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: privateId, visibility: "private" });
  });
});

describe("POST /api/public/events/:id/promo-check", () => {
  it("shows a valid code's discount with the fees per fees type", async () => {
    const response = await post(`/api/public/events/${publicId}/promo-check`, {
      code: " ete25 ",
      items: [
        { ticket_id: shownTicketId, quantity: 2 },
        { ticket_id: hiddenCountTicketId, quantity: 1 },
      ],
    });
    expect(response.status).toBe(200);
    const quote = (await response.json()) as Record<string, unknown>;
    // 25 % off 3000 = 2250 a unit; fee 1.5 % of 2250 + 25 = 59 a unit, added. 5000 → 3750, fee 81 included.
    expect(quote).toMatchObject({
      promo: { code: "ETE25", status: "applied" },
      subtotal: 11_000,
      discount: 1500 + 1250,
      added_fees: 118,
      total: 11_000 - 2750 + 118,
    });
  });

  it("says a code is invalid without failing the call", async () => {
    const response = await post(`/api/public/events/${publicId}/promo-check`, {
      code: "NOPE",
      items: [{ ticket_id: shownTicketId, quantity: 1 }],
    });
    expect(await response.json()).toMatchObject({ promo: { code: "NOPE", status: "invalid" }, discount: 0 });
  });

  it("says why an existing code does not apply now: expired, not started, used up", async () => {
    for (const [code, status] of [
      ["PRINTEMPS", "expired"],
      ["automne", "not_started"],
      ["PREMIERS", "used_up"],
    ]) {
      const response = await post(`/api/public/events/${publicId}/promo-check`, {
        code,
        items: [{ ticket_id: shownTicketId, quantity: 1 }],
      });
      expect(await response.json(), code).toMatchObject({ promo: { status }, discount: 0 });
    }
  });

  it("is 404 for a draft event", async () => {
    const response = await post(`/api/public/events/${draftId}/promo-check`, { code: "ETE25", items: [] });
    expect(response.status).toBe(404);
  });
});
