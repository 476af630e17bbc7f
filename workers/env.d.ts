// Secrets and optional settings: not in wrangler.toml, so `wrangler types` cannot see them.
interface Env {
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  SESSION_SECRET?: string;
  RESEND_API_KEY?: string;
  /** Resend's webhook signing secret (whsec_…): bounces of messages to attendees (POST /webhooks/resend). */
  RESEND_WEBHOOK_SECRET?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** The Stripe Connect webhook endpoint's secret (connected accounts' events), when it differs from the above. */
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  ADMIN_QUERY_SECRET?: string;
  /** Error reporting (workers/sentry.ts, app/lib/error-reporting.client.ts): off when unset. */
  SENTRY_DSN?: string;
  /** Product analytics after consent (app/components/analytics/*): off unless both are set. */
  ANALYTICS_SCRIPT_URL?: string;
  ANALYTICS_SITE_ID?: string;
  /** Test-only: "true" lets webhook endpoints be local receivers when ENVIRONMENT is development or test. */
  WEBHOOK_ALLOW_LOCAL_URLS?: string;
}
