import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rateLimits, users } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { AppError } from "../shared/app-error";
import { loginWithPassword } from "./login-with-password";
import { hashPassword } from "./password";
import { hitRateLimits, rateLimitRules } from "./rate-limit";
import { signInBackoff, signInBackoffKey, signInDelayAfter } from "./sign-in-backoff";

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

  it("limits attempts per IP", async () => {
    const now = new Date(Date.now() + 24 * 3_600_000);
    const ip = "203.0.113.50";
    // Fill the window directly (each real attempt costs a scrypt), then check that sign-in consults it.
    await Promise.all(
      Array.from({ length: rateLimitRules.signInPerIp.limit }, () =>
        hitRateLimits(t.db, [{ name: "signInPerIp", subject: ip }], now),
      ),
    );
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", ip, now)).toMatchObject({
      code: "rate_limited",
      messageKey: "errors:rate-limited",
    });
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", "203.0.113.51", now)).not.toBeInstanceOf(AppError);
  });

  it("never slows an account down through successful sign-ins", async () => {
    const now = new Date(Date.now() + 48 * 3_600_000);
    for (let i = 0; i <= signInBackoff.freeFailures + 2; i++) {
      expect(await attempt("lea@exemple.fr", "Velours-Marée-42", "198.51.100.7", now)).not.toBeInstanceOf(AppError);
    }
  });

  it("slows one email from one IP down after the free failures, longer each time; the owner elsewhere signs in", async () => {
    const now = new Date(Date.now() + 72 * 3_600_000);
    const at = (ms: number) => new Date(now.getTime() + ms);
    const attacker = "198.51.100.66";
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (let i = 0; i < signInBackoff.freeFailures; i++)
      expect(await attempt("lea@exemple.fr", "mauvais-mot-de-passe", attacker, now)).toMatchObject({
        code: "unauthorized",
      });
    // That pair now waits, right password included…
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", attacker, now)).toMatchObject({ code: "rate_limited" });
    // …while the owner, from their own IP, is not slowed at all (today's lockout refused them for 15 minutes).
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", "203.0.113.9", now)).not.toBeInstanceOf(AppError);
    // After the first delay one more guess; then the delay doubles.
    const first = signInDelayAfter(signInBackoff.freeFailures);
    expect(first).toBe(30_000);
    expect(await attempt("lea@exemple.fr", "mauvais", attacker, at(first - 1))).toMatchObject({ code: "rate_limited" });
    expect(await attempt("lea@exemple.fr", "mauvais", attacker, at(first))).toMatchObject({ code: "unauthorized" });
    const second = signInDelayAfter(signInBackoff.freeFailures + 1);
    expect(second).toBe(2 * first);
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", attacker, at(first + second - 1))).toMatchObject({
      code: "rate_limited",
    });
    // Once the delay is over, the right password signs in and clears the pair's failures.
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", attacker, at(first + second))).not.toBeInstanceOf(
      AppError,
    );
    expect(
      await t.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, signInBackoffKey("lea@exemple.fr", attacker))),
    ).toEqual([]);
    // Another account from the same IP was never slowed.
    expect(await attempt("inconnu@exemple.fr", "mauvais", attacker, at(first))).toMatchObject({ code: "unauthorized" });
  });

  it("caps the delay, and forgets a pair a day after its last attempt", () => {
    expect(signInDelayAfter(0)).toBe(0);
    expect(signInDelayAfter(signInBackoff.freeFailures - 1)).toBe(0);
    expect(signInDelayAfter(signInBackoff.freeFailures + 20)).toBe(signInBackoff.maxDelayMs);
    expect(signInBackoff.memoryMs).toBe(24 * 3_600_000);
  });

  it("reserves each attempt before the password check: parallel guesses from one IP cannot pass the free failures", async () => {
    const now = new Date(Date.now() + 96 * 3_600_000);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt("lea@exemple.fr", `mauvais-${i}`, "198.51.100.30", now)),
    );
    const free = signInBackoff.freeFailures;
    // Only the reserved attempts reached the password check (each answered invalid-credentials); the rest were refused.
    expect(results.filter((r) => r instanceof AppError && r.code === "unauthorized")).toHaveLength(free);
    expect(results.filter((r) => r instanceof AppError && r.code === "rate_limited")).toHaveLength(30 - free);
    const [counter] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, signInBackoffKey("lea@exemple.fr", "198.51.100.30")));
    expect(counter!.count).toBe(free);
  });

  it("guesses spread over many IPs never lock the owner out", async () => {
    const now = new Date(Date.now() + 120 * 3_600_000);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (let i = 0; i < 12; i++)
      expect(await attempt("lea@exemple.fr", "mauvais-mot-de-passe", `198.51.100.${100 + i}`, now)).toMatchObject({
        code: "unauthorized",
      });
    expect(await attempt("lea@exemple.fr", "Velours-Marée-42", "198.51.100.200", now)).not.toBeInstanceOf(AppError);
  });

  it("logs failures and slow-downs as structured events, without the email or the password", async () => {
    const now = new Date(Date.now() + 144 * 3_600_000);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (let i = 0; i < signInBackoff.freeFailures; i++)
      await attempt("lea@exemple.fr", "mauvais-mot-de-passe", "198.51.100.44", now);
    await attempt("lea@exemple.fr", "mauvais-mot-de-passe", "198.51.100.44", now);
    const events = warned.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(events.filter((e) => e.event === "auth.sign_in_failed")).toHaveLength(signInBackoff.freeFailures);
    expect(events.at(-1)).toMatchObject({ event: "auth.sign_in_locked", scope: "email_and_ip", level: "warn" });
    expect(events[0]).toMatchObject({ reason: "wrong_password", emailHash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const text = JSON.stringify(events);
    expect(text).not.toContain("lea@exemple.fr");
    expect(text).not.toContain("mauvais-mot-de-passe");
  });
});
