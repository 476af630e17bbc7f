import * as v from "valibot";
import type { Database } from "#db/database";
import { registrationCodeEmail } from "../emails/registration-code-email";
import { AppError } from "../shared/app-error";
import { emailSchema } from "../shared/email";
import { findUserByEmail } from "../users/find-user-by-email";
import { firstNameSchema, lastNameSchema } from "../users/user-fields";
import type { AuthMail } from "./auth-mail";
import type { ClientInfo } from "./client-info";
import { generateRegistrationCode, REGISTRATION_CODE_LIFETIME_MS } from "./email-code";
import { findPendingEmailCode, readRegistrationPayload, storeEmailCode } from "./email-code-store";
import { hitRateLimits, perEmailAndIp } from "./rate-limit";
import { orEmpty, validateInput } from "./validate-input";

/** Step 1 of registration (page /auth/register, API /auth/verify-email). */
export const registrationRequestSchema = v.object({
  email: orEmpty(emailSchema),
  firstName: orEmpty(firstNameSchema),
  lastName: orEmpty(lastNameSchema),
});

/** Spec §5: 'email already in use' (the page suggests signing in); the flows need to say so. */
export async function assertEmailAvailable(db: Database, email: string): Promise<void> {
  if (await findUserByEmail(db, email)) {
    throw new AppError("conflict", "errors:email-already-used", { fields: { email: "errors:email-already-used" } });
  }
}

async function issueRegistrationCode(
  db: Database,
  mail: AuthMail,
  input: { email: string; firstName: string; lastName: string },
  now: Date,
): Promise<void> {
  const code = generateRegistrationCode();
  await storeEmailCode(
    db,
    {
      purpose: "register",
      email: input.email,
      code,
      payload: { firstName: input.firstName, lastName: input.lastName, locale: mail.locale },
      lifetimeMs: REGISTRATION_CODE_LIFETIME_MS,
    },
    now,
  );
  const message = registrationCodeEmail({
    locale: mail.locale,
    firstName: input.firstName,
    code,
    validMinutes: REGISTRATION_CODE_LIFETIME_MS / 60_000,
  });
  await mail.sender.send({ to: input.email, ...message });
}

/** Emails a 6-digit code (valid 15 minutes, 5 attempts) to an address that has no account yet. */
export async function requestRegistrationCode(
  db: Database,
  mail: AuthMail,
  input: v.InferInput<typeof registrationRequestSchema>,
  client: ClientInfo,
  now = new Date(),
): Promise<{ email: string }> {
  const { email, firstName, lastName } = validateInput(registrationRequestSchema, input);
  await hitRateLimits(db, perEmailAndIp(email, client, "codeSendPerEmail", "codeSendPerIp"), now);
  await assertEmailAvailable(db, email);
  await issueRegistrationCode(db, mail, { email, firstName, lastName }, now);
  return { email };
}

/** "Resend the code": a fresh code with the names given at step 1; the previous code stops working. */
export async function resendRegistrationCode(
  db: Database,
  mail: AuthMail,
  input: { email: string },
  client: ClientInfo,
  now = new Date(),
): Promise<void> {
  const { email } = validateInput(v.object({ email: orEmpty(emailSchema) }), input);
  await hitRateLimits(db, perEmailAndIp(email, client, "codeSendPerEmail", "codeSendPerIp"), now);
  const pending = await findPendingEmailCode(db, "register", email);
  const payload = pending ? readRegistrationPayload(pending) : null;
  if (!payload) throw new AppError("validation", "errors:registration-expired");
  await assertEmailAvailable(db, email);
  await issueRegistrationCode(db, mail, { email, firstName: payload.firstName, lastName: payload.lastName }, now);
}
