import type { i18n as I18n } from "i18next";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { ANALYTICS_EVENTS_PATH, analyticsDecision, type MonitoringConfig } from "#domain/http/monitoring-config";
import { AnalyticsConsentBanner } from "./analytics-consent-banner";

/**
 * Product analytics, started by app/entry.client.tsx only when analytics is configured (a lazy chunk): with the
 * visitor's consent, the configured Plausible-compatible script, its events sent through our `/monitoring/events`
 * relay; without an answer, the consent banner in a root of its own; after a refusal, nothing.
 */
export async function startAnalytics(config: MonitoringConfig, i18n: I18n): Promise<void> {
  const decision = analyticsDecision(config, document.cookie);
  if (decision === "load" && config.analytics) {
    const script = document.createElement("script");
    script.defer = true;
    script.src = config.analytics.scriptUrl;
    script.dataset.domain = config.analytics.siteId;
    script.dataset.api = ANALYTICS_EVENTS_PATH;
    document.head.appendChild(script);
    return;
  }
  if (decision !== "ask") return;
  await i18n.loadNamespaces("analytics");
  const container = document.createElement("div");
  document.body.appendChild(container);
  createRoot(container).render(
    <I18nextProvider i18n={i18n}>
      <AnalyticsConsentBanner returnTo={`${location.pathname}${location.search}`} />
    </I18nextProvider>,
  );
}
