import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessageRecipients, attendeeMessages } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import {
  emptyDeliveryCounts,
  toAttendeeMessageRecord,
  type AttendeeMessageRecord,
  type DeliveryCounts,
} from "./attendee-message-record";

export const MESSAGES_PAGE_SIZE = 50;

export type AttendeeMessageListItem = AttendeeMessageRecord & { counts: DeliveryCounts };

/**
 * The event's messages, newest first (the history page and `GET /api/events/:id/messages`), each with its last
 * send's delivery counts, read on the recipients' (message, send, status) index. `before`: the id to page after.
 */
export async function listAttendeeMessages(
  db: Database,
  actor: Actor,
  input: { eventId: number; before?: number; limit?: number },
): Promise<{ messages: AttendeeMessageListItem[]; hasMore: boolean }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:message-attendees");
  const limit = Math.min(Math.max(input.limit ?? MESSAGES_PAGE_SIZE, 1), 100);
  const rows = await db
    .select()
    .from(attendeeMessages)
    .where(
      and(
        eq(attendeeMessages.eventId, event.id),
        eq(attendeeMessages.organizationId, event.organizationId),
        input.before ? lt(attendeeMessages.id, input.before) : undefined,
      ),
    )
    .orderBy(desc(attendeeMessages.createdAt), desc(attendeeMessages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(toAttendeeMessageRecord);
  const counts = await deliveryCounts(db, page);
  return {
    messages: page.map((message) => ({ ...message, counts: counts.get(message.id) ?? emptyDeliveryCounts() })),
    hasMore: rows.length > limit,
  };
}

/** Delivery counts of each message's last send. */
export async function deliveryCounts(
  db: Database,
  messages: { id: number; sendCount: number }[],
): Promise<Map<number, DeliveryCounts>> {
  const sent = messages.filter((m) => m.sendCount > 0);
  const result = new Map<number, DeliveryCounts>();
  if (sent.length === 0) return result;
  const t = attendeeMessageRecipients;
  const rows = await db
    .select({ messageId: t.messageId, status: t.status, n: sql<number>`count(*)` })
    .from(t)
    .where(or(...sent.map((m) => and(eq(t.messageId, m.id), eq(t.sendNumber, m.sendCount)))))
    .groupBy(t.messageId, t.status);
  for (const row of rows) {
    const counts = result.get(row.messageId) ?? emptyDeliveryCounts();
    counts[row.status] = Number(row.n);
    result.set(row.messageId, counts);
  }
  return result;
}
