import { createMiddleware } from "hono/factory";
import { monitoringConfigFromEnv, monitoringMetaTag } from "#domain/http/monitoring-config";
import type { HonoEnv } from "../hono-app";

/**
 * Tells the browser about error reporting and analytics: when SENTRY_DSN or the analytics variables are set, every HTML
 * page gets one `<meta name="guichet-monitoring">` at the end of its `<head>` (domain/http/monitoring-config.ts), which
 * app/entry.client.tsx reads to load the SDKs lazily. With nothing configured (the default) pages go out untouched.
 * Added on the way out, so that pages served from the public page cache carry the current configuration too.
 */
export const clientMonitoring = createMiddleware<HonoEnv>(async (c, next) => {
  await next();
  const config = monitoringConfigFromEnv(c.env);
  if (!config || !c.res.headers.get("Content-Type")?.toLowerCase().startsWith("text/html")) return;
  const tag = monitoringMetaTag(config);
  const rewritten = new HTMLRewriter()
    .on("head", {
      element(head) {
        head.append(tag, { html: true });
      },
    })
    .transform(c.res);
  c.res = undefined;
  c.res = rewritten;
});
