import type { Database } from "#db/database";
import { attendeeMessages, type AttendeeMessageKind } from "#db/schema";
import type { Actor } from "../shared/actor";
import { loadEventForActor } from "../events/event-access";
import type { AttendeeMessageInput } from "./attendee-message-schema";
import { toAttendeeMessageRecord, type AttendeeMessageRecord } from "./attendee-message-record";
import { sanitizeMessageBody } from "./message-rules";

/** A new draft message of an event (event:message-attendees); a change notice is a message of kind "change". */
export async function createAttendeeMessage(
  db: Database,
  actor: Actor,
  input: AttendeeMessageInput & { eventId: number; kind?: Exclude<AttendeeMessageKind, "reminder"> },
): Promise<AttendeeMessageRecord> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:message-attendees");
  const [row] = await db
    .insert(attendeeMessages)
    .values({
      organizationId: event.organizationId,
      eventId: event.id,
      kind: input.kind ?? "message",
      subject: input.subject.trim(),
      body: sanitizeMessageBody(input.body),
      segment: JSON.stringify(input.segment),
      status: "draft",
      createdBy: actor.userId,
    })
    .returning();
  return toAttendeeMessageRecord(row!);
}
