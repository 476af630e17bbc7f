import { ArrowLeftRight, FileText, Landmark, LayoutDashboard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { cn } from "~/lib/utils";
import { getInstance } from "~/middleware/i18next";
import { requireOrganizationPermission } from "~/server/guards.server";
import type { Route } from "./+types/finance";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/**
 * Spec §2 /finance: the frame of the finance pages (overview, transactions, payouts) with their tabs. Guarded by
 * finance:view (owners and admins, spec §6): event managers and the empty role go to / with 'You do not have
 * permission to access this page'. Each child loader checks again (loaders run in parallel).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { currentOrganization } = requireOrganizationPermission(context, "finance:view");
  return {
    title: getInstance(context).t("finance:meta-title"),
    organization: { id: currentOrganization.id, title: currentOrganization.title },
  };
}

const tabs = [
  { to: "/finance", labelKey: "tabs.overview", icon: LayoutDashboard, end: true },
  { to: "/finance/transactions", labelKey: "tabs.transactions", icon: ArrowLeftRight, end: false },
  { to: "/finance/payouts", labelKey: "tabs.payouts", icon: Landmark, end: false },
  { to: "/finance/invoices", labelKey: "tabs.invoices", icon: FileText, end: false },
] as const;

export default function FinanceLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("finance");
  const { organization } = loaderData;
  return (
    <div className="mx-auto w-full max-w-[1400px] space-y-6 px-4 py-6 md:px-6 md:py-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle", { organization: organization.title })}</p>
      </div>
      <nav aria-label={t("tabs.label")} className="-mx-4 overflow-x-auto border-b px-4 md:mx-0 md:px-0">
        <ul className="flex gap-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                prefetch="intent"
                className={({ isActive }) =>
                  cn(
                    "-mb-px inline-flex h-10 items-center gap-2 border-b-2 border-transparent px-3 text-sm whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                    isActive && "border-primary font-medium text-foreground",
                  )
                }
              >
                <tab.icon className="size-4" aria-hidden />
                {t(tab.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
