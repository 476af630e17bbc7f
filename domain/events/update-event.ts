import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, type EventStatus } from "#db/schema";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError, forbidden } from "../shared/app-error";
import { assertPictureOfOrganization } from "./create-event";
import { rebuildSalesFigures } from "../sales-figures/rebuild-sales-figures";
import { eventWebhookStatement } from "../webhooks/event-webhook-statement";
import { loadEventForActor } from "./event-access";
import { eventScheduleChanges, type EventChange } from "./event-changes";
import {
  endsBeforeStart,
  endWithoutStart,
  END_BEFORE_START,
  START_REQUIRED_WITH_END,
  TITLE_REQUIRED,
  type EventFields,
} from "./event-input-schema";
import { eventColumnsFromFields, toEventRecord, type EventRecord } from "./event-record";
import { prepareStatusChange, statusActionFor, type StatusChangeOptions } from "./change-event-status";
import { eventRemindersQuery } from "../reminders/get-event-reminders";
import { reminderDueStatements } from "../reminders/reminder-due";

export type UpdateEventInput = {
  eventId: number;
  changes: EventFields;
  /**
   * A target status reached in the same write (the API's PUT with a status, spec §7): all or nothing. The same status
   * as now changes nothing; otherwise the lifecycle rules of changeEventStatus apply (publish checks included).
   */
  status?: { target: EventStatus } & StatusChangeOptions;
  now?: Date;
};

/**
 * The event after the write, with what changed of its start, end and place when it was published before and after
 * it (issue 27 §3: the editor offers to tell the participants); empty otherwise.
 */
export type UpdatedEvent = EventRecord & { scheduleChanges: EventChange[] };

/**
 * Partial update of the editable fields (event:update): only the given fields change, the description is sanitized,
 * the title may change but not become empty, the end must stay after the start and needs a start (checked against
 * the stored dates too), updated_at moves; a change of start, end or place raises the calendar files' SEQUENCE in the
 * same UPDATE. Returns the event.
 */
export async function updateEvent(db: Database, actor: Actor, input: UpdateEventInput): Promise<UpdatedEvent> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const now = input.now ?? new Date();
  const changes = input.changes;

  if (changes.title !== undefined && changes.title.trim() === "") {
    throw new AppError("validation", "events:errors.invalid-input", { fields: { title: TITLE_REQUIRED } });
  }
  const startAt = changes.startAt !== undefined ? changes.startAt : event.startAt;
  const endAt = changes.endAt !== undefined ? changes.endAt : event.endAt;
  // Only a change of dates is checked, so an event stored before this rule can still be edited otherwise.
  const datesChange = changes.startAt !== undefined || changes.endAt !== undefined;
  if (datesChange && endWithoutStart(startAt, endAt)) {
    throw new AppError("validation", "events:errors.invalid-input", { fields: { start_at: START_REQUIRED_WITH_END } });
  }
  if (endsBeforeStart(startAt, endAt)) {
    throw new AppError("validation", "events:errors.invalid-input", { fields: { end_at: END_BEFORE_START } });
  }
  if (changes.mainPicture !== undefined && changes.mainPicture !== event.mainPicture) {
    await assertPictureOfOrganization(db, event.organizationId, changes.mainPicture);
  }

  let statusColumns = {};
  const action = input.status ? statusActionFor(event.status, input.status.target) : null;
  if (input.status && action) {
    const options = { ...input.status, visibility: input.status.visibility ?? changes.visibility };
    // The readiness is judged on the event as this write leaves it (a title or start date sent with the publish counts).
    const plan = await prepareStatusChange(db, { ...event, ...eventColumnsFromFields(changes) }, action, options, now);
    if (!canOnEvent(actor, plan.permission, scope)) throw forbidden();
    statusColumns = plan.changes;
  }

  const columns = { ...eventColumnsFromFields(changes), ...statusColumns, updatedAt: now };
  // The reminders' due times follow the start and the zone, in the same write (docs/decisions/0054).
  const timezone = changes.timezone ?? event.timezone;
  const remindersMove = startAt?.getTime() !== event.startAt?.getTime() || timezone !== event.timezone;
  const reminders = remindersMove ? await eventRemindersQuery(db, event) : [];
  // Issue 27 §6: a calendar that imported the .ics file updates its entry when the SEQUENCE grows.
  const scheduleChanges = eventScheduleChanges(event, columns);
  const sequence = scheduleChanges.length > 0 ? { calendarSequence: sql`${events.calendarSequence} + 1` } : {};
  const [rows] = await db.batch([
    db
      .update(events)
      .set({ ...columns, ...sequence })
      .where(
        and(
          eq(events.id, event.id),
          eq(events.organizationId, event.organizationId),
          // With a lifecycle action, a concurrent status change makes this one lose instead of both applying.
          action ? eq(events.status, event.status) : undefined,
        ),
      )
      .returning(),
    eventWebhookStatement(db, event, { ...event, ...columns }, now),
    ...reminderDueStatements(db, { eventId: event.id, startAt, timeZone: timezone, reminders }),
  ]);
  const [row] = rows;
  if (!row) throw new AppError("conflict", "events:errors.invalid-transition");
  // The per-day sales figures count days in the event's zone: a new zone re-buckets them.
  if (row.timezone !== event.timezone) await rebuildSalesFigures(db, { eventId: row.id });
  const published = event.status === "published" && row.status === "published";
  return { ...toEventRecord(row), scheduleChanges: published ? scheduleChanges : [] };
}
