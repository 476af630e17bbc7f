import { createContext, redirect, replace, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { OrganizationRole } from "#db/schema";
import { recordPlatformAdminWrite } from "#domain/audit/record-platform-admin-write";
import type { Actor } from "#domain/shared/actor";
import { listAllOrganizations } from "#domain/organizations/list-all-organizations";
import { listUserOrganizations, type UserOrganization } from "#domain/organizations/list-user-organizations";
import { selectCurrentOrganization } from "#domain/organizations/select-current-organization";
import { canInOrganization, canOnPlatform, type OrganizationAction, type PlatformAction } from "#domain/policy";
import { readStoredOrganizationId } from "#domain/http/session-cookie";
import type { SessionUser } from "#domain/auth/sessions";
import { PERMISSION_DENIED_PATH } from "~/lib/permission-denied";
import { auditedRequest } from "./audit.server";
import { adminQuerySecret, handleAskAdminQuery, readAskAdminFlag } from "./ask-admin.server";
import { serverContext } from "./context";
import { getSession, getSessionOrganizations } from "./session.server";

export type SignedInState = {
  user: SessionUser;
  organizations: UserOrganization[];
  currentOrganization: UserOrganization | null;
  actor: Actor;
  /** askAdmin is on: the organization list is every organization (docs/decisions/0010-ask-admin.md). */
  askAdmin: boolean;
};

const signedInContext = createContext<SignedInState | null>(null);

/**
 * Spec §6: a protected route with no session goes to /auth/login, replacing the history entry. Resolves the user's
 * organizations (every organization for a platform admin with askAdmin on) and the current one (spec §4: the stored
 * choice while it is still in the list, else the one last used (kept on the server), else the first by title).
 */
export const requireSignedInMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = getSession(context);
  if (!session) throw replace("/auth/login");
  const { db, env } = context.get(serverContext);
  const secret = adminQuerySecret(env);

  const query = handleAskAdminQuery(request, session.user, secret);
  if (query.kind === "redirect") {
    throw redirect(query.location, query.setCookie ? { headers: { "Set-Cookie": query.setCookie } } : undefined);
  }

  const askAdmin = secret !== null && canOnPlatform(session.user, "admin:ask-admin") && readAskAdminFlag(request);
  const organizations = askAdmin
    ? await listAllOrganizations(db, { userId: session.user.id, isAdmin: session.user.isAdmin })
    : (getSessionOrganizations(context) ?? (await listUserOrganizations(db, session.user.id)));
  const currentOrganization = selectCurrentOrganization(
    organizations,
    readStoredOrganizationId(request.headers.get("Cookie")),
    session.user.lastOrganizationId,
  );
  context.set(signedInContext, {
    user: session.user,
    organizations,
    currentOrganization,
    askAdmin,
    actor: {
      userId: session.user.id,
      email: session.user.email,
      isAdmin: session.user.isAdmin,
      organizationId: currentOrganization?.id ?? null,
      role: currentOrganization?.role ?? null,
      ...(currentOrganization?.viaAdmin ? { viaPlatformAdmin: true } : {}),
    },
  });
  await recordPlatformAdminWrite(db, context.get(signedInContext)!.actor, auditedRequest(request));
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

export type OrganizationState = SignedInState & {
  actor: Actor & { organizationId: number; role: OrganizationRole };
  currentOrganization: UserOrganization;
};

/**
 * For loaders and actions of organization-level pages: the signed-in state when the current organization role
 * allows `action`; otherwise a redirect to / that shows 'You do not have permission to access this page' (spec §6).
 */
export function requireOrganizationPermission(
  context: Readonly<RouterContextProvider>,
  action: OrganizationAction,
): OrganizationState {
  const state = getSignedIn(context);
  if (!state.currentOrganization || !canInOrganization(state.actor, action)) throw redirect(PERMISSION_DENIED_PATH);
  return state as OrganizationState;
}

/** For the platform admin pages: the same redirect for anyone who is not a platform admin. */
export function requirePlatformPermission(
  context: Readonly<RouterContextProvider>,
  action: PlatformAction,
): SignedInState {
  const state = getSignedIn(context);
  if (!canOnPlatform(state.actor, action)) throw redirect(PERMISSION_DENIED_PATH);
  return state;
}

/** The same check as a route middleware: it runs before every child loader of the route (the /admin layout). */
export function platformPermissionMiddleware(action: PlatformAction): MiddlewareFunction<Response> {
  return async ({ context }, next) => {
    requirePlatformPermission(context, action);
    return next();
  };
}
