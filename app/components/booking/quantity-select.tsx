import { useTranslation } from "react-i18next";
import type { PublicTicket } from "#domain/public-events/get-public-event";
import { cn } from "~/lib/utils";

/** The quantities a buyer may pick for a ticket: none, or from its minimum to its maximum per order and its stock. */
function quantityChoices(ticket: Pick<PublicTicket, "minPerOrder" | "maxPerOrder" | "remaining">): number[] {
  const min = Math.max(1, ticket.minPerOrder);
  const max = Math.min(ticket.maxPerOrder, ticket.remaining ?? Number.POSITIVE_INFINITY);
  const choices = [0];
  for (let quantity = min; quantity <= max; quantity++) choices.push(quantity);
  return choices;
}

/** Name of a ticket's quantity in the booking query (`/events/:id/:slug/book?q12=2`). */
const quantityParam = (ticketId: number) => `q${ticketId}`;

/** A native select (works without JavaScript, as the public page does) labelled with the ticket's title. */
export function QuantitySelect({
  ticket,
  value = 0,
  disabled,
  dark,
}: {
  ticket: PublicTicket;
  value?: number;
  disabled?: boolean;
  dark: boolean;
}) {
  const { t } = useTranslation("booking");
  const id = `quantity-${ticket.id}`;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm opacity-80">
        <span aria-hidden>{t("picker.quantity")}</span>
        <span className="sr-only">{t("picker.quantity-for", { title: ticket.title })}</span>
      </label>
      <select
        id={id}
        name={quantityParam(ticket.id)}
        defaultValue={String(value)}
        disabled={disabled}
        data-testid={`quantity-${ticket.id}`}
        className={cn(
          "h-10 min-w-16 rounded-md border px-2 text-base focus-visible:ring-[3px] focus-visible:ring-sky-500/50 focus-visible:outline-none disabled:opacity-50",
          dark ? "border-slate-700 bg-slate-900" : "border-slate-300 bg-white",
        )}
      >
        {quantityChoices(ticket).map((quantity) => (
          <option key={quantity} value={quantity}>
            {quantity}
          </option>
        ))}
      </select>
    </div>
  );
}
