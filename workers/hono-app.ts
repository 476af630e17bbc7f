import { Hono } from "hono";
import type { Database } from "#db/database";
import { databaseFromEnv } from "#db/from-env";
import { isAppError } from "#domain/shared/app-error";
import { publicApiRoutes } from "./routes/api-public";
import { apiRoutes } from "./routes/api";
import { authApiRoutes } from "./routes/auth-api";
import { devRoutes } from "./routes/dev";
import { developersPage, openApiDocument } from "./routes/developers";
import { imageRoutes } from "./routes/images";
import { stripeWebhookRoutes } from "./routes/webhooks-stripe";
import { resendWebhookRoutes } from "./routes/webhooks-resend";
import { orderInvoiceRoutes } from "./routes/order-invoices";
import { orderTicketsRoutes } from "./routes/order-tickets";
import { calendarFileRoutes } from "./routes/calendar-files";
import { widgetRoutes } from "./routes/widget";
import { globalBodyLimit } from "./middleware/body-limit";
import { originCheck } from "./middleware/origin-check";
import { d1Session } from "./middleware/d1-session";
import { publicPageCache } from "./middleware/public-page-cache";
import { requestId } from "./middleware/request-id";
import { appErrorResponse, errorResponse, type ErrorMessagesSource } from "./error-response";
import { clientMonitoring } from "./middleware/client-monitoring";
import { monitoringRoutes } from "./routes/monitoring";
import { errorFields, logger } from "#domain/shared/logger";
import { reportError } from "#adapters/error-reporting";
import { securityHeaders } from "./middleware/security-headers";
import { startupCheck } from "./middleware/startup-check";
import { webhookDispatch } from "./middleware/webhook-dispatch";
import { inventoryRefresh } from "./middleware/inventory-refresh";
import { idempotency } from "./middleware/idempotency";
import { requestLanguage } from "#domain/http/request-language";
import type { SupportedLanguage } from "#domain/http/i18n-config";

/**
 * What React Router needs from the Worker besides the request: `cspNonce` goes on every script the page renders;
 * `requestId` is the id the response's `x-request-id` header and every log line of the request carry.
 */
export type PageRequestContext = { cspNonce: string; requestId: string };
export type Fallback = (
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  page: PageRequestContext,
) => Promise<Response>;
export type HonoEnv = {
  Bindings: Env;
  /**
   * `language`: what a page would render in for this request (domain/http/request-language.ts); `cspNonce`: this
   * response's script nonce (middleware/security-headers.ts); `fallback`: renders `request` with React Router.
   */
  Variables: {
    db: Database;
    fallback: (request: Request) => Promise<Response>;
    language: SupportedLanguage;
    cspNonce: string;
    requestId: string;
    /** The text of error answers (workers/error-response.ts). */
    errorMessages: ErrorMessagesSource;
    /** false: the request's writes recorded no outgoing webhook delivery, so there is nothing to hand to the queue. */
    webhookDispatch?: boolean;
  };
};

/**
 * `messages`: the interface's text (app/locales' `resources`), which error answers are written in. `buildVersion`: the
 * deployed build, part of the public page cache key so that a deploy never serves a page rendered by the previous
 * build (workers/app.ts reads it from the build; tests may leave it out).
 */
export function createHonoApp(
  fallback: Fallback,
  options: { messages: ErrorMessagesSource; buildVersion?: () => Promise<string> | string },
) {
  const app = new Hono<HonoEnv>();

  app.use("*", async (c, next) => {
    c.set("errorMessages", options.messages);
    await next();
  });
  app.use("*", requestId);
  app.use("*", securityHeaders);
  app.use("*", startupCheck);
  app.use("*", clientMonitoring);
  app.use("*", async (c, next) => {
    c.set("db", databaseFromEnv(c.env));
    c.set("fallback", (request) =>
      fallback(request, c.env, c.executionCtx as ExecutionContext, {
        cspNonce: c.get("cspNonce"),
        requestId: c.get("requestId"),
      }),
    );
    c.set("language", await requestLanguage(c.req.raw));
    await next();
  });
  app.use("*", d1Session);
  app.use("*", originCheck);
  app.use("*", globalBodyLimit);
  app.use("*", webhookDispatch);
  app.use("*", inventoryRefresh);
  app.use("/api/*", idempotency);

  // The one place where domain errors become HTTP answers for the JSON API (workers/error-response.ts: one format).
  app.onError((error, c) => {
    if (isAppError(error)) return appErrorResponse(c, error);
    logger.error("unhandled error", errorFields(error));
    reportError(error);
    return errorResponse(c, { type: "internal", code: "internal_error", messageKey: "errors:internal-error" });
  });

  app.get("/api/health", (c) => c.json({ ok: true }));
  // Before /api: the API's description and its reference page are public.
  app.get("/api/openapi.json", openApiDocument);
  app.get("/developers", developersPage);
  // Before /api: the public booking API needs no session.
  app.route("/api/public", publicApiRoutes);
  app.route("/api", apiRoutes);
  app.route("/auth", authApiRoutes);
  app.route("/dev", devRoutes);
  app.route("/monitoring", monitoringRoutes);
  app.route("/images", imageRoutes);
  app.route("/webhooks/stripe", stripeWebhookRoutes);
  app.route("/webhooks/resend", resendWebhookRoutes);
  app.route("/orders", orderTicketsRoutes);
  // Issue 29 §3–4: the buyer's invoice and credit notes (/orders/:id/invoice.pdf?token=…).
  app.route("/orders", orderInvoiceRoutes);
  // Issue 27 §6: /orders/:id/calendar.ics and /events/:id/calendar.ics, before the public page cache of /events/*.
  app.route("/", calendarFileRoutes);
  // Issue 26 §5: the booking widget's script (/widget.js).
  app.route("/", widgetRoutes);

  const pageCache = publicPageCache({ buildVersion: options.buildVersion ?? (() => "unversioned") });
  app.use("/events/*", pageCache);
  app.use("/organizers/*", pageCache);

  // app.all, not app.get: form POSTs must reach React Router actions.
  app.all("*", (c) => c.get("fallback")(c.req.raw));
  return app;
}
