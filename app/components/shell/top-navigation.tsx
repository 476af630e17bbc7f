import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import type { NavigationItem } from "~/lib/navigation";
import { cn } from "~/lib/utils";

export function TopNavigation({ items }: { items: NavigationItem[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("nav.main")} className="hidden items-center gap-1 md:flex">
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
          className={({ isActive }) =>
            cn(
              "inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
              isActive && "bg-accent text-foreground",
            )
          }
        >
          {/* Between 768 and 1024 px the labels alone fit beside the logo and the account menu. */}
          <item.icon className="hidden size-4 lg:block" aria-hidden />
          {t(item.labelKey)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Spec §2: the mobile bottom bar, 60 px high. */
export function MobileBottomBar({ items }: { items: NavigationItem[] }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t("nav.main")}
      className="fixed inset-x-0 bottom-0 z-40 flex h-[60px] items-stretch border-t bg-background/95 backdrop-blur md:hidden"
      data-testid="mobile-bottom-bar"
    >
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
          className={({ isActive }) =>
            cn(
              "flex flex-1 flex-col items-center justify-center gap-1 text-xs text-muted-foreground",
              isActive && "text-primary",
            )
          }
        >
          <item.icon className="size-5" aria-hidden />
          {t(item.labelKey)}
        </NavLink>
      ))}
    </nav>
  );
}
