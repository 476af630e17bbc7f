import { describe, expect, it } from "vitest";
import { selectCurrentOrganization } from "#domain/organizations/select-current-organization";
import { safeRedirectPath } from "~/lib/safe-redirect";

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
});
