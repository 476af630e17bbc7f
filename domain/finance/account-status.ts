import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { organizations, type PayoutFrequency } from "#db/schema";
import { assertCanInOrganization, canInOrganization, type OrganizationAction } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { paymentAccountStatus, type PaymentAccountStatus } from "../organizations/payment-account-status";

export type { PaymentAccountStatus };

/** Inside spec §4's need_validation: Stripe still needs the organizer's details, or is reviewing them. */
export type PaymentAccountPendingStep = "onboarding" | "review";

export type PaymentAccount = {
  status: PaymentAccountStatus;
  connectedAccountId: string | null;
  isConnectedAccountValid: boolean;
  detailsSubmitted: boolean;
  pendingStep: PaymentAccountPendingStep | null;
  payoutFrequency: PayoutFrequency;
  /** Epoch ms of the provider state last applied; null before the first one. */
  syncedAt: number | null;
  mode: "stripe" | "demo";
  /** finance:connect-account: connect, resume the onboarding, open the provider's dashboard. */
  canConnect: boolean;
  /** finance:manage: the payout frequency. */
  canManage: boolean;
};

export type AccountRow = {
  connectedAccountId: string | null;
  isConnectedAccountValid: boolean;
  detailsSubmitted: boolean;
  payoutFrequency: PayoutFrequency;
  syncedAt: Date | null;
  contactEmail: string;
};

export function paymentAccountStatusOf(row: {
  connectedAccountId: string | null;
  isConnectedAccountValid: boolean;
  detailsSubmitted: boolean;
}): { status: PaymentAccountStatus; pendingStep: PaymentAccountPendingStep | null } {
  const status = paymentAccountStatus(row);
  return {
    status,
    pendingStep: status === "need_validation" ? (row.detailsSubmitted ? "review" : "onboarding") : null,
  };
}

/**
 * The finance area's access rule: whoever may not see the organization's finances (another organization, an event
 * manager, the empty role) learns nothing, not even that the page exists (404); a finance viewer lacking `action`
 * gets 403.
 */
export function assertFinance(
  actor: Actor,
  action: OrganizationAction,
): asserts actor is Actor & { organizationId: number } {
  if (!canInOrganization(actor, "finance:view")) throw notFound();
  assertCanInOrganization(actor, action);
}

export async function readAccountRow(db: Database, organizationId: number): Promise<AccountRow> {
  const [row] = await db
    .select({
      connectedAccountId: organizations.connectedAccountId,
      isConnectedAccountValid: organizations.isConnectedAccountValid,
      detailsSubmitted: organizations.connectedAccountDetailsSubmitted,
      payoutFrequency: organizations.payoutFrequency,
      syncedAt: organizations.connectedAccountSyncedAt,
      contactEmail: organizations.contactEmail,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export function paymentAccountOf(actor: Actor, row: AccountRow, mode: PaymentAccount["mode"]): PaymentAccount {
  return {
    ...paymentAccountStatusOf(row),
    connectedAccountId: row.connectedAccountId,
    isConnectedAccountValid: row.isConnectedAccountValid,
    detailsSubmitted: row.detailsSubmitted,
    payoutFrequency: row.payoutFrequency,
    syncedAt: row.syncedAt?.getTime() ?? null,
    mode,
    canConnect: canInOrganization(actor, "finance:connect-account"),
    canManage: canInOrganization(actor, "finance:manage"),
  };
}

/** The organization's payment account as stored (spec §4 state, the step it waits for, the payout frequency). */
export async function getPaymentAccount(
  db: Database,
  actor: Actor,
  options: { mode: PaymentAccount["mode"] },
): Promise<PaymentAccount> {
  assertFinance(actor, "finance:view");
  return paymentAccountOf(actor, await readAccountRow(db, actor.organizationId), options.mode);
}
