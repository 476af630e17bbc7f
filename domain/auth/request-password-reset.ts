import * as v from "valibot";
import type { Database } from "#db/database";
import { googleAccountResetEmail } from "../emails/google-account-reset-email";
import { passwordResetEmail } from "../emails/password-reset-email";
import { emailSchema } from "../shared/email";
import { findUserByEmail } from "../users/find-user-by-email";
import { sendOrDefer, type AuthMail } from "./auth-mail";
import type { ClientInfo } from "./client-info";
import { generateRandomToken } from "../shared/crypto";
import { RESET_CODE_LIFETIME_MS } from "./email-code";
import { storeEmailCode } from "./email-code-store";
import { hitRateLimits, perEmailAndIp } from "./rate-limit";
import { orEmpty, validateInput } from "./validate-input";

export const passwordResetRequestSchema = v.object({ email: orEmpty(emailSchema) });

/** The emailed link: /auth/reset-password?email=…&code=… on the configured public address. */
export function passwordResetLink(appUrl: string, email: string, code: string): string {
  const url = new URL("/auth/reset-password", appUrl);
  url.searchParams.set("email", email);
  url.searchParams.set("code", code);
  return url.toString();
}

/**
 * "Mot de passe oublié": emails a single-use reset link (valid one hour). The answer is the same whether or not an
 * account exists ('Email envoyé'): unknown addresses get nothing, Google accounts get an email explaining they have
 * no password.
 */
export async function requestPasswordReset(
  db: Database,
  mail: AuthMail,
  input: v.InferInput<typeof passwordResetRequestSchema>,
  client: ClientInfo,
  now = new Date(),
): Promise<void> {
  const { email } = validateInput(passwordResetRequestSchema, input);
  await hitRateLimits(db, perEmailAndIp(email, client, "codeSendPerEmail", "codeSendPerIp"), now);
  const user = await findUserByEmail(db, email);
  if (!user) return;
  if (user.authMethod === "google") {
    const message = googleAccountResetEmail({
      locale: mail.locale,
      firstName: user.firstName,
      loginUrl: new URL("/auth/login", mail.appUrl).toString(),
    });
    return sendOrDefer(mail, () => mail.sender.send({ to: email, ...message }));
  }
  const code = generateRandomToken();
  await storeEmailCode(db, { purpose: "reset-password", email, code, payload: {}, lifetimeMs: RESET_CODE_LIFETIME_MS }, now);
  const message = passwordResetEmail({
    locale: mail.locale,
    firstName: user.firstName,
    link: passwordResetLink(mail.appUrl, email, code),
    validMinutes: RESET_CODE_LIFETIME_MS / 60_000,
  });
  return sendOrDefer(mail, () => mail.sender.send({ to: email, ...message }));
}
