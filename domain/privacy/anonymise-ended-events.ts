import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import {
  attendeeMessageOptOuts,
  attendeeMessageRecipients,
  auditLogs,
  events,
  formAnswers,
  orderEmailDeliveries,
  orders,
  organizations,
  participants,
  webhookDeliveries,
} from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { anonymisationCutoff } from "./retention";

/** Rows changed per statement. */
export const ANONYMISE_BATCH_SIZE = 1000;
/**
 * Statements one call may run: far below a Worker invocation's query limit (1,000), and enough for an event of about
 * 100,000 participants in one call. A call that runs out answers done=false; the next one resumes where it stopped.
 */
export const ANONYMISE_MAX_STATEMENTS = 500;

export type AnonymiseResult = { events: number; participants: number; orders: number; answers: number; done: boolean };

export const ANONYMISE_AUDIT_ACTION = "privacy.anonymise-event";

type Budget = { left: number };
type Options = { now: Date; batchSize: number; budget: Budget; userId: number | null };

/** The events whose buyers' data is due: ended (or, without an end, started) before the cutoff, not yet done. */
export function dueEventsWhere(organizationId: number, cutoff: Date) {
  return and(
    eq(events.organizationId, organizationId),
    isNull(events.personalDataAnonymisedAt),
    lt(sql`coalesce(${events.endAt}, ${events.startAt})`, cutoff.getTime()),
  );
}

type Batches = { changed: number; finished: boolean };

/**
 * Runs `step` (one statement over at most `batchSize` rows, answering the ids it changed) until a batch comes back short
 * or the budget is spent.
 */
async function inBatches(
  { budget, batchSize }: Pick<Options, "budget" | "batchSize">,
  step: (afterId: number) => Promise<{ id: number }[]>,
): Promise<Batches> {
  let afterId = 0;
  let changed = 0;
  while (budget.left > 0) {
    budget.left -= 1;
    const rows = await step(afterId);
    changed += rows.length;
    if (rows.length < batchSize) return { changed, finished: true };
    afterId = Math.max(...rows.map((row) => row.id));
  }
  return { changed, finished: false };
}

/**
 * Blanks the buyers' personal data of one event in batches: names, emails, billing, drafts and links to buyer accounts
 * of orders and participants; the answers to the order forms are deleted. Amounts, statuses, tickets, dates, entries,
 * transactions and the sales figures are untouched, so every figure stays the same. Only rows still holding personal
 * data are selected, so a call cut short by its budget resumes where it stopped and a second run changes nothing.
 */
async function anonymiseEvent(
  db: Database,
  event: { id: number; organizationId: number },
  options: Options,
): Promise<{ participants: number; orders: number; answers: number; done: boolean }> {
  const { now, batchSize, budget } = options;
  const scope = { event: event.id, organization: event.organizationId };

  const people = await inBatches(options, (afterId) =>
    db
      .update(participants)
      .set({ firstName: "", lastName: "", email: "", searchText: "", userId: null, updatedAt: now })
      .where(
        inArray(
          participants.id,
          db
            .select({ id: participants.id })
            .from(participants)
            .where(
              and(
                eq(participants.eventId, scope.event),
                eq(participants.organizationId, scope.organization),
                gt(participants.id, afterId),
                or(
                  ne(participants.firstName, ""),
                  ne(participants.lastName, ""),
                  ne(participants.email, ""),
                  ne(participants.searchText, ""),
                  isNotNull(participants.userId),
                ),
              ),
            )
            .orderBy(asc(participants.id))
            .limit(batchSize),
        ),
      )
      .returning({ id: participants.id }),
  );
  const counts = { participants: people.changed, orders: 0, answers: 0 };
  if (!people.finished) return { ...counts, done: false };

  const buyers = await inBatches(options, (afterId) =>
    db
      .update(orders)
      .set({ firstName: "", lastName: "", email: "", billing: null, draft: null, userId: null, updatedAt: now })
      .where(
        inArray(
          orders.id,
          db
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(
                eq(orders.eventId, scope.event),
                eq(orders.organizationId, scope.organization),
                gt(orders.id, afterId),
                or(
                  ne(orders.firstName, ""),
                  ne(orders.lastName, ""),
                  ne(orders.email, ""),
                  isNotNull(orders.billing),
                  isNotNull(orders.draft),
                  isNotNull(orders.userId),
                ),
              ),
            )
            .orderBy(asc(orders.id))
            .limit(batchSize),
        ),
      )
      .returning({ id: orders.id }),
  );
  counts.orders = buyers.changed;
  if (!buyers.finished) return { ...counts, done: false };

  const answers = await inBatches(options, (afterId) =>
    db
      .delete(formAnswers)
      .where(
        inArray(
          formAnswers.id,
          db
            .select({ id: formAnswers.id })
            .from(formAnswers)
            .where(
              and(
                eq(formAnswers.eventId, scope.event),
                eq(formAnswers.organizationId, scope.organization),
                gt(formAnswers.id, afterId),
              ),
            )
            .orderBy(asc(formAnswers.id))
            .limit(batchSize),
        ),
      )
      .returning({ id: formAnswers.id }),
  );
  counts.answers = answers.changed;
  if (!answers.finished) return { ...counts, done: false };

  // The recipients of messages to attendees keep their delivery state (the history's counts), not who they were.
  const recipients = await inBatches(options, (afterId) =>
    db
      .update(attendeeMessageRecipients)
      .set({
        email: "",
        firstName: "",
        lastName: "",
        lastError: null,
        dedupeKey: sql`'anonymised:' || ${attendeeMessageRecipients.id}`,
      })
      .where(
        inArray(
          attendeeMessageRecipients.id,
          db
            .select({ id: attendeeMessageRecipients.id })
            .from(attendeeMessageRecipients)
            .where(
              and(
                eq(attendeeMessageRecipients.eventId, scope.event),
                eq(attendeeMessageRecipients.organizationId, scope.organization),
                gt(attendeeMessageRecipients.id, afterId),
                ne(attendeeMessageRecipients.email, ""),
              ),
            )
            .orderBy(asc(attendeeMessageRecipients.id))
            .limit(batchSize),
        ),
      )
      .returning({ id: attendeeMessageRecipients.id }),
  );
  if (!recipients.finished || budget.left < 1) return { ...counts, done: false };

  budget.left -= 1;
  await db.batch([
    db
      .delete(attendeeMessageOptOuts)
      .where(
        and(
          eq(attendeeMessageOptOuts.eventId, scope.event),
          eq(attendeeMessageOptOuts.organizationId, scope.organization),
        ),
      ),
    // A provider's error text can quote the buyer's address.
    db
      .update(orderEmailDeliveries)
      .set({ lastError: null })
      .where(
        and(
          eq(orderEmailDeliveries.eventId, scope.event),
          eq(orderEmailDeliveries.organizationId, scope.organization),
          isNotNull(orderEmailDeliveries.lastError),
        ),
      ),
    db
      .update(events)
      .set({ personalDataAnonymisedAt: now })
      .where(and(eq(events.id, scope.event), eq(events.organizationId, scope.organization))),
    db.insert(auditLogs).values({
      organizationId: scope.organization,
      userId: options.userId,
      action: ANONYMISE_AUDIT_ACTION,
      targetType: "event",
      targetId: String(scope.event),
      data: JSON.stringify({ ...counts, automatic: options.userId === null }),
      createdAt: now,
    }),
  ]);
  return { ...counts, done: true };
}

