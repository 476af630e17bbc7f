import { and, count, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { orderItems, orders, participants } from "#db/schema";
import { heldOfQuotaSql, heldOnDateSql } from "../booking/held-places";
import { clearGuards, guardStatement, isGuardFailure } from "../booking/stock-sql";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { loadDateForSales } from "./date-change-access";

export type MovedParticipants = { moved: number };

/**
 * Moves every participant of a date to another date of the event (issue 30 §4: after cancelling a date, its buyers
 * go to one with room), with their order lines (holds included) and their orders' date, in one batch. The triggers of
 * migration 0033 move the places between the two dates' and quotas' counters; guards after the writes check that the
 * target date is not cancelled, still has room, and that none of its quotas is passed, else the batch rolls back and
 * nothing moved. Pass holders have no date of their own and stay. Needs event:manage-sales.
 */
export async function moveDateParticipants(
  db: Database,
  actor: Actor,
  input: { eventId: number; fromDateId: number; toDateId: number; now?: number },
): Promise<MovedParticipants> {
  const now = input.now ?? Date.now();
  const { event, date: from } = await loadDateForSales(db, actor, { eventId: input.eventId, dateId: input.fromDateId });
  const { date: to } = await loadDateForSales(db, actor, { eventId: input.eventId, dateId: input.toDateId });
  if (to.id === from.id) throw new AppError("validation", "date-changes:errors.same-date");
  if (to.status === "cancelled") throw new AppError("conflict", "date-changes:errors.target-cancelled");

  const onFrom = and(
    eq(participants.eventId, event.id),
    eq(participants.organizationId, event.organizationId),
    eq(participants.dateId, from.id),
  );
  const [counted] = await db.select({ n: count() }).from(participants).where(onFrom);
  const moved = counted?.n ?? 0;
  if (moved === 0) return { moved: 0 };

  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db
      .update(participants)
      .set({ dateId: to.id, eventDate: to.startAt, updatedAt: new Date(now) })
      .where(onFrom),
    db
      .update(orderItems)
      .set({ dateId: to.id })
      .where(and(eq(orderItems.eventId, event.id), eq(orderItems.dateId, from.id))),
    db
      .update(orders)
      .set({ dateId: to.id, updatedAt: new Date(now) })
      .where(
        and(eq(orders.eventId, event.id), eq(orders.organizationId, event.organizationId), eq(orders.dateId, from.id)),
      ),
    // After the writes: the target date and its quotas hold what they now carry (sold by the triggers, plus holds).
    guardStatement(
      db,
      sql`(select status from event_dates where id = ${to.id}) <> 'cancelled'
        and ((select capacity from event_dates where id = ${to.id}) = -1
          or (select sold from event_dates where id = ${to.id}) + ${heldOnDateSql(event.id, to.id, now)}
            <= (select capacity from event_dates where id = ${to.id}))
        and not exists (select 1 from quotas q where q.event_id = ${event.id} and q.date_id = ${to.id}
          and q.sold + ${heldOfQuotaSql(sql`q`, now)} > q.size)`,
    ),
    clearGuards(db),
  ];
  try {
    await db.batch(statements);
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    throw new AppError("conflict", "date-changes:errors.no-room", { details: { places: moved } });
  }
  return { moved };
}
