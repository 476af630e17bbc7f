import * as v from "valibot";
import type { Database } from "#db/database";
import type { EmailSender } from "#adapters/email";
import { googleAccountResetEmail } from "../emails/google-account-reset-email";
import { passwordResetEmail } from "../emails/password-reset-email";
import { AppError } from "../shared/app-error";
import { generateRandomToken } from "../shared/crypto";
import { emailSchema } from "../shared/email";
import { fingerprint, logEvent } from "../shared/log";
import { findUserByEmail, type UserCredentials } from "../users/find-user-by-email";
import { sendOrDefer, type AuthMail } from "./auth-mail";
import type { ClientInfo } from "./client-info";
import { RESET_CODE_LIFETIME_MS } from "./email-code";
import { storeEmailCode } from "./email-code-store";
import { hitRateLimits, perEmailAndIp } from "./rate-limit";
import { orEmpty, validateInput } from "./validate-input";

export const passwordResetRequestSchema = v.object({ email: orEmpty(emailSchema) });

/** Spec §8, verbatim: 'Vous êtes connecté avec google. Vous ne pouvez pas réinitialiser votre mot de passe.' */
const GOOGLE_ACCOUNT_RESET_MESSAGE = "errors:reset-google-account";

/**
 * The one Google-account reset rule: an account that signs in with Google has no password to reset. Whoever is known
 * to hold the account (signed in as it, or holding its emailed link) gets the spec's sentence; an anonymous request
 * gets it by email instead (see requestPasswordReset), so the request form tells strangers nothing.
 */
export function assertPasswordResettable(user: Pick<UserCredentials, "authMethod">): void {
  if (user.authMethod === "google") throw new AppError("forbidden", GOOGLE_ACCOUNT_RESET_MESSAGE);
}

/** The emailed link: /auth/reset-password?email=…&code=… on the configured public address. */
function passwordResetLink(appUrl: string, email: string, code: string): string {
  const url = new URL("/auth/reset-password", appUrl);
  url.searchParams.set("email", email);
  url.searchParams.set("code", code);
  return url.toString();
}

/**
 * "Mot de passe oublié": emails a single-use reset link (valid one hour). The answer is the same whether or not an
 * account exists ('Email envoyé'), and so is the work: a code is generated and stored and an email rendered and handed
 * to a sender for every address, so neither the answer, its timing nor the writes tell whether the account exists.
 * Unknown addresses' email goes to a sender that drops it; Google accounts get the spec's sentence by email. A request
 * from someone signed in as a Google account (the profile) is refused with that sentence directly.
 */
export async function requestPasswordReset(
  db: Database,
  mail: AuthMail,
  input: v.InferInput<typeof passwordResetRequestSchema>,
  client: ClientInfo,
  options: { signedInUserId?: number | null } = {},
  now = new Date(),
): Promise<void> {
  const { email } = validateInput(passwordResetRequestSchema, input);
  await hitRateLimits(db, perEmailAndIp(email, client, "codeSendPerEmail", "codeSendPerIp"), now);
  const user = await findUserByEmail(db, email);
  if (user && user.id === options.signedInUserId) assertPasswordResettable(user);

  const code = generateRandomToken();
  await storeEmailCode(
    db,
    { purpose: "reset-password", email, code, payload: {}, lifetimeMs: RESET_CODE_LIFETIME_MS },
    now,
  );
  const locale = mail.locale;
  const message =
    user?.authMethod === "google"
      ? googleAccountResetEmail({
          locale,
          firstName: user.firstName,
          loginUrl: new URL("/auth/login", mail.appUrl).toString(),
        })
      : passwordResetEmail({
          locale,
          firstName: user?.firstName ?? "",
          link: passwordResetLink(mail.appUrl, email, code),
          validMinutes: RESET_CODE_LIFETIME_MS / 60_000,
        });
  logEvent({
    event: "auth.password_reset_requested",
    emailHash: fingerprint(email),
    account: user?.authMethod ?? "none",
  });
  // An address without an account: the same send path, to a sender that drops the message.
  const sender: EmailSender = user ? mail.sender : { mode: mail.sender.mode, send: async () => {} };
  return sendOrDefer(mail, () => sender.send({ to: email, ...message }));
}
