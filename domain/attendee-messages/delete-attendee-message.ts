import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessages } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { loadMessageForActor } from "./message-access";
import { EDITABLE_STATUSES } from "./message-rules";

/** Deletes a message that never went out (a sent message stays in the history with its recipients). */
export async function deleteAttendeeMessage(
  db: Database,
  actor: Actor,
  input: { eventId: number; messageId: number },
): Promise<void> {
  const { message } = await loadMessageForActor(db, actor, input);
  const deleted = await db
    .delete(attendeeMessages)
    .where(
      and(
        eq(attendeeMessages.id, message.id),
        eq(attendeeMessages.organizationId, message.organizationId),
        inArray(attendeeMessages.status, [...EDITABLE_STATUSES]),
        eq(attendeeMessages.sendCount, 0),
      ),
    )
    .returning({ id: attendeeMessages.id });
  if (deleted.length === 0) throw new AppError("conflict", "attendee-messages:errors.message-not-deletable");
}
