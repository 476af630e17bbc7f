import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import { cn } from "~/lib/utils";
import { platformPermissionMiddleware } from "~/server/guards.server";
import type { Route } from "./+types/layout";

// Before any child loader: anyone but a platform admin goes to / with the permission toast (spec §2, §6).
export const middleware: Route.MiddlewareFunction[] = [platformPermissionMiddleware("admin:access")];

const tabs = [
  { to: "/admin", labelKey: "tabs.overview", end: true },
  { to: "/admin/organizations", labelKey: "tabs.organizations", end: true },
  { to: "/admin/events", labelKey: "tabs.events", end: false },
] as const;

export default function AdminLayout() {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  // An event's page (/admin/organizations/:id/:event_id) belongs to the Events tab.
  const onEventPage = /^\/admin\/organizations\/\d+\/\d+/.test(pathname);
  return (
    <div className="mx-auto w-full max-w-[1400px] space-y-6 px-4 py-6 md:px-6 md:py-8">
      <div className="space-y-1">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight md:text-3xl">
          <ShieldCheck className="size-7 text-primary" aria-hidden />
          {t("title")}
        </h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      <nav aria-label={t("tabs.label")} className="-mx-1 flex gap-1 overflow-x-auto border-b px-1">
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              cn(
                "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                isActive || (onEventPage && tab.to === "/admin/events")
                  ? "border-primary text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground",
              )
            }
          >
            {t(tab.labelKey)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
