/** Who is calling, as far as rate limits and session records care. */
export type ClientInfo = {
  /** `CF-Connecting-IP`, set by Cloudflare; null when unknown (no per-IP limit then). */
  ip: string | null;
  userAgent: string | null;
};

// `wrangler dev` sends a loopback CF-Connecting-IP; Cloudflare never does. Counting it would make every local and
// end-to-end request share one per-IP window.
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

export function clientInfoFromHeaders(headers: Headers): ClientInfo {
  const ip = headers.get("CF-Connecting-IP")?.trim() || null;
  return { ip: ip && !LOOPBACK.test(ip) ? ip.slice(0, 64) : null, userAgent: headers.get("User-Agent") };
}
