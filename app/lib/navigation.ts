import { CalendarDays, type LucideIcon } from "lucide-react";

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
export const navigationItems: NavigationItem[] = [
  { to: "/", labelKey: "nav.events", icon: CalendarDays, organizationArea: false, end: true },
];

export function visibleNavigationItems(canSeeOrganizationArea: boolean): NavigationItem[] {
  return navigationItems.filter((item) => canSeeOrganizationArea || !item.organizationArea);
}

