import { isSecureRequest, readCookie, serializeCookie } from "#domain/http/session-cookie";
import { constantTimeEqual } from "#domain/shared/crypto";
import { ASK_ADMIN_QUERY_PARAM } from "~/lib/ask-admin-param";

/**
 * askAdmin (spec §6): a platform admin who opens any page with `?askAdmin=<ADMIN_QUERY_SECRET>` gets this flag, and
 * while it is set the switcher lists every organization. `?askAdmin=0` clears it. The flag is only honoured for a
 * user who is a platform admin at the time of each request. See docs/decisions/0010-ask-admin.md.
 */
export const ASK_ADMIN_COOKIE_NAME = "guichet_ask_admin";
export { ASK_ADMIN_QUERY_PARAM };

// A short secret in a URL is guessable by anyone who gets an admin session; below this the feature stays off.
const MIN_SECRET_LENGTH = 16;

/** The configured secret, or null when the feature is off (unset or too short). */
export function adminQuerySecret(env: { ADMIN_QUERY_SECRET?: string }): string | null {
  const secret = env.ADMIN_QUERY_SECRET?.trim();
  return secret && secret.length >= MIN_SECRET_LENGTH ? secret : null;
}

export function readAskAdminFlag(request: Request): boolean {
  return readCookie(request.headers.get("Cookie"), ASK_ADMIN_COOKIE_NAME) === "1";
}

/** A browser-session cookie: it ends with the browser, like the spec's local flag ends with logout. */
function askAdminCookie(requestUrl: string): string {
  return serializeCookie(ASK_ADMIN_COOKIE_NAME, "1", { secure: isSecureRequest(requestUrl) });
}

export function clearedAskAdminCookie(requestUrl: string): string {
  return serializeCookie(ASK_ADMIN_COOKIE_NAME, "", { maxAge: 0, secure: isSecureRequest(requestUrl) });
}

export type AskAdminRequest =
  /** The query names no askAdmin value. */
  | { kind: "none" }
  /** Redirect to `location` (the same page without the parameter), setting or clearing the flag or neither. */
  | { kind: "redirect"; location: string; setCookie: string | null };

/**
 * What to do with `?askAdmin=` on this request. The parameter is always removed from the address (a secret must not
 * stay in the history or be shared with a link); the flag is set only for a platform admin with the right secret.
 */
export function handleAskAdminQuery(
  request: Request,
  user: { isAdmin: boolean },
  secret: string | null,
): AskAdminRequest {
  if (request.method !== "GET" && request.method !== "HEAD") return { kind: "none" };
  const url = new URL(request.url);
  const value = url.searchParams.get(ASK_ADMIN_QUERY_PARAM);
  if (value === null) return { kind: "none" };
  url.searchParams.delete(ASK_ADMIN_QUERY_PARAM);
  // Single-fetch data requests carry ".data" and "_routes": redirect to the page itself.
  url.searchParams.delete("_routes");
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  const search = url.searchParams.toString();
  const location = `${pathname}${search ? `?${search}` : ""}`;
  let setCookie: string | null = null;
  if (value === "0") setCookie = clearedAskAdminCookie(request.url);
  else if (secret !== null && user.isAdmin && constantTimeEqual(value, secret)) setCookie = askAdminCookie(request.url);
  return { kind: "redirect", location, setCookie };
}
