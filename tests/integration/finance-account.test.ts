import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { connectAccountIdempotencyKey, paymentAccountProviderFromEnv } from "#adapters/payment-accounts";
import { DEMO_WEBHOOK_SECRET, paymentProviderFromEnv, type PaymentsEnv } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { demoAccountEvent } from "#domain/finance/account-demo";
import { createAccountDashboardLink } from "#domain/finance/account-dashboard-link";
import { getPaymentAccount } from "#domain/finance/account-status";
import { connectPaymentAccount } from "#domain/finance/connect-payment-account";
import { refreshPaymentAccount } from "#domain/finance/refresh-payment-account";
import { updatePayoutFrequency } from "#domain/finance/update-payout-frequency";
import { receiveProviderWebhook } from "#domain/payments/receive-webhook";
import { failure } from "../support/failure";
import {
  actorOf,
  insertEventsWorld,
  insertMember,
  insertOrganization,
  insertUser,
  type User,
} from "../support/fixtures";
import { apiClient } from "./api-client";

// Issue 13 §1 and §4 against D1: the API through the Worker (demo mode: no STRIPE_SECRET_KEY in tests), the
// account.updated webhook through POST /webhooks/stripe, and Stripe mode with only Stripe's HTTP API stubbed (fetch).
const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users) as [string, User][]) {
    tokens[key] = (await createSession(db, user.id)).token;
  }
  const platformAdmin = await insertUser(db, { isAdmin: true });
  tokens.platformAdmin = (await createSession(db, platformAdmin.id)).token;
});

async function organizationRow(id: number) {
  const [row] = await db.select().from(schema.organizations).where(eq(schema.organizations.id, id));
  return row!;
}

async function deliver(event: unknown, signature?: string) {
  const payload = JSON.stringify(event);
  const header =
    signature ??
    (await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: DEMO_WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    }));
  const response = await exports.default.fetch("http://localhost/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body: payload,
  });
  return { status: response.status, json: (await response.json()) as { outcome?: string; error?: unknown } };
}

describe("finance account API (demo mode)", () => {
  it("shows the account to owners and admins; event managers, guests and other organizations get 404", async () => {
    const org = world.organization.id;
    const owner = await call(`/organizers/${org}/finance/account`);
    expect(owner).toEqual({
      status: 200,
      json: {
        status: "not_connected",
        connected_account_id: null,
        is_connected_account_valid: false,
        details_submitted: false,
        pending_step: null,
        payout_frequency: "manual",
        mode: "demo",
      },
    });
    expect((await call(`/organizers/${org}/finance/account`, { as: "admin" })).status).toBe(200);
    for (const as of ["manager", "guestManager", "guestNone", "foreignOwner"]) {
      for (const [method, path, body] of [
        ["GET", "/finance/account", undefined],
        ["POST", "/finance/account/connect", undefined],
        ["POST", "/finance/account/refresh", undefined],
        ["POST", "/finance/account/dashboard", undefined],
        ["GET", "/finance/frequency", undefined],
        ["PUT", "/finance/frequency", { payout_frequency: "daily" }],
      ] as const) {
        const answer = await call(`/organizers/${org}${path}`, { as, method, body });
        expect(answer.status, `${as} ${method} ${path}`).toBe(404);
      }
    }
    expect((await call(`/organizers/${world.foreignOrganization.id}/finance/account`)).status).toBe(404);
    expect(await organizationRow(org)).toMatchObject({ connectedAccountId: null, payoutFrequency: "manual" });
  });

  it("connects to the demo onboarding, keeps one account, and refuses a platform admin who is not a member", async () => {
    const org = world.organization.id;
    expect(
      (await call(`/organizers/${org}/finance/account/connect`, { method: "POST", as: "platformAdmin" })).status,
    ).toBe(403);
    const connected = await call(`/organizers/${org}/finance/account/connect`, { method: "POST", as: "admin" });
    expect(connected).toEqual({ status: 200, json: { url: `http://localhost:8787/demo-connect/acct_demo_${org}` } });
    const again = await call(`/organizers/${org}/finance/account/connect`, { method: "POST" });
    expect(again.json.url).toBe(connected.json.url);
    const account = await call(`/organizers/${org}/finance/account/refresh`, { method: "POST" });
    expect(account.json).toMatchObject({
      status: "need_validation",
      pending_step: "onboarding",
      connected_account_id: `acct_demo_${org}`,
    });
    const dashboard = await call(`/organizers/${org}/finance/account/dashboard`, { method: "POST" });
    expect(dashboard).toEqual({
      status: 409,
      json: expect.objectContaining({ type: "conflict", code: "not_valid" }),
    });
  });

  it("saves the payout frequency (spec §9) and refuses anything else", async () => {
    const org = world.organization.id;
    const put = await call(`/organizers/${org}/finance/frequency`, {
      method: "PUT",
      as: "admin",
      body: { payout_frequency: "weekly" },
    });
    expect(put).toEqual({ status: 200, json: { payout_frequency: "weekly" } });
    expect(await call(`/organizers/${org}/finance/frequency`)).toEqual({
      status: 200,
      json: { payout_frequency: "weekly" },
    });
    const bad = await call(`/organizers/${org}/finance/frequency`, {
      method: "PUT",
      body: { payout_frequency: "hourly" },
    });
    expect(bad.status).toBe(400);
    expect((await organizationRow(org)).payoutFrequency).toBe("weekly");
  });
});

