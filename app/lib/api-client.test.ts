import { describe, expect, it } from "vitest";
import { errorKeyFor, type ApiError } from "./api-client";

const answer = (code: string): ApiError => ({ type: "validation", code, message: "…", fields: [], request_id: "r-1" });
const keys = ["editor:banner.errors.not-webp", "editor:banner.errors.upload-failed", "errors.email-quota"] as const;

describe("errorKeyFor", () => {
  it("finds the page's key whose code is the answer's", () => {
    expect(errorKeyFor(answer("banner_not_webp"), keys, "editor:banner.errors.upload-failed")).toBe(
      "editor:banner.errors.not-webp",
    );
  });

  it("takes a reason's key from the page's table", () => {
    expect(
      errorKeyFor(answer("email_quota_reached"), keys, "editor:banner.errors.upload-failed", {
        email_quota_reached: "errors.email-quota",
      }),
    ).toBe("errors.email-quota");
  });

  it("falls back for an unknown code or no body, never showing what the server sent", () => {
    expect(errorKeyFor(answer("something_else"), keys, "editor:banner.errors.upload-failed")).toBe(
      "editor:banner.errors.upload-failed",
    );
    expect(errorKeyFor(null, keys, "editor:banner.errors.upload-failed")).toBe("editor:banner.errors.upload-failed");
  });
});
