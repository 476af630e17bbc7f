import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { messageSegmentSchema } from "#domain/attendee-messages/message-segment";
import { segmentDraftOf, segmentOfDraft, type MessageSegmentValue } from "./message-segment-draft";

describe("the composer's segment picker state", () => {
  it("starts on every participant, or on the participants table's selection when there is one", () => {
    expect(segmentOfDraft(segmentDraftOf(undefined, []))).toEqual({ type: "all" });
    expect(segmentOfDraft(segmentDraftOf(undefined, [4, 9]))).toEqual({
      type: "participants",
      participant_ids: [4, 9],
    });
  });

  it("gives back each stored segment as it was, in the shape the domain accepts", () => {
    const segments: MessageSegmentValue[] = [
      { type: "all" },
      { type: "buyers" },
      { type: "tickets", ticket_ids: [3, 5] },
      { type: "order_status", statuses: ["pending"] },
      { type: "check_in", checked_in: true },
      { type: "check_in", checked_in: false },
      { type: "participants", participant_ids: [12] },
    ];
    for (const segment of segments) {
      const back = segmentOfDraft(segmentDraftOf(segment, []));
      expect(back).toEqual(segment);
      expect(v.safeParse(messageSegmentSchema, back).success).toBe(true);
    }
  });

  it("has no segment while a choice is incomplete, and keeps the other choices while switching", () => {
    const draft = segmentDraftOf({ type: "tickets", ticket_ids: [3] }, []);
    expect(segmentOfDraft({ ...draft, ticketIds: [] })).toBeNull();
    expect(segmentOfDraft({ ...draft, type: "order_status", statuses: [] })).toBeNull();
    // Away to "buyers" and back: the ticket ticked before is still ticked.
    const back = { ...{ ...draft, type: "buyers" as const }, type: "tickets" as const };
    expect(segmentOfDraft(back)).toEqual({ type: "tickets", ticket_ids: [3] });
  });
});
