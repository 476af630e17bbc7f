import { count, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createEmailSender } from "#adapters/email";
import { devMailbox, emailCodes, rateLimits, sessions, users } from "#db/schema";
import { failure } from "../../tests/support/failure";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import type { AuthMail } from "./auth-mail";
import { loginWithPassword } from "./login-with-password";
import { hashPassword } from "./password";
import { requestPasswordReset } from "./request-password-reset";
import { checkPasswordResetLink, resetPassword } from "./reset-password";
import { createSession, validateSessionToken } from "./sessions";
import { sha256Hex } from "../shared/crypto";

const client = { ip: "192.0.2.10", userAgent: "vitest" };
const OLD_PASSWORD = "Ancien-Secret-2026";
const NEW_PASSWORD = "Nouveau-Secret-2027";

describe("password reset", () => {
  let t: LibsqlTestDatabase;
  let mail: AuthMail;
  let sequence = 0;
  let oldHash: string;

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    mail = {
      sender: createEmailSender({ db: t.db, from: "Guichet <test@guichet.local>" }),
      locale: "fr",
      appUrl: "https://guichet.test",
    };
    oldHash = await hashPassword(OLD_PASSWORD);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const newUser = async (values: Partial<typeof users.$inferInsert> = {}) => {
    const [user] = await t.db
      .insert(users)
      .values({
        email: `compte-${++sequence}@exemple.fr`,
        firstName: "Léa",
        lastName: "Martin",
        passwordHash: oldHash,
        ...values,
      })
      .returning();
    return user!;
  };
  const linkFor = async (email: string) => {
    const [message] = await t.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, email))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    if (!message) throw new Error(`nothing emailed to ${email}`);
    const link = /https:\/\/guichet\.test\/auth\/reset-password\?\S+/.exec(message.text)?.[0];
    if (!link) throw new Error("no reset link");
    const url = new URL(link);
    return { url, email: url.searchParams.get("email")!, code: url.searchParams.get("code")!, message };
  };
  const mailCount = async () => (await t.db.select({ n: count() }).from(devMailbox))[0]!.n;

  it("emails a single-use link on APP_URL, sets the new password and revokes every other session", async () => {
    const user = await newUser();
    const other = await createSession(t.db, user.id);
    const current = await createSession(t.db, user.id);

    await requestPasswordReset(t.db, mail, { email: user.email.toUpperCase() }, client);
    const { url, email, code, message } = await linkFor(user.email);
    expect(url.pathname).toBe("/auth/reset-password");
    expect(email).toBe(user.email);
    expect(message.subject).toBe("Réinitialisez votre mot de passe Guichet");
    expect(message.html).toContain(url.toString().replaceAll("&", "&amp;"));
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.email, user.email));
    expect(row).toMatchObject({ purpose: "reset-password", consumedAt: null });
    expect(row!.codeHash).not.toContain(code);
    expect(await checkPasswordResetLink(t.db, { email, code })).toBe("valid");

    await resetPassword(t.db, mail, { email, code, password: NEW_PASSWORD }, client, {
      currentSession: { sessionId: sha256Hex(current.token), userId: user.id },
    });

    expect(await validateSessionToken(t.db, other.token)).toBeNull();
    expect(await validateSessionToken(t.db, current.token)).not.toBeNull();
    await expect(loginWithPassword(t.db, { email, password: NEW_PASSWORD }, client)).resolves.toMatchObject({
      userId: user.id,
    });
    expect((await failure(loginWithPassword(t.db, { email, password: OLD_PASSWORD }, client))).messageKey).toBe(
      "invalid-credentials",
    );

    // The link works once.
    expect(await checkPasswordResetLink(t.db, { email, code })).toBe("invalid");
    expect(
      (await failure(resetPassword(t.db, mail, { email, code, password: "Encore-Autre-2028" }, client))).messageKey,
    ).toBe("errors:reset-link-invalid");
  });

  it("revokes all sessions when whoever resets is not signed in as that account", async () => {
    const user = await newUser();
    const stranger = await newUser();
    const session = await createSession(t.db, user.id);
    const strangerSession = await createSession(t.db, stranger.id);
    await requestPasswordReset(t.db, mail, { email: user.email }, client);
    const { email, code } = await linkFor(user.email);
    await resetPassword(t.db, mail, { email, code, password: NEW_PASSWORD }, client, {
      currentSession: { sessionId: sha256Hex(strangerSession.token), userId: stranger.id },
    });
    expect(await validateSessionToken(t.db, session.token)).toBeNull();
    expect(await validateSessionToken(t.db, strangerSession.token)).not.toBeNull();
    const [left] = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left!.n).toBe(0);
  });

  it("does the same work for an unknown email as for an account: same answer, same writes, nothing delivered", async () => {
    const writes = async () => ({
      codes: (await t.db.select({ n: count() }).from(emailCodes))[0]!.n,
      counters: (await t.db.select({ n: count() }).from(rateLimits))[0]!.n,
      mails: await mailCount(),
    });
    const known = await newUser();
    const beforeKnown = await writes();
    const knownAnswer = await requestPasswordReset(t.db, mail, { email: known.email }, { ...client, ip: "192.0.2.31" });
    const afterKnown = await writes();
    const beforeUnknown = afterKnown;
    const unknownAnswer = await requestPasswordReset(
      t.db,
      mail,
      { email: "personne@exemple.fr" },
      { ...client, ip: "192.0.2.32" },
    );
    const afterUnknown = await writes();

    expect(unknownAnswer).toEqual(knownAnswer);
    // One code row and two counters (email, IP) either way; only the account's email is delivered.
    expect(afterKnown.codes - beforeKnown.codes).toBe(1);
    expect(afterUnknown.codes - beforeUnknown.codes).toBe(1);
    expect(afterUnknown.counters - beforeUnknown.counters).toBe(afterKnown.counters - beforeKnown.counters);
    expect(afterKnown.mails - beforeKnown.mails).toBe(1);
    expect(afterUnknown.mails - beforeUnknown.mails).toBe(0);
    // The stored code of an address without an account opens nothing.
    expect(await t.db.select().from(emailCodes).where(eq(emailCodes.email, "personne@exemple.fr"))).toHaveLength(1);
  });

  it("tells Google accounts by email, with the spec's sentence, that they have no password, and refuses a reset", async () => {
    const user = await newUser({ authMethod: "google", googleSubject: "google-sub-1", passwordHash: null });
    await requestPasswordReset(t.db, { ...mail, locale: "en" }, { email: user.email }, client);
    const [message] = await t.db.select().from(devMailbox).where(eq(devMailbox.to, user.email));
    expect(message!.subject).toBe("Your Guichet account uses Google");
    expect(message!.text).toContain("You are signed in with Google. You cannot reset your password.");
    expect(message!.text).not.toContain("code=");
  });

  it("answers a Google account asking for its own reset with the spec's sentence, sending nothing", async () => {
    const user = await newUser({ authMethod: "google", googleSubject: "google-sub-2", passwordHash: null });
    const before = await mailCount();
    const error = await failure(
      requestPasswordReset(t.db, mail, { email: user.email }, client, { signedInUserId: user.id }),
    );
    expect(error).toMatchObject({ code: "forbidden", messageKey: "errors:reset-google-account" });
    expect(await mailCount()).toBe(before);
    expect(await t.db.select().from(emailCodes).where(eq(emailCodes.email, user.email))).toEqual([]);
    // Someone else signed in asking for that address gets the same answer as anybody: the email.
    await requestPasswordReset(t.db, mail, { email: user.email }, client, { signedInUserId: user.id + 1000 });
    expect(await mailCount()).toBe(before + 1);
  });

  it("emails the account holder once the password is reset, and logs the request and the reset without the address", async () => {
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    const user = await newUser();
    await requestPasswordReset(t.db, mail, { email: user.email }, client);
    const { email, code } = await linkFor(user.email);
    await resetPassword(t.db, mail, { email, code, password: NEW_PASSWORD }, client);
    const [notice] = await t.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, user.email))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    expect(notice!.subject).toBe("Votre mot de passe Guichet a été modifié");
    expect(notice!.text).toContain("Bonjour Léa,");
    const events = logged.mock.calls.map(([line]) => JSON.parse(String(line)) as { event: string });
    expect(events.map((e) => e.event)).toEqual(["auth.password_reset_requested", "auth.password_reset"]);
    expect(JSON.stringify(events)).not.toContain(user.email);
  });

  it("refuses expired, wrong and malformed links", async () => {
    const user = await newUser();
    const sentAt = new Date();
    await requestPasswordReset(t.db, mail, { email: user.email }, client, {}, sentAt);
    const { email, code } = await linkFor(user.email);
    const later = new Date(sentAt.getTime() + 60 * 60_000 + 1);
    expect(await checkPasswordResetLink(t.db, { email, code }, later)).toBe("invalid");
    expect(
      (await failure(resetPassword(t.db, mail, { email, code, password: NEW_PASSWORD }, client, {}, later))).messageKey,
    ).toBe("errors:reset-link-invalid");

    const wrong = code.replace(/^./, (c) => (c === "a" ? "b" : "a"));
    expect(await checkPasswordResetLink(t.db, { email, code: wrong })).toBe("invalid");
    expect(
      (await failure(resetPassword(t.db, mail, { email, code: wrong, password: NEW_PASSWORD }, client))).messageKey,
    ).toBe("errors:reset-link-invalid");
    expect(
      (await failure(resetPassword(t.db, mail, { email, code: "court", password: NEW_PASSWORD }, client))).fields,
    ).toEqual({
      code: "errors:reset-link-invalid",
    });
    expect(await checkPasswordResetLink(t.db, { email: "pas-un-email", code })).toBe("invalid");

    // The right code still works within the hour, with an acceptable password only.
    expect((await failure(resetPassword(t.db, mail, { email, code, password: "azertyuiop" }, client))).fields).toEqual({
      password: "errors:password-too-common",
    });
    const [stored] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(stored!.hash).toBe(oldHash);
    await expect(resetPassword(t.db, mail, { email, code, password: NEW_PASSWORD }, client)).resolves.toEqual({
      userId: user.id,
    });
  });

  it("defers the send when asked to (the answer does not wait for the email)", async () => {
    const user = await newUser();
    const deferred: Promise<unknown>[] = [];
    await requestPasswordReset(t.db, { ...mail, defer: (work) => deferred.push(work) }, { email: user.email }, client);
    expect(deferred).toHaveLength(1);
    await Promise.all(deferred);
    await expect(linkFor(user.email)).resolves.toHaveProperty("code");
  });
});
