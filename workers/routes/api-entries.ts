import { requireId } from "#domain/shared/ids";
import { Hono } from "hono";
import * as v from "valibot";
import { entryDirections, listEntries, parseTicketSearch, type EntryRow } from "#domain/entries/list-entries";
import { listEntriesAfter } from "#domain/entries/list-entries-after";
import { cursorOf, cursorQueryEntries } from "#domain/shared/cursor-paging";
import { cursorListJson } from "../cursor-list";
import { AppError } from "#domain/shared/app-error";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";

/** Spec §7 GET /api/events/:id/entries. */
export const entriesApiRoutes = new Hono<ApiEnv>();

export const querySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number)), "0"),
  page_size: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(500)),
    "100",
  ),
  ticket: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
  direction: v.optional(v.picklist(entryDirections)),
  ...cursorQueryEntries,
});

function entryToJson(eventId: number, row: EntryRow) {
  return {
    id: row.id,
    ticket: row.participantId,
    ticket_title: row.ticketTitle,
    event: eventId,
    participant: { id: row.participantId, first_name: row.firstName, last_name: row.lastName },
    is_in: row.isIn,
    is_in_str: row.isIn ? "true" : "false",
    validated_at: new Date(row.validatedAt).toISOString(),
    // The date scanned for on a multi-date event (decision 0068): absent otherwise.
    ...(row.dateId !== null ? { date_id: row.dateId } : {}),
  };
}

/**
 * Every scan of the event, newest first: `?page=` (zero-based), `?page_size=` (at most 500, default 100),
 * `?ticket=` (a ticket number), `?direction=in|out`. Answers `{ entries, total, page, page_size }`; with `?limit=` or
 * `?starting_after=` (integrators, issue 26 §4) a cursor list in id order `{ object: "list", data, has_more }`; each entry has spec
 * §3's fields: id, ticket (the scanned participant ticket's id, the number printed on it: spec §3 calls a participant a
 * "ticket row"), event, participant {first_name, last_name}, is_in, is_in_str, validated_at.
 */
entriesApiRoutes.get("/:id{[0-9]+}/entries", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const parsed = v.safeParse(querySchema, c.req.query());
  if (!parsed.success) throw new AppError("validation", "errors:invalid-input");
  const { page, page_size: pageSize, ticket, direction } = parsed.output;
  const filters = {
    ticketId: ticket === undefined ? undefined : parseTicketSearch(ticket),
    directions: direction ? [direction] : [],
  };
  const cursor = cursorOf(parsed.output);
  if (cursor) {
    const list = await listEntriesAfter(c.get("db"), actor, { eventId, cursor, ...filters });
    return c.json(cursorListJson(list, (row) => entryToJson(eventId, row)));
  }
  const result = await listEntries(c.get("db"), actor, {
    eventId,
    offset: Number(page) * Number(pageSize),
    limit: Number(pageSize),
    ...filters,
  });
  return c.json({
    entries: result.rows.map((row) => entryToJson(eventId, row)),
    total: result.total,
    page: Number(page),
    page_size: Number(pageSize),
  });
});
