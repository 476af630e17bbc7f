import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { validateSessionWithOrganizations, type ValidatedSession } from "#domain/auth/sessions";
import type { KnownEvent } from "#domain/events/event-access";
import type { UserOrganization } from "#domain/organizations/list-user-organizations";
import { knownOrganizationOfEvent, rememberOrganizationOfEvent } from "#domain/events/event-organization-memo";
import type { PrefetchedParticipants } from "#domain/participants/list-participants";
import { participantsFirstReads } from "./first-reads.server";
import { serverContext } from "./context";
import { readSessionToken, sessionCookie, sessionCookieName } from "#domain/http/session-cookie";

type SessionState = {
  session: ValidatedSession | null;
  token: string | null;
  /** The user's organizations, read with the session in one round trip (the signed-in guard's list). */
  organizations: UserOrganization[] | null;
  /** On a read of an event area page: the event and the user's access row, read with the session (KnownEvent). */
  event: KnownEvent | null;
  /** On a read of the participants page: its first round trip, read with the session (decision 0075). */
  participants: PrefetchedParticipants | null;
};

const sessionStateContext = createContext<SessionState>({
  session: null,
  token: null,
  organizations: null,
  event: null,
  participants: null,
});

// The event area's pages and their data requests (app/routes.ts: event/:event_id and its children).
const EVENT_AREA_PATH = /^\/event\/([1-9][0-9]{0,15})(?:\/|\.data$|$)/;

/**
 * The event id of an event area page read with GET or HEAD, else undefined. Only reads: after an action the loaders
 * must see what it changed, never a row read before it.
 */
function eventAreaId(request: Request): number | undefined {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return undefined;
  const match = EVENT_AREA_PATH.exec(new URL(request.url).pathname);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Resolves the session once per request; renews the cookie when the session was extended, unless the response sets the
 * session cookie itself (a sign-out clearing it, a sign-in replacing it): a renewal then would undo it.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = readSessionToken(request);
  const { db } = context.get(serverContext);
  const eventId = eventAreaId(request);
  const now = new Date();
  // A page's first reads go with the session's once this isolate knows the event's organization (decision 0075).
  const organizationId = eventId === undefined ? undefined : knownOrganizationOfEvent(eventId);
  const alongside =
    eventId !== undefined && organizationId !== undefined
      ? participantsFirstReads(db, request, { id: eventId, organizationId }, now)
      : undefined;
  const found = token ? await validateSessionWithOrganizations(db, token, now, { eventId, alongside }) : null;
  const knownEvent = found?.event?.event;
  if (knownEvent) rememberOrganizationOfEvent(knownEvent.id, knownEvent.organizationId);
  const session = found?.session ?? null;
  context.set(sessionStateContext, {
    session,
    token: session ? token : null,
    organizations: found?.organizations ?? null,
    event: found?.event ?? null,
    participants: found?.alongside ?? null,
  });
  const response = await next();
  if (session?.renewed && token && !setsCookie(response, sessionCookieName(request.url))) {
    response.headers.append("Set-Cookie", sessionCookie(token, session.expiresAt, request.url));
  }
  return response;
};

function setsCookie(response: Response, name: string): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.slice(0, cookie.indexOf("=")).trim() === name);
}

export function getSession(context: Readonly<RouterContextProvider>): ValidatedSession | null {
  return context.get(sessionStateContext).session;
}

export function getSessionToken(context: Readonly<RouterContextProvider>): string | null {
  return context.get(sessionStateContext).token;
}

/** The signed-in user's organizations as read with the session (null without a session). */
export function getSessionOrganizations(context: Readonly<RouterContextProvider>): UserOrganization[] | null {
  return context.get(sessionStateContext).organizations;
}

/**
 * The event read with the session on this request (a GET of its event area page), for loaders to start from instead
 * of reading it again; undefined for another event or on any other request.
 */
export function getKnownEvent(
  context: Readonly<RouterContextProvider>,
  eventId: number | null,
): KnownEvent | undefined {
  const known = context.get(sessionStateContext).event;
  return known && known.eventId === eventId ? known : undefined;
}

/** The participants page's first round trip read with the session, if any (listParticipants checks it is its own). */
export function getPrefetchedParticipants(context: Readonly<RouterContextProvider>): PrefetchedParticipants | null {
  return context.get(sessionStateContext).participants;
}
