import { describe, expect, it } from "vitest";
import { selectCurrentOrganization } from "#domain/organizations/select-current-organization";
import { safeRedirectPath } from "../../domain/http/safe-redirect";

describe("current organization (spec §4)", () => {
  const organizations = [
    { id: 7, title: "Association A" },
    { id: 3, title: "Théâtre B" },
  ];
  it("honours the stored choice while the user is still a member", () => {
    expect(selectCurrentOrganization(organizations, 3)?.id).toBe(3);
  });
  it("falls back to the first by title otherwise", () => {
    expect(selectCurrentOrganization(organizations, 99)?.id).toBe(7);
    expect(selectCurrentOrganization(organizations, null)?.id).toBe(7);
    expect(selectCurrentOrganization([], 3)).toBeNull();
  });
});

describe("safe redirects", () => {
  it("keeps same-site paths only", () => {
    expect(safeRedirectPath("/event/3?x=1")).toBe("/event/3?x=1");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
  });

  it("refuses what a browser would turn into another origin", () => {
    for (const value of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/%09/evil.example",
      "/%0a/evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/\\/evil.example",
      "\t//evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/%",
      "/ok\u0000",
    ]) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/");
    }
    expect(safeRedirectPath("/%09/evil.example", "/profile")).toBe("/profile");
  });

  it("returns the normalised path, query and fragment", () => {
    expect(safeRedirectPath("/event/3?tab=1#top")).toBe("/event/3?tab=1#top");
    expect(safeRedirectPath("/a/../finance")).toBe("/finance");
    expect(safeRedirectPath("/événements")).toBe("/%C3%A9v%C3%A9nements");
  });

  it("takes an absolute address only on the given origin", () => {
    expect(safeRedirectPath("https://guichet.app/event/12?tab=1", "/", "https://guichet.app")).toBe("/event/12?tab=1");
    expect(safeRedirectPath("https://evil.example/event/12", "/", "https://guichet.app")).toBe("/");
    expect(safeRedirectPath("https://guichet.app.evil.example/", "/", "https://guichet.app")).toBe("/");
    expect(safeRedirectPath("https://guichet.app//evil.example", "/", "https://guichet.app")).toBe("/");
    expect(safeRedirectPath("https://guichet.app/event/12")).toBe("/");
  });
});
