import { RefreshCw } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

// The build this tab loaded never changes while it lives: nothing to subscribe to.
const subscribeNever = () => () => {};
const loadedVersion = () => window.__reactRouterManifest?.version;
// On the server (and while hydrating) there is no loaded build to compare: no banner, so both renders agree.
const noVersion = () => undefined;

/** Shown when the server runs a newer build than the one this tab loaded. */
export function NewVersionBanner() {
  const { t } = useTranslation();
  // Compared at every render: the root loader revalidates after each navigation and reports the server's build.
  const rootData = useRouteLoaderData("root") as { appVersion?: string } | undefined;
  const loaded = useSyncExternalStore(subscribeNever, loadedVersion, noVersion);
  const outdated = Boolean(loaded && rootData?.appVersion && loaded !== rootData.appVersion);
  if (!outdated) return null;
  return (
    <div role="status" className="border-b bg-primary text-primary-foreground" data-testid="new-version-banner">
      <div className="mx-auto flex max-w-[1600px] items-center justify-between gap-4 px-4 py-2 text-sm md:px-6">
        <span>{t("new-version.message")}</span>
        <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden />
          {t("new-version.reload")}
        </Button>
      </div>
    </div>
  );
}
