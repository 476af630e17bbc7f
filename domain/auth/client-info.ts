/** Who is calling, as far as rate limits and session records care. */
export type ClientInfo = {
  /**
   * The per-IP rate-limit key from `CF-Connecting-IP`, set by Cloudflare: an IPv4 address as is, an IPv6 address as
   * its /64 prefix. Null when unknown (no per-IP limit then).
   */
  ip: string | null;
  userAgent: string | null;
};
