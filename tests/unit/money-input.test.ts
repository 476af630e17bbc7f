import { describe, expect, it } from "vitest";
import { eurosToCents } from "#domain/tickets/ticket-input-schema";
import { moneyInputValue } from "~/lib/money-input";

describe("a euro input field's value", () => {
  it("has the language's decimal separator", () => {
    expect(moneyInputValue(1250, "fr")).toBe("12,50");
    expect(moneyInputValue(1205, "fr")).toBe("12,05");
    expect(moneyInputValue(1250, "en")).toBe("12.50");
    expect(moneyInputValue(123_456_789, "fr")).toBe("1234567,89");
  });

  it("has no decimals when whole", () => {
    expect(moneyInputValue(4500, "fr")).toBe("45");
    expect(moneyInputValue(0, "fr")).toBe("0");
    expect(moneyInputValue(4500, "en")).toBe("45");
  });

  it("is read back by the shared money-input parser, with a comma or a dot", () => {
    for (const cents of [0, 1, 99, 1250, 4500, 123_456_789])
      for (const language of ["fr", "en"]) expect(eurosToCents(moneyInputValue(cents, language))).toBe(cents);
    expect(eurosToCents("12,50")).toBe(1250);
    expect(eurosToCents("12.50")).toBe(1250);
  });
});
