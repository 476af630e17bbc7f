import { describe, expect, it } from "vitest";
import { outcomeOf } from "./load-stats";

const conflict = (code: string, extra = "") =>
  JSON.stringify({ error: { type: "conflict", code, message: "…", fields: [], request_id: "r-1" } }).replace(
    '"request_id"',
    `${extra}"request_id"`,
  );

describe("outcomeOf", () => {
  it("counts a sold-out ticket and a used-up promo code as sold out, from the error's code", () => {
    expect(outcomeOf(409, conflict("sold_out", '"ticket_id":12,'))).toBe("409 sold_out");
    expect(outcomeOf(409, conflict("promo_used_up"))).toBe("409 sold_out");
    expect(outcomeOf(409, conflict("title_not_unique"))).toBe("409 other");
    expect(outcomeOf(422, "{}")).toBe("422");
  });
});
