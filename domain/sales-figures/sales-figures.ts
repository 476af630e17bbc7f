import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/database";
import { events, orders, participants, salesFigureDays, salesFigures, type OrderStatus } from "../../db/schema";
import { isValidTimeZone, zonedDayKey } from "../events/event-time-zone";
import { countsAsParticipant, countsAsSale } from "../orders/order-status";

/**
 * Per-event and per-day sales figures (migration 0004), kept by adding signed deltas in the same D1 batch as the
 * write that changes them, so the dashboard and the events home read one row instead of aggregating every order and
 * participant. What is counted is the rule of domain/orders/order-status.ts: participants are ticket-type participants
 * of holding orders, on their created_at day; orders, gross, fees and net are sale orders, on their paid_at day (else
 * created_at). `rebuildSalesFigures` recomputes the same numbers from the rows.
 */

export const FIGURE_COUNTERS = ["participants", "orders", "gross", "fees", "net"] as const;
export type FigureCounter = (typeof FIGURE_COUNTERS)[number];
export type Figures = Record<FigureCounter, number>;

export type SalesFigureChange = Partial<Figures> & {
  /**
   * Decides the day, in the event's time zone. Participants: their created_at; sale figures: the order's paid_at,
   * else its created_at. A reversal passes the original time, so the original day goes down.
   */
  at: Date | number;
};

export type SalesFigureDelta = {
  organizationId: number;
  eventId: number;
  /** events.timezone; an invalid zone counts as UTC, as on the dashboard. */
  timezone: string;
  changes: SalesFigureChange[];
  /**
   * SQL boolean evaluated when the statements run inside the caller's batch: false, and they add nothing. Put the
   * statements before the status update they go with, guarded by the same condition, so a repeated call (a webhook
   * delivered twice) cannot count twice.
   */
  onlyIf?: SQL;
};

export const zeroFigures = (): Figures => ({ participants: 0, orders: 0, gross: 0, fees: 0, net: 0 });

/** The calendar day ("YYYY-MM-DD") that figures dated `at` fall on for an event in that zone. */
export function figureDay(at: Date | number, timezone: string): string {
  return zonedDayKey(at, isValidTimeZone(timezone) ? timezone : "UTC");
}

function isZero(figures: Figures): boolean {
  return FIGURE_COUNTERS.every((counter) => figures[counter] === 0);
}

/** The changes summed per day, days with nothing to add left out. */
export function figuresByDay(changes: SalesFigureChange[], timezone: string): Map<string, Figures> {
  const days = new Map<string, Figures>();
  for (const change of changes) {
    const day = figureDay(change.at, timezone);
    const figures = days.get(day) ?? zeroFigures();
    for (const counter of FIGURE_COUNTERS) figures[counter] += Math.trunc(change[counter] ?? 0);
    days.set(day, figures);
  }
  for (const [day, figures] of days) if (isZero(figures)) days.delete(day);
  return days;
}

const addToExisting = (counters: readonly FigureCounter[]) =>
  Object.fromEntries(counters.map((c) => [c, sql.raw(`"${c}" + excluded."${c}"`)])) as Record<FigureCounter, SQL>;

/**
 * Statements for db.batch that add the delta to the event's totals row and to one row per day it touches:
 * `INSERT … SELECT … WHERE onlyIf ON CONFLICT DO UPDATE SET x = x + excluded.x` (D1 and libSQL alike). An empty list
 * when every change is zero.
 */
export function salesFigureStatements(db: Database, delta: SalesFigureDelta): BatchItem<"sqlite">[] {
  const days = figuresByDay(delta.changes, delta.timezone);
  if (days.size === 0) return [];
  const total = zeroFigures();
  for (const figures of days.values()) for (const counter of FIGURE_COUNTERS) total[counter] += figures[counter];
  // The WHERE is needed anyway: SQLite only parses an upsert after INSERT … SELECT when the SELECT has one.
  const condition = delta.onlyIf ?? sql`1`;
  const values = (f: Figures) => sql`${f.participants}, ${f.orders}, ${f.gross}, ${f.fees}, ${f.net}`;
  // Query builders, not db.run: drizzle's D1 batch binds parameters only on prepared builder statements.
  const statements: BatchItem<"sqlite">[] = [];
  if (!isZero(total))
    statements.push(
      db
        .insert(salesFigures)
        .select(
          sql`select ${delta.eventId}, ${delta.organizationId}, ${values(total)}, ${Date.now()} where ${condition}`,
        )
        .onConflictDoUpdate({
          target: salesFigures.eventId,
          set: { ...addToExisting(FIGURE_COUNTERS), updatedAt: sql.raw(`excluded."updated_at"`) },
        }),
    );
  for (const [day, figures] of days)
    statements.push(
      db
        .insert(salesFigureDays)
        .select(sql`select ${delta.eventId}, ${day}, ${delta.organizationId}, ${values(figures)} where ${condition}`)
        .onConflictDoUpdate({
          target: [salesFigureDays.eventId, salesFigureDays.day],
          set: addToExisting(FIGURE_COUNTERS),
        }),
    );
  return statements;
}

