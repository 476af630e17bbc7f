import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { paymentProviderFromEnv, type PaymentsEnv } from "#adapters/payments";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { insertEvent, insertOrganization, insertTicket } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { getPublicOrder } from "../booking/get-public-order";
import { placeOrder } from "../booking/place-order";
import { eventSlug } from "../events/event-slug";
import { privateEventHash, verifyPrivateEventHash } from "../events/private-event-link";
import { bookingCheckout } from "./booking-checkout";
import { getDemoCheckout, submitDemoCheckout } from "./demo-checkout";
import { checkoutResumeUrl } from "./resume-checkout";

// Leaving the checkout (decisions 0035, 0042): back to the event's real page; the demo's « Annuler » cancels, Stripe's
// back link (and the browser's) leaves the order pending and resumable.
const env = { ENVIRONMENT: "test", SESSION_SECRET: "checkout-cancel-secret-0123456789abcdef" };
const demoEnv: PaymentsEnv & typeof env = env;
const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_guichet_cancel" };
const FUTURE = new Date(Date.now() + 30 * 86_400_000);

let t: LibsqlTestDatabase;
let db: Database;
let buyer = 0;

beforeAll(async () => {
  t = await createLibsqlTestDatabase();
  db = t.db;
});
afterAll(() => t.close());
afterEach(() => vi.unstubAllGlobals());

async function privateEvent(organizationValues: Partial<typeof schema.organizations.$inferInsert> = {}) {
  const organization = await insertOrganization(db);
  if (Object.keys(organizationValues).length > 0)
    await db.update(schema.organizations).set(organizationValues).where(eq(schema.organizations.id, organization.id));
  const event = await insertEvent(db, organization.id, {
    title: "Soirée privée des abonnés",
    status: "published",
    visibility: "private",
    startAt: FUTURE,
    endAt: FUTURE,
  });
  const ticket = await insertTicket(db, event, { price: 2500, amount: 1 });
  return { event, ticket };
}

async function place(paymentsEnv: PaymentsEnv, eventId: number, ticketId: number, hash?: string) {
  buyer += 1;
  const provider = paymentProviderFromEnv(paymentsEnv, db);
  return placeOrder(
    db,
    { env, createCheckout: bookingCheckout(db, provider, { appUrl: "https://guichet.test/", env }) },
    {
      eventId,
      body: {
        items: [{ ticket_id: ticketId, quantity: 1 }],
        buyer: { first_name: "Inès", last_name: "Morel", email: `annule${buyer}@exemple.test` },
        answers: {},
        locale: "fr",
        t: hash ?? null,
      },
    },
  );
}

function expectPrivatePage(path: string, event: { id: number; title: string }) {
  const url = new URL(path, "https://guichet.test");
  expect(url.pathname).toBe(`/events/${event.id}/${eventSlug(event.title)}`);
  expect(verifyPrivateEventHash(env, event.id, url.searchParams.get("t"))).toBe(true);
}

