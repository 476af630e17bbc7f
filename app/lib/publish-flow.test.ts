import { describe, expect, it } from "vitest";
import {
  firstPublishStep,
  stepAfterPublishAnyway,
  stepAfterVisibility,
  stepForPublishRefusal,
  type PublishReadiness,
} from "./publish-flow";

const ready: PublishReadiness = { hasTickets: true, needsPaymentAccount: false, missing: [], startsInPast: false };

describe("publish flow (spec §4)", () => {
  it("opens on what is missing (title, start date) before anything else; a published event only changes visibility", () => {
    expect(firstPublishStep({ ...ready, missing: ["title", "start-date"] }, false)).toBe("incomplete");
    expect(firstPublishStep({ ...ready, missing: ["title"] }, true)).toBe("visibility");
    expect(firstPublishStep(ready, false)).toBe("visibility");
    expect(firstPublishStep(null, false)).toBe("visibility");
    expect(stepAfterVisibility({ ...ready, missing: ["start-date"] }, false)).toBe("incomplete");
  });

  it("asks about tickets first, then the payment account, then a past start date, else publishes", () => {
    expect(stepAfterVisibility({ ...ready, hasTickets: false, needsPaymentAccount: true }, false)).toBe("no-tickets");
    expect(stepAfterVisibility({ ...ready, needsPaymentAccount: true, startsInPast: true }, false)).toBe("payment");
    expect(stepAfterVisibility({ ...ready, startsInPast: true }, false)).toBe("past-start");
    expect(stepAfterVisibility(ready, false)).toBe("publish");
    expect(stepAfterVisibility({ ...ready, hasTickets: false, needsPaymentAccount: true }, true)).toBe("publish");
    expect(stepAfterVisibility(null, false)).toBe("publish");
  });

  it("goes from 'Publier quand même' to the payment step, then the past-start confirmation", () => {
    expect(stepAfterPublishAnyway({ ...ready, hasTickets: false, needsPaymentAccount: true })).toBe("payment");
    expect(stepAfterPublishAnyway({ ...ready, hasTickets: false, startsInPast: true })).toBe("past-start");
    expect(stepAfterPublishAnyway({ ...ready, hasTickets: false })).toBe("publish");
    expect(stepAfterPublishAnyway(null)).toBe("publish");
  });

  it("answers a stale readiness refused by the server with the matching step; no tickets is never a refusal", () => {
    expect(stepForPublishRefusal("publish_incomplete")).toBe("incomplete");
    expect(stepForPublishRefusal("payment_account_required")).toBe("payment");
    expect(stepForPublishRefusal("conflict")).toBeNull();
    expect(stepForPublishRefusal("not_found")).toBeNull();
    // A message key is copy, not a reason.
    expect(stepForPublishRefusal("events:errors.publish-incomplete")).toBeNull();
    expect(stepForPublishRefusal(undefined)).toBeNull();
  });
});
