export type AppErrorCode = "unauthorized" | "forbidden" | "not_found" | "validation" | "conflict" | "rate_limited";

/**
 * Why, in a word a program reads: the code itself, or a finer reason that some transport answers in its own way (the
 * public booking API's 409 `sold_out` and 503 `payment_unavailable`, the Google sign-in's redirect, the publish dialog's
 * step). Stable: an API answer's `code` is the reason when it is finer than the code (domain/shared/error-codes.ts),
 * unlike `messageKey`, which is copy.
 */
export type AppErrorReason =
  | AppErrorCode
  | "sold_out"
  | "promo_used_up"
  | "payment_unavailable"
  | "google_email_unverified"
  | "publish_incomplete"
  | "payment_account_required"
  | "email_quota_reached"
  | "message_already_sent"
  | "event_not_published"
  | "idempotency_key_invalid"
  | "idempotency_key_reused"
  | "idempotency_key_in_progress";

/**
 * The one error the domain throws. `code` sets the HTTP status, `reason` says why for programs (default: the code),
 * `messageKey` is an i18n key for people (namespace "errors" unless it contains ":"), `fields` maps form fields to
 * message keys for field-level errors. Transports choose statuses and behaviour from `code` and `reason`, never from
 * `messageKey`.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly reason: AppErrorReason;
  readonly messageKey: string;
  readonly fields?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(
    code: AppErrorCode,
    messageKey: string,
    options: { reason?: AppErrorReason; fields?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(`${code}: ${messageKey}`);
    this.name = "AppError";
    this.code = code;
    this.reason = options.reason ?? code;
    this.messageKey = messageKey;
    this.fields = options.fields;
    this.details = options.details;
  }
}

const statusByCode: Record<AppErrorCode, number> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  validation: 400,
  conflict: 409,
  rate_limited: 429,
};

/** Reasons answered with a status of their own: a key reused for another request is Stripe's 422. */
const statusByReason: Partial<Record<AppErrorReason, number>> = { idempotency_key_reused: 422 };

export function httpStatusOf(error: AppError): number {
  return statusByReason[error.reason] ?? statusByCode[error.code];
}

/** The status a reason has of its own (undefined: its type's). */
export function reasonStatusOf(error: AppError): number | undefined {
  return statusByReason[error.reason];
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const notFound = (messageKey = "not-found") => new AppError("not_found", messageKey);
export const forbidden = (messageKey = "forbidden") => new AppError("forbidden", messageKey);
