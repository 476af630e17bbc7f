import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import {
  eventDates,
  events,
  orderItems,
  orders,
  organizations,
  participationForms,
  promoCodes,
  promoCodeTickets,
  quotaTickets,
  quotas,
  ticketDates,
  tickets,
  waitingListEntries,
} from "#db/schema";
import type { PlanDate, PlanPromo, PlanTicket } from "../booking/plan-order";
import { toParticipationForm, type ParticipationForm } from "../participation-forms/participation-form-record";
import { normalizePromoCode } from "../promo-codes/promo-code-input-schema";
import { notFound } from "../shared/app-error";

type EventRow = typeof events.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

/** The organization's payment account as the snapshot read it (for the checkout of a paid order, decision 0078). */
export type SnapshotPaymentAccount = { connectedAccountId: string | null; isConnectedAccountValid: boolean };

/**
 * What an event's object copies from D1, read in ONE batch so that every part is of the same moment: the event, its
 * tickets, dates, quotas, promo codes and forms, the holds of orders awaiting payment, the people waiting, and which of
 * the object's own orders D1 already holds (those then count through D1's rows, and the object forgets them).
 */
export class InventorySnapshot {
  constructor(
    readonly event: EventRow & { hasDates: boolean },
    readonly rows: [SQLiteTable, Record<string, unknown>[]][],
    private readonly promoRows: (typeof promoCodes.$inferSelect)[],
    private readonly promoTargets: { promoCodeId: number; ticketId: number }[],
    private readonly ticketRows: TicketRow[],
    private readonly dateRows: (typeof eventDates.$inferSelect)[],
    private readonly passDates: { ticketId: number; dateId: number }[],
    readonly forms: { before: ParticipationForm | null; beforeTickets: ParticipationForm | null },
    readonly ownOrdersInD1: number[],
    /** The earliest payment deadline of a D1 hold copied: the refresh that gives its places back is due then. */
    readonly nextDeadline: number | null,
    readonly readAt: number,
    readonly paymentAccount: SnapshotPaymentAccount | null = null,
  ) {}

  planTickets(): PlanTicket[] {
    return this.ticketRows
      .filter((ticket) => ticket.organizationId === this.event.organizationId)
      .map((ticket) => ({
        ...ticket,
        passDateIds: this.passDates.filter((row) => row.ticketId === ticket.id).map((row) => row.dateId),
      }));
  }

  planDates(): PlanDate[] {
    return this.dateRows;
  }

  promoByCode(typed: string): PlanPromo | null {
    const key = normalizePromoCode(typed);
    const row = this.promoRows.find((promo) => promo.code === key);
    if (!row) return null;
    return {
      id: row.id,
      code: row.code,
      discountType: row.discountType,
      discountValue: row.discountValue,
      startAt: row.startAt,
      endAt: row.endAt,
      appliesToAllTickets: row.appliesToAllTickets,
      ticketIds: row.appliesToAllTickets
        ? []
        : this.promoTargets.filter((target) => target.promoCodeId === row.id).map((target) => target.ticketId),
    };
  }
}

