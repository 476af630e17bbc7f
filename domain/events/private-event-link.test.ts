import { describe, expect, it } from "vitest";
import {
  PRIVATE_EVENT_HASH_LENGTH,
  previewEventPath,
  previewTokenMatches,
  privateEventHash,
  publicEventPath,
  verifyPrivateEventHash,
} from "./private-event-link";

const env = { SESSION_SECRET: "test-secret-0123456789", ENVIRONMENT: "test" };

describe("private event hash", () => {
  it("is base64url of constant length 22", () => {
    for (const id of [1, 42, 999_999, 2 ** 40]) {
      const hash = privateEventHash(env, id);
      expect(hash).toHaveLength(PRIVATE_EVENT_HASH_LENGTH);
      expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
  });

  it("is stable for an id and differs between ids and secrets", () => {
    expect(privateEventHash(env, 7)).toBe(privateEventHash(env, 7));
    expect(privateEventHash(env, 7)).not.toBe(privateEventHash(env, 8));
    expect(privateEventHash({ ...env, SESSION_SECRET: "another-secret" }, 7)).not.toBe(privateEventHash(env, 7));
  });

  it("verifies the right hash only", () => {
    const hash = privateEventHash(env, 12);
    expect(verifyPrivateEventHash(env, 12, hash)).toBe(true);
    expect(verifyPrivateEventHash(env, 13, hash)).toBe(false);
    expect(verifyPrivateEventHash(env, 12, `${hash.slice(0, -1)}${hash.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(verifyPrivateEventHash(env, 12, hash.slice(0, 21))).toBe(false);
    expect(verifyPrivateEventHash(env, 12, `${hash}A`)).toBe(false);
    expect(verifyPrivateEventHash(env, 12, "")).toBe(false);
    expect(verifyPrivateEventHash(env, 12, null)).toBe(false);
    expect(verifyPrivateEventHash(env, 12, undefined)).toBe(false);
  });

  it("falls back to a development secret only when ENVIRONMENT is exactly development or test", () => {
    const dev = privateEventHash({ ENVIRONMENT: "development" }, 5);
    expect(dev).toHaveLength(22);
    expect(verifyPrivateEventHash({ ENVIRONMENT: "test" }, 5, dev)).toBe(true);
    expect(privateEventHash({ ENVIRONMENT: "production", SESSION_SECRET: "prod-secret" }, 5)).toHaveLength(22);
  });

  it("fails closed without SESSION_SECRET in any other environment", () => {
    for (const ENVIRONMENT of [
      "production",
      "staging",
      "preview",
      "Development",
      "TEST",
      "development ",
      "",
      undefined,
    ]) {
      expect(() => privateEventHash({ ENVIRONMENT }, 5), String(ENVIRONMENT)).toThrow(/SESSION_SECRET/);
      expect(() => verifyPrivateEventHash({ ENVIRONMENT }, 5, "AAAAAAAAAAAAAAAAAAAAAA"), String(ENVIRONMENT)).toThrow(
        /SESSION_SECRET/,
      );
    }
    expect(() => privateEventHash({}, 5)).toThrow(/SESSION_SECRET/);
    expect(() => privateEventHash({ ENVIRONMENT: "staging", SESSION_SECRET: "" }, 5)).toThrow(/SESSION_SECRET/);
  });
});

describe("private link versions (revocation)", () => {
  it("version 0 is the link every event had before versions: links already shared keep working", () => {
    expect(privateEventHash(env, { id: 12, privateLinkVersion: 0 })).toBe(privateEventHash(env, 12));
  });

  it("a new version changes the hash, and the old link no longer verifies", () => {
    const old = privateEventHash(env, { id: 12, privateLinkVersion: 0 });
    const current = { id: 12, privateLinkVersion: 1 };
    expect(privateEventHash(env, current)).not.toBe(old);
    expect(verifyPrivateEventHash(env, current, old)).toBe(false);
    expect(verifyPrivateEventHash(env, current, privateEventHash(env, current))).toBe(true);
    expect(privateEventHash(env, { id: 12, privateLinkVersion: 2 })).not.toBe(privateEventHash(env, current));
    expect(publicEventPath(env, { id: 12, title: "Gala", visibility: "private", privateLinkVersion: 1 })).toBe(
      `/events/12/gala?t=${privateEventHash(env, current)}`,
    );
  });
});

describe("preview tokens", () => {
  it("match only the stored token, exactly; no stored token matches nothing", () => {
    expect(previewTokenMatches("abcdef", "abcdef")).toBe(true);
    expect(previewTokenMatches("abcdef", "abcdeg")).toBe(false);
    expect(previewTokenMatches("abcdef", "abcde")).toBe(false);
    expect(previewTokenMatches("abcdef", "abcdefg")).toBe(false);
    expect(previewTokenMatches("abcdef", "")).toBe(false);
    expect(previewTokenMatches("abcdef", null)).toBe(false);
    expect(previewTokenMatches(null, "")).toBe(false);
    expect(previewTokenMatches("", "")).toBe(false);
  });
});

describe("event paths", () => {
  it("builds the public path with the slug, and ?t= for a private event", () => {
    expect(publicEventPath(env, { id: 3, title: "Fête d'été", visibility: "public", privateLinkVersion: 0 })).toBe(
      "/events/3/fete-dete",
    );
    expect(publicEventPath(env, { id: 3, title: "Fête d'été", visibility: "private", privateLinkVersion: 0 })).toBe(
      `/events/3/fete-dete?t=${privateEventHash(env, 3)}`,
    );
    expect(publicEventPath(env, { id: 4, title: "", visibility: "public", privateLinkVersion: 0 })).toBe("/events/4/-");
  });

  it("builds the preview path only with an access token", () => {
    expect(previewEventPath({ id: 3, title: "Gala", accessToken: "abc" })).toBe("/events/preview/3/gala/abc");
    expect(previewEventPath({ id: 3, title: "Gala", accessToken: null })).toBeNull();
  });
});
