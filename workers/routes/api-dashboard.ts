import { Hono } from "hono";
import { eventDetailToJson, eventDashboardToJson, eventListItemToJson } from "#domain/events/event-json";
import { getEvent } from "#domain/events/get-event";
import { getEventDashboard } from "#domain/events/get-event-dashboard";
import { parseEventListFilter } from "#domain/events/event-list-filter";
import { listEvents } from "#domain/events/list-events";
import { actorForOrganizerParam, idParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";

/** Spec §7 GET dashboard/{organizer}/… calls: the organization is named in the path and must be the user's. */
export const dashboardApiRoutes = new Hono<ApiEnv>();

const SEARCH_MAX_LENGTH = 100;
const RECORDS_LIMIT = 100;

function listInput(query: (name: string) => string | undefined) {
  return {
    filter: parseEventListFilter(query("filter")),
    search: (query("search") ?? query("q") ?? "").slice(0, SEARCH_MAX_LENGTH),
  };
}

/** GET /api/dashboard/:organizer/events?filter=&search= — the organization's events (guests: theirs). */
dashboardApiRoutes.get("/:organizer{[0-9]+}/events", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const events = await listEvents(c.get("db"), actor, listInput((name) => c.req.query(name)));
  return c.json(events.map(eventListItemToJson));
});

/** GET /api/dashboard/:organizer/events-guest — only the events the user was given access to. */
dashboardApiRoutes.get("/:organizer{[0-9]+}/events-guest", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const events = await listEvents(c.get("db"), actor, { ...listInput((name) => c.req.query(name)), accessOnly: true });
  return c.json(events.map(eventListItemToJson));
});

/** GET /api/dashboard/:organizer/events/:id — the event with tickets, participants, payments (first 100) and forms. */
dashboardApiRoutes.get("/:organizer{[0-9]+}/events/:id{[0-9]+}", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const eventId = idParam(c.req.param("id"), "events:errors.not-found");
  const detail = await getEvent(c.get("db"), actor, {
    eventId,
    include: { participants: RECORDS_LIMIT, payments: RECORDS_LIMIT },
  });
  return c.json(eventDetailToJson(detail));
});

/** GET /api/dashboard/:organizer/events/:id/stats — the dashboard figures, chart and actions to be taken. */
dashboardApiRoutes.get("/:organizer{[0-9]+}/events/:id{[0-9]+}/stats", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("organizer"));
  const eventId = idParam(c.req.param("id"), "events:errors.not-found");
  return c.json(eventDashboardToJson(await getEventDashboard(c.get("db"), actor, { eventId })));
});
