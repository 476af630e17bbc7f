import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HelpMenu } from "~/components/help-menu";
import { Logo } from "~/components/logo";
import { visibleNavigationItems } from "~/lib/navigation";
import { AccountMenu } from "./account-menu";
import { NewVersionBanner } from "./new-version-banner";
import { PermissionDeniedToast } from "./permission-denied-toast";
import type { ShellData } from "./shell-data";
import { MobileBottomBar, TopNavigation } from "./top-navigation";

// Opened rarely (no organization yet, or from the account menu): its code loads the first time it opens.
const CreateOrganizationDialog = lazy(() =>
  import("./create-organization-dialog").then((module) => ({ default: module.CreateOrganizationDialog })),
);

export function AppShell({ data, children }: { data: ShellData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const items = visibleNavigationItems(data.canSeeOrganizationArea);
  const [creatingOrganization, setCreatingOrganization] = useState(false);
  const mustCreateOrganization = data.organizations.length === 0;
  const dialogOpen = mustCreateOrganization || creatingOrganization;
  // Once loaded it stays mounted, so that it closes with its animation.
  const [dialogLoaded, setDialogLoaded] = useState(dialogOpen);
  if (dialogOpen && !dialogLoaded) setDialogLoaded(true);
  return (
    <div className="flex min-h-svh flex-col bg-muted/30">
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("skip-to-content")}
      </a>
      <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-[1600px] items-center gap-4 px-4 md:px-6">
          {/* The name starts with the visible "Guichet" (WCAG 2.5.3, label in name), then says where it leads. */}
          <Link to="/" className="shrink-0">
            <Logo />
            <span className="sr-only">{t("nav.home")}</span>
          </Link>
          <TopNavigation items={items} />
          <div className="ml-auto flex items-center gap-1">
            <HelpMenu />
            <AccountMenu data={data} onCreateOrganization={() => setCreatingOrganization(true)} />
          </div>
        </div>
      </header>
      <NewVersionBanner />
      <main id="content" className="flex-1 pb-[76px] md:pb-0">
        {children}
      </main>
      <MobileBottomBar items={items} />
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <CreateOrganizationDialog
            open={dialogOpen}
            required={mustCreateOrganization}
            onOpenChange={setCreatingOrganization}
          />
        </Suspense>
      ) : null}
      <PermissionDeniedToast />
    </div>
  );
}
