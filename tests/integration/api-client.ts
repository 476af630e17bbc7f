import { exports } from "cloudflare:workers";

export type ApiCallOptions = { method?: string; body?: unknown; as?: string };

/**
 * A JSON call to the Worker's /api as one of the signed-in test users (`tokens[as]`, "owner" by default). The answer's
 * JSON is read loosely: the assertions read it field by field.
 */
export function apiClient(tokens: Record<string, string>) {
  return async function call(path: string, options: ApiCallOptions = {}) {
    const headers: Record<string, string> = { Authorization: `Bearer ${tokens[options.as ?? "owner"]}` };
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["Content-Type"] = "application/json";
    }
    const response = await exports.default.fetch(`http://localhost/api${path}`, {
      method: options.method ?? "GET",
      headers,
      body,
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in the assertions
    return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
  };
}
