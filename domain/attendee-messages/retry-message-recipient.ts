import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessageRecipients, attendeeMessages } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { enqueueJobs, type JobQueue } from "../shared/jobs";
import { loadMessageForActor } from "./message-access";

/**
 * A failed delivery sent again by hand from the history page: the row goes back to queued with fresh attempts (it
 * was counted against the quota when the send started, so it is not counted again) and the message is "sending"
 * until it is done.
 */
export async function retryMessageRecipient(
  db: Database,
  actor: Actor,
  queue: JobQueue,
  input: { eventId: number; messageId: number; recipientId: number },
): Promise<void> {
  const { message } = await loadMessageForActor(db, actor, input);
  const t = attendeeMessageRecipients;
  const [retried] = await db.batch([
    db
      .update(t)
      .set({ status: "queued", attempts: 0, lastError: null, claimedAt: new Date() })
      .where(
        and(
          eq(t.id, input.recipientId),
          eq(t.messageId, message.id),
          eq(t.organizationId, message.organizationId),
          eq(t.status, "failed"),
        ),
      )
      .returning({ id: t.id, sendNumber: t.sendNumber }),
    db
      .update(attendeeMessages)
      .set({ status: "sending" })
      .where(
        and(
          eq(attendeeMessages.id, message.id),
          eq(attendeeMessages.status, "sent"),
          sql`exists (select 1 from ${t} where ${t.id} = ${input.recipientId} and ${t.messageId} = ${message.id}
            and ${t.status} = 'queued' and ${t.sendNumber} = ${attendeeMessages.sendCount})`,
        ),
      ),
  ]);
  const row = retried[0];
  if (!row) throw new AppError("conflict", "attendee-messages:errors.message-not-retryable");
  await enqueueJobs({ JOBS: queue }, [
    { type: "send-attendee-message", messageId: message.id, sendNumber: row.sendNumber, fromId: row.id, toId: row.id },
  ]);
}
