import type { ClientInfo } from "#domain/auth/client-info";

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IPV4_TAIL = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

function ipv4Octets(match: RegExpExecArray): number[] | null {
  const octets = match.slice(1, 5).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address in any textual form (compressed, embedded IPv4, zone id), else null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const tail = IPV4_TAIL.exec(text);
  if (tail) {
    const octets = ipv4Octets(tail);
    if (!octets) return null;
    const [a, b, c, d] = octets as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groupsOf(halves[0]!);
  const rest = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (![...head, ...rest].every((group) => HEX_GROUP.test(group))) return null;
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<string>(missing).fill("0"), ...rest].map((group) => parseInt(group, 16));
}

/**
 * One rate-limit subject per client: an IPv6 user usually holds a whole /64 and can change the rest at will, so the
 * key is the prefix; an IPv4-mapped address counts as its IPv4 address. Loopback (what `wrangler dev` sends, never
 * Cloudflare) is null, otherwise every local and end-to-end request would share one per-IP window.
 */
export function rateLimitKeyOfIp(raw: string): string | null {
  const ip = raw.trim();
  if (!ip) return null;
  const v4 = IPV4.exec(ip);
  if (v4) {
    const octets = ipv4Octets(v4);
    if (!octets) return ip.slice(0, 64);
    return octets[0] === 127 ? null : octets.join(".");
  }
  const groups = ip.includes(":") ? ipv6Groups(ip) : null;
  if (!groups) return ip.slice(0, 64);
  const upperZero = groups.slice(0, 5).every((group) => group === 0);
  if (upperZero && groups[5] === 0 && groups[6] === 0 && groups[7] === 1) return null;
  if (upperZero && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return high >> 8 === 127 ? null : [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

export function clientInfoFromHeaders(headers: Headers): ClientInfo {
  const ip = headers.get("CF-Connecting-IP");
  return { ip: ip ? rateLimitKeyOfIp(ip) : null, userAgent: headers.get("User-Agent") };
}
