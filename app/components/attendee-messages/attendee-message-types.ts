import type { AttendeeMessageKind, AttendeeMessageStatus, TicketType } from "#db/schema";
import type { DeliveryCounts } from "#domain/attendee-messages/attendee-message-record";
import type { MessageSegmentValue } from "~/lib/message-segment-draft";

/** The messages pages' data (issue 27), mapped from the domain by app/routes/app/event/messages.server.ts. */
export type { MessageSegmentValue };
export type RecipientState = keyof DeliveryCounts;

export type MessageView = {
  id: number;
  kind: AttendeeMessageKind;
  subject: string;
  body: string;
  segment: MessageSegmentValue;
  status: AttendeeMessageStatus;
  scheduledAt: number | null;
  sentAt: number | null;
  sendCount: number;
  recipientCount: number;
  failureReason: string | null;
  createdAt: number;
};

export type TicketOption = { id: number; title: string; ticketType: TicketType };

export type MessagesHistoryData = {
  eventId: number;
  timezone: string;
  messages: (MessageView & { counts: DeliveryCounts })[];
  hasMore: boolean;
  tickets: TicketOption[];
  optOuts: { email: string; createdAt: number }[];
  optOutTotal: number;
};

export type PreviewParticipant = { id: number; name: string; email: string; ticketTitle: string };

export type ComposeContext = {
  eventId: number;
  timezone: string;
  eventStatus: "draft" | "published" | "archived";
  tickets: TicketOption[];
  participants: PreviewParticipant[];
  participantTotal: number;
};

export type ComposeData = ComposeContext & {
  message?: MessageView;
  selectedParticipantIds: number[];
  /** The dates page's « Prévenir les participants » (issue 30 §4): the participants of these dates. */
  selectedDateIds?: number[];
};

export type MessageRecipientView = {
  id: number;
  email: string;
  name: string;
  ticketTitle: string;
  locale: "fr" | "en";
  status: RecipientState;
  sentAt: number | null;
  lastError: string | null;
  optedOut: boolean;
};

export type MessageDetailData =
  | ({ mode: "compose"; message: MessageView } & ComposeData)
  | {
      mode: "detail";
      eventId: number;
      timezone: string;
      tickets: TicketOption[];
      message: MessageView;
      counts: DeliveryCounts;
      recipients: MessageRecipientView[];
      hasMoreRecipients: boolean;
      state: RecipientState | null;
      after: number | null;
    };

export type MessageActionResult =
  | { ok: true; intent: "retry"; messageId: number | null }
  | {
      ok: false;
      errors: { formError?: string; reason?: string; fields?: Record<string, string> };
      values: Record<string, string>;
      intent: string | null;
      messageId: number | null;
      quota: { remaining: number; recipients: number } | null;
    };

export type RecipientCountResult =
  { ok: true; recipients: number; quota: { remaining: number; limit: number } } | { ok: false };

export type PreviewResult =
  | {
      ok: true;
      intent: "preview";
      subject: string;
      html: string;
      recipient: { participantId: number; name: string; email: string; locale: "fr" | "en" } | null;
    }
  | { ok: true; intent: "test"; to: string }
  | {
      ok: false;
      errors: { formError?: string; fields?: Record<string, string> };
      quota?: { remaining: number } | null;
    };
