import { describe, expect, it } from "vitest";
import {
  clearedSessionCookie,
  HOST_SESSION_COOKIE_NAME,
  isSecureRequest,
  readCookie,
  readSessionToken,
  SESSION_COOKIE_NAME,
  sessionCookie,
  sessionCookieName,
} from "../../domain/http/session-cookie";

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

  it("carries the __Host- prefix wherever it can be Secure, and only there", () => {
    const expires = new Date("2026-12-31T00:00:00Z");
    expect(HOST_SESSION_COOKIE_NAME).toBe("__Host-guichet_session");
    const deployed = sessionCookie("tok", expires, "https://guichet.app/auth/login");
    // What browsers require of a __Host- cookie: Secure, Path=/ and no Domain.
    expect(deployed).toMatch(/^__Host-guichet_session=tok; Path=\/; /);
    expect(deployed).toContain("; Secure");
    expect(deployed).not.toMatch(/Domain=/i);
    expect(clearedSessionCookie("https://guichet.app/")).toMatch(/^__Host-guichet_session=; .*Secure.*Max-Age=0/);
    // Plain-http localhost cannot set a Secure cookie in every browser: the unprefixed name there.
    expect(sessionCookieName("http://localhost:8787/")).toBe(SESSION_COOKIE_NAME);
    expect(sessionCookieName("http://127.0.0.1:8787/")).toBe(SESSION_COOKIE_NAME);
    expect(sessionCookieName("https://localhost:8787/")).toBe(HOST_SESSION_COOKIE_NAME);
  });

  it("reads the session token under the name of the request's origin only", () => {
    const both = { Cookie: "guichet_session=plain; __Host-guichet_session=prefixed" };
    expect(readSessionToken(new Request("https://guichet.app/", { headers: both }))).toBe("prefixed");
    expect(readSessionToken(new Request("http://localhost:8787/", { headers: both }))).toBe("plain");
    // A cookie planted without the prefix (by a sibling subdomain, say) is not a session on the deployed host.
    expect(
      readSessionToken(new Request("https://guichet.app/", { headers: { Cookie: "guichet_session=planted" } })),
    ).toBeNull();
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
