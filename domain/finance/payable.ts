import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, transactions } from "#db/schema";

/*
 * What an organization may be paid (decisions 0022 and 0034). The ledger (`transactions.net`) already nets every
 * movement: charges less the platform fee, refunds (negative, less the fee given back), payouts (negative) and the
 * reversal of a failed payout (positive). A sales row is released when it has no event (the money of a deleted event)
 * or when its event has ended (end time, else start time, in the past); the rest is held.
 *
 * An event's end can move back into the future after its money was paid out (decision 0034). Payouts carry no event,
 * so the ledger cannot say which events they paid; what it can say: every payout was taken from money released at the
 * time and written before the last payout row (the `id` order is the write order). The part of the payouts that the
 * money released now and written before the last payout does not cover was paid from events held now: it is not held
 * again. Which of those events it paid is unknown, so it is deducted from them the way that keeps the most held (first
 * from the events whose refunds since the last payout already brought them below what they had then). Held is never
 * below zero, and an event's own net below zero (a refund larger than its remaining sales) is owed now.
 *
 * available (`released`) = the whole ledger − held; payable = available, never below zero.
 */

/**
 * The ledger of one organization summed per event and kind: `eventId` null for the rows without an event (payouts
 * and their reversals with `payout` true, the money of deleted events with `payout` false); `netBeforeLastPayout`
 * sums the rows written before the organization's last payout row (zero when it has never been paid).
 */
export type LedgerTotal = {
  eventId: number | null;
  endsAt: number | null;
  payout: boolean;
  net: number;
  netBeforeLastPayout: number;
};

export type PayableAmounts = {
  /** Available money: the ledger less what is held; negative when refunds took back money already paid out. */
  released: number;
  /** Money of events that have not ended yet, still on the account (never money already paid out). */
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
  let total = 0;
  let paidOut = 0;
  let releasedBefore = 0;
  let heldNet = 0;
  let heldBefore = 0;
  let room = 0;
  for (const row of totals) {
    total += row.net;
    if (row.payout) paidOut -= row.net;
    else if (isReleased(row, now)) releasedBefore += row.netBeforeLastPayout;
    else {
      const before = Math.max(0, row.netBeforeLastPayout);
      const net = Math.max(0, row.net);
      heldNet += net;
      heldBefore += before;
      room += Math.max(0, before - net);
    }
  }
  const paidFromHeld = Math.min(Math.max(0, paidOut - releasedBefore), heldBefore);
  const held = heldNet - Math.max(0, paidFromHeld - room);
  const released = total - held;
  return { released, held, payable: Math.max(0, released) };
}

const eventEnd = sql<number | null>`coalesce(${events.endAt}, ${events.startAt})`;

/** The rule's input: the organization's ledger summed per event and kind, with each event's end (one grouped read). */
export async function readLedgerTotals(db: Database, organizationId: number): Promise<LedgerTotal[]> {
  const lastPayout = sql`(select max(p.id) from transactions p where p.organization_id = ${organizationId}
    and p.type = 'payout')`;
  const rows = await db
    .select({
      eventId: transactions.eventId,
      payout: sql<number>`${transactions.type} = 'payout'`,
      endsAt: sql<number | null>`max(${eventEnd})`,
      net: sql<number>`coalesce(sum(${transactions.net}), 0)`,
      netBeforeLastPayout: sql<number>`coalesce(sum(case when ${transactions.id} < ${lastPayout}
        then ${transactions.net} else 0 end), 0)`,
    })
    .from(transactions)
    .leftJoin(events, eq(events.id, transactions.eventId))
    .where(eq(transactions.organizationId, organizationId))
    .groupBy(transactions.eventId, sql`${transactions.type} = 'payout'`);
  return rows.map((row) => ({
    eventId: row.eventId,
    endsAt: row.endsAt === null ? null : Number(row.endsAt),
    payout: Boolean(Number(row.payout)),
    net: Number(row.net),
    netBeforeLastPayout: Number(row.netBeforeLastPayout),
  }));
}

/**
 * The available sum as one SQL expression (the same rule as `payableFromLedger`, over the same groups), for a write
 * that must check the money is still there in the statement that takes it. Integers only, inlined: D1 cannot bind a
 * raw fragment inside a batch.
 */
export function releasedNetSql(organizationId: number, now: number): SQL {
  if (!Number.isSafeInteger(organizationId) || !Number.isSafeInteger(now)) throw new Error("integers only");
  return sql.raw(`(select l.total - (l.held_net - max(0, min(max(0, l.paid_out - l.released_before), l.held_before)
      - l.room))
    from (select coalesce(sum(g.net), 0) as total,
        coalesce(sum(case when g.payout then -g.net else 0 end), 0) as paid_out,
        coalesce(sum(case when not g.payout and not g.held then g.before else 0 end), 0) as released_before,
        coalesce(sum(case when g.held then max(0, g.net) else 0 end), 0) as held_net,
        coalesce(sum(case when g.held then max(0, g.before) else 0 end), 0) as held_before,
        coalesce(sum(case when g.held then max(0, max(0, g.before) - max(0, g.net)) else 0 end), 0) as room
      from (select t.type = 'payout' as payout,
          case when t.event_id is null then 0 when max(coalesce(e.end_at, e.start_at)) <= ${now} then 0 else 1 end
            as held,
          sum(t.net) as net,
          sum(case when t.id < (select max(p.id) from transactions p where p.organization_id = ${organizationId}
            and p.type = 'payout') then t.net else 0 end) as before
        from transactions t left join events e on e.id = t.event_id
        where t.organization_id = ${organizationId}
        group by t.event_id, t.type = 'payout') g) l)`);
}
