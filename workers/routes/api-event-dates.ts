import { Hono, type Context } from "hono";
import * as v from "valibot";
import { cancelEventDates } from "#domain/event-dates/cancel-event-dates";
import { createEventDates } from "#domain/event-dates/create-event-dates";
import { deleteEventDate } from "#domain/event-dates/delete-event-date";
import type { DateTargets } from "#domain/event-dates/event-date-access";
import {
  changesOf,
  createDatesBodySchema,
  createInputOf,
  targetsOf,
  updateDateBodySchema,
  updateDatesBodySchema,
  type UpdateDateBody,
} from "#domain/event-dates/event-date-input-schema";
import { eventDateToJson, type EventDateItem } from "#domain/event-dates/event-date-record";
import { listEventDates } from "#domain/event-dates/list-event-dates";
import { updateEventDates } from "#domain/event-dates/update-event-dates";
import type { Actor } from "#domain/shared/actor";
import { AppError } from "#domain/shared/app-error";
import type { Database } from "#db/database";
import { requireId } from "#domain/shared/ids";
import { issuesToFields } from "#domain/shared/validation";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { limitBody } from "../middleware/body-limit";
import { parseJson } from "../parse-json";

/**
 * Issue 30 §6: the dates of an event under /api/events/:id/dates. An event without dates keeps its single date;
 * every write keeps the event's start and end equal to the span of its dates that are not cancelled.
 */
export const eventDatesApiRoutes = new Hono<ApiEnv>();

const pageNumber = v.pipe(v.string(), v.regex(/^\d{1,9}$/, "errors:invalid-input"), v.transform(Number));

export const listDatesQuerySchema = v.object({
  page: v.optional(pageNumber),
  per_page: v.optional(pageNumber),
  month: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/, "dates:errors.month-invalid"))),
  when: v.optional(v.picklist(["upcoming", "past", "all"], "errors:invalid-input")),
});

function parseQuery(c: Context<ApiEnv>) {
  const result = v.safeParse(listDatesQuerySchema, c.req.query());
  if (!result.success)
    throw new AppError("validation", "errors:invalid-input", { fields: issuesToFields(result.issues) });
  return result.output;
}

const list = (dates: EventDateItem[]) => ({ object: "list", data: dates.map(eventDateToJson) });

/** Applies the changes a body names, then cancels when its status is `cancelled`: the dates as they end up. */
async function editDates(db: Database, actor: Actor, eventId: number, targets: DateTargets, body: UpdateDateBody) {
  const { cancel, changes } = changesOf(body);
  const changesSomething = Object.keys(changes).length > 0;
  let dates: EventDateItem[] = [];
  if (changesSomething || !cancel) dates = await updateEventDates(db, actor, { eventId, targets, changes });
  if (cancel) dates = await cancelEventDates(db, actor, { eventId, targets });
  return dates;
}

/** GET /api/events/:id/dates?page=&per_page=&month=YYYY-MM&when=upcoming|past|all — one page of the dates. */
eventDatesApiRoutes.get("/:id{[0-9]+}/dates", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const query = parseQuery(c);
  const actor = await actorForEventParam(c, eventId);
  const page = await listEventDates(c.get("db"), actor, {
    eventId,
    page: query.page,
    perPage: query.per_page,
    month: query.month,
    when: query.when,
  });
  return c.json({
    object: "list",
    data: page.items.map(eventDateToJson),
    total: page.total,
    page: page.page,
    per_page: page.perPage,
    has_more: page.page * page.perPage < page.total,
    time_zone: page.timeZone,
    months: page.months,
  });
});

/** POST /api/events/:id/dates — one date, or a series (`{series: {...}}`); 201 with the dates created. */
eventDatesApiRoutes.post("/:id{[0-9]+}/dates", limitBody(), async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const body = await parseJson(c, createDatesBodySchema);
  const actor = await actorForEventParam(c, eventId);
  const dates = await createEventDates(c.get("db"), actor, { eventId, ...createInputOf(body) });
  return c.json(list(dates), 201);
});

/** PUT /api/events/:id/dates — edits (or, with status `cancelled`, cancels) the dates `ids` names or `from`–`to`. */
eventDatesApiRoutes.put("/:id{[0-9]+}/dates", limitBody(), async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const body = await parseJson(c, updateDatesBodySchema);
  const targets = targetsOf(body);
  if (!targets)
    throw new AppError("validation", "dates:errors.range-required", { fields: { ids: "dates:errors.range-required" } });
  const actor = await actorForEventParam(c, eventId);
  return c.json(list(await editDates(c.get("db"), actor, eventId, targets, body)));
});

/** PUT /api/events/:id/dates/:date_id — edits (or cancels) one date. */
eventDatesApiRoutes.put("/:id{[0-9]+}/dates/:date_id{[0-9]+}", limitBody(), async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const dateId = requireId(c.req.param("date_id"), "dates:errors.not-found");
  const body = await parseJson(c, updateDateBodySchema);
  const actor = await actorForEventParam(c, eventId);
  const [date] = await editDates(c.get("db"), actor, eventId, { ids: [dateId] }, body);
  return c.json(eventDateToJson(date!));
});

/** DELETE /api/events/:id/dates/:date_id — only a date nothing was sold or held on (409 otherwise: cancel it). */
eventDatesApiRoutes.delete("/:id{[0-9]+}/dates/:date_id{[0-9]+}", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const dateId = requireId(c.req.param("date_id"), "dates:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  await deleteEventDate(c.get("db"), actor, { eventId, dateId });
  return c.json({ id: dateId, deleted: true });
});