/**
 * Webhook payloads sent before the cutoff carry the buyers' names and emails: the finished deliveries (and their
 * attempts, by cascade) older than the retention period are dropped from the delivery log.
 */
async function dropOldWebhookDeliveries(db: Database, organizationId: number, cutoff: Date, options: Options) {
  return inBatches(options, (afterId) =>
    db
      .delete(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.id,
          db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(
              and(
                eq(webhookDeliveries.organizationId, organizationId),
                ne(webhookDeliveries.status, "pending"),
                lt(webhookDeliveries.createdAt, cutoff),
                gt(webhookDeliveries.id, afterId),
              ),
            )
            .orderBy(asc(webhookDeliveries.id))
            .limit(options.batchSize),
        ),
      )
      .returning({ id: webhookDeliveries.id }),
  );
}

/** The organization's due events, one after the other, within the budget. */
export async function anonymiseOrganization(
  db: Database,
  organizationId: number,
  options: Options,
): Promise<AnonymiseResult> {
  const [organization] = await db
    .select({ months: organizations.anonymiseAfterMonths })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  const result: AnonymiseResult = { events: 0, participants: 0, orders: 0, answers: 0, done: true };
  if (!organization) return result;
  const cutoff = anonymisationCutoff(options.now, organization.months);
  const due = await db
    .select({ id: events.id, organizationId: events.organizationId })
    .from(events)
    .where(dueEventsWhere(organizationId, cutoff))
    .orderBy(asc(events.id));
  for (const event of due) {
    const done = await anonymiseEvent(db, event, options);
    result.participants += done.participants;
    result.orders += done.orders;
    result.answers += done.answers;
    if (!done.done) return { ...result, done: false };
    result.events += 1;
  }
  const dropped = await dropOldWebhookDeliveries(db, organizationId, cutoff, options);
  return dropped.finished ? result : { ...result, done: false };
}

/**
 * Issue 14 §5: anonymises the buyers' personal data of the organization's events that ended more than its retention
 * period ago (organizations.anonymise_after_months), keeping every figure. Idempotent; resumable when `done` is false.
 * Owners only (privacy:anonymise); each finished event is written to the audit log.
 */
export async function anonymiseEndedEvents(
  db: Database,
  actor: Actor,
  input: { organizationId: number; now?: Date; batchSize?: number; maxStatements?: number },
): Promise<AnonymiseResult> {
  assertCanInOrganization(actor, "privacy:anonymise", input.organizationId);
  return anonymiseOrganization(db, input.organizationId, {
    now: input.now ?? new Date(),
    batchSize: input.batchSize ?? ANONYMISE_BATCH_SIZE,
    budget: { left: input.maxStatements ?? ANONYMISE_MAX_STATEMENTS },
    userId: actor.userId,
  });
}
