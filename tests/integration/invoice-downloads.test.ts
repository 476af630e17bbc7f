import { env, exports } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentProviderFromEnv } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { confirmOrder } from "#domain/booking/confirm-order";
import { placeOrder } from "#domain/booking/place-order";
import { refundOrderPart } from "#domain/refunds/refund-order-part";
import { actorOf, insertEvent, insertMember, insertOrganization, insertTicket, insertUser } from "../support/fixtures";
import { readPdf } from "../support/pdf-reading";

/**
 * Issue 29 §3–5 through the Worker: the organizer's downloads of an order's invoice and credit note (tenant-scoped,
 * another organization 404), the buyer's with the order's token (a wrong one 404), the period's zip.
 */

const BASE = "http://localhost";
const db = createD1Database(env.DB);
const NOW = Date.now();

let orderId: number;
let orderToken: string;
let creditNoteId: number;
let invoiceNumber: string;
let ownerToken: string;
let otherToken: string;
let organizationId: number;

const get = (path: string, token?: string) =>
  exports.default.fetch(`${BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

const pdfText = async (response: Response) =>
  (await readPdf(new Uint8Array(await response.arrayBuffer()))).pages.flatMap((page) => page.text).join("\n");

beforeAll(async () => {
  organizationId = (await insertOrganization(db)).id;
  const owner = await insertUser(db);
  await insertMember(db, organizationId, owner.id, "owner");
  ownerToken = (await createSession(db, owner.id)).token;
  const other = await insertOrganization(db);
  const stranger = await insertUser(db);
  await insertMember(db, other.id, stranger.id, "owner");
  otherToken = (await createSession(db, stranger.id)).token;

  await db.insert(schema.organizationBilling).values({
    organizationId,
    legalName: "Salle Pleyel SARL",
    address: "252 rue du Faubourg Saint-Honoré",
    postalCode: "75008",
    city: "Paris",
    invoicePrefix: "PL-",
    invoiceMode: "always",
  });
  const event = await insertEvent(db, organizationId, {
    status: "published",
    startAt: new Date(NOW + 30 * 86_400_000),
    endAt: new Date(NOW + 30 * 86_400_000),
  });
  const ticket = await insertTicket(db, event, { title: "Récital", price: 3000, amount: 10 });
  const placed = await placeOrder(
    db,
    { env: { ENVIRONMENT: "test", SESSION_SECRET: "invoice-downloads-secret-0123456789" }, now: NOW },
    {
      eventId: event.id,
      body: {
        items: [{ ticket_id: ticket.id, quantity: 2 }],
        buyer: { first_name: "Zofia", last_name: "Wójcik", email: "zofia@exemple.test" },
        answers: {},
        locale: "fr",
      },
    },
  );
  await confirmOrder(db, { orderId: placed.id, paidAt: NOW, paymentIntentId: `pi_demo_${placed.id}`, now: NOW });
  orderId = placed.id;
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  orderToken = order!.accessToken;
  await refundOrderPart(
    db,
    { provider: paymentProviderFromEnv({ ENVIRONMENT: "test" }, db), now: NOW },
    actorOf(owner, organizationId, "owner"),
    { orderId, idempotencyKey: "invoice-downloads-refund", request: { kind: "amount", amount: 500 } },
  );
  const documents = await db
    .select()
    .from(schema.invoices)
    .where(eq(schema.invoices.orderId, orderId))
    .orderBy(asc(schema.invoices.sequence));
  expect(documents.map((document) => document.kind)).toEqual(["invoice", "credit-note"]);
  invoiceNumber = documents[0]!.number;
  creditNoteId = documents[1]!.id;
});

describe("the organizer's invoice downloads", () => {
  it("lists the order's documents and serves the invoice and the credit note as PDFs", async () => {
    const list = await get(`/api/orders/${orderId}/invoices`, ownerToken);
    expect(list.status).toBe(200);
    const body = (await list.json()) as { invoice: { number: string; total: number }; credit_notes: { id: number }[] };
    expect(body.invoice).toMatchObject({ number: invoiceNumber, total: 6000 });
    expect(body.credit_notes.map((note) => note.id)).toEqual([creditNoteId]);

    const invoice = await get(`/api/orders/${orderId}/invoice.pdf`, ownerToken);
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(invoice);
    expect(text).toContain("Facture");
    expect(text).toContain(invoiceNumber);
    expect(text).toContain("Salle Pleyel SARL");

    const note = await get(`/api/orders/${orderId}/credit-notes/${creditNoteId}.pdf`, ownerToken);
    expect(note.status).toBe(200);
    expect(note.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(note)).toContain(`Avoir sur la facture n° ${invoiceNumber}`);
  });

  it("answers 404 to another organization, and for a credit note of another order", async () => {
    for (const path of [
      `/api/orders/${orderId}/invoices`,
      `/api/orders/${orderId}/invoice.pdf`,
      `/api/orders/${orderId}/credit-notes/${creditNoteId}.pdf`,
    ])
      expect((await get(path, otherToken)).status).toBe(404);
    expect((await get(`/api/orders/${orderId + 100_000}/invoice.pdf`, ownerToken)).status).toBe(404);
    expect((await get(`/api/orders/${orderId}/credit-notes/${creditNoteId + 100_000}.pdf`, ownerToken)).status).toBe(
      404,
    );
  });

  it("zips the period's documents for the accountant", async () => {
    const day = new Date(NOW).toISOString().slice(0, 10);
    const before = new Date(NOW - 2 * 86_400_000).toISOString().slice(0, 10);
    const after = new Date(NOW + 2 * 86_400_000).toISOString().slice(0, 10);
    const zip = await get(
      `/api/organizers/${organizationId}/invoices/export.zip?from=${before}&to=${after}`,
      ownerToken,
    );
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(2);
    expect(Object.keys(files)).toContain(`${invoiceNumber}.pdf`);
    expect(strFromU8(Object.values(files)[0]!.subarray(0, 5))).toBe("%PDF-");
    expect(
      (await get(`/api/organizers/${organizationId}/invoices/export.zip?from=${day}&to=${day}`, otherToken)).status,
    ).toBe(404);
    expect(
      (await get(`/api/organizers/${organizationId}/invoices/export.zip?from=${after}&to=${before}`, ownerToken))
        .status,
    ).toBe(400);
  });
});

describe("the buyer's invoice links", () => {
  it("serves the invoice and the credit note with the order's token, 404 with a wrong one", async () => {
    const token = encodeURIComponent(orderToken);
    const invoice = await get(`/orders/${orderId}/invoice.pdf?token=${token}`);
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("content-type")).toBe("application/pdf");
    expect(invoice.headers.get("cache-control")).toBe("private, no-store");
    expect(await pdfText(invoice)).toContain(invoiceNumber);
    const note = await get(`/orders/${orderId}/credit-notes/${creditNoteId}.pdf?token=${token}`);
    expect(note.status).toBe(200);
    expect((await get(`/orders/${orderId}/invoice.pdf?token=wrong`)).status).toBe(404);
    expect((await get(`/orders/${orderId}/invoice.pdf`)).status).toBe(404);
    expect((await get(`/orders/${orderId}/credit-notes/${creditNoteId}.pdf?token=wrong`)).status).toBe(404);
  });
});
