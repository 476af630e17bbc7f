import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets } from "#db/schema";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { listParticipationForms } from "./list-participation-forms";
import type { ParticipationForm } from "./participation-form-record";

export type ParticipationFormsPage = {
  eventId: number;
  canUpdate: boolean;
  allowBilling: boolean;
  forms: ParticipationForm[];
  /** What a question can target: the event's tickets (not add-ons) in their sort order. */
  tickets: { id: number; title: string }[];
};

/** The order-forms page in one call: both forms, the tickets a question may target, the billing switch, the rights. */
export async function getParticipationFormsPage(
  db: Database,
  actor: Actor,
  input: { eventId: number },
): Promise<ParticipationFormsPage> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const [forms, targets] = await Promise.all([
    listParticipationForms(db, actor, { eventId: event.id }),
    db
      .select({ id: tickets.id, title: tickets.title })
      .from(tickets)
      .where(and(inEventScope(tickets, event), ne(tickets.visibility, "deleted"), eq(tickets.ticketType, "ticket")))
      .orderBy(asc(tickets.sort), asc(tickets.id)),
  ]);
  return {
    eventId: event.id,
    canUpdate: canOnEvent(actor, "event:update", scope),
    allowBilling: event.allowBilling,
    forms,
    tickets: targets,
  };
}
