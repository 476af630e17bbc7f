import { Building2, Copy, ExternalLink, Inbox, KeyRound, Receipt, Smartphone, Users, Webhook } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { toast } from "~/lib/toast";
import { organizationPagePath } from "#domain/organizations/organization-page-path";
import { canInOrganization } from "#domain/policy";
import { Button } from "~/components/ui/button";
import { linkedPages } from "~/lib/navigation";
import { cn } from "~/lib/utils";
import { requireOrganizationPermission } from "~/server/guards.server";
import type { Route } from "./+types/organization-layout";

/**
 * The settings layout of the organization pages (spec §2: side panel 270 px, content up to 1400 px): title, links to
 * the organization page, members, tracking webhooks, developers (API keys: owners and admins only), mobile app, and a
 * second panel copying the organization id.
 * Guarded by organization:view: event managers and guests go to / with 'You do not have permission to access this page'.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { currentOrganization, actor } = requireOrganizationPermission(context, "organization:view");
  return {
    organization: { id: currentOrganization.id, title: currentOrganization.title },
    publicPath: organizationPagePath(currentOrganization),
    canManageApiKeys: canInOrganization(actor, "api-keys:manage"),
    canViewBilling: canInOrganization(actor, "finance:view"),
  };
}

type PanelLink = { to: string; labelKey: string; icon: typeof Building2; end?: boolean };

export default function OrganizationLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("organization");
  const { organization } = loaderData;
  const links: PanelLink[] = [
    { to: "/organization", labelKey: "panel.profile", icon: Building2, end: true },
    { to: "/organization/contact-entries", labelKey: "panel.contact-entries", icon: Inbox },
    ...(loaderData.canViewBilling ? [{ to: "/organization/billing", labelKey: "panel.billing", icon: Receipt }] : []),
    { to: "/settings", labelKey: "panel.members", icon: Users, end: true },
    ...(linkedPages.has("/settings/tracking")
      ? [{ to: "/settings/tracking", labelKey: "panel.tracking", icon: Webhook }]
      : []),
    ...(loaderData.canManageApiKeys
      ? [{ to: "/settings/developers", labelKey: "panel.developers", icon: KeyRound }]
      : []),
    { to: "/settings/mobile", labelKey: "panel.mobile", icon: Smartphone },
  ];

  async function copyId() {
    try {
      await navigator.clipboard.writeText(String(organization.id));
      toast.success(t("panel.id-copied"));
    } catch {
      toast.error(t("panel.id-copy-failed"));
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-6 px-4 py-6 md:flex-row md:px-6 md:py-8">
      <aside className="flex shrink-0 flex-col gap-4 md:w-[270px]" aria-label={t("panel.label")}>
        <div className="rounded-xl border bg-background p-3">
          <p className="truncate px-2 pt-1 pb-2 text-sm font-semibold" title={organization.title}>
            {organization.title}
          </p>
          <nav className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:flex-col md:overflow-visible md:pb-0">
            {links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  cn(
                    "inline-flex h-9 shrink-0 items-center gap-2 rounded-md px-2 text-sm whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                    isActive && "bg-accent font-medium text-foreground",
                  )
                }
              >
                <link.icon className="size-4" aria-hidden />
                {t(link.labelKey as never)}
              </NavLink>
            ))}
          </nav>
          <a
            href={loaderData.publicPath}
            target="_blank"
            rel="noreferrer"
            className="mt-1 hidden h-9 items-center gap-2 rounded-md px-2 text-sm text-primary hover:underline md:inline-flex"
          >
            <ExternalLink className="size-4" aria-hidden />
            {t("panel.public-page")}
          </a>
        </div>
        <div className="rounded-xl border bg-background p-3">
          <p className="px-2 pb-2 text-xs font-medium text-muted-foreground">{t("panel.id-title")}</p>
          <div className="grid gap-2 px-2">
            <code className="font-mono text-sm" data-testid="organization-id">
              {organization.id}
            </code>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="h-auto w-full justify-start py-1.5 text-left whitespace-normal"
              onClick={copyId}
            >
              <Copy aria-hidden />
              {t("panel.copy-id")}
            </Button>
          </div>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
