import { and, asc, countDistinct, eq, gt, gte, lte, min, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { entries, eventReminders, salesFigureDays, salesFigures, tickets } from "#db/schema";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { publishReadinessQuery, toPublishReadiness } from "./change-event-status";
import { inEventScope, loadEventForActor, type KnownEvent } from "./event-access";
import { dayKeyDistance, isValidTimeZone, nextDayKey, zonedDayKey, zonedStartOfDay } from "./event-time-zone";
import { eventHtmlToText } from "./sanitize-event-html";
import { getEventDateFigures } from "./get-event-date-figures";

const PARTICIPANTS_CHART_MIN_DAYS = 30;
const PARTICIPANTS_CHART_MAX_DAYS = 90;

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
  /** The next reminder's send time (null: none scheduled); null as a whole for who may not manage the reminders. */
  reminders: { nextSendAt: Date | null } | null;
};

/**
 * The event dashboard (spec §2). Participants, sales and orders come from the sales figures (domain/sales-figures),
 * kept per event and per day of the event's time zone by every write that changes them, so a view reads a few rows
 * whatever the number of participants; tickets sold, the capacity and check-ins from the tickets and entries.
 * The chart covers the last 30 days, or from the first sale when earlier (at most 90 days).
 */
export async function getEventDashboard(
  db: Database,
  actor: Actor,
  input: {
    eventId: number;
    now?: Date;
    known?: KnownEvent;
    /** One date of a multi-date event (decision 0068): its figures instead of the whole event's. */
    dateId?: number | null;
  },
): Promise<EventDashboard> {
  // Sales figures: who may read the orders (every role that sees the event; an API key needs orders:read).
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view-sales", input.known);
  const now = input.now ?? new Date();
  const timezone = isValidTimeZone(event.timezone) ? event.timezone : "UTC";
  const inEvent = (table: Parameters<typeof inEventScope>[0]) => inEventScope(table, event);

  // One round trip for every figure (the sales figures' rows, check-ins, tickets) and the publish readiness.
  const figureReads = salesFigureReads(db, event, zonedDayKey(now, timezone));
  const [[totals], days, [first], [checkInRow], [ticketRow], readinessRows, [nextReminder]] = await db.batch([
    figureReads.totals,
    figureReads.days,
    figureReads.firstDay,
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
    publishReadinessQuery(db, event),
    // The next reminder to go out: enabled, ahead, not yet sent for the current start (reminder-record.ts's rule).
    db
      .select({ at: min(eventReminders.dueAt) })
      .from(eventReminders)
      .where(
        and(
          inEvent(eventReminders),
          eq(eventReminders.enabled, true),
          gt(eventReminders.dueAt, now),
          sql`${eventReminders.sentForStartAt} is not ${event.startAt?.getTime() ?? null}`,
        ),
      ),
  ]);
  const readiness = toPublishReadiness(readinessRows, event, now);
  const firstDay = first?.day ?? null;
  const byDay = new Map(days.map((row) => [row.day, Number(row.count)]));
  const chart = chartDays(timezone, now, firstDay === null ? null : zonedStartOfDay(firstDay, timezone));

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

  const forDate =
    input.dateId == null ? null : await getEventDateFigures(db, { ...event, timezone }, { dateId: input.dateId, now });
  return {
    participantsCount: Number(totals?.participants ?? 0),
    grossSales: Number(totals?.gross ?? 0),
    netSales: Number(totals?.net ?? 0),
    ordersCount: Number(totals?.orders ?? 0),
    checkInsCount: checkInRow?.value ?? 0,
    ticketsSold: Number(ticketRow?.sold ?? 0),
    capacity,
    participantsPerDay: chart.map((date) => ({ date, count: byDay.get(date) ?? 0 })),
    actions,
    timezone,
    reminders: canOnEvent(actor, "event:message-attendees", scope)
      ? { nextSendAt: event.startAt && nextReminder?.at ? new Date(nextReminder.at) : null }
      : null,
    ...forDate,
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
 * Reads of the sales figures for one batch: the event's totals row, its chart days with participants (at most 90, up
 * to today) and its first day with participants; primary-key reads, whatever the number of participants.
 */
function salesFigureReads(db: Database, event: { id: number; organizationId: number }, today: string) {
  const ofEvent = (table: typeof salesFigures | typeof salesFigureDays) =>
    and(eq(table.eventId, event.id), eq(table.organizationId, event.organizationId));
  return {
    totals: db
      .select({
        participants: salesFigures.participants,
        orders: salesFigures.orders,
        gross: salesFigures.gross,
        net: salesFigures.net,
      })
      .from(salesFigures)
      .where(ofEvent(salesFigures)),
    days: db
      .select({ day: salesFigureDays.day, count: salesFigureDays.participants })
      .from(salesFigureDays)
      .where(
        and(
          ofEvent(salesFigureDays),
          gte(salesFigureDays.day, shiftDays(today, -(PARTICIPANTS_CHART_MAX_DAYS - 1))),
          lte(salesFigureDays.day, today),
          gt(salesFigureDays.participants, 0),
        ),
      )
      .orderBy(asc(salesFigureDays.day)),
    firstDay: db
      .select({ day: min(salesFigureDays.day) })
      .from(salesFigureDays)
      .where(and(ofEvent(salesFigureDays), gt(salesFigureDays.participants, 0))),
  };
}

function shiftDays(dayKey: string, delta: number): string {
  const [y, m, d] = dayKey.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + delta)).toISOString().slice(0, 10);
}
