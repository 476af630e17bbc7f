import { count, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createEmailSender } from "#adapters/email";
import { devMailbox, emailCodes, sessions, users } from "#db/schema";
import { failure } from "../../tests/support/failure";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import type { AuthMail } from "./auth-mail";
import { completeRegistration, readRegistrationTicket, registerWithEmailCode } from "./complete-registration";
import { loginWithPassword } from "./login-with-password";
import { rateLimitRules } from "./rate-limit";
import { requestRegistrationCode, resendRegistrationCode } from "./request-registration-code";
import { validateSessionToken } from "./sessions";
import { verifyRegistrationCode } from "./verify-registration-code";
import { storeEmailCode } from "./email-code-store";
import { REGISTRATION_CODE_LIFETIME_MS } from "./email-code";

const client = { ip: null, userAgent: "vitest" };
const PASSWORD = "Velours-Marée-42";

describe("registration", () => {
  let t: LibsqlTestDatabase;
  let mail: AuthMail;
  let sequence = 0;
  const newEmail = () => `inscrit-${++sequence}@exemple.fr`;

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

  const lastCodeFor = async (email: string) => {
    const [message] = await t.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, email))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(message?.text ?? "")?.[1];
    if (!code) throw new Error(`no code emailed to ${email}`);
    return { code, message: message! };
  };
  const rows = async (table: typeof users | typeof emailCodes | typeof devMailbox | typeof sessions) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;

  it("emails a 6-digit code in the user's language, stores only its hash, and creates the account on the password step", async () => {
    const email = newEmail();
    await requestRegistrationCode(
      t.db,
      mail,
      { email: ` ${email.toUpperCase()} `, firstName: " Léa ", lastName: "Martin" },
      client,
    );

    const { code, message } = await lastCodeFor(email);
    expect(message.subject).toContain(code);
    expect(message.subject).toMatch(/code de validation/);
    expect(message.html).toContain(code);
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(row).toMatchObject({ purpose: "register", attempts: 0, consumedAt: null });
    expect(row!.codeHash).not.toContain(code);
    expect(JSON.parse(row!.payload)).toMatchObject({ firstName: "Léa", lastName: "Martin", locale: "fr" });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(15 * 60_000);

    const { ticket } = await verifyRegistrationCode(t.db, { email, code }, client);
    expect(await readRegistrationTicket(t.db, ticket)).toMatchObject({ email, firstName: "Léa", lastName: "Martin" });
    // A forged ticket for the same code is worthless.
    expect(
      await readRegistrationTicket(
        t.db,
        ticket.replace(/\.(.)/, (_, c) => `.${c === "a" ? "b" : "a"}`),
      ),
    ).toBeNull();

    const { token, userId } = await completeRegistration(t.db, { ticket, password: PASSWORD }, client);
    const session = await validateSessionToken(t.db, token);
    expect(session?.user).toMatchObject({
      id: userId,
      email,
      firstName: "Léa",
      lastName: "Martin",
      authMethod: "password",
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user!.locale).toBe("fr");
    expect(user!.passwordHash).toMatch(/^scrypt\$/);

    // The ticket and the code are used up; the password signs in.
    expect(await readRegistrationTicket(t.db, ticket)).toBeNull();
    expect((await failure(completeRegistration(t.db, { ticket, password: PASSWORD }, client))).messageKey).toBe(
      "errors:registration-expired",
    );
    await expect(loginWithPassword(t.db, { email, password: PASSWORD }, client)).resolves.toMatchObject({ userId });
  });

  it("says the email is already in use, and sends nothing", async () => {
    const email = newEmail();
    await t.db.insert(users).values({ email, firstName: "Paul", lastName: "Durand" });
    const mails = await rows(devMailbox);
    const error = await failure(
      requestRegistrationCode(t.db, mail, { email, firstName: "Paul", lastName: "Durand" }, client),
    );
    expect(error).toMatchObject({ code: "conflict", messageKey: "errors:email-already-used" });
    expect(await rows(devMailbox)).toBe(mails);
  });

  it("requires the names and a valid email, writing nothing", async () => {
    const before = [await rows(emailCodes), await rows(devMailbox)];
    const error = await failure(
      requestRegistrationCode(t.db, mail, { email: "pas-un-email", firstName: " ", lastName: "" }, client),
    );
    expect(error.code).toBe("validation");
    expect(error.fields).toEqual({
      email: "errors:email-invalid",
      firstName: "errors:first-name-required",
      lastName: "errors:last-name-required",
    });
    expect([await rows(emailCodes), await rows(devMailbox)]).toEqual(before);
  });

  it("says a wrong code is invalid, allows 5 attempts, then asks for a new code", async () => {
    const email = newEmail();
    await requestRegistrationCode(t.db, mail, { email, firstName: "Inès", lastName: "Petit" }, client);
    const { code } = await lastCodeFor(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await failure(verifyRegistrationCode(t.db, { email, code: wrong }, client))).messageKey).toBe(
        "errors:email-code-invalid",
      );
    }
    // Even the right code is refused now.
    expect((await failure(verifyRegistrationCode(t.db, { email, code }, client))).messageKey).toBe(
      "errors:email-code-attempts",
    );

    await resendRegistrationCode(t.db, mail, { email }, client);
    const fresh = await lastCodeFor(email);
    await expect(verifyRegistrationCode(t.db, { email, code: fresh.code }, client)).resolves.toHaveProperty("ticket");
  });

  it("requires the code, and refuses a malformed one without counting an attempt", async () => {
    const email = newEmail();
    await requestRegistrationCode(t.db, mail, { email, firstName: "Inès", lastName: "Petit" }, client);
    expect((await failure(verifyRegistrationCode(t.db, { email, code: "" }, client))).fields).toEqual({
      code: "errors:email-code-required",
    });
    expect((await failure(verifyRegistrationCode(t.db, { email, code: "12ab" }, client))).fields).toEqual({
      code: "errors:email-code-invalid",
    });
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(row!.attempts).toBe(0);
  });

  it("says a code has expired after 15 minutes", async () => {
    const email = newEmail();
    const sentAt = new Date();
    await requestRegistrationCode(t.db, mail, { email, firstName: "Inès", lastName: "Petit" }, client, sentAt);
    const { code } = await lastCodeFor(email);
    const later = new Date(sentAt.getTime() + 15 * 60_000 + 1);
    expect((await failure(verifyRegistrationCode(t.db, { email, code }, client, later))).messageKey).toBe(
      "errors:email-code-expired",
    );
  });

  it("a resent code replaces the previous one", async () => {
    const email = newEmail();
    await requestRegistrationCode(t.db, mail, { email, firstName: "Inès", lastName: "Petit" }, client);
    const first = await lastCodeFor(email);
    await resendRegistrationCode(t.db, mail, { email }, client);
    const second = await lastCodeFor(email);
    if (first.code !== second.code) {
      expect((await failure(verifyRegistrationCode(t.db, { email, code: first.code }, client))).messageKey).toBe(
        "errors:email-code-invalid",
      );
    }
    await expect(verifyRegistrationCode(t.db, { email, code: second.code }, client)).resolves.toHaveProperty("ticket");
  });

  it("cannot resend without a registration under way", async () => {
    expect((await failure(resendRegistrationCode(t.db, mail, { email: newEmail() }, client))).messageKey).toBe(
      "errors:registration-expired",
    );
  });

  it("registers through the API variant (email + code + password) in one step", async () => {
    const email = newEmail();
    await requestRegistrationCode(
      t.db,
      { ...mail, locale: "en" },
      { email, firstName: "Sam", lastName: "Lee" },
      client,
    );
    const { code, message } = await lastCodeFor(email);
    expect(message.subject).toBe(`${code} is your Guichet verification code`);

    const usersBefore = await rows(users);
    expect((await failure(registerWithEmailCode(t.db, { email, code, password: "password1" }, client))).fields).toEqual(
      {
        password: "errors:password-too-common",
      },
    );
    expect(await rows(users)).toBe(usersBefore);

    const { token } = await registerWithEmailCode(t.db, { email, code, password: PASSWORD }, client);
    expect((await validateSessionToken(t.db, token))?.user.email).toBe(email);
    expect((await failure(registerWithEmailCode(t.db, { email, code, password: PASSWORD }, client))).messageKey).toBe(
      "errors:email-already-used",
    );
  });

  it("counts a register call for an existing account like a code check, so it cannot probe accounts without limit", async () => {
    const email = newEmail();
    await t.db.insert(users).values({ email, firstName: "Déjà", lastName: "Là" });
    const now = new Date();
    const attempt = () =>
      failure(registerWithEmailCode(t.db, { email, code: "123456", password: PASSWORD }, client, now));
    for (let i = 0; i < rateLimitRules.codeCheckPerEmail.limit; i++) {
      expect((await attempt()).messageKey).toBe("errors:email-already-used");
    }
    expect(await attempt()).toMatchObject({ code: "rate_limited", messageKey: "errors:rate-limited" });
  });

  it("limits how many codes one email can ask for", async () => {
    const email = newEmail();
    const now = new Date();
    for (let i = 0; i < 5; i++)
      await requestRegistrationCode(t.db, mail, { email, firstName: "A", lastName: "B" }, client, now);
    expect(
      (await failure(requestRegistrationCode(t.db, mail, { email, firstName: "A", lastName: "B" }, client, now))).code,
    ).toBe("rate_limited");
  });

  it("caps failed code checks per email and day, whichever codes and windows they were spread over", async () => {
    const email = newEmail();
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { limit } = rateLimitRules.codeCheckFailuresPerEmailPerDay;
    const start = new Date(Date.now() + 24 * 3_600_000);
    // A fresh code every 5 attempts and a fresh 15-minute window every 15 attempts: only the daily cap is left to stop.
    const codeAt = (at: Date, code: string) =>
      storeEmailCode(
        t.db,
        {
          purpose: "register",
          email,
          code,
          payload: { firstName: "Léa", lastName: "Martin" },
          lifetimeMs: REGISTRATION_CODE_LIFETIME_MS,
        },
        at,
      );
    for (let failed = 0; failed < limit; failed++) {
      const at = new Date(start.getTime() + Math.floor(failed / 15) * 16 * 60_000 + (failed % 15) * 1000);
      if (failed % 5 === 0) await codeAt(at, "123456");
      expect((await failure(verifyRegistrationCode(t.db, { email, code: "654321" }, client, at))).messageKey).toBe(
        "errors:email-code-invalid",
      );
    }
    // The next check is refused even with the right, fresh code, until the day is over.
    const later = new Date(start.getTime() + 3 * 3_600_000);
    await codeAt(later, "123456");
    expect(await failure(verifyRegistrationCode(t.db, { email, code: "123456" }, client, later))).toMatchObject({
      code: "rate_limited",
    });
    expect(warned.mock.calls.map(([line]) => JSON.parse(String(line)).event)).toContain("auth.code_check_locked");
    const nextDay = new Date(start.getTime() + 24 * 3_600_000 + 1);
    await codeAt(nextDay, "123456");
    await expect(verifyRegistrationCode(t.db, { email, code: "123456" }, client, nextDay)).resolves.toHaveProperty(
      "ticket",
    );
  });

  it("does not count right codes against the daily cap", async () => {
    const email = newEmail();
    const at = new Date(Date.now() + 72 * 3_600_000);
    for (let i = 0; i < rateLimitRules.codeCheckFailuresPerEmailPerDay.limit + 2; i++) {
      const when = new Date(at.getTime() + Math.floor(i / 15) * 16 * 60_000);
      await storeEmailCode(
        t.db,
        {
          purpose: "register",
          email,
          code: "123456",
          payload: { firstName: "A", lastName: "B" },
          lifetimeMs: REGISTRATION_CODE_LIFETIME_MS,
        },
        when,
      );
      await expect(verifyRegistrationCode(t.db, { email, code: "123456" }, client, when)).resolves.toHaveProperty(
        "ticket",
      );
    }
  });
});
