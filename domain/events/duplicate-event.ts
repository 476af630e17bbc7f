import { and, asc, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { eventReminders, events, participationForms, promoCodes, tickets } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { inEventScope, loadEventForActor } from "./event-access";
import { newEventAccessToken, toEventRecord, type EventRecord } from "./event-record";
import { eventRemindersQuery } from "../reminders/get-event-reminders";
import { reminderDueAt } from "../reminders/reminder-due";

/**
 * Duplicates an event (spec §4, §7): same fields and title (the copy is told apart by its Draft status, as with the
 * spec's POST /events of a copied event's fields), status draft, a new preview access_token; its tickets and add-ons
 * (not the deleted ones) with purchased 0; its participation forms, with their ticket targets moved to the copied
 * tickets; its promo codes with use_count 0 and applying to all tickets. Everything is written in one `db.batch`, so
 * the copy exists whole or not at all. Needs events:create and the right to view the source.
 */
export async function duplicateEvent(
  db: Database,
  actor: Actor,
  input: { eventId: number; now?: Date },
): Promise<EventRecord> {
  assertCanInOrganization(actor, "events:create");
  const { event: source } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const now = input.now ?? new Date();
  const organizationId = source.organizationId;
  const inSource = (table: Parameters<typeof inEventScope>[0]) => inEventScope(table, source);

  const [sourceTickets, sourceCodes, sourceForms, sourceReminders] = await Promise.all([
    db
      .select()
      .from(tickets)
      .where(and(inSource(tickets), ne(tickets.visibility, "deleted")))
      .orderBy(asc(tickets.id)),
    db.select().from(promoCodes).where(inSource(promoCodes)).orderBy(asc(promoCodes.id)),
    db.select().from(participationForms).where(inSource(participationForms)).orderBy(asc(participationForms.id)),
    eventRemindersQuery(db, source),
  ]);

  // The copy's id is not known before the batch runs: later statements find it by its fresh random access_token,
  // inlined because it is ours and strictly base32 (D1 caps bound parameters per statement).
  const accessToken = newEventAccessToken();
  if (!/^[a-z2-7]{32}$/.test(accessToken)) throw new Error("unexpected access token format");
  const newEventIdSql = `(select id from events where access_token = '${accessToken}' and organization_id = ${organizationId})`;
  const newEventId = sql.raw(newEventIdSql);
  // Tickets are inserted in source id order, so the k-th copied ticket is the k-th ticket of the copy by id.
  const rankOf = new Map(sourceTickets.map((ticket, index) => [ticket.id, index]));
  const copiedTicketId = (rank: number) =>
    `(select id from tickets where event_id = ${newEventIdSql} order by id limit 1 offset ${rank})`;

  const {
    id: _id,
    status: _status,
    accessToken: _token,
    publishedAt: _publishedAt,
    createdBy: _createdBy,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...eventFields
  } = source;

  const statements: BatchItem<"sqlite">[] = [];
  const insertEvent = db
    .insert(events)
    .values({
      ...eventFields,
      status: "draft",
      accessToken,
      publishedAt: null,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();

  for (const ticket of sourceTickets) {
    const {
      id: _ticketId,
      eventId: _eventId,
      purchased: _purchased,
      createdAt: _c,
      updatedAt: _u,
      ...ticketFields
    } = ticket;
    statements.push(
      db
        .insert(tickets)
        .values({ ...ticketFields, eventId: sql`${newEventId}`, purchased: 0, createdAt: now, updatedAt: now }),
    );
  }
  for (const code of sourceCodes) {
    const {
      id: _codeId,
      eventId: _eventId,
      useCount: _useCount,
      appliesToAllTickets: _all,
      createdAt: _c,
      ...codeFields
    } = code;
    statements.push(
      db
        .insert(promoCodes)
        .values({ ...codeFields, eventId: sql`${newEventId}`, useCount: 0, appliesToAllTickets: true, createdAt: now }),
    );
  }
  for (const form of sourceForms) {
    const { id: _formId, eventId: _eventId, createdAt: _c, updatedAt: _u, ...formFields } = form;
    statements.push(
      db.insert(participationForms).values({
        ...formFields,
        eventId: sql`${newEventId}`,
        questions: remapQuestions(form.questions, rankOf, copiedTicketId),
        ticketTarget: remapTicketTarget(form.ticketTarget, rankOf, copiedTicketId),
        createdAt: now,
        updatedAt: now,
      }),
    );
  }

  // The reminders, not yet sent for the copy (its due times from the copied start).
  for (const reminder of sourceReminders) {
    statements.push(
      db.insert(eventReminders).values({
        organizationId,
        eventId: sql`${newEventId}`,
        position: reminder.position,
        offsetValue: reminder.offsetValue,
        offsetUnit: reminder.offsetUnit,
        subject: reminder.subject,
        body: reminder.body,
        enabled: reminder.enabled,
        dueAt: source.startAt
          ? reminderDueAt(source.startAt, source.timezone, reminder.offsetValue, reminder.offsetUnit)
          : null,
        createdAt: now,
        updatedAt: now,
      }),
    );
  }

  const [inserted] = await db.batch([insertEvent, ...statements]);
  return toEventRecord(inserted[0]!);
}

type TicketRef = { path: string; rank: number; asText: boolean };

/** Ticket ids of a JSON list that point to copied tickets (others, e.g. deleted tickets, are dropped). */
function keptRefs(
  list: unknown[],
  rankOf: Map<number, number>,
  basePath: string,
): { kept: unknown[]; refs: TicketRef[] } {
  const kept: unknown[] = [];
  const refs: TicketRef[] = [];
  for (const value of list) {
    const rank = rankOf.get(Number(value));
    if (rank === undefined || (typeof value !== "number" && typeof value !== "string")) continue;
    refs.push({ path: `${basePath}[${kept.length}]`, rank, asText: typeof value === "string" });
    kept.push(value);
  }
  return { kept, refs };
}

/** `json_set(json, path, copied id, …)` so the ids are resolved inside the batch. */
function jsonWithCopiedIds(json: unknown, refs: TicketRef[], copiedTicketId: (rank: number) => string): SQL | string {
  const text = JSON.stringify(json);
  if (refs.length === 0) return text;
  const pairs = refs.map(({ path, rank, asText }) => {
    // Paths are built from array indexes only; safe to inline.
    if (!/^\$(\[\d+\]|\.ticket_target)*$/.test(path)) throw new Error("unexpected JSON path");
    const id = asText ? `cast(${copiedTicketId(rank)} as text)` : copiedTicketId(rank);
    return `'${path}', ${id}`;
  });
  return sql`json_set(${text}, ${sql.raw(pairs.join(", "))})`;
}

function remapQuestions(
  questions: string,
  rankOf: Map<number, number>,
  copiedTicketId: (rank: number) => string,
): SQL | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(questions);
  } catch {
    return questions;
  }
  if (!Array.isArray(parsed)) return questions;
  const refs: TicketRef[] = [];
  const copy = parsed.map((question: unknown, index) => {
    if (
      !question ||
      typeof question !== "object" ||
      !Array.isArray((question as { ticket_target?: unknown }).ticket_target)
    ) {
      return question;
    }
    const target = (question as { ticket_target: unknown[] }).ticket_target;
    const { kept, refs: questionRefs } = keptRefs(target, rankOf, `$[${index}].ticket_target`);
    refs.push(...questionRefs);
    return { ...(question as object), ticket_target: kept };
  });
  return jsonWithCopiedIds(copy, refs, copiedTicketId);
}

function remapTicketTarget(
  target: string,
  rankOf: Map<number, number>,
  copiedTicketId: (rank: number) => string,
): SQL | string {
  if (target === "all") return target;
  let parsed: unknown;
  try {
    parsed = JSON.parse(target);
  } catch {
    return "all";
  }
  if (!Array.isArray(parsed)) return "all";
  const { kept, refs } = keptRefs(parsed, rankOf, "$");
  // A target whose tickets were all deleted would exclude everyone; it becomes "all" as an empty list means.
  if (kept.length === 0) return "all";
  return jsonWithCopiedIds(kept, refs, copiedTicketId);
}
