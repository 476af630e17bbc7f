import { useTranslation } from "react-i18next";
import type { TicketSaleStatus, TicketStatusColor, TicketStatusExplanation } from "#domain/tickets/ticket-status";
import { cn } from "~/lib/utils";

const colorClass: Record<TicketStatusColor, string> = {
  green: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  red: "bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300",
  gray: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
};

/** Spec §4 derived status in words, in its colour (gray sold out, red not on sale or hidden, green on sale). */
export function TicketStatusBadge({
  status,
  explanation,
  color,
  eventDraft = false,
  withHelp = false,
}: {
  status: TicketSaleStatus;
  explanation: TicketStatusExplanation | null;
  color: TicketStatusColor;
  /** A draft event sells nothing yet: an on-sale ticket will be once the event is published. */
  eventDraft?: boolean;
  withHelp?: boolean;
}) {
  const { t } = useTranslation("tickets");
  const key = explanation ?? status;
  const help =
    key === "not_on_sale"
      ? null
      : key === "on_sale" && eventDraft
        ? t("status-help.on_sale-draft")
        : t(`status-help.${key}`);
  return (
    <span className="grid justify-items-start gap-0.5 sm:justify-items-end">
      <span
        data-testid="ticket-status"
        data-status={status}
        data-color={color}
        title={help ?? undefined}
        className={cn(
          "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap",
          colorClass[color],
        )}
      >
        <span aria-hidden className="size-1.5 rounded-full bg-current" />
        {t(`status.${key}`)}
      </span>
      {withHelp && help ? <span className="text-xs text-muted-foreground sm:text-right">{help}</span> : null}
    </span>
  );
}
