import { createContext, replace, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Actor } from "#domain/shared/actor";
import { listUserOrganizations, type UserOrganization } from "#domain/organizations/list-user-organizations";
import { selectCurrentOrganization } from "#domain/organizations/select-current-organization";
import type { SessionUser } from "#domain/auth/sessions";
import { serverContext } from "./context";
import { getSession, readStoredOrganizationId } from "./session.server";

export type SignedInState = {
  user: SessionUser;
  organizations: UserOrganization[];
  currentOrganization: UserOrganization | null;
  actor: Actor;
};

const signedInContext = createContext<SignedInState | null>(null);

/** Spec §6: a protected route with no session goes to /auth/login, replacing the history entry. */
export const requireSignedInMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = getSession(context);
  if (!session) throw replace("/auth/login");
  const { db } = context.get(serverContext);
  const organizations = await listUserOrganizations(db, session.user.id);
  const currentOrganization = selectCurrentOrganization(organizations, readStoredOrganizationId(request));
  context.set(signedInContext, {
    user: session.user,
    organizations,
    currentOrganization,
    actor: {
      userId: session.user.id,
      email: session.user.email,
      isAdmin: session.user.isAdmin,
      organizationId: currentOrganization?.id ?? null,
      role: currentOrganization?.role ?? null,
    },
  });
  return next();
};

/** Spec §6: a public-only route with a session goes to /. */
export const publicOnlyMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (getSession(context)) throw replace("/");
  return next();
};

export function getSignedIn(context: Readonly<RouterContextProvider>): SignedInState {
  const state = context.get(signedInContext);
  if (!state) throw new Error("getSignedIn() used outside a route guarded by requireSignedInMiddleware");
  return state;
}
