import type { Database } from "#db/database";
import type { Actor } from "../shared/actor";
import { loadEventForActor } from "../events/event-access";

export type EventMessages = { confirmationPageMessage: string; emailPdfMessage: string; sendHolderTickets: boolean };

/** The event's personalized messages as stored (sanitized HTML). */
export async function getEventMessages(db: Database, actor: Actor, input: { eventId: number }): Promise<EventMessages> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view");
  return {
    confirmationPageMessage: event.confirmationPageMessage,
    emailPdfMessage: event.emailPdfMessage,
    sendHolderTickets: event.sendHolderTickets,
  };
}
