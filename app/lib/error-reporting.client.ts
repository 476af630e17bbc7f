import type { MonitoringConfig } from "#domain/http/monitoring-config";
import { ERROR_TUNNEL_PATH } from "#domain/http/monitoring-config";
import { noPersonalDataCollection, scrubErrorEvent } from "#domain/http/scrub-error-event";

/**
 * Sentry in the browser, started by app/entry.client.tsx only when the page says a DSN is configured: this module and
 * `@sentry/react` are lazy chunks, outside every page's JavaScript budget. Envelopes go through our own tunnel
 * (`connect-src 'self'` stays), with no personal data collected and every event scrubbed (domain/http/scrub-error-event.ts).
 */
export async function startErrorReporting(config: MonitoringConfig): Promise<void> {
  if (!config.sentryDsn) return;
  const Sentry = await import("@sentry/react");
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.environment,
    tunnel: ERROR_TUNNEL_PATH,
    dataCollection: noPersonalDataCollection(),
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => (breadcrumb.category === "console" ? null : breadcrumb),
  });
}
