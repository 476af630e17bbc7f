import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { AppError } from "../shared/app-error";
import { hitRateLimits, perEmailAndIp, rateLimitRules } from "./rate-limit";

describe("rate limits", () => {
  let t: LibsqlTestDatabase;
  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterAll(() => t.close());

  const countOf = async (key: string) =>
    (await t.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;

  it("lets the limit through, refuses the next hit with 'rate-limited', and restarts in a new window", async () => {
    const { limit, windowMs } = rateLimitRules.signInPerEmail;
    const start = new Date("2026-11-20T10:00:00.000Z");
    for (let i = 0; i < limit; i++) {
      await hitRateLimits(t.db, [{ name: "signInPerEmail", subject: "lea@exemple.fr" }], new Date(start.getTime() + i));
    }
    const refused = await hitRateLimits(t.db, [{ name: "signInPerEmail", subject: "lea@exemple.fr" }], start).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "rate_limited", messageKey: "errors:rate-limited" });

    // Another subject has its own counter.
    await expect(
      hitRateLimits(t.db, [{ name: "signInPerEmail", subject: "paul@exemple.fr" }], start),
    ).resolves.toBeUndefined();

    // Once the window has passed, the count starts again at 1.
    const later = new Date(start.getTime() + windowMs + 1);
    await expect(
      hitRateLimits(t.db, [{ name: "signInPerEmail", subject: "lea@exemple.fr" }], later),
    ).resolves.toBeUndefined();
    expect(await countOf("signInPerEmail:lea@exemple.fr")).toBe(1);
  });

  it("counts concurrent hits exactly: one conditional UPSERT per hit loses nothing", async () => {
    const now = new Date("2026-11-21T10:00:00.000Z");
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, () => hitRateLimits(t.db, [{ name: "signInPerIp", subject: "203.0.113.7" }], now)),
    );
    expect(await countOf("signInPerIp:203.0.113.7")).toBe(60);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(rateLimitRules.signInPerIp.limit);
  });

  it("counts every hit of a batch, and one exceeded counter is enough to refuse", async () => {
    const now = new Date("2026-11-22T10:00:00.000Z");
    const client = { ip: "198.51.100.1" };
    for (let i = 0; i < rateLimitRules.codeSendPerEmail.limit; i++) {
      await hitRateLimits(t.db, perEmailAndIp("batch@exemple.fr", client, "codeSendPerEmail", "codeSendPerIp"), now);
    }
    await expect(
      hitRateLimits(t.db, perEmailAndIp("batch@exemple.fr", client, "codeSendPerEmail", "codeSendPerIp"), now),
    ).rejects.toMatchObject({ code: "rate_limited" });
    expect(await countOf("codeSendPerIp:198.51.100.1")).toBe(rateLimitRules.codeSendPerEmail.limit + 1);
  });

  it("has no IP counter when the IP is unknown", () => {
    expect(perEmailAndIp("a@b.fr", { ip: null }, "signInPerEmail", "signInPerIp")).toEqual([
      { name: "signInPerEmail", subject: "a@b.fr" },
    ]);
  });
});
