import * as Sentry from "@sentry/cloudflare";
import { noPersonalDataCollection, scrubErrorEvent } from "#domain/http/scrub-error-event";

/**
 * Error reporting to Sentry from the Worker (docs/decisions/0025-deploy-logs-and-error-reporting.md), on only when the
 * `SENTRY_DSN` secret is set: errors only (no tracing, no logs shipped: Workers Logs has those), no personal data
 * collected (`dataCollection`, SDK 11's successor of `sendDefaultPii: false`), and
 * every event scrubbed by `scrubErrorEvent` (domain/http/scrub-error-event.ts).
 */
function sentryOptions(env: Env): Sentry.CloudflareOptions | undefined {
  if (!env.SENTRY_DSN) return undefined;
  return {
    dsn: env.SENTRY_DSN,
    environment: env.ENVIRONMENT,
    dataCollection: noPersonalDataCollection(),
    beforeSend: (event) => scrubErrorEvent(event),
  };
}

type Handler = ExportedHandler<Env, unknown>;

/**
 * The Worker's handlers, reported through Sentry when `SENTRY_DSN` is set and untouched otherwise: the choice is made
 * per call because the DSN is a binding, known only when a request, a batch or a cron arrives. Without a DSN nothing
 * of the SDK runs (no client, no wrapped bindings).
 */
export function withErrorReporting(handler: Required<Pick<Handler, "fetch" | "scheduled" | "queue">>) {
  // withSentry instruments the object it is given in place: give it its own copy.
  const monitored = Sentry.withSentry(sentryOptions, { ...handler } as Handler);
  return {
    fetch: (request, env, ctx) => (env.SENTRY_DSN ? monitored.fetch! : handler.fetch)(request, env, ctx),
    scheduled: (controller, env, ctx) =>
      (env.SENTRY_DSN ? monitored.scheduled! : handler.scheduled)(controller, env, ctx),
    queue: (batch, env, ctx) => (env.SENTRY_DSN ? monitored.queue! : handler.queue)(batch, env, ctx),
  } satisfies Handler;
}