describe("account.updated webhook (POST /webhooks/stripe)", () => {
  it("refuses a bad signature, applies a signed event once, ignores replays and older events", async () => {
    const organization = await insertOrganization(db, { connectedAccountId: "acct_hook_1" });
    const t0 = Date.now() - 3_600_000;
    const state = (detailsSubmitted: boolean, enabled: boolean, at: number) =>
      demoAccountEvent({ accountId: "acct_hook_1", organizationId: organization.id, detailsSubmitted, enabled }, at);

    const valid = state(true, true, t0 + 60_000);
    expect(await deliver(valid, "t=1,v1=deadbeef")).toMatchObject({
      status: 400,
      json: { error: { type: "validation", code: "invalid_signature" } },
    });
    expect((await organizationRow(organization.id)).isConnectedAccountValid).toBe(false);

    expect(await deliver(valid)).toMatchObject({ status: 200, json: { outcome: "account_updated" } });
    expect(await organizationRow(organization.id)).toMatchObject({
      isConnectedAccountValid: true,
      connectedAccountDetailsSubmitted: true,
    });

    // Stripe then restricts the account (newer), and the first event comes again: the replay changes nothing.
    const restricted = state(true, false, t0 + 120_000);
    expect(await deliver(restricted)).toMatchObject({ status: 200, json: { outcome: "account_updated" } });
    expect(await deliver(valid)).toMatchObject({ status: 200, json: { outcome: "duplicate" } });
    expect((await organizationRow(organization.id)).isConnectedAccountValid).toBe(false);

    // An event older than the state applied, delivered late under a new id: ignored.
    const late = state(true, true, t0 + 90_000);
    expect(await deliver(late)).toMatchObject({ status: 200, json: { outcome: "ignored" } });
    const row = await organizationRow(organization.id);
    expect(row.isConnectedAccountValid).toBe(false);
    expect(row.connectedAccountSyncedAt?.getTime()).toBe(Math.floor((t0 + 120_000) / 1000) * 1000);
  });
});

type Call = { method: string; path: string; body: URLSearchParams; headers: Headers };

/** Stripe's Connect endpoints, as far as this feature calls them. */
class FakeStripeConnect {
  calls: Call[] = [];
  accounts = new Map<string, { charges: boolean; payouts: boolean; details: boolean; organizationId: string }>();
  fail = false;
  private sequence = 0;

