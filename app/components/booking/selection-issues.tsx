import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SelectionIssue } from "#domain/booking/plan-order";
import type { PublicEvent, PublicTicket } from "#domain/public-events/get-public-event";

/** Why the ticket choice cannot be booked, one line per ticket naming it, with the way back to the choice. */
export function SelectionIssues({
  event,
  issues,
  backHref,
}: {
  event: Pick<PublicEvent, "tickets" | "addons">;
  issues: SelectionIssue[];
  backHref: string;
}) {
  const { t } = useTranslation("booking");
  const ticketsById = new Map<number, PublicTicket>(
    [...event.tickets, ...event.addons].map((ticket) => [ticket.id, ticket]),
  );
  const line = (issue: SelectionIssue): string => {
    const ticket = issue.ticketId === null ? undefined : ticketsById.get(issue.ticketId);
    if (!ticket) return t("selection.addon-needs-ticket");
    const title = ticket.title;
    switch (issue.reason) {
      case "sold-out":
        return t("selection.sold-out", { title });
      case "not-on-sale":
        return t(`selection.not-on-sale.${ticket.sale.explanation ?? "other"}`, { title });
      case "min-per-order":
        return t("selection.min-per-order", { title, count: ticket.minPerOrder, quantity: issue.quantity });
      case "max-per-order":
        return t("selection.max-per-order", { title, count: ticket.maxPerOrder, quantity: issue.quantity });
      default:
        return t("selection.unknown-ticket");
    }
  };
  return (
    <div
      role="alert"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      data-testid="selection-issues"
    >
      <h2 className="flex items-center gap-2 font-semibold">
        <CircleAlert className="size-5 shrink-0" aria-hidden />
        {t("selection.heading")}
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {issues.map((issue) => (
          <li key={`${issue.reason}-${issue.ticketId ?? "all"}`}>{line(issue)}</li>
        ))}
      </ul>
      <a href={`${backHref}#tickets`} className="inline-block font-medium underline underline-offset-2">
        {t("selection.back")}
      </a>
    </div>
  );
}
