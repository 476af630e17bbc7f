import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { payouts } from "#db/schema";
import type { Actor } from "../shared/actor";
import { payableFromLedger, readLedgerTotals } from "./payable";
import { assertCanViewPayouts } from "./payout-access";

/**
 * The organization's balance (decisions 0022 and 0034), integer cents:
 * - `available`: the ledger less what is held, what the next payout would pay (negative when refunds took back money
 *   already paid out: the next sales cover it first; never for an event whose end moved back after its payout);
 * - `held`: the money of events that have not ended yet still on the account (not what was paid out before their end
 *   moved back into the future);
 * - `inTransit`: payouts made and not yet paid (pending);
 * - `pending` = held + inTransit: on its way but not available.
 */
export type FinanceBalance = { available: number; pending: number; held: number; inTransit: number };

export async function getFinanceBalance(
  db: Database,
  actor: Actor,
  input: { now?: number } = {},
): Promise<FinanceBalance> {
  assertCanViewPayouts(actor);
  const now = input.now ?? Date.now();
  const [totals, [transit]] = await Promise.all([
    readLedgerTotals(db, actor.organizationId),
    db
      .select({ amount: sql<number>`coalesce(sum(${payouts.amount}), 0)` })
      .from(payouts)
      .where(and(eq(payouts.organizationId, actor.organizationId), eq(payouts.status, "pending"))),
  ]);
  const { released, held } = payableFromLedger(totals, now);
  const inTransit = Number(transit?.amount ?? 0);
  return { available: released, held, inTransit, pending: held + inTransit };
}
