import { describe, expect, it } from "vitest";
import { stepAfterPublishAnyway, stepAfterVisibility, stepForPublishRefusal } from "./publish-flow";

const ready = { hasTickets: true, needsPaymentAccount: false };

describe("publish flow (spec §4)", () => {
  it("asks about tickets first, then the payment account, else publishes", () => {
    expect(stepAfterVisibility({ hasTickets: false, needsPaymentAccount: true }, false)).toBe("no-tickets");
    expect(stepAfterVisibility({ hasTickets: true, needsPaymentAccount: true }, false)).toBe("payment");
    expect(stepAfterVisibility(ready, false)).toBe("publish");
    expect(stepAfterVisibility({ hasTickets: false, needsPaymentAccount: true }, true)).toBe("publish");
    expect(stepAfterVisibility(null, false)).toBe("publish");
  });

  it("goes from 'Publier quand même' to the payment step when a paid add-on needs the payment account", () => {
    expect(stepAfterPublishAnyway({ hasTickets: false, needsPaymentAccount: true })).toBe("payment");
    expect(stepAfterPublishAnyway({ hasTickets: false, needsPaymentAccount: false })).toBe("publish");
    expect(stepAfterPublishAnyway(null)).toBe("publish");
  });

  it("answers a stale readiness refused by the server with the matching step", () => {
    expect(stepForPublishRefusal("events:errors.no-tickets")).toBe("no-tickets");
    expect(stepForPublishRefusal("events:errors.payment-account-required")).toBe("payment");
    expect(stepForPublishRefusal("events:errors.not-found")).toBeNull();
    expect(stepForPublishRefusal("events:errors.invalid-transition")).toBeNull();
    expect(stepForPublishRefusal(undefined)).toBeNull();
  });
});
