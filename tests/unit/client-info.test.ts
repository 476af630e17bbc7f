import { describe, expect, it } from "vitest";
import { clientInfoFromHeaders, rateLimitKeyOfIp } from "../../domain/http/client-info";

const ipOf = (value: string) => clientInfoFromHeaders(new Headers({ "CF-Connecting-IP": value })).ip;

describe("clientInfoFromHeaders", () => {
  it("takes the IP from CF-Connecting-IP and the user agent", () => {
    const headers = new Headers({ "CF-Connecting-IP": " 203.0.113.9 ", "User-Agent": "Mozilla/5.0" });
    expect(clientInfoFromHeaders(headers)).toEqual({ ip: "203.0.113.9", userAgent: "Mozilla/5.0" });
  });

  it("treats a missing or loopback address (wrangler dev) as unknown", () => {
    expect(clientInfoFromHeaders(new Headers()).ip).toBeNull();
    for (const ip of ["127.0.0.1", "127.1.2.3", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "::FFFF:7f00:1", " "]) {
      expect(ipOf(ip), ip).toBeNull();
    }
  });

  it("keys an IPv6 address on its /64 prefix, whatever its textual form", () => {
    const key = "2001:db8:85a3:42::/64";
    for (const ip of [
      "2001:db8:85a3:42::1",
      "2001:0db8:85a3:0042:0000:0000:0000:0001",
      "2001:DB8:85A3:42:ffff:ffff:ffff:ffff",
      "2001:db8:85a3:42:1234::abcd",
      "2001:db8:85a3:42::192.0.2.1",
      "2001:db8:85a3:42::1%eth0",
    ]) {
      expect(ipOf(ip), ip).toBe(key);
    }
    expect(ipOf("2001:db8:85a3:43::1")).toBe("2001:db8:85a3:43::/64");
    expect(ipOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipOf("::2")).toBe("0:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(ipOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(ipOf("::ffff:cb00:7109")).toBe("203.0.113.9");
  });

  it("keeps an unparseable value as is, bounded", () => {
    expect(rateLimitKeyOfIp("not-an-ip")).toBe("not-an-ip");
    expect(rateLimitKeyOfIp("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
    expect(rateLimitKeyOfIp("1::2::3")).toBe("1::2::3");
    expect(rateLimitKeyOfIp("x".repeat(100))).toHaveLength(64);
  });
});
