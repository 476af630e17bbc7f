import { describe, expect, it } from "vitest";
import { AppError, httpStatusOf } from "./app-error";
import { errorCodeOf, errorTypeOf } from "./error-codes";

describe("AppError reason", () => {
  it("defaults to the code and keeps a finer reason apart from the message key", () => {
    expect(new AppError("not_found", "events:errors.not-found").reason).toBe("not_found");
    const soldOut = new AppError("conflict", "any copy at all", { reason: "sold_out" });
    expect(soldOut.reason).toBe("sold_out");
    expect(httpStatusOf(soldOut)).toBe(409);
    expect(errorTypeOf(soldOut)).toBe("conflict");
    expect(errorCodeOf(soldOut)).toBe("sold_out");
  });

  it("takes the code from the message key when the reason is the type", () => {
    const taken = new AppError("conflict", "organizations:errors.title-not-unique");
    expect(errorCodeOf(taken)).toBe("title_not_unique");
    expect(errorCodeOf(new AppError("not_found", "not-found"))).toBe("not_found");
    expect(errorCodeOf(new AppError("conflict", "members:invitation.errors.revoked"))).toBe("invitation_revoked");
  });

  it("answers a missing payment provider as unavailable whatever the code", () => {
    const unavailable = new AppError("conflict", "booking:errors.payment-unavailable", {
      reason: "payment_unavailable",
    });
    expect(errorTypeOf(unavailable)).toBe("unavailable");
    expect(errorCodeOf(unavailable)).toBe("payment_unavailable");
  });
});
