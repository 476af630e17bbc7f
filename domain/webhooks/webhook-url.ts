/**
 * Endpoint URLs must not let a tenant make our Worker call private infrastructure (docs/decisions/0036-input-limits-
 * and-hardening.md): HTTPS on port 443, and a public host name — no IP address written as the host, no loopback,
 * `.local`, `.internal` or single-label name. Names that resolve to private addresses are out of reach here (a Worker
 * cannot resolve DNS first); Cloudflare's egress does not route to private networks, which covers them in production.
 * Checked when an endpoint is saved and again before each delivery.
 */
export type WebhookUrlProblem = "invalid" | "https-required" | "port-not-allowed" | "ip-address" | "private-address";

/**
 * Suffixes of names that point into a private network (RFC 6761, RFC 8375, and the usual private suffixes). `.test`
 * and `.example` are left out: they resolve nowhere, so they reach nothing private, and the demo data and tests use them.
 */
const PRIVATE_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "localdomain",
  "home.arpa",
  "lan",
  "home",
  "corp",
  "intranet",
  "private",
  "invalid",
];

function isPrivateName(host: string): boolean {
  const name = host.toLowerCase();
  if (!name.includes(".")) return true;
  return PRIVATE_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/**
 * The test-only escape: local receivers (plain http, any port, loopback hosts) are allowed only when ENVIRONMENT is
 * "development" or "test" AND WEBHOOK_ALLOW_LOCAL_URLS is "true" — the e2e server sets it for its receiver in the
 * test process. A production Worker ignores the variable.
 */
export function allowLocalWebhookUrls(env: { ENVIRONMENT?: string; WEBHOOK_ALLOW_LOCAL_URLS?: string }): boolean {
  return (
    (env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test") &&
    (env.WEBHOOK_ALLOW_LOCAL_URLS === "true" || env.WEBHOOK_ALLOW_LOCAL_URLS === "1")
  );
}

function ipv4Parts(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : null;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a! >= 224
  );
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (compressed, maybe a dotted IPv4 tail). */
function ipv6Groups(host: string): number[] | null {
  let h = host.replace(/^\[|\]$/g, "").toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (dotted) {
    const v4 = ipv4Parts(dotted[1]!);
    if (!v4) return null;
    h = `${h.slice(0, -dotted[1]!.length)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const [head, tail, ...rest] = h.split("::");
  if (rest.length > 0) return null;
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const start = parse(head);
  const end = parse(tail);
  const groups = tail === undefined ? start : [...start, ...Array(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * Loopback, unspecified, unique-local, link-local, site-local and multicast addresses, and every form that carries an
 * IPv4 address inside (IPv4-mapped and -compatible `::ffff:a.b.c.d` — which the URL parser rewrites as
 * `::ffff:7f00:1` —, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`): none is a webhook receiver.
 */
function isPrivateIpv6(host: string): boolean {
  const groups = ipv6Groups(host);
  if (!groups) return true;
  const [g0, g1, g2, g3, g4] = groups as [number, number, number, number, number];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) return true;
  if (g0 === 0x64 && g1 === 0xff9b) return true;
  if (g0 === 0x2002) return true;
  return g0 >= 0xfc00 && g0 <= 0xfdff ? true : g0 >= 0xfe80 && g0 <= 0xfeff ? true : g0 >= 0xff00;
}

export function webhookUrlProblem(value: string, options: { allowLocal: boolean }): WebhookUrlProblem | null {
  if (value.length > 2000) return "invalid";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "invalid";
  }
  if (url.username || url.password) return "invalid";
  if (options.allowLocal && (url.protocol === "https:" || url.protocol === "http:")) return null;
  if (url.protocol !== "https:") return "https-required";
  // The URL parser writes the default port (":443" included) as "".
  if (url.port !== "") return "port-not-allowed";
  // "localhost." and "127.0.0.1." are the same hosts written as fully qualified names.
  const host = url.hostname.replace(/\.$/, "");
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4) ? "private-address" : "ip-address";
  if (host.startsWith("[")) return isPrivateIpv6(host) ? "private-address" : "ip-address";
  if (isPrivateName(host)) return "private-address";
  return null;
}
