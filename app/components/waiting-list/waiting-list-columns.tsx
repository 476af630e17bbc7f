import type { TFunction } from "i18next";
import { MoreHorizontal, Send, UserMinus } from "lucide-react";
import type { WaitingListStatus } from "#db/schema";
import type { WaitingListEntryRow } from "#domain/waiting-list/list-waiting-list-entries";
import { EmailCell } from "~/components/data-table/email-cell";
import type { DataTableColumn } from "~/components/data-table/features";
import { formatTableDateTime } from "~/components/data-table/table-date";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { LazyActionsMenu } from "~/components/lazy-actions-menu";

const variantOf: Record<WaitingListStatus, BadgeProps["variant"]> = {
  waiting: "secondary",
  offered: "warning",
  booked: "success",
  expired: "outline",
  removed: "outline",
};

const isOpen = (status: WaitingListStatus) => status === "waiting" || status === "offered";
const isOfferable = (status: WaitingListStatus) => status === "waiting" || status === "expired";

/** An entry's state: waiting, offered until (the event's time zone), booked, expired, removed. */
export function WaitingListStatusBadge({
  row,
  language,
  timezone,
  t,
}: {
  row: Pick<WaitingListEntryRow, "status" | "offerExpiresAt">;
  language: string;
  timezone: string;
  t: TFunction<"waiting-list">;
}) {
  const label =
    row.status === "offered" && row.offerExpiresAt !== null
      ? t("page.status.offered-until", { time: formatTableDateTime(row.offerExpiresAt, language, timezone) })
      : t(`page.status.${row.status}`);
  return (
    // An offer's deadline may take two lines rather than be cut.
    <Badge variant={variantOf[row.status]} data-status={row.status} className="h-auto text-left whitespace-normal">
      {label}
    </Badge>
  );
}

// The default columns' widths add up to 906 px: within the table's width on a 1280 px screen (as orders-columns.tsx).
/**
 * The waiting list's columns (issue 28 §3). The last one holds each entry's actions for those who manage sales:
 * « Envoyer une offre » to someone waiting or whose offer expired (out of line order, the organizer's choice), and
 * « Retirer » from an open entry.
 */
export function waitingListColumns(options: {
  timezone: string;
  language: string;
  canManage: boolean;
  t: TFunction<"waiting-list">;
  onRemove: (row: WaitingListEntryRow) => void;
  onOffer: (row: WaitingListEntryRow) => void;
}): DataTableColumn<WaitingListEntryRow>[] {
  const { timezone, language, canManage, t, onRemove, onOffer } = options;
  const name = (row: WaitingListEntryRow) => `${row.firstName} ${row.lastName}`.trim();
  return [
    {
      id: "position",
      header: t("page.columns.position"),
      size: 84,
      enableHiding: false,
      cell: ({ row }) =>
        row.original.position === null ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <span className="font-medium tabular-nums">{row.original.position}</span>
        ),
    },
    { id: "name", header: t("page.columns.name"), size: 120, cell: ({ row }) => name(row.original) || "—" },
    {
      id: "email",
      header: t("page.columns.email"),
      size: 130,
      cell: ({ row }) => <EmailCell email={row.original.email} />,
    },
    { id: "ticket", header: t("page.columns.ticket"), size: 100, cell: ({ row }) => row.original.ticketTitle },
    {
      id: "quantity",
      header: t("page.columns.quantity"),
      size: 104,
      cell: ({ row }) => <span className="tabular-nums">{row.original.quantity}</span>,
    },
    {
      id: "created_at",
      header: t("page.columns.created_at"),
      size: 144,
      cell: ({ row }) => formatTableDateTime(row.original.createdAt, language, timezone),
    },
    {
      id: "status",
      header: t("page.columns.status"),
      size: 160,
      cell: ({ row }) => <WaitingListStatusBadge row={row.original} language={language} timezone={timezone} t={t} />,
    },
    {
      id: "actions",
      header: t("page.columns.actions"),
      size: 64,
      enableHiding: false,
      cell: ({ row }) =>
        canManage && (isOpen(row.original.status) || isOfferable(row.original.status)) ? (
          <LazyActionsMenu
            trigger={
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("page.row-actions", { name: name(row.original) })}
                data-testid="waiting-list-row-actions"
              >
                <MoreHorizontal aria-hidden />
              </Button>
            }
            items={[
              isOfferable(row.original.status) && {
                label: t("page.offer"),
                icon: <Send className="size-4" aria-hidden />,
                onSelect: () => onOffer(row.original),
                testId: "waiting-list-offer",
              },
              isOpen(row.original.status) && {
                label: t("page.remove"),
                icon: <UserMinus className="size-4" aria-hidden />,
                destructive: true,
                onSelect: () => onRemove(row.original),
                testId: "waiting-list-remove",
              },
            ]}
          />
        ) : null,
    },
  ];
}
