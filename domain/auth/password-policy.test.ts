import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { commonPasswords, isCommonPassword } from "./common-passwords";
import { newPasswordSchema, passwordWithConfirmationSchema } from "./password-policy";

/** The first message per field, as forms and the API report them. */
const issueOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  if (result.success) return null;
  const first = new Map<string | null, string>();
  for (const issue of result.issues) if (!first.has(v.getDotPath(issue))) first.set(v.getDotPath(issue), issue.message);
  return [...first];
};

describe("password policy", () => {
  it("ships at least the 3,000 most common passwords, lower-cased", () => {
    expect(commonPasswords.size).toBeGreaterThanOrEqual(3000);
    for (const password of commonPasswords) expect(password).toBe(password.toLowerCase());
    // Ranked well past the first thousand of the source list, and French additions.
    for (const password of ["monopoly", "commando", "odessa", "soleil", "motdepasse", "jetaime", "azerty123"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("refuses common passwords whatever their case", () => {
    expect(isCommonPassword("Password1")).toBe(true);
    expect(isCommonPassword("AZERTYUIOP")).toBe(true);
    expect(isCommonPassword("motdepasse")).toBe(true);
    expect(isCommonPassword("Velours-Marée-42")).toBe(false);
    expect(issueOf(newPasswordSchema, "Password123")).toEqual([[null, "errors:password-too-common"]]);
  });

  it("wants 8 to 256 characters", () => {
    expect(issueOf(newPasswordSchema, "")).toEqual([[null, "errors:password-required"]]);
    expect(issueOf(newPasswordSchema, "k7#pQ2z")).toEqual([[null, "errors:password-too-short"]]);
    expect(issueOf(newPasswordSchema, "k7#pQ2zm")).toBeNull();
    expect(issueOf(newPasswordSchema, "x".repeat(256).replace(/^x/, "y"))).toBeNull();
    expect(issueOf(newPasswordSchema, "x".repeat(257))).toEqual([[null, "errors:password-too-long"]]);
  });

  it("wants the confirmation, equal to the password", () => {
    expect(issueOf(passwordWithConfirmationSchema, { password: "k7#pQ2zm", passwordConfirmation: "" })).toEqual([
      ["passwordConfirmation", "errors:password-confirmation-required"],
    ]);
    expect(issueOf(passwordWithConfirmationSchema, { password: "k7#pQ2zm", passwordConfirmation: "k7#pQ2zM" })).toEqual(
      [["passwordConfirmation", "errors:password-confirmation-mismatch"]],
    );
    expect(
      issueOf(passwordWithConfirmationSchema, { password: "k7#pQ2zm", passwordConfirmation: "k7#pQ2zm" }),
    ).toBeNull();
  });
});
