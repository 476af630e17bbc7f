import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/ui/checkbox";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import type { TicketOption } from "./attendee-message-types";
import { orderStatusChoices, type SegmentDraft, type SegmentType } from "~/lib/message-segment-draft";

const toggle = <T,>(list: T[], value: T, on: boolean) =>
  on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value);

/** Who receives the message (issue 27 §1): one radio per kind of audience, its own choices under it. */
export function SegmentPicker({
  draft,
  onChange,
  tickets,
  disabled,
  labelId,
}: {
  draft: SegmentDraft;
  onChange: (draft: SegmentDraft) => void;
  tickets: TicketOption[];
  disabled?: boolean;
  labelId: string;
}) {
  const { t } = useTranslation("attendee-messages");
  const ids = useId();
  const types: SegmentType[] = ["all", "buyers", "tickets", "order_status", "check_in"];
  if (draft.participantIds.length > 0) types.push("participants");
  if (draft.dateIds.length > 0) types.push("dates");

  return (
    <RadioGroup
      aria-labelledby={labelId}
      value={draft.type}
      onValueChange={(type) => onChange({ ...draft, type: type as SegmentType })}
      disabled={disabled}
      className="gap-2"
      data-testid="segment-picker"
    >
      {types.map((type) => (
        <div key={type} className="rounded-md border p-3 has-[[data-state=checked]]:border-primary/60">
          <div className="flex items-center gap-3">
            <RadioGroupItem value={type} id={`${ids}-${type}`} data-testid={`segment-${type}`} />
            <label htmlFor={`${ids}-${type}`} className="text-sm font-medium">
              {type === "participants"
                ? t("segment.participants-count", { count: draft.participantIds.length })
                : type === "dates"
                  ? t("segment.dates-count", { count: draft.dateIds.length })
                  : t(`segment.${type}`)}
            </label>
          </div>
          {draft.type === type && type === "tickets" ? (
            <fieldset className="mt-3 grid gap-2 pl-7" aria-label={t("segment.tickets")}>
              {tickets.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("segment.no-tickets")}</p>
              ) : (
                tickets.map((ticket) => (
                  <label key={ticket.id} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={draft.ticketIds.includes(ticket.id)}
                      onCheckedChange={(on) =>
                        onChange({ ...draft, ticketIds: toggle(draft.ticketIds, ticket.id, on === true) })
                      }
                      disabled={disabled}
                      data-testid={`segment-ticket-${ticket.id}`}
                    />
                    <span>{ticket.title}</span>
                    {ticket.ticketType === "addon" ? (
                      <span className="text-xs text-muted-foreground">{t("segment.addon")}</span>
                    ) : null}
                  </label>
                ))
              )}
            </fieldset>
          ) : null}
          {draft.type === type && type === "order_status" ? (
            <fieldset className="mt-3 grid gap-2 pl-7" aria-label={t("segment.order_status")}>
              {orderStatusChoices.map((status) => (
                <label key={status} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={draft.statuses.includes(status)}
                    onCheckedChange={(on) =>
                      onChange({ ...draft, statuses: toggle(draft.statuses, status, on === true) })
                    }
                    disabled={disabled}
                    data-testid={`segment-status-${status}`}
                  />
                  {t(`order-status.${status}`)}
                </label>
              ))}
            </fieldset>
          ) : null}
          {draft.type === type && type === "check_in" ? (
            <RadioGroup
              className="mt-3 gap-2 pl-7"
              aria-label={t("segment.check_in")}
              value={draft.checkedIn ? "in" : "out"}
              onValueChange={(value) => onChange({ ...draft, checkedIn: value === "in" })}
              disabled={disabled}
            >
              {(["in", "out"] as const).map((value) => (
                <div key={value} className="flex items-center gap-2 text-sm">
                  <RadioGroupItem value={value} id={`${ids}-check-${value}`} data-testid={`segment-check-${value}`} />
                  <label htmlFor={`${ids}-check-${value}`}>
                    {value === "in" ? t("segment.checked-in") : t("segment.not-checked-in")}
                  </label>
                </div>
              ))}
            </RadioGroup>
          ) : null}
        </div>
      ))}
    </RadioGroup>
  );
}
