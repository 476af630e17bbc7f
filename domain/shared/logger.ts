import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The Worker's structured log: one JSON object per line, which Workers Logs (wrangler.toml `[observability]`) indexes
 * field by field. Every line of a request carries its `request_id`, every line of a queue message or cron run its job
 * fields, without handlers passing them around: they live in an AsyncLocalStorage scope opened by the request-id
 * middleware, the queue consumer and the cron handler.
 *
 * No personal data: fields are numbers, fixed words and ids. A path is logged without its query string (reset codes,
 * order tokens, `?to=` addresses travel there) and with token-like or email-like segments replaced (`logPath`).
 */
export type LogLevel = "debug" | "info" | "warn" | "error";

export type LogValue = string | number | boolean | null | undefined;
export type LogFields = Record<string, LogValue>;

/** What every line of one request or job carries. */
export type LogScope = {
  request_id?: string;
  method?: string;
  path?: string;
  job_type?: string;
  job_id?: string;
  cron?: string;
};

const scope = new AsyncLocalStorage<LogScope>();

/** Runs `run` with `fields` added to every log line written inside it (nested scopes add to the outer one). */
export function withLogScope<T>(fields: LogScope, run: () => T): T {
  return scope.run({ ...scope.getStore(), ...fields }, run);
}

/** The one JSON line of an event; exported for tests. */
function formatLogLine(level: LogLevel, msg: string, fields: LogFields = {}): string {
  return JSON.stringify({ time: new Date().toISOString(), level, msg, ...scope.getStore(), ...fields });
}

/** Writes one line; `error` and `warn` go to console.error / console.warn so that Workers Logs keeps their level. */
function log(level: LogLevel, msg: string, fields?: LogFields): void {
  const line = formatLogLine(level, msg, fields);
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export const logger = {
  debug: (msg: string, fields?: LogFields) => log("debug", msg, fields),
  info: (msg: string, fields?: LogFields) => log("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => log("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => log("error", msg, fields),
};

/**
 * An error as log fields: its class and message, never its cause's data. Messages of our own errors are fixed words or
 * i18n keys; a driver's message (D1, fetch) names tables and constraints, not values.
 */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) return { error: error.name, error_message: redactText(error.message).slice(0, 300) };
  return { error: typeof error };
}

const EMAIL = /[^\s@/?#&=]+@[^\s@/?#&=]+\.[^\s@/?#&=]+/g;
// 16+ URL-safe characters mixing letters and digits with no word separator: access tokens, HMACs, session ids.
const TOKEN_SEGMENT = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_~.=+-]{16,}$/;
// A slug is words joined by hyphens ("soiree-des-benevoles-2026"); a token is one unbroken run.
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

/** Emails removed from free text (an error message that quoted a value). */
export function redactText(text: string): string {
  return text.replace(EMAIL, "[email]");
}

/**
 * A request's path as it may be logged: no query string, no fragment; a segment that looks like a token (`/events/
 * preview/1/slug/<token>`) or holds an email becomes `:redacted`. Lowercase slugs and numeric ids stay readable.
 */
export function logPath(url: string | URL): string {
  const { pathname } = typeof url === "string" ? new URL(url, "http://log.invalid") : url;
  return pathname
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape is kept as it came.
      }
      if (decoded.includes("@")) return ":redacted";
      if (TOKEN_SEGMENT.test(decoded) && !SLUG.test(decoded)) return ":redacted";
      return segment;
    })
    .join("/");
}
