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

function isPrivateIpv6(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "::" || h === "::1") return true;
  if (/^f[cd]/.test(h) || /^fe[89ab]/.test(h)) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped) return isPrivateIpv4(ipv4Parts(mapped[1]!)!);
  return false;
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
  const host = url.hostname;
  if (PRIVATE_HOSTNAMES.test(host)) return "private-address";
  const v4 = ipv4Parts(host);
  if (v4 && isPrivateIpv4(v4)) return "private-address";
  if (host.startsWith("[") && isPrivateIpv6(host)) return "private-address";
  return null;
}
