import { describe, expect, it } from "vitest";
import { clientInfoFromHeaders } from "./client-info";

describe("clientInfoFromHeaders", () => {
  it("takes the IP from CF-Connecting-IP and the user agent", () => {
    const headers = new Headers({ "CF-Connecting-IP": " 203.0.113.9 ", "User-Agent": "Mozilla/5.0" });
    expect(clientInfoFromHeaders(headers)).toEqual({ ip: "203.0.113.9", userAgent: "Mozilla/5.0" });
    expect(clientInfoFromHeaders(new Headers({ "CF-Connecting-IP": "2001:db8::1" })).ip).toBe("2001:db8::1");
  });

  it("treats a missing or loopback address (wrangler dev) as unknown", () => {
    expect(clientInfoFromHeaders(new Headers()).ip).toBeNull();
    for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect(clientInfoFromHeaders(new Headers({ "CF-Connecting-IP": ip })).ip).toBeNull();
    }
  });
});
