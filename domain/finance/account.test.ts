import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountIsValid,
  demoAccountId,
  paymentAccountProviderFromEnv,
  payoutSchedule,
} from "#adapters/payment-accounts";
import { paymentProviderFromEnv, type PaymentsEnv } from "#adapters/payments";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { actorOf, insertMember, insertOrganization, insertUser } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { handleProviderEvent } from "../payments/handle-provider-event";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { simulateDemoAccountReview, submitDemoConnect, demoAccountEvent, getDemoConnect } from "./account-demo";
import { createAccountDashboardLink } from "./account-dashboard-link";
import { accountPageState } from "./account-return";
import { getPaymentAccount, paymentAccountStatusOf } from "./account-status";
import { connectPaymentAccount } from "./connect-payment-account";
import { getPayoutFrequency } from "./payout-frequency";
import { refreshPaymentAccount } from "./refresh-payment-account";
import { updatePayoutFrequency } from "./update-payout-frequency";

const DEMO_ENV: PaymentsEnv = { ENVIRONMENT: "test" };
const PRODUCTION_ENV: PaymentsEnv = { ENVIRONMENT: "production" };
const ORIGIN = "http://localhost:5173";

async function failure(work: () => Promise<unknown>): Promise<{ code: string; messageKey: string }> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, messageKey: error.messageKey };
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("spec §4 states from what is stored", () => {
  it("maps the account columns to not_connected, need_validation (onboarding or review) and valid_conected", () => {
    expect(
      paymentAccountStatusOf({ connectedAccountId: null, isConnectedAccountValid: false, detailsSubmitted: false }),
    ).toEqual({ status: "not_connected", pendingStep: null });
    expect(
      paymentAccountStatusOf({ connectedAccountId: "acct_1", isConnectedAccountValid: false, detailsSubmitted: false }),
    ).toEqual({ status: "need_validation", pendingStep: "onboarding" });
    expect(
      paymentAccountStatusOf({ connectedAccountId: "acct_1", isConnectedAccountValid: false, detailsSubmitted: true }),
    ).toEqual({ status: "need_validation", pendingStep: "review" });
    expect(
      paymentAccountStatusOf({ connectedAccountId: "acct_1", isConnectedAccountValid: true, detailsSubmitted: true }),
    ).toEqual({ status: "valid_conected", pendingStep: null });
  });

  it("is valid only when charges and payouts are enabled and the details submitted", () => {
    for (const chargesEnabled of [true, false]) {
      for (const payoutsEnabled of [true, false]) {
        for (const detailsSubmitted of [true, false]) {
          expect(accountIsValid({ chargesEnabled, payoutsEnabled, detailsSubmitted })).toBe(
            chargesEnabled && payoutsEnabled && detailsSubmitted,
          );
        }
      }
    }
  });

  it("keeps Stripe's own payout schedule manual for every frequency: the payout job pays", () => {
    for (const frequency of ["manual", "daily", "weekly", "monthly"] as const)
      expect(payoutSchedule(frequency)).toEqual({ interval: "manual" });
  });
});

