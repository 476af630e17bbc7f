import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rateLimits, users } from "#db/schema";
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
  afterEach(() => vi.restoreAllMocks());

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
      expect(await attempt("lea@exemple.fr", "mauvais-mot-de-passe", `198.51.100.${i}`, now)).toMatchObject({
        code: "unauthorized",
      });
    }
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", "198.51.100.200", now)).toMatchObject({
      code: "rate_limited",
    });
    // Another account is not affected, and the window ends.
    expect(await attempt("inconnu@exemple.fr", "mauvais-mot-de-passe", null, now)).toMatchObject({
      code: "unauthorized",
    });
    const later = new Date(now.getTime() + rateLimitRules.signInPerEmail.windowMs + 1);
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", null, later)).not.toBeInstanceOf(AppError);
  });

  it("reserves each attempt before the password check: parallel guesses cannot pass the per-email limit", async () => {
    const now = new Date(Date.now() + 96 * 3_600_000);
    const { limit } = rateLimitRules.signInPerEmail;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt("lea@exemple.fr", `mauvais-${i}`, `198.51.100.${i}`, now)),
    );
    // Only the reserved attempts reached the password check (each answered invalid-credentials); the rest were refused.
    expect(results.filter((r) => r instanceof AppError && r.code === "unauthorized")).toHaveLength(limit);
    expect(results.filter((r) => r instanceof AppError && r.code === "rate_limited")).toHaveLength(30 - limit);
    const [counter] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, "signInPerEmail:lea@exemple.fr"));
    expect(counter!.count).toBe(limit);
  });

  it("gives the reservation back on success, so the window counts failures only", async () => {
    const now = new Date(Date.now() + 120 * 3_600_000);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await attempt("lea@exemple.fr", "mauvais-mot-de-passe", null, now)).toMatchObject({ code: "unauthorized" });
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", null, now)).not.toBeInstanceOf(AppError);
    const [counter] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, "signInPerEmail:lea@exemple.fr"));
    expect(counter!.count).toBe(1);
  });

  it("logs failures and lockouts as structured events, without the email or the password", async () => {
    const now = new Date(Date.now() + 144 * 3_600_000);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (let i = 0; i < rateLimitRules.signInPerEmail.limit; i++)
      await attempt("lea@exemple.fr", "mauvais-mot-de-passe", null, now);
    await attempt("lea@exemple.fr", "mauvais-mot-de-passe", null, now);
    const events = warned.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(events.filter((e) => e.event === "auth.sign_in_failed")).toHaveLength(rateLimitRules.signInPerEmail.limit);
    expect(events.at(-1)).toMatchObject({ event: "auth.sign_in_locked", scope: "email", level: "warn" });
    expect(events[0]).toMatchObject({ reason: "wrong_password", emailHash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const text = JSON.stringify(events);
    expect(text).not.toContain("lea@exemple.fr");
    expect(text).not.toContain("mauvais-mot-de-passe");
  });
});
