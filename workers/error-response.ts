import type { Context } from "hono";
import type { HonoEnv } from "./hono-app";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { apiLanguage } from "#domain/http/request-language";
import { reasonStatusOf, type AppError } from "#domain/shared/app-error";
import { errorCodeForKey, errorCodeOf, errorTypeOf, STATUS_OF_TYPE, type ErrorType } from "#domain/shared/error-codes";
import { fallbackLanguage } from "#domain/http/i18n-config";

/** One wrong field of a JSON error answer: its path as sent (`buyer.email`, `_` for the whole body). */
export type ErrorField = { name: string; code: string; message: string };

/** The one JSON error body of the Worker (issue 26 §2, docs/decisions/0046-one-api-error-format.md). */
export type ErrorBody = {
  error: {
    type: ErrorType;
    code: string;
    message: string;
    fields: ErrorField[];
    request_id: string;
    /** The public booking API's sold-out ticket. */
    ticket_id?: number;
    /** …and the date of a multi-date event that ran short (decision 0068). */
    date_id?: number;
  };
};

type Tree = { [key: string]: string | Tree };

/**
 * The interface's text by language and namespace (app/locales' `resources`), handed to createHonoApp by the Worker's
 * entry: workers/ never imports app/ (docs/decisions/0001-layout.md). A function loads it when an error first needs it,
 * so that the Worker's entry chunk does not carry every language's text.
 */
export type ErrorMessages = Readonly<Record<string, Readonly<Record<string, unknown>>>>;
export type ErrorMessagesSource = ErrorMessages | (() => Promise<ErrorMessages>);

/** The generic message of each type, for a key that has no text (never sent as the message itself). */
const GENERIC_KEY: Record<ErrorType, string> = {
  validation: "errors:invalid-input",
  unauthorized: "errors:unauthorized",
  forbidden: "errors:forbidden",
  not_found: "errors:not-found",
  conflict: "errors:internal-error",
  rate_limited: "errors:rate-limited",
  internal: "errors:internal-error",
  unavailable: "errors:internal-error",
};

function lookup(messages: ErrorMessages, language: string, messageKey: string): string | undefined {
  const at = messageKey.indexOf(":");
  const namespace = at < 0 ? "errors" : messageKey.slice(0, at);
  const path = messageKey.slice(at + 1).split(".");
  let node = messages[language]?.[namespace] as string | Tree | undefined;
  const last = path.pop()!;
  for (const part of path) node = typeof node === "object" ? node[part] : undefined;
  const text = typeof node === "object" ? (node[last] ?? node[`${last}_other`]) : undefined;
  return typeof text === "string" ? text : undefined;
}

/** `{{name}}` placeholders filled from the error's details, as i18next does. */
function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    return typeof value === "string" || typeof value === "number" ? String(value) : whole;
  });
}

/** A key's text in the language (French when the language has none); the type's generic text for an unknown key. */
export function errorMessage(
  messages: ErrorMessages,
  language: string,
  messageKey: string,
  type: ErrorType,
  values: Record<string, unknown> = {},
): string {
  const text =
    lookup(messages, language, messageKey) ??
    lookup(messages, fallbackLanguage, messageKey) ??
    lookup(messages, language, GENERIC_KEY[type]) ??
    lookup(messages, fallbackLanguage, GENERIC_KEY[type]);
  if (text === undefined) throw new Error(`no text for ${messageKey} nor ${GENERIC_KEY[type]}`);
  return fill(text, values);
}

export type ErrorAnswer = {
  type: ErrorType;
  code: string;
  messageKey: string;
  fields?: Record<string, string>;
  values?: Record<string, unknown>;
  /** A status the transport documents instead of the type's (413, 422). */
  status?: number;
  ticketId?: number;
  dateId?: number;
};

/** Builds the JSON error answer in the request's language: Accept-Language, else French. */
export async function errorResponse(c: Context<HonoEnv>, answer: ErrorAnswer): Promise<Response> {
  const source = c.get("errorMessages");
  const messages = typeof source === "function" ? await source() : source;
  const requested = apiLanguage(c.req.raw);
  const language = requested in messages ? requested : fallbackLanguage;
  const fields = Object.entries(answer.fields ?? {}).map(([name, key]) => ({
    name,
    code: errorCodeForKey(key),
    message: errorMessage(messages, language, key, answer.type, answer.values),
  }));
  const body: ErrorBody = {
    error: {
      type: answer.type,
      code: answer.code,
      message: errorMessage(messages, language, answer.messageKey, answer.type, answer.values),
      fields,
      request_id: c.get("requestId") ?? "",
      ...(answer.ticketId === undefined ? {} : { ticket_id: answer.ticketId }),
      ...(answer.dateId === undefined ? {} : { date_id: answer.dateId }),
    },
  };
  const status = (answer.status ?? STATUS_OF_TYPE[answer.type]) as ContentfulStatusCode;
  return c.json(body, status, { "Content-Language": language });
}

/** The answer of an AppError: type, status and code from its code and reason, never from its message key. */
export function appErrorResponse(
  c: Context<HonoEnv>,
  error: AppError,
  options: { status?: number } = {},
): Promise<Response> {
  const ticketId = error.details?.ticketId;
  const dateId = error.details?.dateId;
  return errorResponse(c, {
    type: errorTypeOf(error),
    code: errorCodeOf(error),
    messageKey: error.messageKey,
    fields: error.fields,
    values: error.details,
    status: options.status ?? reasonStatusOf(error),
    ticketId: error.reason === "sold_out" && typeof ticketId === "number" ? ticketId : undefined,
    dateId: error.reason === "sold_out" && typeof dateId === "number" ? dateId : undefined,
  });
}
