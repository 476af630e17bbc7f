import { Archive, ArchiveRestore, Check, Copy, Trash2, Undo2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LazyMenuProps } from "~/components/lazy-dropdown-menu";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { cn } from "~/lib/utils";
import type { EventAreaEvent, EventAreaPermissions, EventIntent, EventSwitcherItem } from "./event-area-types";
import type { ConfirmedIntent } from "./event-header-card";

/** The event switcher of the header card, loaded when its trigger (the event's title) is pointed at, focused or pressed. */
export function EventSwitcherMenu({
  event,
  events,
  trigger,
  defaultOpen,
}: { event: EventAreaEvent; events: EventSwitcherItem[] } & LazyMenuProps) {
  const { t } = useTranslation("event-area");
  const { t: tEvents } = useTranslation("events");
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 w-72">
        <DropdownMenuLabel className="text-xs text-muted-foreground">{t("header.switcher")}</DropdownMenuLabel>
        {events.map((item) => (
          <DropdownMenuItem key={item.id} asChild>
            <Link to={`/event/${item.id}`} aria-current={item.id === event.id ? "page" : undefined}>
              <Check className={cn("size-4", item.id !== event.id && "invisible")} aria-hidden />
              <span className="truncate">{item.title || tEvents("untitled")}</span>
            </Link>
          </DropdownMenuItem>
        ))}
        {events.length <= 1 ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">{t("header.switcher-empty")}</p>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The header card's "more" menu, loaded when its trigger is pointed at, focused or pressed. */
export function EventMoreMenu({
  published,
  status,
  permissions,
  onIntent,
  onConfirm,
  onDelete,
  trigger,
  defaultOpen,
}: {
  published: boolean;
  status: EventAreaEvent["status"];
  permissions: EventAreaPermissions;
  onIntent: (intent: Exclude<EventIntent, "publish" | "visibility" | "delete">) => void;
  onConfirm: (intent: ConfirmedIntent) => void;
  onDelete: () => void;
} & LazyMenuProps) {
  const { t } = useTranslation("event-area");
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {permissions.duplicate ? (
          <DropdownMenuItem onSelect={() => onIntent("duplicate")}>
            <Copy aria-hidden />
            {t("header.duplicate")}
          </DropdownMenuItem>
        ) : null}
        {permissions.publish && published ? (
          <DropdownMenuItem onSelect={() => onConfirm("draft")}>
            <Undo2 aria-hidden />
            {t("header.to-draft")}
          </DropdownMenuItem>
        ) : null}
        {permissions.update && status !== "archived" ? (
          <DropdownMenuItem onSelect={() => onConfirm("archive")}>
            <Archive aria-hidden />
            {t("header.archive")}
          </DropdownMenuItem>
        ) : null}
        {permissions.update && status === "archived" ? (
          <DropdownMenuItem onSelect={() => onIntent("unarchive")}>
            <ArchiveRestore aria-hidden />
            {t("header.unarchive")}
          </DropdownMenuItem>
        ) : null}
        {permissions.delete ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2 aria-hidden />
              {t("header.delete")}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
