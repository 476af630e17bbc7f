import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessages } from "#db/schema";
import { loadEventForActor, type EventWithRoles } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { toAttendeeMessageRecord, type AttendeeMessageRecord } from "./attendee-message-record";

export const MESSAGE_NOT_FOUND = "attendee-messages:errors.not-found";

/** The event (checked for event:message-attendees) and one of its messages; another event's message is not found. */
export async function loadMessageForActor(
  db: Database,
  actor: Actor,
  input: { eventId: number; messageId: number },
): Promise<EventWithRoles & { message: AttendeeMessageRecord }> {
  const loaded = await loadEventForActor(db, actor, input.eventId, "event:message-attendees");
  if (!Number.isSafeInteger(input.messageId) || input.messageId <= 0) throw notFound(MESSAGE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(attendeeMessages)
    .where(
      and(
        eq(attendeeMessages.id, input.messageId),
        eq(attendeeMessages.eventId, loaded.event.id),
        eq(attendeeMessages.organizationId, loaded.event.organizationId),
      ),
    )
    .limit(1);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return { ...loaded, message: toAttendeeMessageRecord(row) };
}
