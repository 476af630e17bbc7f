import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { providerAccountOf } from "#adapters/payment-accounts";
import type { ProviderEvent } from "#adapters/payments";
import type { Database } from "#db/database";
import { organizations } from "#db/schema";
import type { HandledEvent } from "../payments/handle-provider-event";
import { accountStateStatement } from "./account-sync";

type Target = { id: number; connectedAccountId: string | null; syncedAt: Date | null };

/**
 * `account.updated` (dispatched by domain/payments/handle-provider-event.ts): the event's account snapshot is
 * applied to its organization unless a newer state is already there — the event's `created` is kept, so an older
 * delivery arriving late changes nothing. The organization is the one holding the account, or the one named in the
 * account's metadata while it holds none yet. Anything else (someone else's account) is ignored.
 */
export async function accountUpdated(
  db: Database,
  event: ProviderEvent,
  now: number,
): Promise<{ result: HandledEvent; statements: BatchItem<"sqlite">[] }> {
  const ignored = { result: { outcome: "ignored" as const }, statements: [] };
  const account = providerAccountOf(event.data.object);
  if (!account) return ignored;
  const columns = {
    id: organizations.id,
    connectedAccountId: organizations.connectedAccountId,
    syncedAt: organizations.connectedAccountSyncedAt,
  };
  let [target]: (Target | undefined)[] = await db
    .select(columns)
    .from(organizations)
    .where(eq(organizations.connectedAccountId, account.id))
    .limit(1);
  if (!target && account.organizationId !== null) {
    [target] = await db
      .select(columns)
      .from(organizations)
      .where(eq(organizations.id, account.organizationId))
      .limit(1);
    if (target?.connectedAccountId !== null) target = undefined;
  }
  const at = event.created * 1000;
  if (!target || (target.syncedAt !== null && target.syncedAt.getTime() > at)) return ignored;
  return {
    result: { outcome: "account_updated" },
    statements: [accountStateStatement(db, { organizationId: target.id, account, at, now })],
  };
}
