import type { AlongsideReads } from "#domain/auth/sessions";
import type { Database } from "#db/database";
import { prefetchParticipantsStatements, type PrefetchedParticipants } from "#domain/participants/list-participants";
import { participantsQuery } from "~/routes/app/event/participants.server";

// Single fetch's route id of the participants page (app/routes.ts), as a client navigation names it in `_routes`.
const PARTICIPANTS_ROUTE_ID = "routes/app/event/participants";

/**
 * The participants page's first round trip, to read with the session (decision 0075) when `request` is a read of that
 * page whose loader runs (a client navigation may ask only for other routes' data), else undefined.
 */
export function participantsFirstReads(
  db: Database,
  request: Request,
  event: { id: number; organizationId: number },
  now: Date,
): AlongsideReads<PrefetchedParticipants> | undefined {
  const url = new URL(request.url);
  // The session middleware found the event id in the path already: only the page is left to tell.
  const page = `/event/${event.id}/participants`;
  if (url.pathname !== page && url.pathname !== `${page}.data`) return undefined;
  const routes = url.searchParams.get("_routes");
  if (routes !== null && !routes.split(",").includes(PARTICIPANTS_ROUTE_ID)) return undefined;
  let query: ReturnType<typeof participantsQuery>;
  try {
    query = participantsQuery(url);
  } catch {
    // A URL the loader refuses: it answers it without help.
    return undefined;
  }
  const { state: _state, ...input } = query;
  return {
    organizationId: event.organizationId,
    build: (guard) => prefetchParticipantsStatements(db, event, { eventId: event.id, ...input }, now.getTime(), guard),
  };
}
