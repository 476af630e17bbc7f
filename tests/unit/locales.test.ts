import { describe, expect, it } from "vitest";
import { resources } from "~/locales";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("locale files", () => {
  it("give English every key French has, and no other", () => {
    for (const namespace of Object.keys(resources.fr) as Array<keyof typeof resources.fr>) {
      expect(keys(resources.en[namespace]).sort(), namespace).toEqual(keys(resources.fr[namespace]).sort());
    }
  });

  it("keep the spec's fixed strings verbatim", () => {
    expect(resources.fr.common.errors["connection-title"]).toBe("Connection Error");
    expect(resources.fr.common.errors["retry-connection"]).toBe("Retry Connection");
    expect(resources.fr.common.messages["permission-denied"]).toBe("You do not have permission to access this page");
    expect(resources.fr.errors["email-invalid"]).toBe("Email invalide");
  });
});
