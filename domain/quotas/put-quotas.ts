import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { eventDates, events, quotas, quotaTickets, tickets } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { EventRow } from "../events/event-record";
import type { Actor } from "../shared/actor";
import { chunks } from "../shared/chunks";
import { AppError } from "../shared/app-error";
import { readEventQuotas, type EventQuotas } from "./list-quotas";
import type { QuotaInput } from "./quota-input-schema";
import { quotaSoldCountSql } from "./quota-sql";

type Scope = Pick<EventRow, "id" | "organizationId">;

/**
 * The statement that recounts `sold` of the event's quotas from its participants (the triggers' rule, quota-sql.ts):
 * after a change of a quota's tickets or date, or of a pass's dates, in the same batch as that change.
 */
export function recountQuotasSold(db: Database, event: Scope) {
  return db.update(quotas).set({ sold: quotaSoldCountSql }).where(inEventScope(quotas, event));
}

/**
 * The places the quotas would have sold with their new tickets and dates, read before writing so that a size below
 * it is refused on its field: one count per quota, in one batch.
 */
async function wouldSell(db: Database, event: Scope, list: QuotaInput[]): Promise<number[]> {
  if (list.length === 0) return [];
  const counts = list.map((quota) => {
    const dateRule: SQL =
      quota.dateId === null
        ? sql`1`
        : sql`(participants.date_id = ${quota.dateId} or (participants.date_id is null and exists (select 1 from ticket_dates where ticket_dates.ticket_id = participants.ticket_id and ticket_dates.date_id = ${quota.dateId})))`;
    return db
      .select({
        sold: sql<number>`(select count(*) from participants where participants.event_id = ${event.id} and participants.organization_id = ${event.organizationId} and participants.ticket_id in (${sql.join(
          quota.ticketIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and ${dateRule})`
          .mapWith(Number)
          .as("would_sell"),
      })
      .from(events)
      .where(eq(events.id, event.id));
  });
  const results = await db.batch(counts as unknown as [(typeof counts)[number], ...(typeof counts)[number][]]);
  return results.map((rows) => rows[0]?.sold ?? 0);
}

/**
 * Replaces the event's quotas with `quotas` (event:update) and, when given, sets the event capacity, in one batch:
 * kept quotas (with an id) are updated, new ones inserted, missing ones deleted; then `sold` of every quota is
 * recounted from the participants. Tickets must be the event's and not deleted, dates the event's; a size below what
 * the quota has sold is refused on its field (`quotas.N.size`). The event capacity may go below its sales, as on the
 * tickets page. Answers the quotas as `listQuotas` reads them.
 */
export async function putQuotas(
  db: Database,
  actor: Actor,
  input: { eventId: number; eventCapacity?: number; quotas: QuotaInput[]; now?: Date },
): Promise<EventQuotas> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const now = input.now ?? new Date();
  const scope: Scope = { id: event.id, organizationId: event.organizationId };

  const [existing, ticketRows, dateRows] = await db.batch([
    db.select({ id: quotas.id }).from(quotas).where(inEventScope(quotas, scope)),
    db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(inEventScope(tickets, scope), ne(tickets.visibility, "deleted"))),
    db.select({ id: eventDates.id }).from(eventDates).where(inEventScope(eventDates, scope)),
  ]);
  const existingIds = new Set(existing.map((q) => q.id));
  const ticketIds = new Set(ticketRows.map((t) => t.id));
  const dateIds = new Set(dateRows.map((d) => d.id));

  const fields: Record<string, string> = {};
  const seen = new Set<number>();
  input.quotas.forEach((quota, index) => {
    if (quota.id !== undefined && (!existingIds.has(quota.id) || seen.has(quota.id)))
      fields[`quotas.${index}.id`] = "quotas:errors.not-found";
    if (quota.id !== undefined) seen.add(quota.id);
    if (quota.dateId !== null && !dateIds.has(quota.dateId))
      fields[`quotas.${index}.date_id`] = "quotas:errors.date-unknown";
    if (quota.ticketIds.length === 0) fields[`quotas.${index}.ticket_ids`] = "quotas:errors.tickets-required";
    else if (quota.ticketIds.some((id) => !ticketIds.has(id)))
      fields[`quotas.${index}.ticket_ids`] = "quotas:errors.ticket-unknown";
  });
  if (Object.keys(fields).length > 0) throw new AppError("validation", "quotas:errors.quotas-invalid", { fields });

  const sold = await wouldSell(db, scope, input.quotas);
  input.quotas.forEach((quota, index) => {
    if (quota.size < sold[index]!) fields[`quotas.${index}.size`] = "quotas:errors.size-below-sold";
  });
  if (Object.keys(fields).length > 0)
    throw new AppError("validation", "quotas:errors.size-below-sold", { fields, details: { sold } });

  const keptIds = input.quotas.flatMap((quota) => (quota.id === undefined ? [] : [quota.id]));
  const statements: BatchItem<"sqlite">[] = [];
  if (input.eventCapacity !== undefined) {
    statements.push(
      db
        .update(events)
        .set({ eventCapacity: input.eventCapacity, updatedAt: now })
        .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId))),
    );
  }
  // The ones left out, by id: D1 binds at most 100 parameters a statement, so they go in slices.
  const kept = new Set(keptIds);
  const missing = [...existingIds].filter((quotaId) => !kept.has(quotaId));
  for (const slice of chunks(missing)) {
    statements.push(db.delete(quotas).where(and(inEventScope(quotas, scope), inArray(quotas.id, slice))));
  }
  for (const quota of input.quotas) {
    // A new quota is the event's newest row: inside the batch (one transaction) nothing else inserts between.
    const quotaId: SQL | number =
      quota.id ??
      sql`(select max(quotas.id) from quotas where quotas.event_id = ${event.id} and quotas.organization_id = ${event.organizationId})`;
    if (quota.id === undefined) {
      statements.push(
        db.insert(quotas).values({
          organizationId: event.organizationId,
          eventId: event.id,
          name: quota.name,
          size: quota.size,
          dateId: quota.dateId,
          createdAt: now,
          updatedAt: now,
        }),
      );
    } else {
      statements.push(
        db
          .update(quotas)
          .set({ name: quota.name, size: quota.size, dateId: quota.dateId, updatedAt: now })
          .where(and(eq(quotas.id, quota.id), inEventScope(quotas, scope))),
        db.delete(quotaTickets).where(eq(quotaTickets.quotaId, quota.id)),
      );
    }
    statements.push(
      db.insert(quotaTickets).select(
        db
          .select({ quotaId: sql<number>`${quotaId}`.as("quota_id"), ticketId: tickets.id })
          .from(tickets)
          .where(and(inArray(tickets.id, quota.ticketIds), inEventScope(tickets, scope))),
      ),
    );
  }
  statements.push(recountQuotasSold(db, scope));
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);

  const updated = input.eventCapacity === undefined ? event : { ...event, eventCapacity: input.eventCapacity };
  return readEventQuotas(db, updated, now.getTime());
}
