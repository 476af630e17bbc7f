import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { emailCodes } from "#db/schema";
import { emailSchema } from "../shared/email";
import type { ClientInfo } from "./client-info";
import { generateRandomToken, registrationCodeSchema, REGISTRATION_CODE_LIFETIME_MS, sha256Hex } from "./email-code";
import { checkEmailCode, readRegistrationPayload, type CodeErrors, type EmailCodeRow } from "./email-code-store";
import { hitRateLimits, perEmailAndIp } from "./rate-limit";
import { orEmpty, validateInput } from "./validate-input";

export const registrationCodeErrors: CodeErrors = {
  expired: "errors:email-code-expired",
  exhausted: "errors:email-code-attempts",
  invalid: "errors:email-code-invalid",
};

export const verifyRegistrationCodeSchema = v.object({ email: orEmpty(emailSchema), code: orEmpty(registrationCodeSchema) });

/** Checks a registration code, counting the attempt and the per-email/IP limits. */
export async function checkRegistrationCode(
  db: Database,
  input: { email: string; code: string },
  client: ClientInfo,
  now: Date,
): Promise<EmailCodeRow> {
  await hitRateLimits(db, perEmailAndIp(input.email, client, "codeCheckPerEmail", "codeCheckPerIp"), now);
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
  const row = await checkRegistrationCode(db, { email, code }, client, now);
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
