import type { CheckInListParticipant } from "#domain/check-ins/check-in-participant";
import type { CheckInResultCode } from "#domain/check-ins/record-check-in";
import type { ImportRowError } from "#domain/participant-import/import-rows";
import type { OrganizationImageKind } from "#domain/organizations/organization-images";
import { errorCodeForKey } from "#domain/shared/error-codes";

/*
 * The one client of the JSON API for the browser's own calls (uploads, the import, the scanner): the paths, methods and
 * answer types live here, next to each other, instead of in hand-written fetch calls spread over components. Calls go
 * with the session cookie; an error answer carries the API's one error format (docs/decisions/0046-one-api-error-format.md),
 * whose `code` a page translates with its own keys (`errorKeyFor`), as its other text.
 */

/** The `error` of an error answer: `type` and `code` for programs, `message` in the request's Accept-Language. */
export type ApiError = {
  type: string;
  code: string;
  message: string;
  fields: { name: string; code: string; message: string }[];
  request_id: string;
};

export type ApiAnswer<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError | null };

/**
 * The message key of an error answer among the keys a page can show: the one whose code (errorCodeForKey) is the
 * answer's, or the one `byCode` names for a code that is a reason (e.g. `email_quota_reached`); else `fallback`.
 */
export function errorKeyFor<K extends string>(
  error: ApiError | null,
  keys: readonly K[],
  fallback: K,
  byCode: Readonly<Record<string, K>> = {},
): K {
  if (!error) return fallback;
  return byCode[error.code] ?? keys.find((key) => errorCodeForKey(key) === error.code) ?? fallback;
}

/** The request never got an answer (offline, DNS, aborted): unlike an error answer, worth retrying later. */
class ApiNetworkError extends Error {
  constructor(cause: unknown) {
    super("network-error", { cause });
    this.name = "ApiNetworkError";
  }
}

type Body = FormData | Record<string, unknown> | undefined;

async function call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: Body): Promise<ApiAnswer<T>> {
  const init: RequestInit = { method, credentials: "same-origin" };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json" };
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, init);
  } catch (error) {
    throw new ApiNetworkError(error);
  }
  const json = (await response.json().catch(() => null)) as unknown;
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  const error = (json as { error?: unknown } | null)?.error;
  return { ok: false, status: response.status, error: typeof error === "object" && error ? (error as ApiError) : null };
}

/** The scanner's view of the check-in API: answers typed by the domain's own types. */
export type ScanResultCode = CheckInResultCode;
export type ScannerParticipant = CheckInListParticipant;

export type CheckInAnswer = {
  result: ScanResultCode;
  participant: { id: number; first_name: string; last_name: string; is_in: boolean } | null;
  ticket: { id: number; title: string } | null;
  ticket_date?: { id: number; start_at: number } | null;
};

export type CheckInListPage = { server_time: number; participants: ScannerParticipant[]; next_after: number | null };

export const api = {
  uploadEventBanner: (eventId: number, parts: FormData) =>
    call<{ main_picture: string }>("POST", `/events/${eventId}/banner`, parts),

  uploadOrganizationImage: (organizationId: number, kind: OrganizationImageKind, parts: FormData) =>
    call<unknown>("POST", `/organizers/${organizationId}/images/${kind}`, parts),

  deleteOrganizationImage: (organizationId: number, kind: OrganizationImageKind) =>
    call<unknown>("DELETE", `/organizers/${organizationId}/images/${kind}`),

  /** With `emails`, reserves that many sends against the organization's daily quota (or refuses the import whole). */
  checkParticipantImport: (
    eventId: number,
    body: { totals: { ticket_id: number; quantity: number }[]; emails?: number },
  ) => call<{ email_reservation?: string | null }>("POST", `/events/${eventId}/participant-import/check`, body),

  importParticipants: (
    eventId: number,
    body: { rows: string[][]; first_line: number; send_email: boolean; email_reservation?: string },
  ): Promise<ApiAnswer<{ errors?: ImportRowError[] }>> => call("POST", `/events/${eventId}/participant-import`, body),

  checkIn: (
    eventId: number,
    scan: {
      id: string;
      token?: string;
      participant_id?: number;
      direction: "in" | "out";
      scanned_at: number;
      date_id?: number;
    },
  ) => call<CheckInAnswer>("POST", `/events/${eventId}/check-ins`, scan),

  /** Issue 30 §4: a cancelled date's participants to another date (all or nothing). */
  moveDateParticipants: (eventId: number, dateId: number, toDateId: number) =>
    call<{ moved: number }>("POST", `/events/${eventId}/dates/${dateId}/move`, { to_date_id: toDateId }),

  /** Issue 30 §4: a cancelled date's buyers refunded, a few orders per call from `after`. */
  refundDateOrders: (eventId: number, dateId: number, after: number | null) =>
    call<{ refunded: number; failed: number[]; not_refundable: number; next: number | null }>(
      "POST",
      `/events/${eventId}/dates/${dateId}/refund`,
      { after },
    ),

  checkInList: (eventId: number, query: { limit: number; since: number | null; after: number | null }) => {
    const params = new URLSearchParams({ limit: String(query.limit) });
    if (query.since !== null) params.set("since", String(query.since));
    if (query.after !== null) params.set("after", String(query.after));
    return call<CheckInListPage>("GET", `/events/${eventId}/check-ins/list?${params}`);
  },

  searchCheckIns: (eventId: number, text: string) =>
    call<{ participants: ScannerParticipant[] }>(
      "GET",
      `/events/${eventId}/check-ins/search?${new URLSearchParams({ q: text })}`,
    ),
};
