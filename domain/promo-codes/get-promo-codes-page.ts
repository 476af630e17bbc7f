import { and, asc, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets } from "#db/schema";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { readPromoCodes } from "./list-promo-codes";
import type { PromoCodeRecord } from "./promo-code-record";

export type PromoCodesPage = {
  eventId: number;
  timezone: string;
  canUpdate: boolean;
  codes: PromoCodeRecord[];
  /** What a code can target: the event's tickets and add-ons in their sort order. */
  tickets: { id: number; title: string; ticketType: "ticket" | "addon" }[];
};

/** The promo codes page in one call: the codes, the tickets they may target and what the actor may do. */
export async function getPromoCodesPage(
  db: Database,
  actor: Actor,
  input: { eventId: number },
): Promise<PromoCodesPage> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const [codes, targets] = await Promise.all([
    readPromoCodes(db, event),
    db
      .select({ id: tickets.id, title: tickets.title, ticketType: tickets.ticketType })
      .from(tickets)
      .where(and(inEventScope(tickets, event), ne(tickets.visibility, "deleted")))
      .orderBy(asc(tickets.ticketType), asc(tickets.sort), asc(tickets.id)),
  ]);
  return {
    eventId: event.id,
    timezone: event.timezone,
    canUpdate: canOnEvent(actor, "event:update", scope),
    codes,
    tickets: targets,
  };
}
