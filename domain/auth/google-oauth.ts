import { decodeIdToken, generateCodeVerifier, generateState, Google } from "arctic";
import * as v from "valibot";
import { AppError } from "../shared/app-error";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "../shared/bounded-string";

export type GoogleConfig = { clientId: string; clientSecret: string; redirectUri: string };

type GoogleEnv = { GOOGLE_CLIENT_ID?: string; GOOGLE_CLIENT_SECRET?: string };

/** Google sign-in is offered only when both the client id and secret are configured (the button is hidden otherwise). */
export function isGoogleConfigured(env: GoogleEnv): env is { GOOGLE_CLIENT_ID: string; GOOGLE_CLIENT_SECRET: string } {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

export function googleConfig(env: GoogleEnv, redirectUri: string): GoogleConfig | null {
  if (!isGoogleConfigured(env)) return null;
  return { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, redirectUri };
}

export const GOOGLE_SCOPES = ["openid", "email", "profile"];

/** The authorization URL (code flow with PKCE S256) plus the state and verifier the caller keeps in cookies. */
export function createGoogleAuthorization(config: GoogleConfig): { url: URL; state: string; codeVerifier: string } {
  const google = new Google(config.clientId, config.clientSecret, config.redirectUri);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = google.createAuthorizationURL(state, codeVerifier, GOOGLE_SCOPES);
  url.searchParams.set("prompt", "select_account");
  return { url, state, codeVerifier };
}

export type GoogleIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

const claimsSchema = v.object({
  iss: v.picklist(["https://accounts.google.com", "accounts.google.com"]),
  aud: v.union([boundedString(1_000), v.pipe(v.array(boundedString(1_000)), v.maxLength(100))]),
  exp: v.number(),
  sub: v.pipe(v.string(), v.nonEmpty(), v.maxLength(255)),
  email: v.pipe(v.string(), v.nonEmpty(), v.maxLength(254)),
  email_verified: v.optional(v.union([v.boolean(), boundedString(SHORT_TEXT_MAX_LENGTH)])),
  given_name: v.optional(boundedString(1_000)),
  family_name: v.optional(boundedString(1_000)),
  name: v.optional(boundedString(1_000)),
});

const googleFailed = () => new AppError("unauthorized", "errors:google-failed");

/**
 * Exchanges the authorization code (with the PKCE verifier) at Google's token endpoint and reads the id_token claims.
 * The id_token comes straight from Google over TLS in answer to our authenticated request, so it is decoded, not
 * signature-checked (OpenID Connect Core 3.1.3.7); issuer, audience and expiry are still checked.
 */
export async function exchangeGoogleCode(
  config: GoogleConfig,
  input: { code: string; codeVerifier: string },
  now = new Date(),
): Promise<GoogleIdentity> {
  const google = new Google(config.clientId, config.clientSecret, config.redirectUri);
  let claims: v.InferOutput<typeof claimsSchema>;
  try {
    const tokens = await google.validateAuthorizationCode(input.code, input.codeVerifier);
    const parsed = v.safeParse(claimsSchema, decodeIdToken(tokens.idToken()));
    if (!parsed.success) throw googleFailed();
    claims = parsed.output;
  } catch (error) {
    if (error instanceof AppError) throw error;
    console.error("Google sign-in failed", error);
    throw googleFailed();
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(config.clientId) || claims.exp * 1000 <= now.getTime()) throw googleFailed();
  const [first = "", ...rest] = (claims.name ?? "").trim().split(/\s+/);
  return {
    subject: claims.sub,
    email: claims.email,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    firstName: (claims.given_name ?? first).trim().slice(0, 100),
    lastName: (claims.family_name ?? rest.join(" ")).trim().slice(0, 100),
  };
}
