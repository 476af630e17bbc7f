import { requireId } from "#domain/shared/ids";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { eventDetailToJson, eventDashboardToJson, eventListItemToJson } from "#domain/events/event-json";
import { getEvent } from "#domain/events/get-event";
import { getEventDashboard } from "#domain/events/get-event-dashboard";
import { parseEventListFilter } from "#domain/events/event-list-filter";
import { listEvents, type EventListPage } from "#domain/events/list-events";
import { AppError } from "#domain/shared/app-error";
import { issuesToFields } from "#domain/shared/validation";
import { actorForOrganizerParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";

/** Spec §7 GET dashboard/{organizer}/… calls: the organization is named in the path and must be the user's. */
export const dashboardApiRoutes = new Hono<ApiEnv>();

const RECORDS_LIMIT = 100;

const pageNumberSchema = v.pipe(v.string(), v.regex(/^\d{1,9}$/, "errors:invalid-input"), v.transform(Number));

/** The list calls' query: filter (unknown values fall back to the default, spec §2), search, page (zero-based), limit. */
export const listQuerySchema = v.object({
  filter: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, "errors:invalid-input"))),
  q: v.optional(v.pipe(v.string(), v.maxLength(100, "errors:invalid-input"))),
  page: v.optional(pageNumberSchema),
  limit: v.optional(pageNumberSchema),
});

function parseListQuery(c: Context<ApiEnv>) {
  const result = v.safeParse(listQuerySchema, c.req.query());
  if (!result.success)
    throw new AppError("validation", "errors:invalid-input", { fields: issuesToFields(result.issues) });
  const query = result.output;
  return {
    filter: parseEventListFilter(query.filter),
    search: query.search ?? query.q ?? "",
    page: query.page,
    limit: query.limit,
  };
}

/** The list as the spec's client reads it (a JSON array); the page and total travel in headers. */
function listResponse(c: Context<ApiEnv>, list: EventListPage) {
  c.header("X-Total-Count", String(list.total));
  c.header("X-Page", String(list.page));
  c.header("X-Limit", String(list.limit));
  return c.json(list.items.map(eventListItemToJson));
}

/** GET /api/dashboard/:organizer/events?filter=&search=&page=&limit= — one page of the organization's events (guests: theirs). */
dashboardApiRoutes.get("/:organizer{[0-9]+}/events", async (c) => {
  const query = parseListQuery(c);
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  return listResponse(c, await listEvents(c.get("db"), actor, query));
});

/** GET /api/dashboard/:organizer/events-guest — one page of the events the user was given access to. */
dashboardApiRoutes.get("/:organizer{[0-9]+}/events-guest", async (c) => {
  const query = parseListQuery(c);
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  return listResponse(c, await listEvents(c.get("db"), actor, { ...query, accessOnly: true }));
});

/** GET /api/dashboard/:organizer/events/:id — the event with tickets, participants, payments (first 100) and forms. */
dashboardApiRoutes.get("/:organizer{[0-9]+}/events/:id{[0-9]+}", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const detail = await getEvent(c.get("db"), actor, {
    eventId,
    include: { participants: RECORDS_LIMIT, payments: RECORDS_LIMIT },
  });
  return c.json(eventDetailToJson(detail));
});

/** GET /api/dashboard/:organizer/events/:id/stats — the dashboard figures, chart and actions to be taken. */
dashboardApiRoutes.get("/:organizer{[0-9]+}/events/:id{[0-9]+}/stats", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  return c.json(eventDashboardToJson(await getEventDashboard(c.get("db"), actor, { eventId })));
});
