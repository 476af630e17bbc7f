import { readCookie, isSecureRequest, serializeCookie } from "#domain/http/session-cookie";

/**
 * The invitation link a signed-out visitor followed (issue 24 §2), HttpOnly, one day: the sign-in brings them back to
 * it, and the account created from it joins the organization as soon as it exists (its email verified by the code).
 */
const INVITATION_COOKIE_NAME = "guichet_invitation";
const MAX_AGE_SECONDS = 24 * 60 * 60;
const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

export function invitationCookie(token: string, requestUrl: string): string {
  return serializeCookie(INVITATION_COOKIE_NAME, token, {
    maxAge: MAX_AGE_SECONDS,
    secure: isSecureRequest(requestUrl),
  });
}

export function clearedInvitationCookie(requestUrl: string): string {
  return serializeCookie(INVITATION_COOKIE_NAME, "", { maxAge: 0, secure: isSecureRequest(requestUrl) });
}

/** The invitation token the browser carries, or null. */
export function readInvitationToken(request: Request): string | null {
  const token = readCookie(request.headers.get("Cookie"), INVITATION_COOKIE_NAME);
  return token && TOKEN_PATTERN.test(token) ? token : null;
}
