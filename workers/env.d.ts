// Secrets and optional settings: not in wrangler.toml, so `wrangler types` cannot see them.
interface Env {
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  SESSION_SECRET?: string;
  RESEND_API_KEY?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  ADMIN_QUERY_SECRET?: string;
}
