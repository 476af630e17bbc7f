import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { AppError } from "../shared/app-error";
import { loginWithPassword } from "./login-with-password";
import { hashPassword } from "./password";
import { hitRateLimits, rateLimitRules } from "./rate-limit";

describe("sign-in with a password", () => {
  let t: LibsqlTestDatabase;
  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    await t.db.insert(users).values([
      { email: "lea@exemple.fr", passwordHash: await hashPassword("Velours-Marée-42") },
      { email: "google@exemple.fr", authMethod: "google", googleSubject: "g-1" },
    ]);
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, ip: string | null = null, now = new Date()) =>
    loginWithPassword(t.db, { email, password }, { ip, userAgent: "vitest" }, now).catch((error: unknown) => {
      if (error instanceof AppError) return error;
      throw error;
    });

  it("gives a new session token at every sign-in", async () => {
    const first = await attempt("LEA@exemple.fr ", "Velours-Marée-42");
    const second = await attempt("lea@exemple.fr", "Velours-Marée-42");
    expect(first).not.toBeInstanceOf(AppError);
    expect(second).not.toBeInstanceOf(AppError);
    expect((first as { token: string }).token).not.toBe((second as { token: string }).token);
  });

  it("answers the same for a wrong password, an unknown email and a Google account", async () => {
    for (const [email, password] of [
      ["lea@exemple.fr", "mauvais-mot-de-passe"],
      ["inconnu@exemple.fr", "Velours-Marée-42"],
      ["google@exemple.fr", "Velours-Marée-42"],
    ] as const) {
      expect(await attempt(email, password)).toMatchObject({ code: "unauthorized", messageKey: "invalid-credentials" });
    }
  });

  it("limits attempts per email and per IP", async () => {
    // A fresh window, after the attempts of the other tests.
    const now = new Date(Date.now() + 24 * 3_600_000);
    // Fill the windows directly (each real attempt costs a scrypt), then check that sign-in consults them.
    const fill = (name: "signInPerEmail" | "signInPerIp", subject: string, hits: number, at = now) =>
      Promise.all(Array.from({ length: hits }, () => hitRateLimits(t.db, [{ name, subject }], at)));
    await fill("signInPerEmail", "lea@exemple.fr", rateLimitRules.signInPerEmail.limit);
    // Even the right password is refused once the email's window is full of failures.
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", null, now)).toMatchObject({
      code: "rate_limited",
      messageKey: "errors:rate-limited",
    });

    const ip = "203.0.113.50";
    const later = new Date(now.getTime() + rateLimitRules.signInPerEmail.windowMs + 1);
    await fill("signInPerIp", ip, rateLimitRules.signInPerIp.limit, later);
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", ip, later)).toMatchObject({ code: "rate_limited" });
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", "203.0.113.51", later)).not.toBeInstanceOf(AppError);
  });

  it("never locks an account out through successful sign-ins", async () => {
    const now = new Date(Date.now() + 48 * 3_600_000);
    for (let i = 0; i <= rateLimitRules.signInPerEmail.limit + 1; i++) {
      expect(await attempt("lea@exemple.fr", "Velours-Marée-42", null, now)).not.toBeInstanceOf(AppError);
    }
  });

  it("locks the email after as many failures as the limit, right password included, whatever the IP", async () => {
    const now = new Date(Date.now() + 72 * 3_600_000);
    for (let i = 0; i < rateLimitRules.signInPerEmail.limit; i++) {
      expect(await attempt("lea@exemple.fr", "mauvais-mot-de-passe", `198.51.100.${i}`, now)).toMatchObject({ code: "unauthorized" });
    }
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", "198.51.100.200", now)).toMatchObject({ code: "rate_limited" });
    // Another account is not affected, and the window ends.
    expect(await attempt("inconnu@exemple.fr", "mauvais-mot-de-passe", null, now)).toMatchObject({ code: "unauthorized" });
    const later = new Date(now.getTime() + rateLimitRules.signInPerEmail.windowMs + 1);
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", null, later)).not.toBeInstanceOf(AppError);
  });
});
