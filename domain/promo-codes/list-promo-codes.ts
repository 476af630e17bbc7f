import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { promoCodes, promoCodeTickets, type events } from "#db/schema";
import type { Actor } from "../shared/actor";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { toPromoCodeRecord, type PromoCodeRecord } from "./promo-code-record";

type EventScopeRow = Pick<typeof events.$inferSelect, "id" | "organizationId">;

/** The promo codes of an event already authorized, oldest first, with their ticket targets. */
export async function readPromoCodes(db: Database, event: EventScopeRow, keys?: string[]): Promise<PromoCodeRecord[]> {
  if (keys && keys.length === 0) return [];
  const rows = await db
    .select()
    .from(promoCodes)
    .where(and(inEventScope(promoCodes, event), keys ? inArray(promoCodes.code, keys) : undefined))
    .orderBy(asc(promoCodes.id));
  if (rows.length === 0) return [];
  const targets = await db
    .select({ promoCodeId: promoCodeTickets.promoCodeId, ticketId: promoCodeTickets.ticketId })
    .from(promoCodeTickets)
    .innerJoin(promoCodes, eq(promoCodes.id, promoCodeTickets.promoCodeId))
    .where(and(inEventScope(promoCodes, event), keys ? inArray(promoCodes.code, keys) : undefined))
    .orderBy(asc(promoCodeTickets.ticketId));
  const ticketsOf = new Map<number, number[]>();
  for (const target of targets)
    ticketsOf.set(target.promoCodeId, [...(ticketsOf.get(target.promoCodeId) ?? []), target.ticketId]);
  return rows.map((row) => toPromoCodeRecord(row, ticketsOf.get(row.id) ?? []));
}

/** GET /api/events/:id/promo-code and the promo codes page: every code of the event with its use count. */
export async function listPromoCodes(
  db: Database,
  actor: Actor,
  input: { eventId: number },
): Promise<PromoCodeRecord[]> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view");
  return readPromoCodes(db, event);
}
