import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { validateSessionWithOrganizations, type ValidatedSession } from "#domain/auth/sessions";
import type { UserOrganization } from "#domain/organizations/list-user-organizations";
import { serverContext } from "./context";
import { readSessionToken, sessionCookie, sessionCookieName } from "./session-cookie.server";

type SessionState = {
  session: ValidatedSession | null;
  token: string | null;
  /** The user's organizations, read with the session in one round trip (the signed-in guard's list). */
  organizations: UserOrganization[] | null;
};

const sessionStateContext = createContext<SessionState>({ session: null, token: null, organizations: null });

/**
 * Resolves the session once per request; renews the cookie when the session was extended, unless the response sets the
 * session cookie itself (a sign-out clearing it, a sign-in replacing it): a renewal then would undo it.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = readSessionToken(request);
  const { db } = context.get(serverContext);
  const found = token ? await validateSessionWithOrganizations(db, token) : null;
  const session = found?.session ?? null;
  context.set(sessionStateContext, {
    session,
    token: session ? token : null,
    organizations: found?.organizations ?? null,
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
