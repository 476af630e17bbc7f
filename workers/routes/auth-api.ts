import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { emailSenderFromEnv } from "#adapters/email";
import type { AuthMail } from "#domain/auth/auth-mail";
import { checkNeedRegister } from "#domain/auth/check-need-register";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { registerWithEmailCode } from "#domain/auth/complete-registration";
import { registrationCodeSchema, resetCodeSchema } from "#domain/auth/email-code";
import { createGoogleAuthorization, exchangeGoogleCode, googleConfig } from "#domain/auth/google-oauth";
import { loginSchema, loginWithPassword } from "#domain/auth/login-with-password";
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from "#domain/auth/password-policy";
import { orEmpty } from "#domain/auth/validate-input";
import { requestPasswordReset } from "#domain/auth/request-password-reset";
import { requestRegistrationCode } from "#domain/auth/request-registration-code";
import { resetPassword } from "#domain/auth/reset-password";
import {
  isSecureRequest,
  readCookie,
  readSessionToken,
  serializeCookie,
  signInCookies,
} from "#domain/http/session-cookie";
import { invalidateSession } from "#domain/auth/sessions";
import { signInWithGoogle } from "#domain/auth/sign-in-with-google";
import { toEmailLocale } from "#domain/emails/email-locale";
import { AppError, isAppError } from "#domain/shared/app-error";
import { emailSchema } from "#domain/shared/email";
import { firstNameSchema, lastNameSchema } from "#domain/users/user-fields";
import { safeRedirectPath } from "#domain/http/safe-redirect";
import type { HonoEnv } from "../hono-app";
import { bearerToken } from "../middleware/api-session";
import { limitBody } from "../middleware/body-limit";
import { jsonOnly } from "../middleware/json-only";
import { parseJson } from "../parse-json";

/**
 * `/auth/*` for API clients (spec §7): a JSON POST is the API, anything else renders the page — except the two Google
 * redirect endpoints, which are plain GETs handled here before the JSON-only switch.
 */
export const authApiRoutes = new Hono<HonoEnv>();

const GOOGLE_STATE_COOKIE = "guichet_google_state";
const GOOGLE_VERIFIER_COOKIE = "guichet_google_verifier";
const GOOGLE_REDIRECT_COOKIE = "guichet_google_redirect";
const GOOGLE_COOKIE_MAX_AGE = 10 * 60;

function googleFor(c: Context<HonoEnv>) {
  return googleConfig(c.env, new URL("/auth/google/callback", c.req.url).toString());
}

function clearedGoogleCookies(url: string): string[] {
  const secure = isSecureRequest(url);
  return [GOOGLE_STATE_COOKIE, GOOGLE_VERIFIER_COOKIE, GOOGLE_REDIRECT_COOKIE].map((name) =>
    serializeCookie(name, "", { maxAge: 0, secure }),
  );
}

function redirectWithCookies(location: string, cookies: string[]): Response {
  const headers = new Headers({ Location: location });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}

/** Starts Google sign-in: state and PKCE verifier in short-lived HttpOnly cookies, then off to Google. */
authApiRoutes.get("/google", (c) => {
  const config = googleFor(c);
  if (!config) return c.redirect("/auth/login", 302);
  const { url, state, codeVerifier } = createGoogleAuthorization(config);
  const secure = isSecureRequest(c.req.url);
  const options = { maxAge: GOOGLE_COOKIE_MAX_AGE, secure };
  const redirectTo = safeRedirectPath(c.req.query("redirectTo"));
  return redirectWithCookies(url.toString(), [
    serializeCookie(GOOGLE_STATE_COOKIE, state, options),
    serializeCookie(GOOGLE_VERIFIER_COOKIE, codeVerifier, options),
    serializeCookie(GOOGLE_REDIRECT_COOKIE, redirectTo, options),
  ]);
});

/** Google's redirect back: the state must match the cookie; the code is exchanged with the PKCE verifier. */
authApiRoutes.get("/google/callback", async (c) => {
  const cleared = clearedGoogleCookies(c.req.url);
  const fail = (reason = "google") => redirectWithCookies(`/auth/login?error=${reason}`, cleared);
  const config = googleFor(c);
  if (!config) return fail();
  const cookieHeader = c.req.header("Cookie");
  const storedState = readCookie(cookieHeader, GOOGLE_STATE_COOKIE);
  const codeVerifier = readCookie(cookieHeader, GOOGLE_VERIFIER_COOKIE);
  const redirectTo = safeRedirectPath(readCookie(cookieHeader, GOOGLE_REDIRECT_COOKIE));
  const state = c.req.query("state");
  const code = c.req.query("code");
  if (!code || !state || !storedState || !codeVerifier || state !== storedState) return fail();
  try {
    const identity = await exchangeGoogleCode(config, { code, codeVerifier });
    // Rotation: a session this browser held before is ended, not left alive beside the new one.
    const previous = readSessionToken(c.req.raw);
    if (previous) await invalidateSession(c.get("db"), previous);
    const { token, expiresAt } = await signInWithGoogle(
      c.get("db"),
      mailFor(c),
      identity,
      clientInfoFromHeaders(c.req.raw.headers),
    );
    return redirectWithCookies(redirectTo, [...cleared, ...signInCookies(token, expiresAt, c.req.url)]);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.reason === "google_email_unverified") return fail("google-unverified");
    if (error.code === "rate_limited") return fail("rate-limited");
    return fail();
  }
});

