import { describe, expect, it } from "vitest";
import { paymentStatus } from "./payment-status";

const now = new Date("2026-05-01T12:00:00Z");
const past = new Date("2026-05-01T11:00:00Z");
const future = new Date("2026-05-01T13:00:00Z");

describe("paymentStatus (spec §4)", () => {
  it("is paid when paid_at is set, whatever payable_until says", () => {
    expect(paymentStatus({ status: "paid", paidAt: past, payableUntil: past }, now)).toBe("paid");
    expect(paymentStatus({ status: "pending", paidAt: past, payableUntil: null }, now)).toBe("paid");
  });

  it("is expired when unpaid and payable_until is past", () => {
    expect(paymentStatus({ status: "pending", paidAt: null, payableUntil: past }, now)).toBe("expired");
    expect(paymentStatus({ status: "expired", paidAt: null, payableUntil: null }, now)).toBe("expired");
  });

  it("is pending while unpaid and still payable", () => {
    expect(paymentStatus({ status: "pending", paidAt: null, payableUntil: future }, now)).toBe("pending");
    expect(paymentStatus({ status: "pending", paidAt: null, payableUntil: null }, now)).toBe("pending");
  });

  it("says cancelled, refunded and manual orders as such", () => {
    expect(paymentStatus({ status: "cancelled", paidAt: null, payableUntil: past }, now)).toBe("cancelled");
    expect(paymentStatus({ status: "refunded", paidAt: past, payableUntil: null }, now)).toBe("refunded");
    expect(paymentStatus({ status: "manual", paidAt: past, payableUntil: null }, now)).toBe("manual");
  });
});
