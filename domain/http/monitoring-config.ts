import { consentFromCookieHeader } from "./tracking-consent";

/**
 * What the browser needs to report errors and measure use, delivered in a `<meta name="guichet-monitoring">` of each
 * page only when something is configured (workers/middleware/client-monitoring.ts): with neither SENTRY_DSN nor the
 * analytics variables set, pages carry no such tag and the browser loads nothing (docs/decisions/0025-deploy-logs-and-error-reporting.md).
 */
export type MonitoringConfig = {
  /** Sentry's DSN, public by design; envelopes go through our own `/monitoring/errors` tunnel. */
  sentryDsn?: string;
  environment?: string;
  /** A Plausible-compatible script, loaded only after consent; its events go through `/monitoring/events`. */
  analytics?: { scriptUrl: string; siteId: string };
};

const MONITORING_META_NAME = "guichet-monitoring";
export const ERROR_TUNNEL_PATH = "/monitoring/errors";
export const ANALYTICS_EVENTS_PATH = "/monitoring/events";

type MonitoringEnv = {
  SENTRY_DSN?: string;
  ENVIRONMENT?: string;
  ANALYTICS_SCRIPT_URL?: string;
  ANALYTICS_SITE_ID?: string;
};

function httpsUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The configuration of this deployment, or null when nothing is configured (the default). */
export function monitoringConfigFromEnv(env: MonitoringEnv): MonitoringConfig | null {
  const config: MonitoringConfig = {};
  const dsn = httpsUrl(env.SENTRY_DSN);
  if (dsn) {
    config.sentryDsn = env.SENTRY_DSN;
    config.environment = env.ENVIRONMENT;
  }
  const scriptUrl = httpsUrl(env.ANALYTICS_SCRIPT_URL);
  const siteId = env.ANALYTICS_SITE_ID?.trim();
  if (scriptUrl && siteId) config.analytics = { scriptUrl, siteId };
  return config.sentryDsn || config.analytics ? config : null;
}

/** The `<meta>` tag carrying `config`, escaped for an attribute value. */
export function monitoringMetaTag(config: MonitoringConfig): string {
  const json = JSON.stringify(config)
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
  return `<meta name="${MONITORING_META_NAME}" content="${json}">`;
}

/** The page's configuration as the server put it, or null (no tag, or a tag that does not parse). */
export function readMonitoringConfig(document: Pick<Document, "querySelector">): MonitoringConfig | null {
  const content = document.querySelector(`meta[name="${MONITORING_META_NAME}"]`)?.getAttribute("content");
  if (!content) return null;
  try {
    const parsed = JSON.parse(content) as MonitoringConfig;
    return parsed && typeof parsed === "object" ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Product analytics for this visitor: `off` when not configured, `load` once they accepted tracking
 * (`guichet_consent=ads`, the consent the public page's banner records too), `ask` while they have not answered, and
 * `off` after a refusal.
 */
export function analyticsDecision(config: MonitoringConfig | null, cookieHeader: string): "off" | "ask" | "load" {
  if (!config?.analytics) return "off";
  const consent = consentFromCookieHeader(cookieHeader);
  if (consent === "ads") return "load";
  return consent === null ? "ask" : "off";
}
