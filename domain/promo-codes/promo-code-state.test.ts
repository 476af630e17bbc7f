import { describe, expect, it } from "vitest";
import { promoCodeState } from "./promo-code-state";

const now = Date.UTC(2026, 10, 28, 12);
const HOUR = 3_600_000;
const code = { startAt: null, endAt: null, maxUses: -1, useCount: 0 };

describe("promoCodeState", () => {
  it("says a code whose end has passed is expired, and one not started yet is upcoming", () => {
    expect(promoCodeState({ ...code, endAt: now - HOUR }, now)).toBe("expired");
    expect(promoCodeState({ ...code, endAt: now }, now)).toBe("expired");
    expect(promoCodeState({ ...code, startAt: now + HOUR }, now)).toBe("scheduled");
    expect(promoCodeState({ ...code, startAt: now, endAt: now + HOUR }, now)).toBe("active");
  });

  it("says a code used as many times as allowed is used up, unless unlimited", () => {
    expect(promoCodeState({ ...code, maxUses: 3, useCount: 3 }, now)).toBe("used-up");
    expect(promoCodeState({ ...code, maxUses: 3, useCount: 2 }, now)).toBe("active");
    expect(promoCodeState({ ...code, maxUses: -1, useCount: 500 }, now)).toBe("active");
  });
});
