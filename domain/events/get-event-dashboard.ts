import { and, count, countDistinct, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { entries, orders, participants, tickets } from "#db/schema";
import type { Actor } from "../shared/actor";
import { readPublishReadiness } from "./change-event-status";
import { inEventScope, loadEventForActor } from "./event-access";
import {
  DAY_MS,
  dayKeyDistance,
  isValidTimeZone,
  nextDayKey,
  offsetSegments,
  zonedDayKey,
  zonedStartOfDay,
} from "./event-time-zone";
import { PARTICIPANT_ORDER_STATUSES, SALE_ORDER_STATUSES } from "../orders/order-status";
import { eventHtmlToText } from "./sanitize-event-html";

export const PARTICIPANTS_CHART_MIN_DAYS = 30;
export const PARTICIPANTS_CHART_MAX_DAYS = 90;

export const dashboardActionKinds = [
  "no-tickets",
  "unpublished",
  "payment-account-missing",
  "no-description",
  "no-banner",
  "no-start-date",
] as const;
export type DashboardActionKind = (typeof dashboardActionKinds)[number];

export type EventDashboard = {
  /** Holders of a 'ticket' (add-ons excluded) in pending, paid or manual orders. */
  participantsCount: number;
  /** Sum of `amount` of paid and manual orders, in cents. */
  grossSales: number;
  /** Sum of `net_amount` (amount minus fees) of the same orders, in cents. */
  netSales: number;
  /** Paid and manual orders. */
  ordersCount: number;
  /** Participants who entered at least once (an 'in' entry). */
  checkInsCount: number;
  /** Purchases of 'ticket' tickets (what counts toward the capacity). */
  ticketsSold: number;
  /** The event capacity, else the sum of the tickets' stocks; null when unlimited. */
  capacity: number | null;
  /** Zero-filled participants per calendar day of the event's time zone, oldest first, ending today. */
  participantsPerDay: { date: string; count: number }[];
  /** Actions to be taken, in display order. */
  actions: DashboardActionKind[];
  timezone: string;
};

/**
 * The event dashboard (spec §2): figures computed in SQL from the orders, participants, tickets and entries.
 * The chart covers the last 30 days, or from the first sale when earlier (at most 90 days), by day in the event's
 * time zone: the zone's UTC offsets over the window are computed here, split at the DST changes, and SQL groups by
 * `(created_at + offset) / 86 400 000`.
 */
export async function getEventDashboard(
  db: Database,
  actor: Actor,
  input: { eventId: number; now?: Date },
): Promise<EventDashboard> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const now = input.now ?? new Date();
  const timezone = isValidTimeZone(event.timezone) ? event.timezone : "UTC";
  const inEvent = (table: Parameters<typeof inEventScope>[0]) => inEventScope(table, event);
  const holding = inArray(orders.status, [...PARTICIPANT_ORDER_STATUSES]);
  const ticketParticipants = and(inEvent(participants), eq(participants.ticketType, "ticket"), holding);

  const [participantFigures, [salesRow], [checkInRow], [ticketRow], readiness] = await Promise.all([
    readParticipantFigures(db, ticketParticipants, timezone, now),
    db
      .select({
        gross: sql<number>`coalesce(sum(${orders.amount}), 0)`,
        net: sql<number>`coalesce(sum(${orders.netAmount}), 0)`,
        orders: count(),
      })
      .from(orders)
      .where(and(inEvent(orders), inArray(orders.status, [...SALE_ORDER_STATUSES]))),
    db
      .select({ value: countDistinct(entries.participantId) })
      .from(entries)
      .where(and(inEvent(entries), eq(entries.isIn, true))),
    db
      .select({
        sold: sql<number>`coalesce(sum(${tickets.purchased}), 0)`,
        live: sql<number>`coalesce(sum(case when ${tickets.visibility} != 'deleted' then 1 else 0 end), 0)`,
        unlimited: sql<number>`coalesce(sum(case when ${tickets.visibility} != 'deleted' and ${tickets.amount} = -1 then 1 else 0 end), 0)`,
        stock: sql<number>`coalesce(sum(case when ${tickets.visibility} != 'deleted' then ${tickets.amount} else 0 end), 0)`,
      })
      .from(tickets)
      .where(and(inEvent(tickets), eq(tickets.ticketType, "ticket"))),
    // The same rule as the publish flow: what would stop publishing is an action to take.
    readPublishReadiness(db, event),
  ]);

  const liveTickets = Number(ticketRow?.live ?? 0);
  const capacity =
    event.eventCapacity !== -1
      ? event.eventCapacity
      : liveTickets > 0 && Number(ticketRow?.unlimited ?? 0) === 0
        ? Number(ticketRow?.stock ?? 0)
        : null;

  const actions: DashboardActionKind[] = [];
  if (!readiness.hasTickets) actions.push("no-tickets");
  if (event.status !== "published") actions.push("unpublished");
  if (readiness.needsPaymentAccount) actions.push("payment-account-missing");
  if (eventHtmlToText(event.description) === "") actions.push("no-description");
  if (!event.mainPicture) actions.push("no-banner");
  if (!event.startAt) actions.push("no-start-date");

  return {
    participantsCount: participantFigures.count,
    grossSales: Number(salesRow?.gross ?? 0),
    netSales: Number(salesRow?.net ?? 0),
    ordersCount: salesRow?.orders ?? 0,
    checkInsCount: checkInRow?.value ?? 0,
    ticketsSold: Number(ticketRow?.sold ?? 0),
    capacity,
    participantsPerDay: participantFigures.perDay,
    actions,
    timezone,
  };
}

