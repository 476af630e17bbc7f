import * as Sentry from "@sentry/cloudflare";

/**
 * An error that was caught and answered (a 500 from Hono's onError, a page's error boundary) rather than thrown out of
 * the handler, so the SDK would not see it. Does nothing without a DSN (no client: workers/sentry.ts sets it up only
 * when `SENTRY_DSN` is set). Here, below both transports, so the React Router server entry and the Hono app report the
 * same way without one importing the other.
 */
export function reportError(error: unknown): void {
  if (Sentry.getClient()) Sentry.captureException(error);
}
