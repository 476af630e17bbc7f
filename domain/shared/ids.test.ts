import { describe, expect, it } from "vitest";
import { parseId } from "./ids";

describe("parseId", () => {
  it("reads positive integers written in digits", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses every other way of writing a number", () => {
    for (const text of ["0", "-1", "+1", "01", "1e3", "0x10", "0b1", "1.0", "1.5", " 1", "1 ", "", "abc", "Infinity", "NaN", "١٢"]) {
      expect(parseId(text), JSON.stringify(text)).toBeNull();
    }
  });

  it("refuses ids beyond the safe integers and missing values", () => {
    expect(parseId(String(Number.MAX_SAFE_INTEGER + 1))).toBeNull();
    expect(parseId("99999999999999999999")).toBeNull();
    expect(parseId(undefined)).toBeNull();
    expect(parseId(null)).toBeNull();
  });
});
