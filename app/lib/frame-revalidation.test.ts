import { describe, expect, it } from "vitest";
import { isNavigationWithinFrame } from "./frame-revalidation";

const at = (path: string) => new URL(path, "https://guichet.test");

function navigation(from: string, to: string, formMethod?: "GET" | "POST") {
  const eventOf = (path: string) => path.match(/^\/event\/(\d+)/)?.[1];
  return {
    currentUrl: at(from),
    nextUrl: at(to),
    currentParams: { event_id: eventOf(from) },
    nextParams: { event_id: eventOf(to) },
    formMethod,
  };
}

describe("isNavigationWithinFrame", () => {
  it("keeps the frame's data for another page of the same event or a table's query", () => {
    expect(isNavigationWithinFrame(navigation("/event/9", "/event/9/participants"), ["event_id"])).toBe(true);
    expect(
      isNavigationWithinFrame(navigation("/event/9/participants", "/event/9/participants?page=1"), ["event_id"]),
    ).toBe(true);
    expect(
      isNavigationWithinFrame(navigation("/event/9/participants", "/event/9/participants?page=1", "GET"), ["event_id"]),
    ).toBe(true);
    // The signed-in shell depends on no parameter: any plain navigation keeps it.
    expect(isNavigationWithinFrame(navigation("/event/9", "/event/12"))).toBe(true);
  });

  it("reloads it for another event, a submission or a revalidation of the same address", () => {
    expect(isNavigationWithinFrame(navigation("/event/9", "/event/12"), ["event_id"])).toBe(false);
    expect(isNavigationWithinFrame(navigation("/event/9/tickets", "/event/9/tickets", "POST"), ["event_id"])).toBe(
      false,
    );
    expect(isNavigationWithinFrame(navigation("/event/9/tickets", "/event/9/addons", "POST"), ["event_id"])).toBe(
      false,
    );
    expect(isNavigationWithinFrame(navigation("/event/9/participants?page=1", "/event/9/participants?page=1"))).toBe(
      false,
    );
  });
});
