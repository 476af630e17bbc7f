import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isAppError } from "../shared/app-error";
import { generatePromoCodeKeys, GENERATED_SUFFIX_LENGTH } from "./generate-promo-codes";
import { normalizePromoCode, promoBulkSchema, promoEntrySchema } from "./promo-code-input-schema";
import { planPromoCodeSave } from "./save-promo-codes";

const entry = (input: Record<string, unknown>) =>
  v.parse(promoEntrySchema, { discount_type: "amount", discount: 100, ...input });

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
    expect(v.safeParse(promoEntrySchema, { key: "A", discount_type: "percent", discount: 100 }).success).toBe(true);
    const above = v.safeParse(promoEntrySchema, { key: "A", discount_type: "percent", discount: 101 });
    expect(above.issues?.[0]?.message).toBe("promo-codes:errors.percent-above-100");
    expect(v.safeParse(promoEntrySchema, { key: "A", discount_type: "percent", discount: 12.5 }).success).toBe(false);
  });

  it("refuses zero uses and an end before the start", () => {
    expect(v.safeParse(promoEntrySchema, { key: "A", discount_type: "amount", discount: 1, max_uses: 0 }).success).toBe(
      false,
    );
    const dates = v.safeParse(promoEntrySchema, {
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