describe("leaving the checkout of a private event (demo)", () => {
  it("« Annuler » cancels the order, frees its place and leads back to the private event page", async () => {
    const { event, ticket } = await privateEvent();
    const placed = await place(demoEnv, event.id, ticket.id, privateEventHash(env, event.id));
    const sessionId = decodeURIComponent(new URL(placed.checkoutUrl!).pathname.split("/").pop()!);
    const provider = paymentProviderFromEnv(demoEnv, db);

    const checkout = await getDemoCheckout(db, demoEnv, sessionId);
    expectPrivatePage(checkout.cancelPath, event);

    const left = await submitDemoCheckout(db, { env: demoEnv, provider }, { sessionId, action: "cancel" });
    expect(left).toMatchObject({ result: null, cancelled: true });
    expectPrivatePage(left.redirectTo, event);

    // Cancelled, not held: the one place goes to the next buyer, and nothing is left to resume.
    const order = await getPublicOrder(db, env, { orderId: placed.id, token: placed.accessToken });
    expect(order.status).toBe("cancelled");
    expect(await checkoutResumeUrl(db, { env: demoEnv, provider }, { orderId: placed.id })).toBeNull();
    const next = await place(demoEnv, event.id, ticket.id, privateEventHash(env, event.id));
    expect(next.status).toBe("pending");
  });

  it("keeps an order left without « Annuler » (the browser's back) pending and resumable until payable_until", async () => {
    const { event, ticket } = await privateEvent();
    const placed = await place(demoEnv, event.id, ticket.id, privateEventHash(env, event.id));
    const sessionId = decodeURIComponent(new URL(placed.checkoutUrl!).pathname.split("/").pop()!);
    const provider = paymentProviderFromEnv(demoEnv, db);

    // Its one place stays held meanwhile.
    await expect(place(demoEnv, event.id, ticket.id, privateEventHash(env, event.id))).rejects.toMatchObject({
      code: "conflict",
    });

    // The order page's "Reprendre le paiement" opens the same session until payable_until, and nothing after.
    const resume = await checkoutResumeUrl(db, { env: demoEnv, provider }, { orderId: placed.id });
    expect(resume).toBe(`/demo-checkout/${encodeURIComponent(sessionId)}`);
    expect(
      await checkoutResumeUrl(db, { env: demoEnv, provider, now: placed.payableUntil! + 1 }, { orderId: placed.id }),
    ).toBeNull();
    const expired = await getPublicOrder(db, env, {
      orderId: placed.id,
      token: placed.accessToken,
      now: placed.payableUntil! + 1,
    });
    expect(expired.status).toBe("expired");

    const paid = await submitDemoCheckout(db, { env: demoEnv, provider }, { sessionId, action: "pay" });
    expect(paid.result).toMatchObject({ outcome: "confirmed", orderId: placed.id });
    expect((await getPublicOrder(db, env, { orderId: placed.id, token: placed.accessToken })).status).toBe("paid");
    expect(await checkoutResumeUrl(db, { env: demoEnv, provider }, { orderId: placed.id })).toBeNull();
  });

  it("gives a public event's page without any t", async () => {
    const organization = await insertOrganization(db);
    const event = await insertEvent(db, organization.id, {
      title: "Concert du square",
      status: "published",
      startAt: FUTURE,
      endAt: FUTURE,
    });
    const ticket = await insertTicket(db, event, { price: 1000, amount: 5 });
    const placed = await place(demoEnv, event.id, ticket.id);
    const sessionId = decodeURIComponent(new URL(placed.checkoutUrl!).pathname.split("/").pop()!);
    expect((await getDemoCheckout(db, demoEnv, sessionId)).cancelPath).toBe(`/events/${event.id}/concert-du-square`);
  });
});

describe("leaving the checkout of a private event (Stripe)", () => {
  it("sends Stripe the private event page as cancel_url and resumes with the open session's url", async () => {
    const { event, ticket } = await privateEvent({ connectedAccountId: "acct_cancel", isConnectedAccountValid: true });
    const requests: { method: string; url: string; body: string }[] = [];
    let sessionStatus = "open";
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        requests.push({ method: init?.method ?? "GET", url, body: String(init?.body ?? "") });
        const session = {
          id: "cs_test_cancel",
          object: "checkout.session",
          status: sessionStatus,
          url: sessionStatus === "open" ? "https://checkout.stripe.com/c/pay/cs_test_cancel" : null,
        };
        return new Response(JSON.stringify(session), { status: 200, headers: { "Content-Type": "application/json" } });
      }),
    );

    const placed = await place(stripeEnv, event.id, ticket.id, privateEventHash(env, event.id));
    expect(placed.checkoutUrl).toBe("https://checkout.stripe.com/c/pay/cs_test_cancel");
    const created = requests.find((request) => request.url.endsWith("/v1/checkout/sessions"))!;
    const cancelUrl = new URLSearchParams(created.body).get("cancel_url")!;
    expect(cancelUrl.startsWith("https://guichet.test/events/")).toBe(true);
    expectPrivatePage(cancelUrl, event);

    const provider = paymentProviderFromEnv(stripeEnv, db);
    expect(await checkoutResumeUrl(db, { env: stripeEnv, provider }, { orderId: placed.id })).toBe(
      "https://checkout.stripe.com/c/pay/cs_test_cancel",
    );
    expect(requests.at(-1)!.url).toContain("/v1/checkout/sessions/cs_test_cancel");
    sessionStatus = "expired";
    expect(await checkoutResumeUrl(db, { env: stripeEnv, provider }, { orderId: placed.id })).toBeNull();
  });
});
