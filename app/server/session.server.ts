import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { validateSessionToken, type ValidatedSession } from "#domain/auth/sessions";
import { serverContext } from "./context";
import { readSessionToken, sessionCookie, sessionCookieName } from "./session-cookie.server";

type SessionState = { session: ValidatedSession | null; token: string | null };

const sessionStateContext = createContext<SessionState>({ session: null, token: null });

/**
 * Resolves the session once per request; renews the cookie when the session was extended, unless the response sets the
 * session cookie itself (a sign-out clearing it, a sign-in replacing it): a renewal then would undo it.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = readSessionToken(request);
  const { db } = context.get(serverContext);
  const session = token ? await validateSessionToken(db, token) : null;
  context.set(sessionStateContext, { session, token: session ? token : null });
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
