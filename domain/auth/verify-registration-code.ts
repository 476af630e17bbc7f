import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { emailCodes } from "#db/schema";
import { emailSchema } from "../shared/email";
import type { ClientInfo } from "./client-info";
import { generateRandomToken, sha256Hex } from "../shared/crypto";
import { registrationCodeSchema, REGISTRATION_CODE_LIFETIME_MS } from "./email-code";
import { checkEmailCode, readRegistrationPayload, type CodeErrors, type EmailCodeRow } from "./email-code-store";
import { hitRateLimits, perEmailAndIp } from "./rate-limit";
import { orEmpty, validateInput } from "./validate-input";

const registrationCodeErrors: CodeErrors = {
  expired: "errors:email-code-expired",
  exhausted: "errors:email-code-attempts",
  invalid: "errors:email-code-invalid",
};

export const verifyRegistrationCodeSchema = v.object({
  email: orEmpty(emailSchema),
  code: orEmpty(registrationCodeSchema),
});

/** Counts one registration-code check against the per-email and per-IP limits (throws `rate_limited` when over). */
export async function countRegistrationCodeCheck(
  db: Database,
  email: string,
  client: ClientInfo,
  now: Date,
): Promise<void> {
  await hitRateLimits(db, perEmailAndIp(email, client, "codeCheckPerEmail", "codeCheckPerIp"), now);
}

/** Checks a registration code; the caller has counted the attempt with countRegistrationCodeCheck. */
export async function checkCountedRegistrationCode(
  db: Database,
  input: { email: string; code: string },
  now: Date,
): Promise<EmailCodeRow> {
  return checkEmailCode(db, { purpose: "register", ...input }, registrationCodeErrors, now);
}

/**
 * Step 2 of the registration pages: a right code earns a registration ticket (random, only its hash is stored on the
 * code row) that the password step presents. The browser never holds a "verified" flag it could forge.
 */
export async function verifyRegistrationCode(
  db: Database,
  input: v.InferInput<typeof verifyRegistrationCodeSchema>,
  client: ClientInfo,
  now = new Date(),
): Promise<{ ticket: string }> {
  const { email, code } = validateInput(verifyRegistrationCodeSchema, input);
  await countRegistrationCodeCheck(db, email, client, now);
  const row = await checkCountedRegistrationCode(db, { email, code }, now);
  const payload = readRegistrationPayload(row) ?? { firstName: "", lastName: "" };
  const ticket = generateRandomToken();
  await db
    .update(emailCodes)
    .set({
      payload: JSON.stringify({ ...payload, ticketHash: sha256Hex(ticket) }),
      expiresAt: new Date(now.getTime() + REGISTRATION_CODE_LIFETIME_MS),
    })
    .where(eq(emailCodes.id, row.id));
  return { ticket: `${row.id}.${ticket}` };
}
