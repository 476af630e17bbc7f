import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { idSchema, parseId, requireId } from "./ids";

describe("parseId", () => {
  it("reads positive integers written in digits", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses every other way of writing a number", () => {
    for (const text of [
      "0",
      "-1",
      "+1",
      "01",
      "1e3",
      "0x10",
      "0b1",
      "1.0",
      "1.5",
      " 1",
      "1 ",
      "",
      "abc",
      "Infinity",
      "NaN",
      "١٢",
    ]) {
      expect(parseId(text), JSON.stringify(text)).toBeNull();
    }
  });

  it("refuses ids beyond the safe integers and missing values", () => {
    expect(parseId(String(Number.MAX_SAFE_INTEGER + 1))).toBeNull();
    expect(parseId("99999999999999999999")).toBeNull();
    expect(parseId(undefined)).toBeNull();
    expect(parseId(null)).toBeNull();
  });

  it("reads ids given as JSON numbers, positive safe integers only", () => {
    expect(parseId(7)).toBe(7);
    for (const value of [0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(parseId(value), String(value)).toBeNull();
    }
  });
});

describe("idSchema", () => {
  it("is the valibot form of parseId, usable inside form and API schemas", () => {
    const schema = v.object({ organizationId: idSchema });
    expect(v.parse(schema, { organizationId: "12" })).toEqual({ organizationId: 12 });
    expect(v.parse(schema, { organizationId: 12 })).toEqual({ organizationId: 12 });
    const refused = v.safeParse(schema, { organizationId: "12abc" });
    expect(refused.success).toBe(false);
    expect(refused.issues?.[0]?.message).toBe("errors:invalid-input");
  });
});

describe("requireId", () => {
  it("returns the id of a URL parameter, and a not-found AppError with the caller's message otherwise", () => {
    expect(requireId("42")).toBe(42);
    for (const value of [undefined, "", "0", "-1", "1e3", "abc"]) {
      expect(() => requireId(value, "events:errors.not-found"), String(value)).toThrow(
        expect.objectContaining({ code: "not_found", messageKey: "events:errors.not-found" }),
      );
    }
  });
});
