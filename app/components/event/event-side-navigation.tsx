import { ChevronRight } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import {
  availableEventNavigation,
  eventPath,
  flattenEventNavigation,
  isEventGroupOpen,
  isEventLinkActive,
  type EventNavigationGroup,
  type EventNavigationLink,
} from "~/lib/event-navigation";
import { cn } from "~/lib/utils";

const itemClass =
  "flex h-9 items-center gap-2.5 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

function NavigationLink({
  eventId,
  link,
  nested = false,
}: {
  eventId: number;
  link: EventNavigationLink;
  nested?: boolean;
}) {
  const { t } = useTranslation("event-area");
  const { pathname } = useLocation();
  const active = isEventLinkActive(pathname, eventId, link);
  return (
    <Link
      to={eventPath(eventId, link.segment)}
      aria-current={active ? "page" : undefined}
      className={cn(itemClass, nested && "pl-9", active && "bg-accent text-foreground")}
    >
      <link.icon className="size-4 shrink-0" aria-hidden />
      {t(link.labelKey)}
    </Link>
  );
}

function NavigationGroup({ eventId, group }: { eventId: number; group: EventNavigationGroup }) {
  const { t } = useTranslation("event-area");
  const { pathname } = useLocation();
  const current = isEventGroupOpen(pathname, eventId, group);
  const [open, setOpen] = useState(current);
  // Opens by itself when the user lands on one of its links; the user may still close it afterwards.
  const [wasCurrent, setWasCurrent] = useState(current);
  if (current !== wasCurrent) {
    setWasCurrent(current);
    if (current) setOpen(true);
  }
  const contentId = useId();
  const state = open ? "open" : "closed";
  // The markup of Radix's collapsible (a disclosure), without its code on every event page
  // (docs/decisions/0071-lighter-signed-in-pages.md).
  return (
    <li data-state={state}>
      <button
        type="button"
        aria-controls={contentId}
        aria-expanded={open}
        data-state={state}
        onClick={() => setOpen(!open)}
        className={cn(itemClass, "w-full", current && "text-foreground")}
      >
        <group.icon className="size-4 shrink-0" aria-hidden />
        <span className="flex-1 text-left">{t(group.labelKey)}</span>
        <ChevronRight className={cn("size-4 transition-transform", open && "rotate-90")} aria-hidden />
      </button>
      <ul id={contentId} hidden={!open} data-state={state} className="mt-0.5 grid gap-0.5">
        {open
          ? group.links.map((link) => (
              <li key={link.id}>
                <NavigationLink eventId={eventId} link={link} nested />
              </li>
            ))
          : null}
      </ul>
    </li>
  );
}

/** Spec §2: the desktop side navigation, 274 px wide; only the pages that exist. */
export function EventSideNavigation({ eventId }: { eventId: number }) {
  const { t } = useTranslation("event-area");
  const entries = availableEventNavigation();
  return (
    <nav
      aria-label={t("nav.label")}
      className="sticky top-[4.5rem] hidden w-[274px] shrink-0 self-start lg:block"
      data-testid="event-side-navigation"
    >
      <ul className="grid gap-0.5 rounded-xl border bg-background p-2 shadow-xs">
        {entries.map((entry) =>
          entry.kind === "separator" ? (
            // A list may only hold list items (role="separator" on an <li> breaks the list): a rule hidden from AT.
            <li key={entry.id} aria-hidden className="my-1.5 border-t" />
          ) : entry.kind === "group" ? (
            <NavigationGroup key={entry.id} eventId={eventId} group={entry} />
          ) : (
            <li key={entry.id}>
              <NavigationLink eventId={eventId} link={entry} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/** Below the desktop breakpoint: the same pages as a horizontally scrollable tab bar. */
export function EventTabBar({ eventId }: { eventId: number }) {
  const { t } = useTranslation("event-area");
  const { pathname } = useLocation();
  const links = flattenEventNavigation(availableEventNavigation());
  return (
    <nav
      aria-label={t("nav.label")}
      className="-mx-4 overflow-x-auto border-b px-4 md:-mx-6 md:px-6 lg:hidden"
      data-testid="event-tab-bar"
    >
      <ul className="flex gap-1">
        {links.map((link) => {
          const active = isEventLinkActive(pathname, eventId, link);
          return (
            <li key={link.id}>
              <Link
                to={eventPath(eventId, link.segment)}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                  active
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                <link.icon className="size-4" aria-hidden />
                {t(link.labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