  handle = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== "api.stripe.com") throw new Error(`unexpected fetch ${url}`);
    const call: Call = {
      method: init?.method ?? "GET",
      path: url.pathname,
      body: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
      headers: new Headers(init?.headers),
    };
    this.calls.push(call);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    if (this.fail) return json({ error: { type: "api_error", message: "Stripe is down" } }, 400);
    const accountJson = (id: string) => {
      const account = this.accounts.get(id)!;
      return {
        id,
        object: "account",
        type: "express",
        charges_enabled: account.charges,
        payouts_enabled: account.payouts,
        details_submitted: account.details,
        metadata: { organization_id: account.organizationId },
      };
    };
    if (call.method === "POST" && call.path === "/v1/accounts") {
      const id = `acct_test_${++this.sequence}_${Date.now()}`;
      this.accounts.set(id, {
        charges: false,
        payouts: false,
        details: false,
        organizationId: call.body.get("metadata[organization_id]")!,
      });
      return json(accountJson(id));
    }
    if (call.method === "POST" && call.path === "/v1/account_links") {
      return json({ object: "account_link", url: `https://connect.stripe.com/setup/e/${call.body.get("account")}` });
    }
    const loginMatch = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(call.path);
    if (call.method === "POST" && loginMatch) {
      return json({ object: "login_link", url: `https://connect.stripe.com/express/${loginMatch[1]}` });
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(call.path);
    if (accountMatch && this.accounts.has(accountMatch[1]!)) return json(accountJson(accountMatch[1]!));
    return json({ error: { type: "invalid_request_error", message: `No route ${call.method} ${call.path}` } }, 404);
  };
}

