import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessageOptOuts, attendeeMessageRecipients, type AttendeeMessageRecipientStatus } from "#db/schema";
import type { Actor } from "../shared/actor";
import { emptyDeliveryCounts, type AttendeeMessageRecord, type DeliveryCounts } from "./attendee-message-record";
import { deliveryCounts } from "./list-attendee-messages";
import { loadMessageForActor } from "./message-access";

export const RECIPIENTS_PAGE_SIZE = 100;

export type MessageRecipient = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  ticketTitle: string;
  locale: "fr" | "en";
  participantId: number | null;
  orderId: number | null;
  status: AttendeeMessageRecipientStatus;
  attempts: number;
  sentAt: Date | null;
  lastError: string | null;
  optedOut: boolean;
};

/**
 * One message with its last send's counts and a page of its recipients (id order, `after` the last id shown,
 * optionally one delivery state), each marked when the address stopped the event's messages since.
 */
export async function getAttendeeMessage(
  db: Database,
  actor: Actor,
  input: {
    eventId: number;
    messageId: number;
    status?: AttendeeMessageRecipientStatus;
    after?: number;
    limit?: number;
  },
): Promise<{
  message: AttendeeMessageRecord;
  counts: DeliveryCounts;
  recipients: MessageRecipient[];
  hasMoreRecipients: boolean;
}> {
  const { message } = await loadMessageForActor(db, actor, input);
  const limit = Math.min(Math.max(input.limit ?? RECIPIENTS_PAGE_SIZE, 1), 500);
  const counts = (await deliveryCounts(db, [message])).get(message.id) ?? emptyDeliveryCounts();
  if (message.sendCount === 0) return { message, counts, recipients: [], hasMoreRecipients: false };
  const t = attendeeMessageRecipients;
  const rows = await db
    .select({
      id: t.id,
      email: t.email,
      firstName: t.firstName,
      lastName: t.lastName,
      ticketTitle: t.ticketTitle,
      locale: t.locale,
      participantId: t.participantId,
      orderId: t.orderId,
      status: t.status,
      attempts: t.attempts,
      sentAt: t.sentAt,
      lastError: t.lastError,
      // The outer row's columns named with their table: a bare column here would be read as the opt-out's own.
      optedOut: sql<number>`exists (select 1 from ${attendeeMessageOptOuts} x where x.event_id = ${t}.event_id and x.email = ${t}.email)`,
    })
    .from(t)
    .where(
      and(
        eq(t.messageId, message.id),
        eq(t.sendNumber, message.sendCount),
        eq(t.organizationId, message.organizationId),
        input.status ? eq(t.status, input.status) : undefined,
        input.after ? gt(t.id, input.after) : undefined,
      ),
    )
    .orderBy(asc(t.id))
    .limit(limit + 1);
  return {
    message,
    counts,
    recipients: rows.slice(0, limit).map((row) => ({ ...row, optedOut: Boolean(row.optedOut) })),
    hasMoreRecipients: rows.length > limit,
  };
}
