import type { Database } from "#db/database";
import { promoCodes } from "#db/schema";
import type { Actor } from "../shared/actor";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { generatePromoCodeKeys } from "./generate-promo-codes";
import type { PromoCodeItemInput } from "./promo-code-input-schema";
import type { PromoCodeRecord } from "./promo-code-record";
import { savePromoCodes } from "./save-promo-codes";

/** Bulk creation from the page: `count` random codes starting with `prefix`, all with the same settings. */
export async function createPromoCodesInBulk(
  db: Database,
  actor: Actor,
  input: { eventId: number; prefix: string; count: number; settings: Omit<PromoCodeItemInput, "key">; now?: Date },
): Promise<PromoCodeRecord[]> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const taken = new Set(
    (await db.select({ code: promoCodes.code }).from(promoCodes).where(inEventScope(promoCodes, event))).map(
      (r) => r.code,
    ),
  );
  const keys = generatePromoCodeKeys(input.prefix, input.count, taken);
  return savePromoCodes(db, actor, {
    eventId: input.eventId,
    now: input.now,
    entries: keys.map((key) => ({ ...input.settings, key })),
  });
}
