import { and, eq, gt, lt, lte, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { orders, tickets, waitingListEntries } from "#db/schema";
import { freePlacesSql } from "../booking/free-places-sql";
import { enqueueJobs, type JobQueue } from "../shared/jobs";
import { errorFields, logger } from "../shared/logger";
import { webhookEventsFromQuery } from "../webhooks/webhook-event-statement";

/** An offer just made: what its email job and the caller need. */
export type MadeOffer = {
  entryId: number;
  ticketId: number;
  eventId: number;
  offeredQuantity: number;
  offerExpiresAt: Date;
  offerCount: number;
};

/** The email of one offer, built from the entry at send time (send-waiting-list-offer-email.ts). */
export type WaitingListOfferJob = { type: "send-waiting-list-offer"; entryId: number; offerCount: number };

/** Offers tried per round trip: each one's conditions see the writes of the ones before it in the batch. */
const OFFERS_PER_BATCH = 10;

const HOUR_MS = 3_600_000;

/** An epoch-ms SQL value as ISO 8601 (UTC, milliseconds), as the API writes dates. */
const iso = (value: SQL) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', (${value}) / 1000.0, 'unixepoch')`;

type Target = { ticketId: number; eventId: number };

/**
 * SQL boolean: an offer of the ticket may be made at `now`: its list is on, its event is published and not started,
 * its sales have not ended, and at least one place is free (purchases, unexpired holds and offers counted).
 */
export function offerableSql(target: Target, now: number): SQL {
  return sql`(select waiting_list from tickets where id = ${target.ticketId}) = 1
    and (select visibility from tickets where id = ${target.ticketId}) <> 'deleted'
    and coalesce((select sell_end_at from tickets where id = ${target.ticketId}), ${now + 1}) > ${now}
    and (select status from events where id = ${target.eventId}) = 'published'
    and coalesce((select start_at from events where id = ${target.eventId}), ${now + 1}) > ${now}
    and ${freePlacesSql(target, now)} >= 1`;
}

const expiresAtSql = (eventId: number, now: number) =>
  sql`(${now} + (select waiting_list_hold_hours from events where id = ${eventId}) * ${HOUR_MS})`;

/**
 * The two statements of one offer to the entry `candidate` (SQL naming its id) when `condition` holds: first the
 * `waiting_list.offered` webhook, built from the state the offer will be made on, then the conditional UPDATE that
 * makes it. Both run one after the other in the batch with no other writer in between, so they see the same state:
 * the webhook is recorded exactly when the offer is made. The offer holds min(places wanted, places free).
 */
export function offerStatements(
  db: Database,
  target: Target,
  candidate: SQL,
  condition: SQL,
  now: number,
): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  const free = freePlacesSql(target, now);
  const expiresAt = expiresAtSql(target.eventId, now);
  const where = sql`${waitingListEntries.id} = ${candidate} and ${condition}`;
  const webhook = webhookEventsFromQuery(db, {
    type: "waiting_list.offered",
    occurredAt: new Date(now),
    source: sql`select w.organization_id, json_object(
        'id', w.id, 'event', w.event_id, 'ticket', w.ticket_id,
        'full_name', trim(w.first_name || ' ' || w.last_name), 'first_name', w.first_name, 'last_name', w.last_name,
        'email', w.email, 'quantity', w.quantity, 'offered_quantity', min(w.quantity, ${free}), 'status', 'offered',
        'offered_at', ${iso(sql`${now}`)}, 'offer_expires_at', ${iso(expiresAt)}, 'offer_count', w.offer_count + 1,
        'created_at', ${iso(sql`w.created_at`)}) as data
      from waiting_list_entries w where w.id = ${candidate} and ${condition}`,
  });
  const offer = db
    .update(waitingListEntries)
    .set({
      status: "offered",
      offeredQuantity: sql`min(${waitingListEntries.quantity}, ${free})`,
      offeredAt: new Date(now),
      offerExpiresAt: sql`${expiresAt}`,
      offerCount: sql`${waitingListEntries.offerCount} + 1`,
      updatedAt: new Date(now),
    })
    .where(where)
    .returning({
      entryId: waitingListEntries.id,
      ticketId: waitingListEntries.ticketId,
      eventId: waitingListEntries.eventId,
      offeredQuantity: waitingListEntries.offeredQuantity,
      offerExpiresAt: waitingListEntries.offerExpiresAt,
      offerCount: waitingListEntries.offerCount,
    });
  return [webhook, offer];
}

/** Offers whose deadline passed become expired: their places go back to the line (one statement, indexed). */
export function expireOffersStatement(db: Database, ticketId: number, now: number) {
  return db
    .update(waitingListEntries)
    .set({ status: "expired", updatedAt: new Date(now) })
    .where(
      and(
        eq(waitingListEntries.ticketId, ticketId),
        eq(waitingListEntries.status, "offered"),
        lte(waitingListEntries.offerExpiresAt, new Date(now)),
      ),
    );
}

function madeOffers(rows: unknown): MadeOffer[] {
  return (rows as (Omit<MadeOffer, "offerExpiresAt"> & { offerExpiresAt: Date | null })[]).map((row) => ({
    ...row,
    offerExpiresAt: row.offerExpiresAt ?? new Date(0),
  }));
}

/**
 * Makes the offers a ticket's free places allow, in line order (issue 28 §3, docs/decisions/0059-waiting-list.md):
 * expired offers first become expired, then, over and over, ONE conditional UPDATE turns the first `waiting` entry
 * (lowest id) into `offered` with min(places wanted, places free) held until now + the event's hold hours, when at
 * least one place is free, until it changes no row. Every condition is evaluated by the database at the write, so two
 * runs at once, or a run and bookings, never offer one place twice nor pass the stock. Returns the offers made.
 */
