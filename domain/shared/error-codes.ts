import { ERROR_CODES, type ErrorCode } from "./error-code-catalogue";
import type { AppError, AppErrorCode } from "./app-error";

export { ERROR_CODES, type ErrorCode };

/**
 * The `type` of a JSON error answer (issue 26 §2): the AppError codes, `internal` for an unexpected failure (500) and
 * `unavailable` for a service the call needs that is not there (the payment provider, 503).
 */
export type ErrorType = AppErrorCode | "internal" | "unavailable";

export const ERROR_TYPES = [
  "validation",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "internal",
  "unavailable",
] as const satisfies readonly ErrorType[];

/** The HTTP status of each type. Validation answers 400, except where a transport documents its own (413, 422). */
export const STATUS_OF_TYPE = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<ErrorType, number>;

/** Keys whose path does not say the error (a page's title reused as the message): their code, named here. */
const CODE_OF_KEY: Readonly<Record<string, string>> = {
  "public-event:not-found.title": "not_found",
};

/**
 * The stable machine code of a message key: the key's path without its namespace and its `errors` segments, in
 * snake_case ("organizations:errors.title-not-unique" → "title_not_unique", "errors:invalid-input" → "invalid_input",
 * "members:invitation.errors.revoked" → "invitation_revoked"). Keys of different namespaces saying the same thing share
 * a code ("events:errors.not-found" and "not-found" → "not_found"). Every code a key can give is listed in ERROR_CODES
 * (a unit test scans domain/ and workers/ for keys): renaming a key that would change its code fails that test.
 */
export function errorCodeForKey(messageKey: string): string {
  const named = CODE_OF_KEY[messageKey];
  if (named) return named;
  const path = messageKey.includes(":") ? messageKey.slice(messageKey.indexOf(":") + 1) : messageKey;
  return path
    .split(".")
    .filter((segment) => segment !== "errors")
    .join("_")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/** The type of an AppError's answer: its code, except a reason that needs another status. */
export function errorTypeOf(error: AppError): ErrorType {
  return error.reason === "payment_unavailable" ? "unavailable" : error.code;
}

/** The code of an AppError: its reason when finer than its type (`sold_out`, `publish_incomplete`…), else its key's. */
export function errorCodeOf(error: AppError): string {
  return error.reason !== error.code ? error.reason : errorCodeForKey(error.messageKey);
}

/** The message key that explains a code, for a page that translates an API answer itself (the API's own `message`). */
export function messageKeyOfCode(code: string): string | undefined {
  return (ERROR_CODES as Record<string, string>)[code];
}
