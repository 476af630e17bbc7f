import { eq } from "drizzle-orm";
import { demoAccountOrganizationId } from "#adapters/payment-accounts";
import {
  demoPaymentsAllowed,
  paymentModeOf,
  signDemoWebhookPayload,
  type PaymentProvider,
  type PaymentsEnv,
} from "#adapters/payments";
import type { Database } from "#db/database";
import { organizations } from "#db/schema";
import type { HandledEvent } from "../payments/handle-provider-event";
import { receiveProviderWebhook } from "../payments/receive-webhook";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import { assertFinance, paymentAccountStatusOf, readAccountRow, type PaymentAccountStatus } from "./account-status";
import { PAYMENT_ACCOUNT_REFRESH_PATH, PAYMENT_ACCOUNT_RETURN_PATH } from "./connect-payment-account";

/*
 * The demo onboarding (no STRIPE_SECRET_KEY; development and test only, 404 otherwise): our page stands where
 * Stripe's hosted onboarding would, and what Stripe would then tell us comes as Stripe-shaped account.updated events,
 * signed the way Stripe signs them, through the webhook's own entry point. Stripe's review of the submitted details
 * (about 5 minutes for real) is a button, so that tests and demonstrations decide when it happens.
 */

export type DemoAccountDeps = { env: PaymentsEnv; provider: PaymentProvider; now?: number };

export type DemoConnect = {
  accountId: string;
  organizationTitle: string;
  email: string;
  status: PaymentAccountStatus;
  detailsSubmitted: boolean;
  returnPath: string;
  refreshPath: string;
};

function assertDemo(env: PaymentsEnv) {
  if (paymentModeOf(env) !== "demo" || !demoPaymentsAllowed(env)) throw notFound();
}

/**
 * The organization holding the demo account `accountId` (to build the visitor's actor there), or null when none does.
 * Looked up rather than read from the id: seeded organizations hold named demo accounts (acct_demo_lesnuits).
 */
export async function demoConnectOrganizationId(db: Database, accountId: string): Promise<number | null> {
  if (!accountId.startsWith("acct_demo_")) return null;
  const [holder] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.connectedAccountId, accountId))
    .limit(1);
  return holder?.id ?? demoAccountOrganizationId(accountId);
}

export async function getDemoConnect(
  db: Database,
  env: PaymentsEnv,
  actor: Actor,
  accountId: string,
): Promise<DemoConnect> {
  assertDemo(env);
  assertFinance(actor, "finance:connect-account");
  const row = await readAccountRow(db, actor.organizationId);
  if (row.connectedAccountId !== accountId) throw notFound();
  const [organization] = await db
    .select({ title: organizations.title })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId))
    .limit(1);
  return {
    accountId,
    organizationTitle: organization?.title ?? "",
    email: row.contactEmail || actor.email,
    status: paymentAccountStatusOf(row).status,
    detailsSubmitted: row.detailsSubmitted,
    returnPath: PAYMENT_ACCOUNT_RETURN_PATH,
    refreshPath: PAYMENT_ACCOUNT_REFRESH_PATH,
  };
}

function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The Stripe-shaped `account.updated` the demo sends: what Stripe's delivery carries for an Express account. */
export function demoAccountEvent(
  input: { accountId: string; organizationId: number; detailsSubmitted: boolean; enabled: boolean },
  now: number,
) {
  return {
    id: randomId("evt_demo_"),
    object: "event",
    api_version: null,
    created: Math.floor(now / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "account.updated",
    data: {
      object: {
        id: input.accountId,
        object: "account",
        type: "express",
        country: "FR",
        charges_enabled: input.enabled,
        payouts_enabled: input.enabled,
        details_submitted: input.detailsSubmitted,
        metadata: { organization_id: String(input.organizationId) },
        requirements: {
          currently_due: input.detailsSubmitted ? [] : ["external_account", "individual.verification.document"],
          pending_verification: input.detailsSubmitted && !input.enabled ? ["individual.verification.document"] : [],
        },
      },
    },
  };
}

async function sendDemoAccountEvent(
  db: Database,
  deps: DemoAccountDeps,
  event: ReturnType<typeof demoAccountEvent>,
  now: number,
): Promise<HandledEvent> {
  const payload = JSON.stringify(event);
  const signature = await signDemoWebhookPayload(deps.env, payload, now);
  const receipt = await receiveProviderWebhook(db, { provider: deps.provider, now }, { payload, signature });
  if (receipt.status !== 200) throw new Error(`The demo onboarding's own event was refused: ${receipt.error}`);
  return receipt.result;
}

/**
 * "Send" on the demo onboarding page: the details are submitted, Stripe has not reviewed them yet (spec §4
 * need_validation). An account already valid stays valid. Returns where Stripe would send the organizer back.
 */
export async function submitDemoConnect(
  db: Database,
  deps: DemoAccountDeps,
  actor: Actor,
  accountId: string,
): Promise<{ redirectTo: string; result: HandledEvent }> {
  const demo = await getDemoConnect(db, deps.env, actor, accountId);
  const now = deps.now ?? Date.now();
  const event = demoAccountEvent(
    {
      accountId,
      organizationId: actor.organizationId!,
      detailsSubmitted: true,
      enabled: demo.status === "valid_conected",
    },
    now,
  );
  return { redirectTo: demo.returnPath, result: await sendDemoAccountEvent(db, deps, event, now) };
}

/** "Simulate Stripe's verification": the review of the submitted details ends, the account becomes valid. */
export async function simulateDemoAccountReview(
  db: Database,
  deps: DemoAccountDeps,
  actor: Actor,
): Promise<HandledEvent> {
  assertDemo(deps.env);
  assertFinance(actor, "finance:connect-account");
  const row = await readAccountRow(db, actor.organizationId);
  if (!row.connectedAccountId || !row.detailsSubmitted) {
    throw new AppError("conflict", "payment-account:errors.demo-details-missing");
  }
  const now = deps.now ?? Date.now();
  const event = demoAccountEvent(
    { accountId: row.connectedAccountId, organizationId: actor.organizationId, detailsSubmitted: true, enabled: true },
    now,
  );
  return sendDemoAccountEvent(db, deps, event, now);
}