describe("payment account in demo mode (libSQL)", () => {
  let t: LibsqlTestDatabase;
  let db: Database;
  const accounts = paymentAccountProviderFromEnv(DEMO_ENV);
  const deps = () => ({ accounts });
  const demoDeps = () => ({ env: DEMO_ENV, provider: paymentProviderFromEnv(DEMO_ENV, db) });

  async function organizationWith(role: schema.OrganizationRole, values = {}) {
    const organization = await insertOrganization(db, values);
    const user = await insertUser(db);
    await insertMember(db, organization.id, user.id, role);
    return { organization, user, actor: actorOf(user, organization.id, role) };
  }

  async function stored(organizationId: number) {
    const [row] = await db.select().from(schema.organizations).where(eq(schema.organizations.id, organizationId));
    return row!;
  }

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    db = t.db;
  });
  afterAll(() => t.close());

  it("goes through the three states: connect, submit the onboarding, Stripe's review", async () => {
    const { organization, actor } = await organizationWith("owner", { payoutFrequency: "weekly" });
    expect((await getPaymentAccount(db, actor, { mode: "demo" })).status).toBe("not_connected");

    const { url } = await connectPaymentAccount(db, deps(), actor, { origin: ORIGIN });
    const accountId = demoAccountId(organization.id);
    expect(url).toBe(`${ORIGIN}/demo-connect/${accountId}`);
    const connected = await getPaymentAccount(db, actor, { mode: "demo" });
    expect(connected).toMatchObject({
      status: "need_validation",
      pendingStep: "onboarding",
      connectedAccountId: accountId,
      isConnectedAccountValid: false,
      payoutFrequency: "weekly",
      canConnect: true,
      canManage: true,
    });

    const page = await getDemoConnect(db, DEMO_ENV, actor, accountId);
    expect(page).toMatchObject({ accountId, organizationTitle: organization.title, status: "need_validation" });
    const submitted = await submitDemoConnect(db, demoDeps(), actor, accountId);
    expect(submitted).toEqual({ redirectTo: "/finance?account=return", result: { outcome: "account_updated" } });
    expect(await getPaymentAccount(db, actor, { mode: "demo" })).toMatchObject({
      status: "need_validation",
      pendingStep: "review",
    });

    // Back from the onboarding: the demo has no Stripe to ask, the stored state stands.
    const returned = await accountPageState(db, deps(), actor, { flow: "return", origin: ORIGIN });
    expect(returned).toEqual({ kind: "redirect", url: "/finance" });
    expect((await getPaymentAccount(db, actor, { mode: "demo" })).pendingStep).toBe("review");

    expect(await simulateDemoAccountReview(db, demoDeps(), actor)).toEqual({ outcome: "account_updated" });
    const valid = await getPaymentAccount(db, actor, { mode: "demo" });
    expect(valid).toMatchObject({ status: "valid_conected", isConnectedAccountValid: true, detailsSubmitted: true });
    expect(valid.syncedAt).not.toBeNull();
    expect(await createAccountDashboardLink(db, deps(), actor, { origin: ORIGIN })).toEqual({
      url: `${ORIGIN}/demo-connect/${accountId}`,
    });
  });

  it("connects again to the same account (an expired link makes a new link, never a second account)", async () => {
    const { organization, actor } = await organizationWith("admin");
    const first = await connectPaymentAccount(db, deps(), actor, { origin: ORIGIN });
    const again = await accountPageState(db, deps(), actor, { flow: "refresh", origin: ORIGIN });
    expect(again).toEqual({ kind: "redirect", url: first.url });
    expect((await stored(organization.id)).connectedAccountId).toBe(demoAccountId(organization.id));
  });

  it("an expired-link return never creates an account: without one it shows the page, unchanged", async () => {
    const { organization, actor } = await organizationWith("owner");
    const state = await accountPageState(db, deps(), actor, { flow: "refresh", origin: ORIGIN });
    expect(state).toMatchObject({ kind: "page", errorKey: null, account: { status: "not_connected" } });
    expect((await stored(organization.id)).connectedAccountId).toBeNull();
  });

  it("lets owners and admins connect; a platform admin who is not a member views but never connects", async () => {
    const { organization } = await organizationWith("owner");
    const platformAdmin = await insertUser(db, { isAdmin: true });
    const viaAdmin: Actor = { ...actorOf(platformAdmin, organization.id, "admin"), viaPlatformAdmin: true };
    expect((await getPaymentAccount(db, viaAdmin, { mode: "demo" })).canConnect).toBe(false);
    expect(await failure(() => connectPaymentAccount(db, deps(), viaAdmin, { origin: ORIGIN }))).toMatchObject({
      code: "forbidden",
    });
    expect((await stored(organization.id)).connectedAccountId).toBeNull();
  });

  it("answers 404 to event managers, the empty role and other organizations, and changes nothing", async () => {
    const { organization } = await organizationWith("owner");
    const other = await organizationWith("owner");
    const eventManager = await insertUser(db);
    await insertMember(db, organization.id, eventManager.id, "event_manager");
    const guest = await insertUser(db);
    await insertMember(db, organization.id, guest.id, "");
    const outsiders: Actor[] = [
      actorOf(eventManager, organization.id, "event_manager"),
      actorOf(guest, organization.id, ""),
      // The other organization's owner naming this organization (no membership here).
      actorOf(other.user, null, null),
    ];
    for (const actor of outsiders) {
      for (const work of [
        () => getPaymentAccount(db, actor, { mode: "demo" }),
        () => connectPaymentAccount(db, deps(), actor, { origin: ORIGIN }),
        () => refreshPaymentAccount(db, deps(), actor),
        () => getPayoutFrequency(db, actor),
        () => updatePayoutFrequency(db, deps(), actor, { payoutFrequency: "daily" }),
        () => simulateDemoAccountReview(db, demoDeps(), actor),
      ]) {
        expect(await failure(work)).toMatchObject({ code: "not_found" });
      }
    }
    const row = await stored(organization.id);
    expect(row.connectedAccountId).toBeNull();
    expect(row.payoutFrequency).toBe("manual");
    // The other organization's demo page is not this owner's either.
    expect(
      await failure(() => getDemoConnect(db, DEMO_ENV, other.actor, demoAccountId(organization.id))),
    ).toMatchObject({ code: "not_found" });
  });

  it("refuses Stripe's review before the details are submitted, and the dashboard before the account is valid", async () => {
    const { actor } = await organizationWith("owner");
    expect(await failure(() => simulateDemoAccountReview(db, demoDeps(), actor))).toEqual({
      code: "conflict",
      messageKey: "payment-account:errors.demo-details-missing",
    });
    await connectPaymentAccount(db, deps(), actor, { origin: ORIGIN });
    expect(await failure(() => simulateDemoAccountReview(db, demoDeps(), actor))).toMatchObject({ code: "conflict" });
    expect(await failure(() => createAccountDashboardLink(db, deps(), actor, { origin: ORIGIN }))).toEqual({
      code: "conflict",
      messageKey: "payment-account:errors.not-valid",
    });
  });

  it("takes no account without a provider: production without a Stripe key refuses, the demo page is a 404", async () => {
    const { organization, actor } = await organizationWith("owner");
    const production = { accounts: paymentAccountProviderFromEnv(PRODUCTION_ENV) };
    expect(await failure(() => connectPaymentAccount(db, production, actor, { origin: ORIGIN }))).toEqual({
      code: "conflict",
      messageKey: "payment-account:errors.unavailable",
    });
    expect((await stored(organization.id)).connectedAccountId).toBeNull();
    expect(
      await failure(() => getDemoConnect(db, PRODUCTION_ENV, actor, demoAccountId(organization.id))),
    ).toMatchObject({ code: "not_found" });
    // An expired-link return without an account only shows the page (its connect button then says why it can't).
    const page = await accountPageState(db, production, actor, { flow: "refresh", origin: ORIGIN });
    expect(page).toMatchObject({ kind: "page", errorKey: null });
    expect((await stored(organization.id)).connectedAccountId).toBeNull();
  });

  it("saves the payout frequency per organization (owners and admins), refusing anything outside spec §9", async () => {
    const { organization, actor } = await organizationWith("admin");
    const other = await organizationWith("owner");
    expect(await updatePayoutFrequency(db, deps(), actor, { payoutFrequency: "monthly" })).toEqual({
      payoutFrequency: "monthly",
    });
    expect(await getPayoutFrequency(db, actor)).toEqual({ payoutFrequency: "monthly" });
    expect((await stored(other.organization.id)).payoutFrequency).toBe("manual");
    expect(await failure(() => updatePayoutFrequency(db, deps(), actor, { payoutFrequency: "hourly" }))).toEqual({
      code: "validation",
      messageKey: "payment-account:errors.frequency-invalid",
    });
    expect((await stored(organization.id)).payoutFrequency).toBe("monthly");
  });

  describe("account.updated", () => {
    const provider = () => paymentProviderFromEnv(DEMO_ENV, db);
    const event = (
      accountId: string,
      organizationId: number,
      state: { detailsSubmitted: boolean; enabled: boolean },
      createdMs: number,
    ) => demoAccountEvent({ accountId, organizationId, ...state }, createdMs) as never;

    it("keeps the newest state: an older event delivered late changes nothing, a replay changes nothing", async () => {
      const { organization } = await organizationWith("owner", { connectedAccountId: "acct_order_1" });
      const t0 = Date.UTC(2026, 10, 26, 8, 0, 0);
      const newer = event("acct_order_1", organization.id, { detailsSubmitted: true, enabled: true }, t0 + 60_000);
      const older = event("acct_order_1", organization.id, { detailsSubmitted: true, enabled: false }, t0);
      expect(await handleProviderEvent(db, { provider: provider() }, newer)).toEqual({ outcome: "account_updated" });
      expect(await handleProviderEvent(db, { provider: provider() }, older)).toEqual({ outcome: "ignored" });
      expect(await handleProviderEvent(db, { provider: provider() }, newer)).toEqual({ outcome: "duplicate" });
      const row = await stored(organization.id);
      expect(row.isConnectedAccountValid).toBe(true);
      expect(row.connectedAccountSyncedAt?.getTime()).toBe(t0 + 60_000);

      // A later change (Stripe disabling payouts) does apply.
      const disabled = event("acct_order_1", organization.id, { detailsSubmitted: true, enabled: false }, t0 + 120_000);
      expect(await handleProviderEvent(db, { provider: provider() }, disabled)).toEqual({ outcome: "account_updated" });
      expect((await stored(organization.id)).isConnectedAccountValid).toBe(false);
    });

    it("adopts an account named by its metadata only for an organization without one; ignores strangers", async () => {
      const { organization } = await organizationWith("owner");
      const taken = await organizationWith("owner", { connectedAccountId: "acct_taken" });
      const now = Date.now();
      const adopt = event("acct_new_1", organization.id, { detailsSubmitted: false, enabled: false }, now);
      expect(await handleProviderEvent(db, { provider: provider() }, adopt)).toEqual({ outcome: "account_updated" });
      expect((await stored(organization.id)).connectedAccountId).toBe("acct_new_1");

      const hijack = event("acct_other", taken.organization.id, { detailsSubmitted: true, enabled: true }, now);
      expect(await handleProviderEvent(db, { provider: provider() }, hijack)).toEqual({ outcome: "ignored" });
      expect(await stored(taken.organization.id)).toMatchObject({
        connectedAccountId: "acct_taken",
        isConnectedAccountValid: false,
      });
    });
  });
});
