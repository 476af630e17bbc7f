import type { AppErrorCode, AppErrorReason } from "#domain/shared/app-error";
import { ERROR_CODES } from "#domain/shared/error-code-catalogue";

/**
 * One machine-readable error code of the API as the reference lists it. The catalogue's field-level codes have no
 * type or status of their own (the error that carries them says it).
 */
export type ErrorCodeDoc = { code: string; type?: AppErrorCode | "unavailable"; status?: number; description: string };

/**
 * The error codes the API reference lists (GET /api/openapi.json's `x-error-codes` and the "Errors" section of
 * /developers). Today they are AppError's reasons (domain/shared/app-error.ts): the Record makes a new reason fail the
 * typecheck until it is described here. This is the hook for issue 26 §2's catalogue of stable codes: replace or
 * extend `errorCodes` from it, the document and the page follow.
 */
const reasons: Record<AppErrorReason, Omit<ErrorCodeDoc, "code">> = {
  validation: {
    type: "validation",
    status: 400,
    description: "The request is malformed or a field is invalid; `fields` names each wrong field.",
  },
  unauthorized: {
    type: "unauthorized",
    status: 401,
    description: "No valid credential: the Bearer token or API key is missing, expired or revoked.",
  },
  forbidden: {
    type: "forbidden",
    status: 403,
    description: "The credential is valid but its role (or its API key's scopes) does not allow this call.",
  },
  not_found: {
    type: "not_found",
    status: 404,
    description: "The object does not exist, or belongs to another organization (never told apart).",
  },
  conflict: {
    type: "conflict",
    status: 409,
    description: "The call conflicts with the object's current state (e.g. deleting a ticket already sold).",
  },
  rate_limited: {
    type: "rate_limited",
    status: 429,
    description: "Too many requests; retry after the number of seconds in the `Retry-After` header.",
  },
  sold_out: {
    type: "conflict",
    status: 409,
    description: "A ticket, the event's capacity or a promo code's uses ran short while booking.",
  },
  promo_used_up: {
    type: "conflict",
    status: 409,
    description: "The promo code has no uses left for the requested quantity.",
  },
  payment_unavailable: {
    type: "unavailable",
    status: 503,
    description: "The organizer cannot take payments right now; nothing was booked.",
  },
  google_email_unverified: {
    type: "unauthorized",
    status: 401,
    description: "Google sign-in: the Google account's email address is not verified.",
  },
  publish_incomplete: {
    type: "conflict",
    status: 409,
    description: "The event lacks a field required to publish it (title, dates, place…).",
  },
  payment_account_required: {
    type: "conflict",
    status: 409,
    description: "Selling paid tickets needs a connected payment account first.",
  },
  email_quota_reached: {
    type: "conflict",
    status: 409,
    description: "The organization's daily email quota would be exceeded.",
  },
  message_already_sent: {
    type: "conflict",
    status: 409,
    description: "The message was sent already: sending it again needs `confirm_resend: true`.",
  },
  event_not_published: {
    type: "conflict",
    status: 409,
    description: "The call needs a published event (e.g. sending tickets by email).",
  },
  idempotency_key_invalid: {
    type: "validation",
    status: 400,
    description: "The `Idempotency-Key` header is not 1 to 255 printable ASCII characters.",
  },
  idempotency_key_reused: {
    type: "validation",
    status: 422,
    description: "The `Idempotency-Key` was already used for a different request (method, path or body).",
  },
  idempotency_key_in_progress: {
    type: "conflict",
    status: 409,
    description: "A request with the same `Idempotency-Key` is still running; retry a moment later.",
  },
};

export const errorCodes: ErrorCodeDoc[] = Object.entries(reasons).map(([code, doc]) => ({ code, ...doc }));

/**
 * Every code of the catalogue (domain/shared/error-code-catalogue.ts, issue 26 §2): the reasons above with their type
 * and status, then each other code described by its message in `describe`'s language (the API's own sentence).
 */
export function catalogueErrorCodes(describe: (messageKey: string) => string): ErrorCodeDoc[] {
  const described = new Set(errorCodes.map((doc) => doc.code));
  const rest = Object.entries(ERROR_CODES)
    .filter(([code]) => !described.has(code))
    .map(([code, messageKey]) => ({ code, description: describe(messageKey) }));
  return [...errorCodes, ...rest];
}
