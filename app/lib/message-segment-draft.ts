import type { InferOutput } from "valibot";
import type { messageSegmentSchema } from "#domain/attendee-messages/message-segment";

/** A message's recipients as the composer sends them (docs/decisions/0054-attendee-messages.md). */
export type MessageSegmentValue = InferOutput<typeof messageSegmentSchema>;

export type SegmentType = MessageSegmentValue["type"];
export const orderStatusChoices = ["paid", "manual", "pending"] as const;
type OrderStatusChoice = (typeof orderStatusChoices)[number];

/** The picker's state: every sub-choice is kept while another type is selected, so switching back loses nothing. */
export type SegmentDraft = {
  type: SegmentType;
  ticketIds: number[];
  statuses: OrderStatusChoice[];
  checkedIn: boolean;
  participantIds: number[];
  /** Dates of a multi-date event: set by the dates page's « Prévenir les participants », not picked here. */
  dateIds: number[];
};

export function segmentDraftOf(
  segment: MessageSegmentValue | undefined,
  selected: number[],
  selectedDates: number[] = [],
): SegmentDraft {
  const draft: SegmentDraft = {
    type: selected.length > 0 ? "participants" : selectedDates.length > 0 ? "dates" : "all",
    ticketIds: [],
    statuses: ["paid", "manual"],
    checkedIn: false,
    participantIds: selected,
    dateIds: selectedDates,
  };
  if (!segment) return draft;
  switch (segment.type) {
    case "tickets":
      return { ...draft, type: "tickets", ticketIds: segment.ticket_ids };
    case "order_status":
      return { ...draft, type: "order_status", statuses: segment.statuses };
    case "check_in":
      return { ...draft, type: "check_in", checkedIn: segment.checked_in };
    case "participants":
      return { ...draft, type: "participants", participantIds: segment.participant_ids };
    case "dates":
      return { ...draft, type: "dates", dateIds: segment.date_ids };
    default:
      return { ...draft, type: segment.type };
  }
}

/** The segment the domain reads; null while a choice is incomplete (no ticket or no status ticked). */
export function segmentOfDraft(draft: SegmentDraft): MessageSegmentValue | null {
  switch (draft.type) {
    case "all":
    case "buyers":
      return { type: draft.type };
    case "tickets":
      return draft.ticketIds.length > 0 ? { type: "tickets", ticket_ids: draft.ticketIds } : null;
    case "order_status":
      return draft.statuses.length > 0 ? { type: "order_status", statuses: draft.statuses } : null;
    case "check_in":
      return { type: "check_in", checked_in: draft.checkedIn };
    case "participants":
      return draft.participantIds.length > 0 ? { type: "participants", participant_ids: draft.participantIds } : null;
    case "dates":
      return draft.dateIds.length > 0 ? { type: "dates", date_ids: draft.dateIds } : null;
  }
}