describe("payment account with Stripe (fetch stubbed)", () => {
  const STRIPE_ENV: PaymentsEnv = { ENVIRONMENT: "test", STRIPE_SECRET_KEY: "sk_test_guichet" };
  const accounts = paymentAccountProviderFromEnv(STRIPE_ENV);
  let stripe: FakeStripeConnect;

  beforeEach(() => {
    stripe = new FakeStripeConnect();
    vi.spyOn(globalThis, "fetch").mockImplementation(stripe.handle);
  });
  afterEach(() => vi.restoreAllMocks());

  async function owned(values: Partial<typeof schema.organizations.$inferInsert> = {}) {
    const organization = await insertOrganization(db, { contactEmail: "billetterie@exemple.test", ...values });
    const user = await insertUser(db);
    await insertMember(db, organization.id, user.id, "owner");
    return { organization, actor: actorOf(user, organization.id, "owner") };
  }

  it("creates one Express account per organization and an onboarding link back to /finance", async () => {
    const { organization, actor } = await owned({ payoutFrequency: "monthly" });
    const { url } = await connectPaymentAccount(db, { accounts }, actor, { origin: "https://billetterie.example" });
    const [create, link] = stripe.calls;
    expect(create).toMatchObject({ method: "POST", path: "/v1/accounts" });
    expect(create!.headers.get("Idempotency-Key")).toBe(connectAccountIdempotencyKey(organization.id));
    expect(Object.fromEntries(create!.body)).toMatchObject({
      type: "express",
      country: "FR",
      email: "billetterie@exemple.test",
      "metadata[organization_id]": String(organization.id),
      "metadata[payout_frequency]": "monthly",
      "settings[payouts][schedule][interval]": "manual",
      "capabilities[card_payments][requested]": "true",
      "capabilities[transfers][requested]": "true",
    });
    const accountId = (await organizationRow(organization.id)).connectedAccountId!;
    expect(accountId).toMatch(/^acct_test_/);
    expect(Object.fromEntries(link!.body)).toEqual({
      account: accountId,
      type: "account_onboarding",
      return_url: "https://billetterie.example/finance?account=return",
      refresh_url: "https://billetterie.example/finance?account=refresh",
    });
    expect(url).toBe(`https://connect.stripe.com/setup/e/${accountId}`);

    await connectPaymentAccount(db, { accounts }, actor, { origin: "https://billetterie.example" });
    expect(stripe.calls.filter((c) => c.path === "/v1/accounts")).toHaveLength(1);
    expect((await getPaymentAccount(db, actor, { mode: "stripe" })).status).toBe("need_validation");
  });

  it("refreshes from Stripe's answer: valid only with charges, payouts and details; then opens the dashboard", async () => {
    const { organization, actor } = await owned();
    await connectPaymentAccount(db, { accounts }, actor, { origin: "https://billetterie.example" });
    const accountId = (await organizationRow(organization.id)).connectedAccountId!;
    const remote = stripe.accounts.get(accountId)!;

    Object.assign(remote, { details: true, charges: true, payouts: false });
    expect(await refreshPaymentAccount(db, { accounts }, actor)).toMatchObject({
      status: "need_validation",
      pendingStep: "review",
    });
    Object.assign(remote, { payouts: true });
    expect(await refreshPaymentAccount(db, { accounts }, actor)).toMatchObject({
      status: "valid_conected",
      isConnectedAccountValid: true,
    });
    expect(stripe.calls.filter((c) => c.method === "GET" && c.path === `/v1/accounts/${accountId}`)).toHaveLength(2);

    expect(await createAccountDashboardLink(db, { accounts }, actor, { origin: "https://x.example" })).toEqual({
      url: `https://connect.stripe.com/express/${accountId}`,
    });
  });

  it("applies the payout frequency to the account (Stripe's schedule stays manual) before saving it; a refusal saves nothing", async () => {
    const { organization, actor } = await owned();
    await connectPaymentAccount(db, { accounts }, actor, { origin: "https://billetterie.example" });
    const accountId = (await organizationRow(organization.id)).connectedAccountId!;
    const schedules: Record<string, string>[] = [];
    for (const payoutFrequency of ["weekly", "daily", "monthly", "manual"] as const) {
      await updatePayoutFrequency(db, { accounts }, actor, { payoutFrequency });
      const update = stripe.calls.at(-1)!;
      expect(update).toMatchObject({ method: "POST", path: `/v1/accounts/${accountId}` });
      schedules.push(Object.fromEntries(update.body));
      expect((await organizationRow(organization.id)).payoutFrequency).toBe(payoutFrequency);
    }
    expect(schedules).toEqual(
      ["weekly", "daily", "monthly", "manual"].map((frequency) => ({
        "metadata[payout_frequency]": frequency,
        "settings[payouts][schedule][interval]": "manual",
      })),
    );

    stripe.fail = true;
    const refused = await failure(updatePayoutFrequency(db, { accounts }, actor, { payoutFrequency: "daily" }));
    expect(refused).toMatchObject({ code: "conflict", messageKey: "payment-account:errors.provider" });
    expect((await organizationRow(organization.id)).payoutFrequency).toBe("manual");
  });

  it("verifies account.updated from the Connect endpoint with its own secret", async () => {
    const { organization } = await owned({ connectedAccountId: "acct_connect_hook" });
    const env: PaymentsEnv = {
      ...STRIPE_ENV,
      STRIPE_WEBHOOK_SECRET: "whsec_platform_endpoint",
      STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect_endpoint",
    };
    const provider = paymentProviderFromEnv(env, db);
    const event = demoAccountEvent(
      { accountId: "acct_connect_hook", organizationId: organization.id, detailsSubmitted: true, enabled: true },
      Date.now(),
    );
    const payload = JSON.stringify(event);
    const sign = (secret: string) =>
      Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret,
        cryptoProvider: Stripe.createSubtleCryptoProvider(),
      });
    const forged = await receiveProviderWebhook(db, { provider }, { payload, signature: await sign("whsec_other") });
    expect(forged).toEqual({ status: 400, error: "invalid_signature" });
    expect((await organizationRow(organization.id)).isConnectedAccountValid).toBe(false);
    const signed = await receiveProviderWebhook(
      db,
      { provider },
      { payload, signature: await sign("whsec_connect_endpoint") },
    );
    expect(signed).toEqual({ status: 200, result: { outcome: "account_updated" } });
    expect((await organizationRow(organization.id)).isConnectedAccountValid).toBe(true);
  });

  it("tells the organizer when Stripe refuses the connect, and stores no account", async () => {
    const { organization, actor } = await owned();
    stripe.fail = true;
    const refused = await failure(connectPaymentAccount(db, { accounts }, actor, { origin: "https://b.example" }));
    expect(refused).toMatchObject({ code: "conflict", messageKey: "payment-account:errors.provider" });
    expect((await organizationRow(organization.id)).connectedAccountId).toBeNull();
  });
});
