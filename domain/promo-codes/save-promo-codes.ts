import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { promoCodes, promoCodeTickets, tickets } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { normalizePromoCode, type PromoCodeItemInput } from "./promo-code-input-schema";
import { readPromoCodes } from "./list-promo-codes";
import { PERCENT_BASIS_POINTS, type PromoCodeRecord } from "./promo-code-record";

/**
 * The checks of a bulk save that need the event's data, as one pure plan: every refusal names the entry and field
 * (`<index>.<field>`), so the whole array is refused and nothing is written when one entry is wrong.
 */
export function planPromoCodeSave(
  entries: PromoCodeItemInput[],
  context: { ticketIds: ReadonlySet<number>; useCounts: ReadonlyMap<string, number> },
): { key: string; entry: PromoCodeItemInput }[] {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const planned = entries.map((entry, index) => {
    const key = normalizePromoCode(entry.key);
    if (seen.has(key)) fields[`${index}.key`] ??= "promo-codes:errors.key-duplicate";
    seen.add(key);
    if (entry.tickets.some((id) => !context.ticketIds.has(id)))
      fields[`${index}.tickets`] ??= "promo-codes:errors.ticket-unknown";
    const used = context.useCounts.get(key) ?? 0;
    if (entry.max_uses !== -1 && entry.max_uses < used)
      fields[`${index}.max_uses`] ??= "promo-codes:errors.max-uses-below-use-count";
    return { key, entry };
  });
  if (Object.keys(fields).length > 0) throw new AppError("validation", "errors:invalid-input", { fields });
  return planned;
}

/**
 * PUT /api/events/:id/promo-code/:code/:code/bulk and the promo codes page: creates or updates each entry by its key
 * (compared without regard to case), in one atomic batch. use_count is never written here.
 */
export async function savePromoCodes(
  db: Database,
  actor: Actor,
  input: { eventId: number; entries: PromoCodeItemInput[]; now?: Date },
): Promise<PromoCodeRecord[]> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const keys = input.entries.map((entry) => normalizePromoCode(entry.key));
  const [eventTickets, existing] = await Promise.all([
    db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(inEventScope(tickets, event), ne(tickets.visibility, "deleted"))),
    db
      .select({ code: promoCodes.code, useCount: promoCodes.useCount })
      .from(promoCodes)
      .where(and(inEventScope(promoCodes, event), inArray(promoCodes.code, keys))),
  ]);
  const planned = planPromoCodeSave(input.entries, {
    ticketIds: new Set(eventTickets.map((ticket) => ticket.id)),
    useCounts: new Map(existing.map((row) => [row.code, row.useCount])),
  });

  const now = input.now ?? new Date();
  const statements: BatchItem<"sqlite">[] = [];
  for (const { key, entry } of planned) {
    const values = {
      discountType: entry.discount_type,
      discountValue: entry.discount_type === "percent" ? entry.discount * PERCENT_BASIS_POINTS : entry.discount,
      maxUses: entry.max_uses,
      startAt: entry.start_at,
      endAt: entry.end_at,
      appliesToAllTickets: entry.tickets.length === 0,
    };
    statements.push(
      db
        .insert(promoCodes)
        .values({ organizationId: event.organizationId, eventId: event.id, code: key, createdAt: now, ...values })
        .onConflictDoUpdate({ target: [promoCodes.eventId, promoCodes.code], set: values }),
    );
    const promoId = sql`(select ${promoCodes.id} from ${promoCodes} where ${and(inEventScope(promoCodes, event), eq(promoCodes.code, key))})`;
    statements.push(db.delete(promoCodeTickets).where(eq(promoCodeTickets.promoCodeId, promoId)));
    const targets = [...new Set(entry.tickets)];
    if (targets.length > 0) {
      statements.push(
        db.insert(promoCodeTickets).values(targets.map((ticketId) => ({ promoCodeId: promoId, ticketId }))),
      );
    }
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return readPromoCodes(
    db,
    event,
    planned.map((p) => p.key),
  );
}
