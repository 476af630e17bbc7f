import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

/** Shown when the server runs a newer build than the one this tab loaded. */
export function NewVersionBanner() {
  const { t } = useTranslation();
  const rootData = useRouteLoaderData("root") as { appVersion?: string } | undefined;
  const { key: locationKey } = useLocation();
  const [outdated, setOutdated] = useState(false);
  // Checked after every navigation: the root loader revalidates each time and reports the server's build.
  useEffect(() => {
    const loaded = window.__reactRouterManifest?.version;
    setOutdated(Boolean(loaded && rootData?.appVersion && loaded !== rootData.appVersion));
  }, [rootData?.appVersion, locationKey]);
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
