/**
 * The one scrubbing of an error report before it leaves for Sentry, on the Worker (workers/sentry.ts) and in the
 * browser (app/lib/error-reporting.client.ts): the SDKs run with `sendDefaultPii: false`, and this `beforeSend` removes
 * what can still carry a person's data — the user, cookies and auth headers, request bodies, query strings and
 * fragments (reset codes, order tokens, `?t=` private links, searched emails), token-like path segments, and any email
 * address or bearer token quoted in a message, an exception, a breadcrumb or an extra field.
 *
 * Typed structurally so that client code does not import the SDK's types eagerly.
 */
export type ScrubbableEvent = {
  message?: string;
  logentry?: { message?: string; params?: unknown[] };
  user?: unknown;
  request?: {
    url?: string;
    query_string?: unknown;
    cookies?: unknown;
    data?: unknown;
    headers?: Record<string, string>;
    env?: unknown;
  };
  exception?: { values?: { value?: string; stacktrace?: { frames?: { abs_path?: string; filename?: string }[] } }[] };
  breadcrumbs?: { message?: string; data?: Record<string, unknown> }[];
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  tags?: Record<string, unknown>;
};

const EMAIL = /[^\s@/?#&=:;,"'<>()[\]]+@[^\s@/?#&=:;,"'<>()[\]]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
// An absolute URL's query string and fragment; relative ones are handled by SECRET_PARAM below.
const URL_QUERY = /\b(https?:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi;
const SECRET_PARAM = /([?&;])([A-Za-z_]*(?:token|code|secret|password|key|session|email|to|t|q|search))=[^&#\s"'<>]*/gi;
// A token-like path segment: 16+ URL-safe characters mixing letters and digits with no hyphen between words.
// Segments with a dot (hashed assets, `root-BqX3k2aZ.js`) stay: stack traces must still match their source maps.
const TOKEN_SEGMENT =
  /\/(?=[A-Za-z0-9_~=+-]*\d)(?=[A-Za-z0-9_~=+-]*[A-Za-z])(?![a-z0-9]+(?:-[a-z0-9]+)+(?:[/?#\s"']|$))[A-Za-z0-9_~=+-]{16,}(?=[/?#\s"']|$)/g;
// A long opaque run anywhere in text (a session id or an access token quoted in a message).
const OPAQUE_TOKEN = /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}\b/g;

const SENSITIVE_HEADERS = new Set([
  "cookie",
  "set-cookie",
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "stripe-signature",
  "webhook-signature",
  "cf-connecting-ip",
  "x-forwarded-for",
  "x-real-ip",
  "true-client-ip",
]);

/**
 * Sentry SDK 11's `dataCollection` (the successor of `sendDefaultPii: false`): no user, cookies, bodies, query
 * parameters, database or queue payloads, or local variables; of the request headers only three harmless ones.
 */
export function noPersonalDataCollection() {
  return {
    userInfo: false,
    cookies: false,
    httpHeaders: { request: { allow: ["user-agent", "accept-language", "content-type"] }, response: false },
    httpBodies: [] as never[],
    urlQueryParams: false,
    databaseQueryData: false,
    queues: false,
    stackFrameVariables: false,
    graphQL: { document: false, variables: false },
    genAI: { inputs: false, outputs: false },
  };
}

/** Free text with emails, bearer tokens, query strings of URLs and opaque tokens replaced. */
export function scrubText(text: string): string {
  return text
    .replace(URL_QUERY, "$1")
    .replace(SECRET_PARAM, "$1$2=[redacted]")
    .replace(BEARER, "$1 [redacted]")
    .replace(EMAIL, "[email]")
    .replace(TOKEN_SEGMENT, "/[redacted]")
    .replace(OPAQUE_TOKEN, "[redacted]");
}

/** A URL kept to its origin and path, with token-like path segments replaced. */
export function scrubUrl(url: string): string {
  const cut = url.split(/[?#]/, 1)[0] ?? "";
  return cut.replace(TOKEN_SEGMENT, "/[redacted]").replace(EMAIL, "[email]");
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth <= 0 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth - 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SENSITIVE_HEADERS.has(key.toLowerCase()) || /password|token|secret|cookie|email/i.test(key)) {
      out[key] = "[redacted]";
    } else {
      out[key] = scrubValue(item, depth - 1);
    }
  }
  return out;
}

/** Sentry's `beforeSend`: the event with personal data removed (never dropped: the error itself still counts). */
export function scrubErrorEvent<T extends ScrubbableEvent>(event: T): T {
  delete event.user;
  if (event.request) {
    const request = event.request;
    delete request.cookies;
    delete request.data;
    delete request.query_string;
    delete request.env;
    if (request.url) request.url = scrubUrl(request.url);
    if (request.headers) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (SENSITIVE_HEADERS.has(name.toLowerCase())) continue;
        headers[name] = name.toLowerCase() === "referer" ? scrubUrl(value) : scrubText(value);
      }
      request.headers = headers;
    }
  }
  if (event.message) event.message = scrubText(event.message);
  if (event.logentry) {
    if (event.logentry.message) event.logentry.message = scrubText(event.logentry.message);
    if (event.logentry.params) event.logentry.params = scrubValue(event.logentry.params, 4) as unknown[];
  }
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) {
      if (frame.abs_path) frame.abs_path = frame.abs_path.split(/[?#]/, 1)[0];
      if (frame.filename) frame.filename = frame.filename.split(/[?#]/, 1)[0];
    }
  }
  for (const breadcrumb of event.breadcrumbs ?? []) {
    if (breadcrumb.message) breadcrumb.message = scrubText(breadcrumb.message);
    if (breadcrumb.data) {
      const data = scrubValue(breadcrumb.data, 4) as Record<string, unknown>;
      for (const key of ["url", "from", "to"]) if (typeof data[key] === "string") data[key] = scrubUrl(data[key]);
      breadcrumb.data = data;
    }
  }
  if (event.extra) event.extra = scrubValue(event.extra, 6) as Record<string, unknown>;
  if (event.tags) event.tags = scrubValue(event.tags, 2) as Record<string, unknown>;
  return event;
}
