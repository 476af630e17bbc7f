import { timingSafeEqual } from "node:crypto";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import * as v from "valibot";

const MINUTE = 60_000;

/** Registration codes: 6 digits typed by the user, valid 15 minutes, 5 attempts. */
export const REGISTRATION_CODE_LIFETIME_MS = 15 * MINUTE;
/** Reset links: a 160-bit token in the emailed link, valid one hour, 5 attempts. */
export const RESET_CODE_LIFETIME_MS = 60 * MINUTE;
export const MAX_CODE_ATTEMPTS = 5;

export type EmailCodePurpose = "register" | "reset-password";

/** Six digits, uniform (rejection sampling keeps 000000–999999 equally likely). */
export function generateRegistrationCode(): string {
  const buffer = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return String(buffer[0]! % 1_000_000).padStart(6, "0");
  }
}

/** 20 random bytes, base32 (32 characters): long enough that guessing is hopeless even offline. */
export function generateRandomToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * What email_codes stores instead of the code. Salted with purpose and email so one hash never matches another row's
 * code; a leaked 6-digit hash is still guessable offline, which is why those codes live 15 minutes and are single-use.
 */
export function hashEmailCode(purpose: EmailCodePurpose, email: string, code: string): string {
  return sha256Hex(`${purpose}:${email}:${code}`);
}

export function sha256Hex(value: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(value)));
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
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
