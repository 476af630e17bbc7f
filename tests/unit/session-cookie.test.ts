import { describe, expect, it } from "vitest";
import {
  clearedSessionCookie,
  isSecureRequest,
  readCookie,
  SESSION_COOKIE_NAME,
  sessionCookie,
} from "#domain/auth/session-cookie";

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax and Secure except on localhost", () => {
    const expires = new Date("2026-12-31T00:00:00Z");
    const local = sessionCookie("tok", expires, "http://localhost:8787/auth/login");
    expect(local).toContain(`${SESSION_COOKIE_NAME}=tok`);
    expect(local).toContain("HttpOnly");
    expect(local).toContain("SameSite=Lax");
    expect(local).toContain("Path=/");
    expect(local).not.toContain("Secure");
    expect(sessionCookie("tok", expires, "https://guichet.app/")).toContain("Secure");
    expect(isSecureRequest("http://guichet.example/")).toBe(true);
  });

  it("is cleared with Max-Age=0", () => {
    expect(clearedSessionCookie("http://localhost/")).toMatch(/guichet_session=; .*Max-Age=0/);
  });

  it("reads a cookie among others and decodes it", () => {
    expect(readCookie("a=1; guichet_session=abc%20d; b=2", SESSION_COOKIE_NAME)).toBe("abc d");
    expect(readCookie("a=1", SESSION_COOKIE_NAME)).toBeNull();
    expect(readCookie(null, SESSION_COOKIE_NAME)).toBeNull();
  });

  it("answers null for a value that is not validly percent-encoded, and still reads the other cookies", () => {
    const header = "lng=%E0%A4%A; guichet_session=%; guichet_org=12";
    expect(readCookie(header, SESSION_COOKIE_NAME)).toBeNull();
    expect(readCookie(header, "lng")).toBeNull();
    expect(readCookie(header, "guichet_org")).toBe("12");
  });
});
