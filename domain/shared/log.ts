import { sha256Hex } from "./crypto";

/** Values a log line may carry: never an email, a password, a code or a token in clear. */
type LogValue = string | number | boolean | null | undefined;

export type AuthLogEvent =
  | "auth.sign_in_failed"
  | "auth.sign_in_locked"
  | "auth.code_check_locked"
  | "auth.password_reset_requested"
  | "auth.password_reset"
  | "auth.google_linked"
  | "webhooks.dispatch_failed"
  | "webhooks.endpoint_disabled";

export type LogEntry = { event: AuthLogEvent; level?: "info" | "warn" } & Record<string, LogValue>;

/**
 * One structured line per security event (Workers Logs index JSON lines by field). Emails and IPs appear only as
 * `fingerprint()`s, so the log can correlate attempts on one account without holding the address.
 */
export function logEvent({ level = "info", ...fields }: LogEntry): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, ...fields });
  if (level === "warn") console.warn(line);
  else console.log(line);
}

/** A short, stable stand-in for an email or an IP in logs (SHA-256, 16 hex characters). */
export function fingerprint(value: string): string {
  return sha256Hex(`guichet-log:${value.trim().toLowerCase()}`).slice(0, 16);
}
