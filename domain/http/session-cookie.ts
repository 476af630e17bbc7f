/** The session cookie's name on plain-http localhost (development, end-to-end tests). */
export const SESSION_COOKIE_NAME = "guichet_session";
/**
 * Its name everywhere else: browsers accept a `__Host-` cookie only when it is Secure, has Path=/ and no Domain, so no
 * sibling subdomain can plant or overwrite it (docs/decisions/0008-csp-and-sessions.md).
 */
export const HOST_SESSION_COOKIE_NAME = `__Host-${SESSION_COOKIE_NAME}`;
const ORGANIZATION_COOKIE_NAME = "guichet_org";

/** Secure everywhere except on plain-http localhost, where browsers would drop the cookie. */
export function isSecureRequest(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" || !["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

/** The session cookie's name for a request to `requestUrl`: `__Host-` wherever the cookie can be Secure. */
export function sessionCookieName(requestUrl: string): string {
  return isSecureRequest(requestUrl) ? HOST_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME;
}

/** The decoded value of cookie `name`; null when absent or not validly percent-encoded (anyone can send any bytes). */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The session token the browser sent with `request`, under the name this origin uses. */
export function readSessionToken(request: Request): string | null {
  return readCookie(request.headers.get("Cookie"), sessionCookieName(request.url));
}

/** The organization the switcher stored (spec §4), or null; whether the user may still use it is the caller's check. */
export function readStoredOrganizationId(cookieHeader: string | null | undefined): number | null {
  const value = Number(readCookie(cookieHeader, ORGANIZATION_COOKIE_NAME));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function serializeCookie(
  name: string,
  value: string,
  options: { expires?: Date; maxAge?: number; secure: boolean; httpOnly?: boolean },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
  if (options.httpOnly ?? true) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  return parts.join("; ");
}

export function sessionCookie(token: string, expiresAt: Date, requestUrl: string): string {
  return serializeCookie(sessionCookieName(requestUrl), token, {
    expires: expiresAt,
    secure: isSecureRequest(requestUrl),
  });
}

export function clearedSessionCookie(requestUrl: string): string {
  return serializeCookie(sessionCookieName(requestUrl), "", { maxAge: 0, secure: isSecureRequest(requestUrl) });
}

export function organizationCookie(organizationId: number, requestUrl: string): string {
  return serializeCookie(ORGANIZATION_COOKIE_NAME, String(organizationId), {
    maxAge: 60 * 60 * 24 * 365,
    secure: isSecureRequest(requestUrl),
  });
}

/**
 * The cookies of a fresh sign-in: the new session, and no stored organization (spec §4: a sign-in loads the profile
 * with no preselected organization).
 */
export function signInCookies(token: string, expiresAt: Date, requestUrl: string): string[] {
  return [sessionCookie(token, expiresAt, requestUrl), clearedOrganizationCookie(requestUrl)];
}

export function clearedOrganizationCookie(requestUrl: string): string {
  return serializeCookie(ORGANIZATION_COOKIE_NAME, "", { maxAge: 0, secure: isSecureRequest(requestUrl) });
}