export async function offerWaitingListPlaces(
  db: Database,
  input: { ticketId: number; eventId: number; now?: number },
): Promise<MadeOffer[]> {
  const now = input.now ?? Date.now();
  const target = { ticketId: input.ticketId, eventId: input.eventId };
  const firstWaiting = sql`(select id from waiting_list_entries where ticket_id = ${input.ticketId}
    and status = 'waiting' order by id limit 1)`;
  const condition = offerableSql(target, now);
  const made: MadeOffer[] = [];
  for (let round = 0; ; round++) {
    const statements: BatchItem<"sqlite">[] = round === 0 ? [expireOffersStatement(db, input.ticketId, now)] : [];
    const first = statements.length;
    for (let i = 0; i < OFFERS_PER_BATCH; i++)
      statements.push(...offerStatements(db, target, firstWaiting, condition, now));
    const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    let changed = 0;
    for (let i = first + 1; i < results.length; i += 2) {
      const offers = madeOffers(results[i]);
      changed += offers.length;
      made.push(...offers);
    }
    if (changed < OFFERS_PER_BATCH) return made;
  }
}

/** The email jobs of offers just made, handed to the queue; a failed hand-off is logged (the offer stands). */
export async function queueOfferEmails(jobs: { JOBS: JobQueue }, offers: MadeOffer[]): Promise<void> {
  if (offers.length === 0) return;
  try {
    await enqueueJobs(
      jobs,
      offers.map((offer): WaitingListOfferJob => ({
        type: "send-waiting-list-offer",
        entryId: offer.entryId,
        offerCount: offer.offerCount,
      })),
    );
  } catch (error) {
    logger.error("waiting list offer emails not queued", { entries: offers.length, ...errorFields(error) });
  }
}

/** The tickets of an event (or of the order's event) that have someone in their open line and their list on. */
async function ticketsWithOpenLines(db: Database, where: SQL): Promise<Target[]> {
  return db
    .select({ ticketId: tickets.id, eventId: tickets.eventId })
    .from(tickets)
    .where(
      and(
        where,
        eq(tickets.waitingList, true),
        sql`exists (select 1 from waiting_list_entries w where w.ticket_id = ${tickets.id}
          and w.status in ('waiting', 'offered'))`,
      ),
    );
}

/**
 * The trigger after places came back on an event (a refund, an expired or cancelled order, stock or capacity raised,
 * a participant or order deleted): makes the offers its tickets' lines can get now and queues their emails. Called
 * once the write committed; `event` names the event, or the order whose event it is. Without a queue (`jobs`
 * undefined) it does nothing: an offer must come with its email, and the minute cron (sweepWaitingLists) will make it.
 * Never throws: the write that freed the places succeeded whatever happens here.
 */
export async function offerFreedPlaces(
  db: Database,
  jobs: { JOBS: JobQueue } | undefined,
  event: { eventId: number } | { orderId: number },
  now: number = Date.now(),
): Promise<MadeOffer[]> {
  if (!jobs) return [];
  try {
    const eventId =
      "eventId" in event
        ? event.eventId
        : (await db.select({ eventId: orders.eventId }).from(orders).where(eq(orders.id, event.orderId)).limit(1))[0]
            ?.eventId;
    if (eventId === undefined) return [];
    const made: MadeOffer[] = [];
    for (const target of await ticketsWithOpenLines(db, eq(tickets.eventId, eventId)))
      made.push(...(await offerWaitingListPlaces(db, { ...target, now })));
    await queueOfferEmails(jobs, made);
    return made;
  } catch (error) {
    logger.error("waiting list offers failed", { ...errorFields(error) });
    return [];
  }
}

/** How long an offer's email may take to leave before the sweep queues it again (its first job is still on its way). */
const OFFER_EMAIL_GRACE_MS = 2 * 60_000;

/**
 * The minute cron's sweep: every ticket with an open line (waiting or offered entries) gets its expired offers moved
 * on and the offers its free places allow (holds that ran out, offers not made because a trigger had no queue).
 */
export async function sweepWaitingLists(
  db: Database,
  jobs: { JOBS: JobQueue },
  now: number = Date.now(),
): Promise<{ tickets: number; offers: number; resent: number }> {
  const targets = await db
    .selectDistinct({ ticketId: waitingListEntries.ticketId, eventId: waitingListEntries.eventId })
    .from(waitingListEntries)
    .where(sql`${waitingListEntries.status} in ('waiting', 'offered')`);
  const made: MadeOffer[] = [];
  for (const target of targets) made.push(...(await offerWaitingListPlaces(db, { ...target, now })));
  // Offers standing for more than a couple of minutes whose email never left: the hand-off to the queue was lost.
  const unsent = await db
    .select({
      entryId: waitingListEntries.id,
      ticketId: waitingListEntries.ticketId,
      eventId: waitingListEntries.eventId,
      offeredQuantity: waitingListEntries.offeredQuantity,
      offerExpiresAt: waitingListEntries.offerExpiresAt,
      offerCount: waitingListEntries.offerCount,
    })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.status, "offered"),
        gt(waitingListEntries.offerExpiresAt, new Date(now)),
        lt(waitingListEntries.offeredAt, new Date(now - OFFER_EMAIL_GRACE_MS)),
        lt(waitingListEntries.offerEmailedCount, waitingListEntries.offerCount),
      ),
    )
    .limit(500);
  const resent = unsent.flatMap((entry) =>
    entry.offerExpiresAt ? [{ ...entry, offerExpiresAt: entry.offerExpiresAt }] : [],
  );
  await queueOfferEmails(jobs, [...made, ...resent]);
  return { tickets: targets.length, offers: made.length, resent: resent.length };
}
