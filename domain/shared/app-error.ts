export type AppErrorCode = "unauthorized" | "forbidden" | "not_found" | "validation" | "conflict" | "rate_limited";

/**
 * The one error the domain throws. `messageKey` is an i18n key (namespace "errors" unless it contains ":"),
 * `fields` maps form fields to message keys for field-level errors.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly messageKey: string;
  readonly fields?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(
    code: AppErrorCode,
    messageKey: string,
    options: { fields?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(`${code}: ${messageKey}`);
    this.name = "AppError";
    this.code = code;
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

export function httpStatusOf(error: AppError): number {
  return statusByCode[error.code];
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const notFound = (messageKey = "not-found") => new AppError("not_found", messageKey);
export const forbidden = (messageKey = "forbidden") => new AppError("forbidden", messageKey);
