import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import * as v from "valibot";
import { changedRows, type Database } from "#db/database";
import { emailCodes } from "#db/schema";
import { AppError } from "../shared/app-error";
import { constantTimeEqual } from "../shared/crypto";
import { fingerprint, logEvent } from "../shared/log";
import { hashEmailCode, MAX_CODE_ATTEMPTS, type EmailCodePurpose } from "./email-code";
import { countingFailures } from "./rate-limit";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "../shared/bounded-string";

export type EmailCodeRow = typeof emailCodes.$inferSelect;

/** What a registration code carries to the next steps. */
export const registrationPayloadSchema = v.object({
  firstName: boundedString(1_000),
  lastName: boundedString(1_000),
  locale: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
  /** SHA-256 of the registration ticket handed out once the code is verified. */
  ticketHash: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
});
export type RegistrationPayload = v.InferOutput<typeof registrationPayloadSchema>;

export function readRegistrationPayload(row: Pick<EmailCodeRow, "payload">): RegistrationPayload | null {
  try {
    const result = v.safeParse(registrationPayloadSchema, JSON.parse(row.payload));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/** The newest code of this purpose for this email that has not been used or replaced. */
export async function findPendingEmailCode(
  db: Database,
  purpose: EmailCodePurpose,
  email: string,
): Promise<EmailCodeRow | null> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a new code (only its hash) and retires the earlier pending ones of the same purpose, in one batch, so only
 * the newest emailed code works.
 */
export async function storeEmailCode(
  db: Database,
  input: { purpose: EmailCodePurpose; email: string; code: string; payload: object; lifetimeMs: number },
  now: Date,
): Promise<number> {
  const [, inserted] = await db.batch([
    db
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(
        and(eq(emailCodes.email, input.email), eq(emailCodes.purpose, input.purpose), isNull(emailCodes.consumedAt)),
      ),
    db
      .insert(emailCodes)
      .values({
        email: input.email,
        purpose: input.purpose,
        codeHash: hashEmailCode(input.purpose, input.email, input.code),
        payload: JSON.stringify(input.payload),
        expiresAt: new Date(now.getTime() + input.lifetimeMs),
        createdAt: now,
      })
      .returning({ id: emailCodes.id }),
  ]);
  return inserted[0]!.id;
}

export type CodeErrors = { expired: string; exhausted: string; invalid: string };

/**
 * Checks a typed code against the pending one, counting the attempt first with a conditional UPDATE (so concurrent
 * guesses cannot exceed the 5 attempts). Throws a validation error with the matching message key. Failed checks also
 * count against the email for the day (codeCheckFailuresPerEmailPerDay), whichever code they were made with.
 */
export async function checkEmailCode(
  db: Database,
  input: { purpose: EmailCodePurpose; email: string; code: string },
  errors: CodeErrors,
  now: Date,
): Promise<EmailCodeRow> {
  return countingFailures(
    db,
    { name: "codeCheckFailuresPerEmailPerDay", subject: input.email },
    now,
    async () => {
      const row = await findPendingEmailCode(db, input.purpose, input.email);
      if (!row || row.expiresAt.getTime() <= now.getTime()) throw new AppError("validation", errors.expired);
      const counted = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(and(eq(emailCodes.id, row.id), lt(emailCodes.attempts, MAX_CODE_ATTEMPTS)))
        .returning({ attempts: emailCodes.attempts });
      if (counted.length === 0) throw new AppError("validation", errors.exhausted);
      if (!constantTimeEqual(hashEmailCode(input.purpose, input.email, input.code), row.codeHash)) {
        throw new AppError("validation", errors.invalid, {
          details: { attemptsLeft: MAX_CODE_ATTEMPTS - counted[0]!.attempts },
        });
      }
      return row;
    },
    () =>
      logEvent({
        event: "auth.code_check_locked",
        level: "warn",
        purpose: input.purpose,
        emailHash: fingerprint(input.email),
      }),
  );
}

/** Marks a code used, only if it still is pending and valid; false when someone used it first. */
export async function consumeEmailCode(db: Database, id: number, now: Date): Promise<boolean> {
  const result = await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt), gt(emailCodes.expiresAt, now)));
  return changedRows(result) === 1;
}
