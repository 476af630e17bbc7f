import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, transactions } from "#db/schema";

/*
 * What an organization may be paid (decision 0022). The ledger (`transactions.net`) already nets every movement:
 * charges less the platform fee, refunds (negative, less the fee given back), payouts (negative) and the reversal of a
 * failed payout (positive). A row is released when it has no event (payouts and their reversals, the money of a
 * deleted event) or when its event has ended (end time, else start time, in the past); the rest is held. Payable =
 * released, never below zero.
 */

/** The ledger of one organization summed per event (`eventId` null: the rows without an event). */
export type LedgerTotal = { eventId: number | null; endsAt: number | null; net: number };

export type PayableAmounts = {
  /** Released money: may be negative when a refund took back money already paid out. */
  released: number;
  /** Money of events that have not ended yet. */
  held: number;
  /** What a payout made now would pay. */
  payable: number;
};

/** The hold: a row is released once its event has ended; an event with no date at all keeps its money held. */
export function isReleased(total: Pick<LedgerTotal, "eventId" | "endsAt">, now: number): boolean {
  if (total.eventId === null) return true;
  return total.endsAt !== null && total.endsAt <= now;
}

export function payableFromLedger(totals: readonly LedgerTotal[], now: number): PayableAmounts {
  let released = 0;
  let held = 0;
  for (const total of totals) {
    if (isReleased(total, now)) released += total.net;
    else held += total.net;
  }
  return { released, held, payable: Math.max(0, released) };
}

const eventEnd = sql<number | null>`coalesce(${events.endAt}, ${events.startAt})`;

/** The rule's input: the organization's ledger summed per event, with each event's end (one grouped read). */
export async function readLedgerTotals(db: Database, organizationId: number): Promise<LedgerTotal[]> {
  const rows = await db
    .select({
      eventId: transactions.eventId,
      endsAt: sql<number | null>`max(${eventEnd})`,
      net: sql<number>`coalesce(sum(${transactions.net}), 0)`,
    })
    .from(transactions)
    .leftJoin(events, eq(events.id, transactions.eventId))
    .where(eq(transactions.organizationId, organizationId))
    .groupBy(transactions.eventId);
  return rows.map((row) => ({
    eventId: row.eventId,
    endsAt: row.endsAt === null ? null : Number(row.endsAt),
    net: Number(row.net),
  }));
}

/**
 * The released sum as one SQL expression (the same rule as `isReleased`), for a write that must check the money is
 * still there in the statement that takes it. Integers only, inlined: D1 cannot bind a raw fragment inside a batch.
 */
export function releasedNetSql(organizationId: number, now: number): SQL {
  if (!Number.isSafeInteger(organizationId) || !Number.isSafeInteger(now)) throw new Error("integers only");
  return sql.raw(`(select coalesce(sum(t.net), 0) from transactions t left join events e on e.id = t.event_id
    where t.organization_id = ${organizationId}
      and (t.event_id is null or coalesce(e.end_at, e.start_at) <= ${now}))`);
}
