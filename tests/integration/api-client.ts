import { exports } from "cloudflare:workers";
import { errorOf } from "../support/error-body";

export type ApiCallOptions = {
  method?: string;
  /** JSON-encoded unless it is already a string (a malformed body on purpose). */
  body?: unknown;
  /** The signed-in test user (`tokens[as]`), "owner" by default; a name without a token calls signed out. */
  as?: string;
  headers?: Record<string, string>;
};

/**
 * The one client of the Worker's /api for the integration tests: a call as one of the signed-in test users. The answer's
 * JSON is read loosely (the assertions read it field by field). An error answer is checked against the API's one error
 * format and read as `{ type, code, message, fields: { name: code } }` (tests/support/error-body.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in the assertions
export function apiClient<Json = any>(tokens: Record<string, string>) {
  return async function call(path: string, options: ApiCallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    const token = tokens[options.as ?? "owner"];
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      headers["Content-Type"] ??= "application/json";
    }
    const response = await exports.default.fetch(`http://localhost/api${path}`, {
      method: options.method ?? "GET",
      headers,
      body,
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const isError = typeof json === "object" && json !== null && "error" in json && typeof json.error === "object";
    return { status: response.status, json: (response.status >= 400 && isError ? errorOf(json) : json) as Json };
  };
}