/**
 * POST /logout with `Authorization: Bearer <token>` (an API client, spec §7): that session ends; true whether or not it
 * was still alive. Without a Bearer token it is the page's sign-out form (cookie), answered by React Router.
 */
authApiRoutes.post("/logout", async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) return next();
  await invalidateSession(c.get("db"), token);
  return c.json(true);
});

authApiRoutes.use("*", jsonOnly);
authApiRoutes.use("*", limitBody());

/** The language of emails sent to an API client: the `lng` cookie, else Accept-Language, else French. */
function requestLocale(c: Context<HonoEnv>) {
  return toEmailLocale(c.get("language"));
}

function mailFor(c: Context<HonoEnv>): AuthMail {
  return {
    sender: emailSenderFromEnv(c.env, c.get("db")),
    locale: requestLocale(c),
    appUrl: c.env.APP_URL,
    defer: (work) => c.executionCtx.waitUntil(work),
  };
}

const clientOf = (c: Context<HonoEnv>) => clientInfoFromHeaders(c.req.raw.headers);

/** Fields the spec sends but that carry nothing here (e.g. need-register's password): bounded, else ignored. */
const ignoredString = v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH, "errors:invalid-input")));

/** Spec §7 POST /login: returns the token used as both access and refresh token. */
authApiRoutes.post("/login", async (c) => {
  const input = await parseJson(c, loginSchema);
  const { token } = await loginWithPassword(c.get("db"), input, clientOf(c));
  return c.json(token);
});

/** Spec §7 POST /register {username, email, email_code, password}: the username must be the email. Returns the token. */
authApiRoutes.post("/register", async (c) => {
  const input = await parseJson(
    c,
    v.object({
      username: orEmpty(
        v.pipe(
          v.string("errors:username-mismatch"),
          v.trim(),
          v.nonEmpty("errors:username-mismatch"),
          v.toLowerCase(),
          v.maxLength(254, "errors:username-mismatch"),
        ),
      ),
      email: orEmpty(emailSchema),
      email_code: orEmpty(registrationCodeSchema),
      password: orEmpty(newPasswordSchema),
    }),
  );
  if (input.username !== input.email) {
    throw new AppError("validation", "errors:invalid-input", { fields: { username: "errors:username-mismatch" } });
  }
  const { token } = await registerWithEmailCode(
    c.get("db"),
    { email: input.email, code: input.email_code, password: input.password },
    clientOf(c),
  );
  return c.json(token);
});

/** Spec §7 POST /need-register {email, password}: true when no account uses the email. */
authApiRoutes.post("/need-register", async (c) => {
  const input = await parseJson(c, v.object({ email: orEmpty(emailSchema), password: ignoredString }));
  return c.json(await checkNeedRegister(c.get("db"), input, clientOf(c)));
});

/** Spec §7 POST /verify-email {email, first_name, last_name}: emails the registration code. */
authApiRoutes.post("/verify-email", async (c) => {
  const input = await parseJson(
    c,
    v.object({ email: orEmpty(emailSchema), first_name: orEmpty(firstNameSchema), last_name: orEmpty(lastNameSchema) }),
  );
  await requestRegistrationCode(
    c.get("db"),
    mailFor(c),
    { email: input.email, firstName: input.first_name, lastName: input.last_name },
    clientOf(c),
  );
  return c.json(true);
});

/**
 * Spec §7 POST /login-google {email, password (redirect address), old_token}. A token cannot be handed out for an
 * email alone, so the answer is where to send the user to sign in with Google (docs/decisions/0009-accounts-and-sign-in.md).
 */
authApiRoutes.post("/login-google", async (c) => {
  const input = await parseJson(
    c,
    v.object({
      email: v.optional(v.pipe(v.string(), v.maxLength(254))),
      password: ignoredString,
      old_token: ignoredString,
    }),
  );
  if (!googleFor(c)) throw new AppError("not_found", "errors:google-unavailable");
  const start = new URL("/auth/google", c.req.url);
  // The redirect address: absolute on our origin, or a path; anything else means "/".
  const redirectTo = safeRedirectPath(input.password, "/", new URL(c.req.url).origin);
  if (redirectTo !== "/") start.searchParams.set("redirectTo", redirectTo);
  return c.json({ authorization_url: start.toString() });
});

/** Spec §7 POST /reset-password {email, password, email_code}: the code is the one of the emailed link. */
authApiRoutes.post("/reset-password", async (c) => {
  const input = await parseJson(
    c,
    v.object({
      email: orEmpty(emailSchema),
      password: orEmpty(newPasswordSchema),
      email_code: orEmpty(resetCodeSchema),
    }),
  );
  await resetPassword(
    c.get("db"),
    mailFor(c),
    { email: input.email, code: input.email_code, password: input.password },
    clientOf(c),
  );
  return c.json(true);
});

/** Spec §7 POST /request-password-reset {email, password ''}: always true ('Email envoyé'), account or not. */
authApiRoutes.post("/request-password-reset", async (c) => {
  const input = await parseJson(c, v.object({ email: orEmpty(emailSchema), password: ignoredString }));
  await requestPasswordReset(c.get("db"), mailFor(c), { email: input.email }, clientOf(c));
  return c.json(true);
});
