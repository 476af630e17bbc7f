import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createEmailSender } from "#adapters/email";
import { devMailbox, users } from "#db/schema";
import { failure } from "../../tests/support/failure";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import type { AuthMail } from "./auth-mail";
import { createGoogleAuthorization, exchangeGoogleCode, googleConfig, type GoogleConfig } from "./google-oauth";
import { signInWithGoogle } from "./sign-in-with-google";
import { validateSessionToken } from "./sessions";

const config: GoogleConfig = {
  clientId: "client-123.apps.googleusercontent.com",
  clientSecret: "secret-456",
  redirectUri: "https://guichet.test/auth/google/callback",
};
const client = { ip: null, userAgent: "vitest" };

const base64url = (value: object | string) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** An id_token as Google sends it: header, claims, signature (decoded, not verified: TLS to Google is the anchor). */
function googleIdToken(claims: Record<string, unknown>): string {
  return [
    base64url({ alg: "RS256", kid: "test-key", typ: "JWT" }),
    base64url(claims),
    base64url("signature-bytes"),
  ].join(".");
}

function claimsFor(overrides: Record<string, unknown> = {}) {
  return {
    iss: "https://accounts.google.com",
    aud: config.clientId,
    sub: "109876543210",
    email: "lea.google@exemple.fr",
    email_verified: true,
    given_name: "Léa",
    family_name: "Martin",
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...overrides,
  };
}

