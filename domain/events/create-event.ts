import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import {
  endsBeforeStart,
  endWithoutStart,
  END_BEFORE_START,
  EVENT_PICTURE_PATTERN,
  START_REQUIRED_WITH_END,
  TITLE_REQUIRED,
  type EventFields,
} from "./event-input-schema";
import { eventColumnsFromFields, newEventAccessToken, toEventRecord, type EventRecord } from "./event-record";
import { PLATFORM_TIME_ZONE } from "./event-time-zone";
import { defaultReminderInsert } from "../reminders/reminder-record";

/**
 * Creates a draft event in the actor's organization (events:create), with the actor as creator and a preview
 * access_token. Only the title is required (the editor creates the event at its first step); an end needs a start.
 */
export async function createEvent(
  db: Database,
  actor: Actor,
  input: { fields?: EventFields; now?: Date } = {},
): Promise<EventRecord> {
  assertCanInOrganization(actor, "events:create");
  const fields = input.fields ?? {};
  if (!fields.title || fields.title.trim() === "") {
    throw new AppError("validation", "events:errors.invalid-input", { fields: { title: TITLE_REQUIRED } });
  }
  if (endWithoutStart(fields.startAt, fields.endAt)) {
    throw new AppError("validation", "events:errors.invalid-input", { fields: { start_at: START_REQUIRED_WITH_END } });
  }
  if (endsBeforeStart(fields.startAt, fields.endAt)) {
    throw new AppError("validation", "events:errors.invalid-input", { fields: { end_at: END_BEFORE_START } });
  }
  await assertPictureOfOrganization(db, actor.organizationId, fields.mainPicture);
  const now = input.now ?? new Date();
  // Status and publication come only from changeEventStatus.
  const { visibility, ...rest } = fields;
  const columns = eventColumnsFromFields(rest);
  const accessToken = newEventAccessToken();
  const [[row]] = await db.batch([
    db
      .insert(events)
      .values({
        ...columns,
        ...(visibility ? { visibility } : {}),
        organizationId: actor.organizationId,
        status: "draft",
        accessToken,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
    // Reminders are on by default for new events (issue 27 §2).
    defaultReminderInsert(
      db,
      {
        organizationId: actor.organizationId,
        eventId: newEventIdSql(accessToken, actor.organizationId),
        startAt: columns.startAt ?? null,
        timezone: columns.timezone ?? PLATFORM_TIME_ZONE,
      },
      now,
    ),
  ]);
  return toEventRecord(row!);
}

/**
 * A banner path names the event folder it was uploaded to (`/images/events/{id}/…`); it may only point into an event
 * of the same organization (a duplicate reuses its source's banner).
 */
export async function assertPictureOfOrganization(
  db: Database,
  organizationId: number,
  mainPicture: string | undefined,
) {
  if (!mainPicture) return;
  const eventId = Number(EVENT_PICTURE_PATTERN.exec(mainPicture)?.[1]);
  const [owner] = Number.isSafeInteger(eventId)
    ? await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.organizationId, organizationId)))
        .limit(1)
    : [];
  if (!owner) {
    throw new AppError("validation", "events:errors.invalid-input", {
      fields: { main_picture: "events:errors.main-picture-invalid" },
    });
  }
}

/**
 * The id of the event just inserted in the same batch, found by its fresh random access_token, inlined because it is
 * ours and strictly base32 (D1 caps bound parameters per statement).
 */
export function newEventIdSql(accessToken: string, organizationId: number): SQL {
  if (!/^[a-z2-7]{32}$/.test(accessToken) || !Number.isSafeInteger(organizationId)) {
    throw new Error("unexpected access token format");
  }
  return sql.raw(
    `(select id from events where access_token = '${accessToken}' and organization_id = ${organizationId})`,
  );
}
