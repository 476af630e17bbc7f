import { EyeOff, GripVertical, Lock, MoreHorizontal } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { LazyDropdownMenu } from "~/components/lazy-dropdown-menu";
import { formatMoney } from "#domain/shared/format";
import { cn } from "~/lib/utils";
import { type RowDrag, useLazySortableList } from "~/components/sortable/lazy-sortable";
import { TicketStatusBadge } from "./ticket-status-badge";
import type { TicketView } from "./ticket-types";

const loadTicketActions = () => import("./ticket-actions-menu").then((module) => module.TicketActionsMenu);

/**
 * The tickets (or add-ons) in their order, reordered by dragging a row's handle with a pointer, a finger, or the
 * keyboard (Space to lift, arrows, Space to drop). The new order shows at once; `onReorder` saves it.
 */
export function TicketList({
  tickets,
  editPath,
  canUpdate,
  eventDraft,
  onReorder,
  onDelete,
}: {
  tickets: TicketView[];
  editPath: (ticket: TicketView) => string;
  canUpdate: boolean;
  eventDraft: boolean;
  onReorder: (ids: number[]) => void;
  onDelete: (ticket: TicketView) => void;
}) {
  const { t } = useTranslation("tickets");
  const [items, setItems] = useState(tickets);
  useEffect(() => setItems(tickets), [tickets]);
  const sortable = useLazySortableList(canUpdate, "data-ticket-id");
  const row = (ticket: TicketView, drag: RowDrag | null) => (
    <TicketRow
      key={ticket.id}
      ticket={ticket}
      editPath={editPath(ticket)}
      canUpdate={canUpdate}
      eventDraft={eventDraft}
      drag={drag}
      onDelete={() => onDelete(ticket)}
    />
  );
  const onMove = (next: TicketView[]) => {
    setItems(next);
    onReorder(next.map((ticket) => ticket.id));
  };

  return (
    <ul
      {...sortable.listProps}
      aria-label={t("list.label")}
      className="divide-y rounded-lg border bg-card"
      data-testid="ticket-list"
    >
      {sortable.module ? (
        <sortable.module.SortableRows items={items} keyboardHint={t("list.keyboard-hint")} onMove={onMove}>
          {row}
        </sortable.module.SortableRows>
      ) : (
        items.map((ticket) => row(ticket, null))
      )}
    </ul>
  );
}

function TicketRow({
  ticket,
  editPath,
  canUpdate,
  eventDraft,
  drag,
  onDelete,
}: {
  ticket: TicketView;
  editPath: string;
  canUpdate: boolean;
  eventDraft: boolean;
  /** From the sortable list once its module is there; before, the same row without drag and drop. */
  drag: RowDrag | null;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation("tickets");
  const amount = ticket.amount === -1 ? t("list.unlimited") : String(ticket.amount);

  return (
    <li
      ref={drag?.rowRef}
      style={drag?.style}
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
      className={cn(
        "relative grid grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-2 bg-card px-3 py-3 first:rounded-t-lg last:rounded-b-lg sm:px-4",
        drag?.isDragging && "z-10 shadow-lg ring-2 ring-primary/40",
      )}
    >
      {canUpdate ? (
        <button
          type="button"
          ref={drag?.handleRef}
          {...drag?.handleProps}
          aria-label={t("list.drag-handle", { title: ticket.title })}
          data-testid="ticket-drag-handle"
          className="flex h-9 w-6 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none active:cursor-grabbing"
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
      ) : (
        <span className="w-6" />
      )}

      <div className="grid min-w-0 gap-2 sm:grid-cols-[minmax(0,1fr)_6rem_6rem_14rem] sm:items-center sm:gap-4">
        <div className="min-w-0">
          <Link to={editPath} className="font-medium hover:underline" data-testid="ticket-title">
            {ticket.title}
          </Link>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            {ticket.description ? <span className="line-clamp-1 max-w-full">{ticket.description}</span> : null}
            {ticket.visibility === "hidden" ? (
              <span className="inline-flex items-center gap-1">
                <EyeOff className="size-3" aria-hidden />
                {t("list.hidden-badge")}
              </span>
            ) : null}
            {ticket.restricted ? (
              <span className="inline-flex items-center gap-1">
                <Lock className="size-3" aria-hidden />
                {t("list.restricted-badge")}
              </span>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:contents">
          <span className="tabular-nums sm:text-right" data-testid="ticket-sold">
            <span className="sr-only">{t("list.sold")} </span>
            {t("list.sold-of", { sold: ticket.purchased, amount })}
            {ticket.held > 0 ? (
              <span className="block text-xs text-muted-foreground" data-testid="ticket-held">
                {t("list.held", { count: ticket.held })}
              </span>
            ) : null}
          </span>
          <span className="font-medium tabular-nums sm:text-right" data-testid="ticket-price">
            {ticket.price === 0 ? t("free") : formatMoney(ticket.price, i18n.language)}
          </span>
          <TicketStatusBadge
            status={ticket.status}
            explanation={ticket.explanation}
            color={ticket.color}
            eventDraft={eventDraft}
            withHelp
          />
        </div>
      </div>

      <LazyDropdownMenu
        load={loadTicketActions}
        menuProps={{ editPath, canUpdate, onDelete }}
        trigger={
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("list.actions", { title: ticket.title })}
            data-testid="ticket-actions"
          >
            <MoreHorizontal className="size-4" aria-hidden />
          </Button>
        }
      />
    </li>
  );
}