/** Stubs Google's token endpoint at the fetch boundary and records what was sent to it. */
function stubTokenEndpoint(idToken: string, status = 200) {
  const calls: { url: string; body: URLSearchParams; authorization: string | null }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    calls.push({
      url: request.url,
      body: new URLSearchParams(await request.text()),
      authorization: request.headers.get("Authorization"),
    });
    const body =
      status === 200
        ? {
            access_token: "ya29.access",
            expires_in: 3599,
            token_type: "Bearer",
            scope: "openid email profile",
            id_token: idToken,
          }
        : { error: "invalid_grant", error_description: "Bad Request" };
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

describe("Google sign-in", () => {
  let t: LibsqlTestDatabase;
  let mail: AuthMail;
  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    mail = {
      sender: createEmailSender({ db: t.db, from: "Guichet <test@guichet.local>" }),
      locale: "fr",
      appUrl: "https://guichet.test",
    };
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it("is configured only with both the client id and the secret", () => {
    expect(googleConfig({}, config.redirectUri)).toBeNull();
    expect(googleConfig({ GOOGLE_CLIENT_ID: "x" }, config.redirectUri)).toBeNull();
    expect(googleConfig({ GOOGLE_CLIENT_ID: "x", GOOGLE_CLIENT_SECRET: "y" }, config.redirectUri)).toEqual({
      clientId: "x",
      clientSecret: "y",
      redirectUri: config.redirectUri,
    });
  });

  it("builds an authorization URL with PKCE (S256), state and the openid email profile scopes", () => {
    const { url, state, codeVerifier } = createGoogleAuthorization(config);
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("client_id")).toBe(config.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(config.redirectUri);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("state")).toBe(state);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).not.toBe(codeVerifier);
    expect(codeVerifier.length).toBeGreaterThanOrEqual(43);
  });

  it("exchanges the code with the verifier and reads the claims", async () => {
    const calls = stubTokenEndpoint(googleIdToken(claimsFor()));
    const identity = await exchangeGoogleCode(config, { code: "4/auth-code", codeVerifier: "verifier-abc" });
    expect(identity).toEqual({
      subject: "109876543210",
      email: "lea.google@exemple.fr",
      emailVerified: true,
      firstName: "Léa",
      lastName: "Martin",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://oauth2.googleapis.com/token");
    expect(calls[0]!.body.get("grant_type")).toBe("authorization_code");
    expect(calls[0]!.body.get("code")).toBe("4/auth-code");
    expect(calls[0]!.body.get("code_verifier")).toBe("verifier-abc");
    expect(calls[0]!.authorization).toBe(
      `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`,
    );
  });

  it("refuses a token for another audience or issuer, an expired one, and a refused code", async () => {
    for (const overrides of [
      { aud: "someone-else" },
      { iss: "https://evil.example" },
      { exp: Math.floor(Date.now() / 1000) - 10 },
    ]) {
      stubTokenEndpoint(googleIdToken(claimsFor(overrides)));
      expect((await failure(exchangeGoogleCode(config, { code: "c", codeVerifier: "v" }))).messageKey).toBe(
        "errors:google-failed",
      );
      vi.restoreAllMocks();
    }
    stubTokenEndpoint("", 400);
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await failure(exchangeGoogleCode(config, { code: "c", codeVerifier: "v" }))).messageKey).toBe(
      "errors:google-failed",
    );
  });

  it("creates a Google account, then finds it again by subject", async () => {
    stubTokenEndpoint(googleIdToken(claimsFor({ sub: "sub-new", email: "Nouveau@Exemple.fr" })));
    const identity = await exchangeGoogleCode(config, { code: "c", codeVerifier: "v" });
    const first = await signInWithGoogle(t.db, { ...mail, locale: "en" }, identity, client);
    expect(first.created).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.id, first.userId));
    expect(user).toMatchObject({
      email: "nouveau@exemple.fr",
      authMethod: "google",
      googleSubject: "sub-new",
      passwordHash: null,
      locale: "en",
    });
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);

    const second = await signInWithGoogle(t.db, mail, identity, client);
    expect(second).toMatchObject({ userId: first.userId, created: false });
    expect(second.token).not.toBe(first.token);
    expect((await validateSessionToken(t.db, second.token))?.user.authMethod).toBe("google");
  });

  it("links an existing password account by its verified email, keeping its password", async () => {
    const [existing] = await t.db
      .insert(users)
      .values({ email: "existant@exemple.fr", firstName: "Paul", lastName: "Durand", passwordHash: "scrypt$x" })
      .returning();
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    const result = await signInWithGoogle(
      t.db,
      mail,
      { subject: "sub-link", email: "existant@exemple.fr", emailVerified: true, firstName: "P", lastName: "D" },
      client,
    );
    expect(result).toMatchObject({ userId: existing!.id, created: false });
    const [user] = await t.db.select().from(users).where(eq(users.id, existing!.id));
    expect(user).toMatchObject({
      googleSubject: "sub-link",
      authMethod: "password",
      passwordHash: "scrypt$x",
      firstName: "Paul",
    });

    // The account holder is told by email, and the link is logged as a structured event without the address.
    const notices = await t.db.select().from(devMailbox).where(eq(devMailbox.to, "existant@exemple.fr"));
    expect(notices.map((m) => m.subject)).toEqual(["Google est maintenant lié à votre compte Guichet"]);
    expect(notices[0]!.text).toContain("Bonjour Paul,");
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ event: "auth.google_linked", previousMethod: "password" }));
    expect(JSON.stringify(lines)).not.toContain("existant@");

    // Another Google identity claiming the same email is not linked over it.
    const error = await failure(
      signInWithGoogle(
        t.db,
        mail,
        { subject: "sub-other", email: "existant@exemple.fr", emailVerified: true, firstName: "", lastName: "" },
        client,
      ),
    );
    expect(error.messageKey).toBe("errors:google-failed");
  });

  it("refuses an email Google has not verified", async () => {
    stubTokenEndpoint(
      googleIdToken(claimsFor({ sub: "sub-unverified", email: "pasverifie@exemple.fr", email_verified: false })),
    );
    const identity = await exchangeGoogleCode(config, { code: "c", codeVerifier: "v" });
    expect((await failure(signInWithGoogle(t.db, mail, identity, client))).messageKey).toBe(
      "errors:google-email-unverified",
    );
    expect(await t.db.select().from(users).where(eq(users.email, "pasverifie@exemple.fr"))).toEqual([]);
  });
});
