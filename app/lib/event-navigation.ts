import {
  CalendarDays,
  ClipboardList,
  Gauge,
  Hourglass,
  LayoutDashboard,
  BellRing,
  Mail,
  type LucideIcon,
  MessageSquareText,
  Send,
  Puzzle,
  QrCode,
  ScanLine,
  Settings,
  ShoppingCart,
  SlidersHorizontal,
  Tag,
  Ticket,
  TicketPercent,
  Users,
  UsersRound,
} from "lucide-react";

/** The event area's pages, as path segments under /event/:event_id ("" is the dashboard). */
export type EventNavigationSegment =
  | ""
  | "dates"
  | "tickets"
  | "addons"
  | "quotas"
  | "promos"
  | "order-fields"
  | "order-messages"
  | "messages"
  | "reminders"
  | "team"
  | "settings"
  | "participants"
  | "entries"
  | "scan"
  | "orders"
  | "waiting-list";

/** A link's id is its segment, but for the dashboard whose segment is "". */
export type EventNavigationLinkId = "dashboard" | Exclude<EventNavigationSegment, "">;
export type EventNavigationGroupId = "ticketing" | "order-options" | "communication";

export type EventNavigationLink = {
  kind: "link";
  id: EventNavigationLinkId;
  segment: EventNavigationSegment;
  /** In the event-area namespace. */
  labelKey: `nav.${EventNavigationLinkId}`;
  icon: LucideIcon;
  /** True once the page exists: navigation reaches only real pages. */
  available: boolean;
};

export type EventNavigationGroup = {
  kind: "group";
  id: EventNavigationGroupId;
  labelKey: `nav.${EventNavigationGroupId}`;
  icon: LucideIcon;
  links: EventNavigationLink[];
};

export type EventNavigationSeparator = { kind: "separator"; id: string };

export type EventNavigationItem = EventNavigationLink | EventNavigationGroup | EventNavigationSeparator;

const link = (
  id: EventNavigationLinkId,
  segment: EventNavigationSegment,
  icon: LucideIcon,
  available: boolean,
): EventNavigationLink => ({ kind: "link", id, segment, labelKey: `nav.${id}`, icon, available });

/**
 * The event side navigation of spec §2, in order. Flip `available` when a page lands (later issues add
 * tickets, add-ons, promo codes, order fields and messages, team, participants, entries and orders).
 */
export const eventNavigation: readonly EventNavigationItem[] = [
  link("dashboard", "", LayoutDashboard, true),
  {
    kind: "group",
    id: "ticketing",
    labelKey: "nav.ticketing",
    icon: Ticket,
    links: [
      // Issue 30: the event's dates (a run, time slots), before the tickets sold on them.
      link("dates", "dates", CalendarDays, true),
      link("tickets", "tickets", Tag, true),
      link("addons", "addons", Puzzle, true),
      // Issue 30 §2: places shared by several tickets, the event capacity first.
      link("quotas", "quotas", Gauge, true),
      link("promos", "promos", TicketPercent, true),
    ],
  },
  {
    kind: "group",
    id: "order-options",
    labelKey: "nav.order-options",
    icon: SlidersHorizontal,
    links: [
      link("order-fields", "order-fields", ClipboardList, true),
      link("order-messages", "order-messages", MessageSquareText, true),
    ],
  },
  // Issue 27: talking to attendees: messages written by the organizer, and the automatic reminders.
  {
    kind: "group",
    id: "communication",
    labelKey: "nav.communication",
    icon: Mail,
    links: [link("messages", "messages", Send, true), link("reminders", "reminders", BellRing, true)],
  },
  link("team", "team", UsersRound, true),
  link("settings", "settings", Settings, true),
  { kind: "separator", id: "separator" },
  link("participants", "participants", Users, true),
  link("entries", "entries", ScanLine, true),
  // The web scanner (spec label 'Scan and entries'); its route sits outside the event layout so validators reach it.
  link("scan", "scan", QrCode, true),
  link("orders", "orders", ShoppingCart, true),
  // Issue 28 §3: the people waiting for a sold-out ticket, beside the orders they hope to place.
  link("waiting-list", "waiting-list", Hourglass, true),
];

/**
 * Only what exists: unavailable links are dropped, a group stays when at least one of its links is available,
 * and separators stay only between two kept entries (never first, last or doubled).
 */
export function availableEventNavigation(
  entries: readonly EventNavigationItem[] = eventNavigation,
): EventNavigationItem[] {
  const kept: EventNavigationItem[] = [];
  for (const entry of entries) {
    if (entry.kind === "link") {
      if (entry.available) kept.push(entry);
    } else if (entry.kind === "group") {
      const links = entry.links.filter((l) => l.available);
      if (links.length > 0) kept.push({ ...entry, links });
    } else if (kept.length > 0 && kept[kept.length - 1]?.kind !== "separator") {
      kept.push(entry);
    }
  }
  while (kept.length > 0 && kept[kept.length - 1]?.kind === "separator") kept.pop();
  return kept;
}

/** Every link, groups flattened, in navigation order (the mobile tab bar). */
export function flattenEventNavigation(entries: readonly EventNavigationItem[]): EventNavigationLink[] {
  return entries.flatMap((entry) => (entry.kind === "link" ? [entry] : entry.kind === "group" ? entry.links : []));
}

export function eventPath(eventId: number | string, segment: EventNavigationSegment = ""): string {
  return segment ? `/event/${eventId}/${segment}` : `/event/${eventId}`;
}

function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/** The dashboard matches its own path only; other links also match their sub-paths (tickets/12). */
export function isEventLinkActive(
  pathname: string,
  eventId: number | string,
  entry: Pick<EventNavigationLink, "segment">,
): boolean {
  const path = trimSlash(pathname);
  const target = eventPath(eventId, entry.segment);
  if (entry.segment === "") return path === target;
  return path === target || path.startsWith(`${target}/`);
}

/** Spec §2: a group opens by itself when the current path is one of its links. */
export function isEventGroupOpen(
  pathname: string,
  eventId: number | string,
  group: Pick<EventNavigationGroup, "links">,
): boolean {
  return group.links.some((entry) => isEventLinkActive(pathname, eventId, entry));
}
