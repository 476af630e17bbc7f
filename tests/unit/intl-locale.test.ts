import { describe, expect, it } from "vitest";
import { formatMoney, formatNumber, intlLocale } from "../../domain/shared/format";

describe("intlLocale", () => {
  it("maps the interface language to the one locale every Intl call uses", () => {
    expect(intlLocale("fr")).toBe("fr-FR");
    expect(intlLocale("en")).toBe("en-GB");
    expect(intlLocale("en-US")).toBe("en-GB");
    expect(intlLocale(undefined)).toBe("fr-FR");
    expect(intlLocale("de")).toBe("fr-FR");
  });

  it("gives counts the thousands separator amounts have", () => {
    // French groups with a narrow no-break space, as Intl writes it.
    expect(formatNumber(12_345, "fr")).toBe("12\u202f345");
    expect(formatNumber(12_345, "en")).toBe("12,345");
    expect(formatMoney(1_234_550, "fr")).toBe("12\u202f345,50\u00a0€");
    // Spec §1: two decimals followed by the euro sign, in English too.
    expect(formatMoney(1_234_550, "en")).toBe("12,345.50\u00a0€");
    expect(formatMoney(0, "en")).toBe("0.00\u00a0€");
    expect(formatMoney(-1_250, "fr")).toBe("-12,50\u00a0€");
  });
});

describe("formatMoney of nothing", () => {
  it("writes a zero that came out of a negation without a minus sign (issue 25 §6)", () => {
    expect(formatMoney(-0, "fr")).toBe("0,00\u00a0€");
    expect(formatMoney(-0, "en")).toBe("0.00\u00a0€");
    expect(formatMoney(-150, "fr")).toBe("-1,50\u00a0€");
  });
});
