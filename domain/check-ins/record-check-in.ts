import { checkInWebhookStatement } from "../webhooks/sales-webhook-statements";
import { and, eq, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { entries, orders, participants } from "#db/schema";
import type { Actor } from "../shared/actor";
import type { SigningEnv } from "../shared/signing-secret";
import { ADMITTED_ORDER_STATUSES } from "../orders/order-status";
import { parseTicketToken, ticketTokenMatches } from "../tickets/ticket-token";
import { checkInEventOf, checkInEventReads } from "./check-in-event";

const checkInDirections = ["in", "out"] as const;
export type CheckInDirection = (typeof checkInDirections)[number];
export type CheckInResultCode = "ok" | "already_in" | "not_in" | "wrong_event" | "wrong_date" | "invalid" | "cancelled";

export type CheckInOutcome = {
  result: CheckInResultCode;
  participant: {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    is_in: boolean;
    last_validation_at: number | null;
  } | null;
  ticket: { id: number; title: string } | null;
  entry: { id: number; is_in: boolean; validated_at: number; client_id: string } | null;
  /**
   * `wrong_date` (decision 0068): the date the ticket is for (its start, UTC ms), for the scanner to name it; null
   * for a pass, which is valid on its own dates only. Absent otherwise.
   */
  ticket_date?: { id: number; start_at: number } | null;
};

export type CheckInInput = {
  eventId: number;
  /** The signed ticket token read from the QR code… */
  token?: string;
  /** …or, for a check-in from the manual search by name, the participant's id. */
  participantId?: number;
  direction: CheckInDirection;
  /** The scanner's UUID for this scan: replaying it never writes a second entry. */
  clientId: string;
  /** When the scan happened on the device (offline scans sync later). */
  scannedAt?: number;
  /**
   * The date being scanned on a multi-date event (decision 0068): a ticket for another date is refused, a pass
   * enters once per date it covers.
   */
  dateId?: number;
  now?: number;
};

/** The JSON body of POST /api/events/:id/check-ins. */
export const checkInBodySchema = v.pipe(
  v.object({
    token: v.optional(v.pipe(v.string(), v.maxLength(200))),
    participant_id: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
    direction: v.picklist(checkInDirections),
    id: v.pipe(v.string(), v.uuid()),
    scanned_at: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
    date_id: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  }),
  v.check((body) => (body.token === undefined) !== (body.participant_id === undefined), "errors:invalid-input"),
);

function checkInParticipantReads(
  db: Database,
  actor: Actor,
  eventId: number,
  participantId: number | undefined,
  dateId: number | undefined,
) {
  const [eventRead, accessRead] = checkInEventReads(db, actor, eventId);
  const participantRead =
    participantId === undefined
      ? null
      : db
          .select({
            id: participants.id,
            accessToken: participants.accessToken,
            ticketId: participants.ticketId,
            ticketTitle: participants.ticketTitle,
            orderStatus: orders.status,
            dateId: participants.dateId,
            dateStart: sql<number | null>`(select d.start_at from event_dates d where d.id = ${participants.dateId})`,
            // Whether the ticket is a pass, and one valid on the scanned date.
            isPass: sql<number>`exists (select 1 from ticket_dates td where td.ticket_id = ${participants.ticketId})`,
            passCovers: sql<number>`exists (select 1 from ticket_dates td where td.ticket_id = ${participants.ticketId}
              and td.date_id = ${dateId ?? 0})`,
          })
          .from(participants)
          .innerJoin(orders, eq(orders.id, participants.orderId))
          .where(
            and(
              eq(participants.id, participantId),
              eq(participants.eventId, eventId),
              eq(participants.organizationId, actor.organizationId!),
            ),
          )
          .limit(1);
  return [eventRead, accessRead, participantRead] as const;
}

/** An offline scan can be synced up to this long after it happened; older or future times fall back to now. */
const MAX_SCAN_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * Checks a ticket in or out (issue 11 §6). The signed token names the participant; the participant is looked up in the
 * actor's organization and event only. The state change is one D1 batch (atomic and serialized): the entry is
 * inserted only when the participant is currently out (for "in") or in (for "out") and no entry has this client id,
 * then the participant's is_in / last_validation_at are set from their latest entry. So 50 replays of one scan write one
 * entry, two different scans racing for one participant make one "ok" and one "already_in", and replaying an old scan
 * after a later one never flips the state back.
 */
export async function recordCheckIn(
  db: Database,
  actor: Actor,
  env: SigningEnv,
  input: CheckInInput,
): Promise<CheckInOutcome> {
  const refused = (result: CheckInResultCode): CheckInOutcome => ({
    result,
    participant: null,
    ticket: null,
    entry: null,
  });

  const parsed = input.token !== undefined ? parseTicketToken(input.token) : null;
  // The event id is readable in the token on purpose: a ticket of another event is told apart without a lookup.
  const participantId =
    parsed && parsed.eventId === input.eventId
      ? parsed.participantId
      : input.token === undefined
        ? input.participantId
        : undefined;
  // One round trip: the event, the actor's access row and the participant the scan names (scoped to the actor's
  // organization and this event; it is used only once the event and the actor's right to validate are settled).
  const [eventReads, accessReads, participantReads] = checkInParticipantReads(
    db,
    actor,
    input.eventId,
    participantId,
    input.dateId,
  );
  const [eventRows, accessRows, foundRows] = participantReads
    ? await db.batch([eventReads, accessReads, participantReads])
    : [...(await db.batch([eventReads, accessReads])), []];
  const event = checkInEventOf(actor, eventRows, accessRows);
  if (input.token !== undefined && !parsed) return refused("invalid");
  if (parsed && parsed.eventId !== event.id) return refused("wrong_event");
  if (participantId === undefined) return refused("invalid");
  const [found] = foundRows;
  if (!found) return refused("invalid");
  const subject = { eventId: event.id, participantId: found.id, accessToken: found.accessToken };
  if (parsed && !ticketTokenMatches(env, parsed, subject)) return refused("invalid");
  const dateId = input.dateId ?? null;
  if (dateId !== null) {
    const wrongDate =
      found.dateId !== null ? found.dateId !== dateId : Number(found.isPass) === 1 && Number(found.passCovers) !== 1;
    if (wrongDate)
      return {
        ...refused("wrong_date"),
        ticket: { id: found.ticketId, title: found.ticketTitle },
        ticket_date:
          found.dateId !== null && found.dateStart !== null
            ? { id: found.dateId, start_at: Number(found.dateStart) }
            : null,
      };
  }

  const now = input.now ?? Date.now();
  const scannedAt = input.scannedAt;
  const validatedAt =
    scannedAt !== undefined && scannedAt <= now + MAX_CLOCK_SKEW_MS && scannedAt >= now - MAX_SCAN_AGE_MS
      ? Math.min(scannedAt, now)
      : now;
  const isIn = input.direction === "in" ? 1 : 0;
  const validStatuses = sql.join(
    ADMITTED_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );

  // In or out on the scanned date for a pass (one entry per date it covers); the participant's state otherwise.
  const inOrOut =
    dateId !== null && found.dateId === null && Number(found.isPass) === 1
      ? sql`coalesce((select e.is_in from entries e where e.participant_id = p.id and e.date_id = ${dateId}
          order by e.id desc limit 1), 0) = ${1 - isIn}`
      : sql`p.is_in = ${1 - isIn}`;
  const [, , , entryRows, participantRows] = await db.batch([
    // Query builders, not db.run(sql): drizzle's D1 batch cannot bind the parameters of a raw statement.
    db
      .insert(entries)
      .select(
        sql`select null, p.organization_id, p.event_id, p.id, p.ticket_id, ${isIn}, ${validatedAt}, ${actor.userId},
          ${input.clientId}, ${now}, ${dateId}
        from participants p
        where p.id = ${found.id} and p.event_id = ${event.id} and p.organization_id = ${event.organizationId}
          and ${inOrOut}
          and exists (select 1 from orders o where o.id = p.order_id and o.status in (${validStatuses}))
          and not exists (select 1 from entries e where e.event_id = ${event.id} and e.client_id = ${input.clientId})`,
      )
      .onConflictDoNothing(),
    // Right after the insert: reported only when this scan wrote the entry (docs/decisions/0019-outgoing-webhooks.md).
    checkInWebhookStatement(db, { eventId: event.id, clientId: input.clientId, occurredAt: new Date(now) }),
    db
      .update(participants)
      .set({
        isIn: sql`coalesce((select e.is_in from entries e where e.participant_id = ${participants.id}
          order by e.id desc limit 1), 0)`,
        lastValidationAt: sql`(select e.validated_at from entries e where e.participant_id = ${participants.id}
          and e.is_in = 1 order by e.id desc limit 1)`,
        updatedAt: new Date(now),
      })
      .where(
        and(
          eq(participants.id, found.id),
          eq(participants.organizationId, event.organizationId),
          sql`exists (select 1 from entries e where e.event_id = ${event.id} and e.client_id = ${input.clientId}
            and e.participant_id = ${found.id})`,
        ),
      ),
    db
      .select({
        id: entries.id,
        participantId: entries.participantId,
        isIn: entries.isIn,
        validatedAt: entries.validatedAt,
      })
      .from(entries)
      .where(and(eq(entries.eventId, event.id), eq(entries.clientId, input.clientId)))
      .limit(1),
    db
      .select({
        id: participants.id,
        firstName: participants.firstName,
        lastName: participants.lastName,
        email: participants.email,
        isIn: participants.isIn,
        lastValidationAt: participants.lastValidationAt,
      })
      .from(participants)
      .where(and(eq(participants.id, found.id), eq(participants.organizationId, event.organizationId)))
      .limit(1),
  ]);

  const row = participantRows[0]!;
  const entry = entryRows[0];
  const participant = {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    is_in: row.isIn,
    last_validation_at: row.lastValidationAt?.getTime() ?? null,
  };
  const ticket = { id: found.ticketId, title: found.ticketTitle };
  if (entry && entry.participantId === found.id)
    return {
      result: "ok",
      participant,
      ticket,
      entry: { id: entry.id, is_in: entry.isIn, validated_at: entry.validatedAt.getTime(), client_id: input.clientId },
    };
  const cancelled = !(ADMITTED_ORDER_STATUSES as readonly string[]).includes(found.orderStatus);
  const result: CheckInResultCode = cancelled ? "cancelled" : input.direction === "in" ? "already_in" : "not_in";
  return { result, participant, ticket, entry: null };
}
