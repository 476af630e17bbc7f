import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { loadEventForActor } from "../events/event-access";
import { EVENT_MESSAGE_TOO_LONG, type EventMessagesInput } from "./event-messages-schema";
import type { EventMessages } from "./get-event-messages";
import { sanitizeEventMessage } from "./sanitize-event-message";

/** Saves the messages (and the holder-ticket setting) it is given, sanitized with the event description's allowlist; returns both as stored. */
export async function updateEventMessages(
  db: Database,
  actor: Actor,
  input: { eventId: number; messages: EventMessagesInput; now?: Date },
): Promise<EventMessages> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const changes: Partial<EventMessages> = {};
  const fields: Record<string, string> = {};
  const clean = (html: string, field: string) => {
    const sanitized = sanitizeEventMessage(html);
    if (sanitized === null) fields[field] = EVENT_MESSAGE_TOO_LONG;
    return sanitized ?? "";
  };
  if (input.messages.confirmation_page_message !== undefined) {
    changes.confirmationPageMessage = clean(input.messages.confirmation_page_message, "confirmation_page_message");
  }
  if (input.messages.email_pdf_message !== undefined) {
    changes.emailPdfMessage = clean(input.messages.email_pdf_message, "email_pdf_message");
  }
  if (input.messages.send_holder_tickets !== undefined) changes.sendHolderTickets = input.messages.send_holder_tickets;
  if (Object.keys(fields).length > 0) throw new AppError("validation", "errors:invalid-input", { fields });
  if (Object.keys(changes).length === 0) {
    return {
      confirmationPageMessage: event.confirmationPageMessage,
      emailPdfMessage: event.emailPdfMessage,
      sendHolderTickets: event.sendHolderTickets,
    };
  }
  const [row] = await db
    .update(events)
    .set({ ...changes, updatedAt: input.now ?? new Date() })
    .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId)))
    .returning({
      confirmationPageMessage: events.confirmationPageMessage,
      emailPdfMessage: events.emailPdfMessage,
      sendHolderTickets: events.sendHolderTickets,
    });
  return row!;
}