type FigureOrder = {
  status: OrderStatus;
  amount: number;
  fees: number;
  netAmount: number;
  /** Given back by partial refunds (decision 0058): a paid order counts what it kept. */
  refundedAmount?: number;
  refundedFees?: number;
  paidAt: Date | number | null;
  createdAt: Date | number;
};
type FigureParticipant = { createdAt: Date | number; ticketType: "ticket" | "addon" };

/**
 * What an order adds to the figures in its status, times `sign`: a sale (paid, manual) adds one order and its amounts
 * on its paid_at day (else created_at); a holding status (paid, manual, pending) adds one participant per ticket-type
 * participant on that participant's created_at day. Pure: pass the participants being inserted, or the existing ones.
 */
export function orderFigureChanges(
  order: FigureOrder,
  orderParticipants: FigureParticipant[],
  sign: 1 | -1 = 1,
): SalesFigureChange[] {
  const changes: SalesFigureChange[] = [];
  const refundedAmount = order.refundedAmount ?? 0;
  const refundedFees = order.refundedFees ?? 0;
  if (countsAsSale(order.status))
    changes.push({
      at: order.paidAt ?? order.createdAt,
      orders: sign,
      gross: sign * (order.amount - refundedAmount),
      fees: sign * (order.fees - refundedFees),
      net: sign * (order.netAmount - (refundedAmount - refundedFees)),
    });
  if (countsAsParticipant(order.status))
    for (const participant of orderParticipants)
      if (participant.ticketType === "ticket") changes.push({ at: participant.createdAt, participants: sign });
  return changes;
}

/**
 * The delta that removes (sign -1, the default) or adds (1) what the order counts for now, in its current status,
 * read from the rows: for a refund or a cancellation, read it before the batch and put its statements before the
 * status update. Null when the order does not exist or counts for nothing.
 */
export async function orderFiguresDelta(
  db: Database,
  input: { orderId: number; sign?: 1 | -1 },
): Promise<SalesFigureDelta | null> {
  const [order] = await db
    .select({
      organizationId: orders.organizationId,
      eventId: orders.eventId,
      status: orders.status,
      amount: orders.amount,
      fees: orders.fees,
      netAmount: orders.netAmount,
      refundedAmount: orders.refundedAmount,
      refundedFees: orders.refundedFees,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  if (!order) return null;
  const [event, rows] = await Promise.all([
    eventTimezone(db, order.eventId),
    countsAsParticipant(order.status)
      ? db
          .select({ createdAt: participants.createdAt, ticketType: participants.ticketType })
          .from(participants)
          .where(and(eq(participants.orderId, input.orderId), eq(participants.ticketType, "ticket")))
      : Promise.resolve([]),
  ]);
  const changes = orderFigureChanges(order, rows, input.sign ?? -1);
  if (changes.length === 0) return null;
  return { organizationId: order.organizationId, eventId: order.eventId, timezone: event, changes };
}

/**
 * The delta for participants about to be deleted (one event): minus one per ticket-type participant whose order holds
 * places, on its created_at day. The orders' sale figures are left alone. Null when none of them counts.
 */
export async function participantsFiguresDelta(
  db: Database,
  input: { participantIds: number[]; sign?: 1 | -1 },
): Promise<SalesFigureDelta | null> {
  if (input.participantIds.length === 0) return null;
  const rows = await db
    .select({
      organizationId: participants.organizationId,
      eventId: participants.eventId,
      createdAt: participants.createdAt,
      ticketType: participants.ticketType,
      status: orders.status,
    })
    .from(participants)
    .innerJoin(orders, eq(orders.id, participants.orderId))
    .where(inArray(participants.id, input.participantIds));
  const counted = rows.filter((row) => row.ticketType === "ticket" && countsAsParticipant(row.status));
  const first = counted[0];
  if (!first) return null;
  if (counted.some((row) => row.eventId !== first.eventId))
    throw new RangeError("participantsFiguresDelta: the participants belong to several events");
  const sign = input.sign ?? -1;
  return {
    organizationId: first.organizationId,
    eventId: first.eventId,
    timezone: await eventTimezone(db, first.eventId),
    changes: counted.map((row) => ({ at: row.createdAt, participants: sign })),
  };
}

async function eventTimezone(db: Database, eventId: number): Promise<string> {
  const [event] = await db.select({ timezone: events.timezone }).from(events).where(eq(events.id, eventId));
  return event?.timezone ?? "UTC";
}
