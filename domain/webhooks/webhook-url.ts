/**
 * Endpoint URLs must not let a tenant make our Worker call private infrastructure: HTTPS only, and no loopback,
 * private, link-local, unique-local or metadata address written as the host. Names that resolve to such addresses
 * are out of reach here (a Worker cannot resolve DNS first); Cloudflare's egress does not route to private networks,
 * which covers them in production. In development plain http and local hosts are allowed so a local receiver works.
 */
export type WebhookUrlProblem = "invalid" | "https-required" | "private-address";

const PRIVATE_HOSTNAMES = /(^localhost$)|(\.localhost$)|(\.local$)|(\.internal$)|(^metadata\.google\.internal$)/i;

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

export function webhookUrlProblem(value: string, options: { development: boolean }): WebhookUrlProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "invalid";
  }
  if (url.username || url.password) return "invalid";
  if (url.protocol !== "https:" && !(options.development && url.protocol === "http:")) return "https-required";
  if (options.development) return null;
  // "localhost." and "127.0.0.1." are the same hosts written as fully qualified names.
  const host = url.hostname.replace(/\.$/, "");
  if (PRIVATE_HOSTNAMES.test(host)) return "private-address";
  const v4 = ipv4Parts(host);
  if (v4 && isPrivateIpv4(v4)) return "private-address";
  if (host.startsWith("[") && isPrivateIpv6(host)) return "private-address";
  return null;
}
