import * as v from "valibot";
import { sha256Hex } from "../shared/crypto";

const MINUTE = 60_000;

/** Registration codes: 6 digits typed by the user, valid 15 minutes, 5 attempts. */
export const REGISTRATION_CODE_LIFETIME_MS = 15 * MINUTE;
/** Reset links: a 160-bit token in the emailed link, valid one hour, 5 attempts. */
export const RESET_CODE_LIFETIME_MS = 60 * MINUTE;
export const MAX_CODE_ATTEMPTS = 5;

export type EmailCodePurpose = "register" | "reset-password" | "delete-account";

/** Six digits, uniform (rejection sampling keeps 000000–999999 equally likely). */
export function generateRegistrationCode(): string {
  const buffer = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return String(buffer[0]! % 1_000_000).padStart(6, "0");
  }
}

/**
 * What email_codes stores instead of the code. Salted with purpose and email so one hash never matches another row's
 * code; a leaked 6-digit hash is still guessable offline, which is why those codes live 15 minutes and are single-use.
 */
export function hashEmailCode(purpose: EmailCodePurpose, email: string, code: string): string {
  return sha256Hex(`${purpose}:${email}:${code}`);
}

/** The code typed on the validation page or sent to /auth/register. */
export const registrationCodeSchema = v.pipe(
  v.string("errors:email-code-required"),
  v.trim(),
  v.nonEmpty("errors:email-code-required"),
  v.regex(/^\d{6}$/, "errors:email-code-invalid"),
);

/** The code of a reset link. */
export const resetCodeSchema = v.pipe(
  v.string("errors:reset-link-invalid"),
  v.trim(),
  v.nonEmpty("errors:reset-link-invalid"),
  v.toLowerCase(),
  v.regex(/^[a-z2-7]{32}$/, "errors:reset-link-invalid"),
);
