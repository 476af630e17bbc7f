import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isAppError } from "../shared/app-error";
import { generatePromoCodeKeys, GENERATED_SUFFIX_LENGTH } from "./generate-promo-codes";
import { normalizePromoCode, promoBulkSchema, promoCodeItemSchema, promoFormSchema } from "./promo-code-input-schema";
import { planPromoCodeSave } from "./save-promo-codes";

const entry = (input: Record<string, unknown>) =>
  v.parse(promoCodeItemSchema, { discount_type: "amount", discount: 100, ...input });

describe("promo code keys", () => {
  it("compares codes without regard to case or surrounding spaces", () => {
    expect(normalizePromoCode("  ete25 ")).toBe("ETE25");
  });

  it("generates distinct prefixed codes, avoiding taken ones and ambiguous characters", () => {
    const keys = generatePromoCodeKeys("vip-", 200, new Set(["VIP-AAAAAAAA"]));
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(new RegExp(`^VIP-[A-HJKMNP-Z2-9]{${GENERATED_SUFFIX_LENGTH}}$`));
      expect(key).not.toBe("VIP-AAAAAAAA");
    }
  });

  it("bounds bulk creation", () => {
    expect(v.safeParse(promoBulkSchema, { prefix: "X", count: "201" }).success).toBe(false);
    expect(v.safeParse(promoBulkSchema, { prefix: "X Y", count: 1 }).success).toBe(false);
    expect(v.parse(promoBulkSchema, { prefix: "X", count: "12" })).toEqual({ prefix: "X", count: 12 });
  });
});

describe("promo entry schema", () => {
  it("defaults to every ticket, no dates and unlimited uses", () => {
    expect(entry({ key: "A" })).toEqual({
      key: "A",
      discount_type: "amount",
      discount: 100,
      tickets: [],
      start_at: null,
      end_at: null,
      max_uses: -1,
    });
  });

  it("takes 1 to 100 for a percentage", () => {
    expect(v.safeParse(promoCodeItemSchema, { key: "A", discount_type: "percent", discount: 100 }).success).toBe(true);
    const above = v.safeParse(promoCodeItemSchema, { key: "A", discount_type: "percent", discount: 101 });
    expect(above.issues?.[0]?.message).toBe("promo-codes:errors.percent-above-100");
    expect(v.safeParse(promoCodeItemSchema, { key: "A", discount_type: "percent", discount: 12.5 }).success).toBe(
      false,
    );
  });

  // Each wrong discount gets the one message that says what is wrong with it, once (audit: a decimal percent was told
  // to be "above zero").
  const discountMessages = (input: Record<string, unknown>) =>
    (v.safeParse(promoCodeItemSchema, { key: "A", ...input }).issues ?? [])
      .filter((issue) => v.getDotPath(issue) === "discount")
      .map((issue) => issue.message);
  it.each([
    ["a decimal percent", { discount_type: "percent", discount: 12.5 }, "promo-codes:errors.percent-whole"],
    ["a percent of zero", { discount_type: "percent", discount: 0 }, "promo-codes:errors.discount-invalid"],
    ["a negative percent", { discount_type: "percent", discount: -5 }, "promo-codes:errors.discount-invalid"],
    ["a percent above 100", { discount_type: "percent", discount: 101 }, "promo-codes:errors.percent-above-100"],
    ["an amount of zero", { discount_type: "amount", discount: 0 }, "promo-codes:errors.discount-invalid"],
    ["fractional cents", { discount_type: "amount", discount: 250.5 }, "promo-codes:errors.amount-invalid"],
    [
      "an amount above the limit",
      { discount_type: "amount", discount: 100_000_001 },
      "promo-codes:errors.amount-too-large",
    ],
    ["no number at all", { discount_type: "percent", discount: null }, "promo-codes:errors.discount-invalid"],
  ])("refuses %s with its own message", (_label, input, message) => {
    expect(discountMessages(input)).toEqual([message]);
  });

  it("says what is wrong with the discount even when another field is wrong too", () => {
    const result = v.safeParse(promoCodeItemSchema, { key: "with space", discount_type: "percent", discount: 12.5 });
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ["key", "promo-codes:errors.key-format"],
      ["discount", "promo-codes:errors.percent-whole"],
    ]);
  });

  describe("from the form", () => {
    const form = (values: Record<string, string>) =>
      v.safeParse(promoFormSchema("Europe/Paris"), { key: "A", ...values });
    const formMessages = (values: Record<string, string>) =>
      (form(values).issues ?? []).filter((issue) => v.getDotPath(issue) === "discount").map((issue) => issue.message);

    it.each([
      ["12.5", ["promo-codes:errors.percent-whole"]],
      ["12,5", ["promo-codes:errors.percent-whole"]],
      ["dix", ["promo-codes:errors.percent-whole"]],
      ["0", ["promo-codes:errors.discount-invalid"]],
      ["", ["promo-codes:errors.discount-invalid"]],
      ["150", ["promo-codes:errors.percent-above-100"]],
    ])("a percent typed %j", (discount, messages) => {
      expect(formMessages({ discount_type: "percent", discount })).toEqual(messages);
    });

    it.each([
      ["2,505", ["promo-codes:errors.amount-invalid"]],
      ["cinq", ["promo-codes:errors.amount-invalid"]],
      ["0", ["promo-codes:errors.discount-invalid"]],
      ["-2,50", ["promo-codes:errors.discount-invalid"]],
      ["1000000,01", ["promo-codes:errors.amount-too-large"]],
    ])("an amount typed %j", (discount, messages) => {
      expect(formMessages({ discount_type: "amount", discount })).toEqual(messages);
    });

    it("takes a whole percent and euros with a comma or a dot", () => {
      expect(form({ discount_type: "percent", discount: " 15 " }).output).toMatchObject({ discount: 15 });
      expect(form({ discount_type: "amount", discount: "2,50" }).output).toMatchObject({ discount: 250 });
      expect(form({ discount_type: "amount", discount: "2.50" }).output).toMatchObject({ discount: 250 });
    });
  });

  it("refuses zero uses and an end before the start", () => {
    expect(
      v.safeParse(promoCodeItemSchema, { key: "A", discount_type: "amount", discount: 1, max_uses: 0 }).success,
    ).toBe(false);
    const dates = v.safeParse(promoCodeItemSchema, {
      key: "A",
      discount_type: "amount",
      discount: 1,
      start_at: "2027-01-02T00:00:00Z",
      end_at: "2027-01-01T00:00:00Z",
    });
    expect(dates.issues?.[0]?.message).toBe("promo-codes:errors.end-before-start");
  });
});

describe("planPromoCodeSave", () => {
  const context = { ticketIds: new Set([1, 2]), useCounts: new Map([["USED", 5]]) };

  it("plans each entry under its normalized key", () => {
    expect(
      planPromoCodeSave([entry({ key: "a" }), entry({ key: "b", tickets: [2] })], context).map((p) => p.key),
    ).toEqual(["A", "B"]);
  });

  it("names every wrong entry and field", () => {
    try {
      planPromoCodeSave(
        [entry({ key: "x" }), entry({ key: "X", tickets: [3] }), entry({ key: "used", max_uses: 4 })],
        context,
      );
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.fields).toEqual({
        "1.key": "promo-codes:errors.key-duplicate",
        "1.tickets": "promo-codes:errors.ticket-unknown",
        "2.max_uses": "promo-codes:errors.max-uses-below-use-count",
      });
    }
  });
});
