import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LazyMenuProps } from "~/components/lazy-dropdown-menu";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

/** A ticket's actions in the ticket list, loaded when its trigger is pointed at, focused or pressed (ticket-list.tsx). */
export function TicketActionsMenu({
  editPath,
  canUpdate,
  onDelete,
  trigger,
  defaultOpen,
}: { editPath: string; canUpdate: boolean; onDelete: () => void } & LazyMenuProps) {
  const { t } = useTranslation("tickets");
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={editPath}>
            <Pencil className="size-4" aria-hidden />
            {t("list.edit")}
          </Link>
        </DropdownMenuItem>
        {canUpdate ? (
          <DropdownMenuItem variant="destructive" onSelect={onDelete} data-testid="ticket-delete">
            <Trash2 className="size-4" aria-hidden />
            {t("list.delete")}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
