import { describe, expect, it } from "vitest";
import { AppError, appErrorBody, httpStatusOf } from "./app-error";

describe("AppError reason", () => {
  it("defaults to the code and keeps a finer reason apart from the message key", () => {
    expect(new AppError("not_found", "events:errors.not-found").reason).toBe("not_found");
    const soldOut = new AppError("conflict", "any copy at all", { reason: "sold_out" });
    expect(soldOut.reason).toBe("sold_out");
    expect(httpStatusOf(soldOut)).toBe(409);
    expect(appErrorBody(soldOut)).toEqual({
      error: "conflict",
      reason: "sold_out",
      message: "any copy at all",
      fields: undefined,
    });
  });
});