/** The chart's days: at least the last 30, back to the first sale when earlier, at most 90. */
export function chartDays(timezone: string, now: Date, firstSaleAt: Date | null): string[] {
  const today = zonedDayKey(now, timezone);
  let first = shiftDays(today, -(PARTICIPANTS_CHART_MIN_DAYS - 1));
  if (firstSaleAt) {
    const firstSaleDay = zonedDayKey(firstSaleAt, timezone);
    const earliest = shiftDays(today, -(PARTICIPANTS_CHART_MAX_DAYS - 1));
    if (dayKeyDistance(firstSaleDay, first) > 0)
      first = dayKeyDistance(firstSaleDay, earliest) > 0 ? earliest : firstSaleDay;
  }
  const days: string[] = [];
  for (let day = first; dayKeyDistance(day, today) >= 0; day = nextDayKey(day)) days.push(day);
  return days;
}

/**
 * The participant count, the first sale and the chart in one pass over the event's participants (the covering
 * participants_event_type_created_idx, one primary-key probe of the order each): every holding participant falls in
 * one group, those of the widest possible chart window by local day, the others in one null group. The count and the
 * first sale are taken over every group; the chart, whose window depends on that first sale, keeps its days only.
 */
async function readParticipantFigures(
  db: Database,
  where: ReturnType<typeof and>,
  timezone: string,
  now: Date,
): Promise<{ count: number; perDay: { date: string; count: number }[] }> {
  const today = zonedDayKey(now, timezone);
  const from = zonedStartOfDay(shiftDays(today, -(PARTICIPANTS_CHART_MAX_DAYS - 1)), timezone).getTime();
  const to = zonedStartOfDay(nextDayKey(today), timezone).getTime();
  const segments = offsetSegments(timezone, from, to);
  // Integers computed here, never user input: inlined so the statement stays within D1's bound-parameter limit.
  const createdAt = `"participants"."created_at"`;
  const offsetSql =
    segments.length === 1
      ? String(segments[0]!.offsetMs)
      : `case ${segments
          .slice(1)
          .map((segment, index) => `when ${createdAt} < ${segment.from} then ${segments[index]!.offsetMs}`)
          .join(" ")} else ${segments[segments.length - 1]!.offsetMs} end`;
  const dayExpression = sql<
    number | null
  >`case when ${sql.raw(createdAt)} >= ${sql.raw(String(from))} and ${sql.raw(createdAt)} < ${sql.raw(String(to))}
    then (${sql.raw(createdAt)} + ${sql.raw(offsetSql)}) / ${sql.raw(String(DAY_MS))} end`;

  const rows = await db
    .select({ day: dayExpression, count: count(), firstAt: sql<number | null>`min(${sql.raw(createdAt)})` })
    .from(participants)
    .innerJoin(orders, eq(orders.id, participants.orderId))
    .where(where)
    .groupBy(dayExpression);

  let total = 0;
  let firstAtMs: number | null = null;
  const byDay = new Map<string, number>();
  for (const row of rows) {
    total += row.count;
    if (row.firstAt !== null && (firstAtMs === null || Number(row.firstAt) < firstAtMs))
      firstAtMs = Number(row.firstAt);
    if (row.day !== null) byDay.set(new Date(Number(row.day) * DAY_MS).toISOString().slice(0, 10), row.count);
  }
  const days = chartDays(timezone, now, firstAtMs === null ? null : new Date(firstAtMs));
  return { count: total, perDay: days.map((date) => ({ date, count: byDay.get(date) ?? 0 })) };
}

function shiftDays(dayKey: string, delta: number): string {
  const [y, m, d] = dayKey.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + delta)).toISOString().slice(0, 10);
}
