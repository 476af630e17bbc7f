import { Building2, CalendarDays, Settings, Wallet, type LucideIcon } from "lucide-react";

export type NavigationItem = {
  to: string;
  labelKey: "nav.events" | "nav.organization" | "nav.finance" | "nav.settings";
  icon: LucideIcon;
  /** Hidden for the event_manager and guest roles (spec §2). */
  organizationArea: boolean;
  /** Matches sub-paths too. */
  end: boolean;
};

/** The top navigation. An item is listed here once its page exists: navigation reaches only real pages. */
const navigationItems: NavigationItem[] = [
  { to: "/", labelKey: "nav.events", icon: CalendarDays, organizationArea: false, end: true },
  { to: "/organization", labelKey: "nav.organization", icon: Building2, organizationArea: true, end: false },
  { to: "/finance", labelKey: "nav.finance", icon: Wallet, organizationArea: true, end: false },
  { to: "/settings", labelKey: "nav.settings", icon: Settings, organizationArea: true, end: false },
];

/**
 * Pages outside the top navigation that other screens link to (the webhook settings from an event's settings,
 * for instance). Add a path here when its page lands; until then those screens explain instead of linking.
 */
export const linkedPages: ReadonlySet<string> = new Set<string>(["/settings/tracking"]);

/** True when `path` is a real page: a top navigation item or one of the linked pages. */
export function pageExists(path: string): boolean {
  return linkedPages.has(path) || navigationItems.some((item) => item.to === path);
}

export function visibleNavigationItems(canSeeOrganizationArea: boolean): NavigationItem[] {
  return navigationItems.filter((item) => canSeeOrganizationArea || !item.organizationArea);
}
