import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { changedRows } from "#db/database";
import { promoCodes } from "#db/schema";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { normalizePromoCode } from "./promo-code-input-schema";

/**
 * Deletes a promo code of the event. Orders that used it keep its key (orders.promo_code_key) and their discount;
 * only the link to the code is cleared.
 */
export async function deletePromoCode(
  db: Database,
  actor: Actor,
  input: { eventId: number; key: string },
): Promise<void> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const result = await db
    .delete(promoCodes)
    .where(and(inEventScope(promoCodes, event), eq(promoCodes.code, normalizePromoCode(input.key))));
  if (changedRows(result) === 0) throw notFound("promo-codes:errors.not-found");
}
