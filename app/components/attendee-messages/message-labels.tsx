import { useTranslation } from "react-i18next";
import type { AttendeeMessageKind, AttendeeMessageStatus } from "#db/schema";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import type { MessageSegmentValue, RecipientState, TicketOption } from "./attendee-message-types";

const statusVariant: Record<AttendeeMessageStatus, BadgeProps["variant"]> = {
  draft: "outline",
  scheduled: "secondary",
  sending: "warning",
  sent: "success",
  failed: "destructive",
};

export function MessageStatusBadge({ status }: { status: AttendeeMessageStatus }) {
  const { t } = useTranslation("attendee-messages");
  return (
    <Badge variant={statusVariant[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function MessageKindBadge({ kind }: { kind: AttendeeMessageKind }) {
  const { t } = useTranslation("attendee-messages");
  return (
    <Badge variant={kind === "message" ? "secondary" : "outline"} data-kind={kind}>
      {t(`kind.${kind}`)}
    </Badge>
  );
}

const recipientVariant: Record<RecipientState, BadgeProps["variant"]> = {
  queued: "outline",
  sending: "warning",
  sent: "success",
  failed: "destructive",
  bounced: "destructive",
};

export function RecipientStateBadge({ state }: { state: RecipientState }) {
  const { t } = useTranslation("attendee-messages");
  return (
    <Badge variant={recipientVariant[state]} data-state={state}>
      {t(`recipient-state.${state}`)}
    </Badge>
  );
}

/** Who a message goes to, in words ("Billets : Fosse, Balcon"). */
export function useSegmentDescription(tickets: TicketOption[]) {
  const { t } = useTranslation("attendee-messages");
  return (segment: MessageSegmentValue): string => {
    switch (segment.type) {
      case "all":
        return t("segment.all");
      case "buyers":
        return t("segment.buyers-short");
      case "tickets": {
        const titles = segment.ticket_ids.map(
          (id) => tickets.find((ticket) => ticket.id === id)?.title ?? t("segment.deleted-ticket"),
        );
        return t("segment.tickets-list", { list: titles.join(", ") });
      }
      case "order_status":
        return t("segment.statuses-list", {
          list: segment.statuses.map((status) => t(`order-status.${status}`)).join(", "),
        });
      case "check_in":
        return segment.checked_in ? t("segment.checked-in") : t("segment.not-checked-in");
      case "participants":
        return t("segment.participants-count", { count: segment.participant_ids.length });
      case "dates":
        return t("segment.dates-count", { count: segment.date_ids.length });
    }
  };
}
