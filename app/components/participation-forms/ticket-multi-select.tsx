import { ChevronsUpDown } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Checkbox } from "~/components/ui/checkbox";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { cn } from "~/lib/utils";

/** Spec §9: the trigger shows at most 3 ticket badges, then '+ N more'. */
const MAX_TICKET_BADGES = 3;

/** The tickets a question is asked for (none chosen = every ticket). */
export function TicketMultiSelect({
  tickets,
  value,
  onChange,
  labelId,
  invalid,
}: {
  tickets: { id: number; title: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
  labelId: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation("order-forms");
  const listId = useId();
  const triggerId = useId();
  const title = new Map(tickets.map((ticket) => [ticket.id, ticket.title]));
  const chosen = value.filter((id) => title.has(id));
  const shown = chosen.slice(0, MAX_TICKET_BADGES);
  const more = chosen.length - shown.length;
  const toggle = (id: number, checked: boolean) =>
    onChange(
      checked
        ? tickets.map((ticket) => ticket.id).filter((candidate) => candidate === id || chosen.includes(candidate))
        : chosen.filter((candidate) => candidate !== id),
    );

  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          id={triggerId}
          // The field's label, then what the button shows (the chosen tickets or "every ticket"): the visible text is
          // part of the name (WCAG 2.5.3, label in name).
          aria-labelledby={`${labelId} ${triggerId}`}
          aria-invalid={invalid || undefined}
          data-testid="ticket-target-trigger"
          className={cn(
            "flex min-h-9 w-full items-center gap-2 rounded-md border bg-background px-3 py-1.5 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
            invalid && "border-destructive",
          )}
        >
          <span className="flex min-w-0 flex-1 flex-wrap gap-1">
            {chosen.length === 0 ? (
              <span className="text-muted-foreground">{t("fields.tickets-placeholder")}</span>
            ) : null}
            {shown.map((id) => (
              <Badge key={id} variant="secondary" className="max-w-40 truncate">
                {title.get(id)}
              </Badge>
            ))}
            {more > 0 ? (
              <Badge variant="outline" data-testid="ticket-target-more">
                {t("fields.tickets-more", { count: more })}
              </Badge>
            ) : null}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) min-w-64 p-1">
        {tickets.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">{t("fields.no-tickets")}</p>
        ) : (
          <ul id={listId} className="max-h-64 overflow-y-auto" data-testid="ticket-target-list">
            {tickets.map((ticket) => {
              const id = `${listId}-${ticket.id}`;
              return (
                <li key={ticket.id}>
                  <label
                    htmlFor={id}
                    className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm hover:bg-accent"
                  >
                    <Checkbox
                      id={id}
                      checked={chosen.includes(ticket.id)}
                      onCheckedChange={(checked) => toggle(ticket.id, checked === true)}
                    />
                    <span className="truncate">{ticket.title}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
