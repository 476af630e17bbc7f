import { describe, expect, it } from "vitest";
import {
  embedFrameUrl,
  frameHeight,
  MAX_FRAME_HEIGHT,
  MIN_FRAME_HEIGHT,
  readFrameMessage,
  readReturnedOrder,
  returnAddress,
} from "~/lib/widget-frame-protocol";
import { returnedOrderFragment } from "#domain/public-events/embed-return";

const origin = "https://guichet.example";
const frame = { name: "the widget's iframe window" };
const expected = { origin, source: frame };

describe("the booking widget's frame messages (issue 26 §5)", () => {
  it("accepts a height report from its own frame on the Guichet origin, in whole pixels within bounds", () => {
    const read = (height: unknown) =>
      readFrameMessage({ origin, source: frame, data: { source: "guichet", type: "resize", height } }, expected);
    expect(read(812.2)).toEqual({ type: "resize", height: 813 });
    expect(read(3)).toEqual({ type: "resize", height: MIN_FRAME_HEIGHT });
    expect(read(10 ** 9)).toEqual({ type: "resize", height: MAX_FRAME_HEIGHT });
    expect(read(Number.NaN)).toBeNull();
    expect(read("900")).toBeNull();
  });

  it("refuses a message from another origin, even one that starts like ours or differs by scheme or port", () => {
    const data = { source: "guichet", type: "resize", height: 500 };
    for (const other of [
      "https://guichet.example.evil.test",
      "http://guichet.example",
      "https://guichet.example:8443",
      "null",
    ]) {
      expect(readFrameMessage({ origin: other, source: frame, data }, expected)).toBeNull();
    }
  });

  it("refuses a message from another window than its own frame (another Guichet widget on the page)", () => {
    const data = { source: "guichet", type: "resize", height: 500 };
    expect(readFrameMessage({ origin, source: { name: "another frame" }, data }, expected)).toBeNull();
    expect(readFrameMessage({ origin, source: null, data }, { origin, source: null })).toBeNull();
  });

  it("reads a completed order, and refuses one without a positive order number or with another status", () => {
    const read = (data: unknown) => readFrameMessage({ origin, source: frame, data }, expected);
    expect(read({ source: "guichet", type: "order-completed", order_id: 42, status: "paid" })).toEqual({
      type: "order-completed",
      order_id: 42,
      status: "paid",
    });
    expect(read({ source: "guichet", type: "order-completed", order_id: 42, status: "pending" })).toBeNull();
    expect(read({ source: "guichet", type: "order-completed", order_id: "42", status: "paid" })).toBeNull();
    expect(read({ source: "guichet", type: "order-completed", order_id: 0, status: "paid" })).toBeNull();
    expect(read({ type: "order-completed", order_id: 42, status: "paid" })).toBeNull();
    expect(read("order-completed")).toBeNull();
    expect(read({ source: "guichet", type: "navigate", url: "https://evil.test" })).toBeNull();
  });

  it("bounds heights on their own", () => {
    expect(frameHeight(640)).toBe(640);
    expect(frameHeight(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("builds the embed address from the element's options alone, refusing an event id that is not a number", () => {
    expect(embedFrameUrl(origin, { event: "123" })).toBe(`${origin}/embed/events/123`);
    expect(embedFrameUrl(origin, { event: "123", lang: "en", token: "a b&c" })).toBe(
      `${origin}/embed/events/123?lang=en&t=a+b%26c`,
    );
    expect(embedFrameUrl(origin, { event: "123", lang: "de" })).toBe(`${origin}/embed/events/123`);
    expect(embedFrameUrl(origin, { event: "../../api/me" })).toBeNull();
    expect(embedFrameUrl(origin, { event: "" })).toBeNull();
  });

  it("hands on the host page as the way back: http(s) only, without its fragment, bounded", () => {
    expect(returnAddress("https://salle.example/concerts?page=2#haut")).toBe("https://salle.example/concerts?page=2");
    expect(returnAddress("javascript:alert(1)")).toBeNull();
    expect(returnAddress("data:text/html,hi")).toBeNull();
    expect(returnAddress("not a url")).toBeNull();
    expect(returnAddress(`https://salle.example/${"a".repeat(2_100)}`)).toBeNull();
    expect(embedFrameUrl(origin, { event: "123", lang: "fr", returnTo: "https://salle.example/concerts" })).toBe(
      `${origin}/embed/events/123?lang=fr&return=https%3A%2F%2Fsalle.example%2Fconcerts`,
    );
  });

  it("shows the order the checkout sent back for this event only, as the fragment the checkout writes", () => {
    const hash = `#${returnedOrderFragment({ eventId: 123, orderId: 4812, accessToken: "abcdefghijklmnopqrstuvwxyz234567" })}`;
    expect(readReturnedOrder(hash, "123")).toEqual({ orderId: "4812", token: "abcdefghijklmnopqrstuvwxyz234567" });
    expect(readReturnedOrder(hash, "124")).toBeNull();
    expect(readReturnedOrder("#guichet-order=123.4812", "123")).toBeNull();
    expect(readReturnedOrder("#autre=1", "123")).toBeNull();
    expect(embedFrameUrl(origin, { event: "123", lang: "en", returned: { orderId: "4812", token: "tok" } })).toBe(
      `${origin}/embed/orders/4812?token=tok&lang=en&returned=1`,
    );
  });
});
