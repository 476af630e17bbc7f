import { isSecureRequest, serializeCookie } from "#domain/http/session-cookie";

/** Between "code verified" and "password chosen": `<code id>.<ticket>`, HttpOnly, 15 minutes. */
export const REGISTRATION_COOKIE_NAME = "guichet_registration";
const MAX_AGE_SECONDS = 15 * 60;

export function registrationCookie(value: string, requestUrl: string): string {
  return serializeCookie(REGISTRATION_COOKIE_NAME, value, {
    maxAge: MAX_AGE_SECONDS,
    secure: isSecureRequest(requestUrl),
  });
}

export function clearedRegistrationCookie(requestUrl: string): string {
  return serializeCookie(REGISTRATION_COOKIE_NAME, "", { maxAge: 0, secure: isSecureRequest(requestUrl) });
}