/** Reads an event's snapshot from D1 at `now`; `ownOrderIds`: the object's orders not yet seen in D1. */
export async function readInventorySnapshot(
  db: Database,
  input: { eventId: number; ownOrderIds: number[]; now: number },
): Promise<InventorySnapshot> {
  const { eventId, now } = input;
  const ticketIds = sql`(select id from tickets where event_id = ${eventId})`;
  const heldSince = new Date(now);
  const statements = [
    db.select().from(events).where(eq(events.id, eventId)).limit(1),
    db.select().from(tickets).where(eq(tickets.eventId, eventId)),
    db.select().from(eventDates).where(eq(eventDates.eventId, eventId)),
    db
      .select()
      .from(ticketDates)
      .where(sql`${ticketDates.ticketId} in ${ticketIds}`),
    db.select().from(quotas).where(eq(quotas.eventId, eventId)),
    db
      .select()
      .from(quotaTickets)
      .where(sql`${quotaTickets.quotaId} in (select id from quotas where event_id = ${eventId})`),
    db.select().from(promoCodes).where(eq(promoCodes.eventId, eventId)),
    db
      .select({ promoCodeId: promoCodeTickets.promoCodeId, ticketId: promoCodeTickets.ticketId })
      .from(promoCodeTickets)
      .where(sql`${promoCodeTickets.promoCodeId} in (select id from promo_codes where event_id = ${eventId})`),
    db.select().from(participationForms).where(eq(participationForms.eventId, eventId)),
    db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.eventId, eventId), gt(orderItems.heldUntil, heldSince))),
    // The pending orders a promo code's guard counts.
    db
      .select({
        id: orders.id,
        organizationId: orders.organizationId,
        eventId: orders.eventId,
        status: orders.status,
        promoCodeId: orders.promoCodeId,
        payableUntil: orders.payableUntil,
      })
      .from(orders)
      .where(
        and(
          eq(orders.eventId, eventId),
          eq(orders.status, "pending"),
          gt(orders.payableUntil, heldSince),
          sql`${orders.promoCodeId} is not null`,
        ),
      ),
    db
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.eventId, eventId), inArray(waitingListEntries.status, ["waiting", "offered"]))),
    db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.id} in (select value from json_each(${JSON.stringify(input.ownOrderIds)}))`),
    db
      .select({ hasDates: sql<number>`exists (select 1 from event_dates where event_dates.event_id = ${eventId})` })
      .from(events)
      .where(eq(events.id, eventId)),
    db
      .select({
        connectedAccountId: organizations.connectedAccountId,
        isConnectedAccountValid: organizations.isConnectedAccountValid,
      })
      .from(organizations)
      .where(sql`${organizations.id} = (select organization_id from events where id = ${eventId})`),
  ] as const;
  const results = (await db.batch(
    statements as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  )) as unknown[];
  const [
    eventRows,
    ticketRows,
    dateRows,
    passRows,
    quotaRows,
    quotaTicketRows,
    promoRows,
    promoTargetRows,
    formRows,
    heldRows,
    pendingRows,
    waitingRows,
    ownRows,
    datedRows,
    accountRows,
  ] = results as [
    EventRow[],
    TicketRow[],
    (typeof eventDates.$inferSelect)[],
    (typeof ticketDates.$inferSelect)[],
    (typeof quotas.$inferSelect)[],
    (typeof quotaTickets.$inferSelect)[],
    (typeof promoCodes.$inferSelect)[],
    { promoCodeId: number; ticketId: number }[],
    (typeof participationForms.$inferSelect)[],
    (typeof orderItems.$inferSelect)[],
    {
      id: number;
      organizationId: number;
      eventId: number;
      status: string;
      promoCodeId: number | null;
      payableUntil: Date | null;
    }[],
    (typeof waitingListEntries.$inferSelect)[],
    { id: number }[],
    { hasDates: number }[],
    SnapshotPaymentAccount[],
  ];
  const event = eventRows[0];
  if (!event) throw notFound("events:errors.not-found");
  const deadlines = [
    ...heldRows.map((row) => row.heldUntil?.getTime() ?? 0),
    ...pendingRows.map((row) => row.payableUntil?.getTime() ?? 0),
  ].filter((time) => time > now);
  const forms = formRows.map(toParticipationForm);
  return new InventorySnapshot(
    { ...event, hasDates: Boolean(datedRows[0]?.hasDates) },
    [
      [tickets, ticketRows],
      [eventDates, dateRows],
      [ticketDates, passRows],
      [quotas, quotaRows],
      [quotaTickets, quotaTicketRows],
      [promoCodes, promoRows],
      [orders, pendingRows],
      [orderItems, heldRows],
      [waitingListEntries, waitingRows],
    ],
    promoRows,
    promoTargetRows,
    ticketRows,
    dateRows,
    passRows.map((row) => ({ ticketId: row.ticketId, dateId: row.dateId })),
    {
      before: forms.find((form) => form.formType === "before") ?? null,
      beforeTickets: forms.find((form) => form.formType === "before-tickets") ?? null,
    },
    ownRows.map((row) => row.id),
    deadlines.length === 0 ? null : Math.min(...deadlines),
    now,
    accountRows[0] ?? null,
  );
}
