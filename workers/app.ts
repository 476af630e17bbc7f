import { createRequestHandler } from "@react-router/cloudflare";
import { RouterContextProvider } from "react-router";
import { databaseFromEnv } from "#db/from-env";
import { serverContext } from "~/server/context";
import { createHonoApp, type PageRequestContext } from "./hono-app";
import { handleQueueBatch } from "./queue";
import { handleScheduled } from "./scheduled";

import { withErrorReporting } from "./sentry";

export { EventInventory, WaitingRoom } from "./durable-objects";

const loadBuild = () => import("virtual:react-router/server-build");

/** What the Worker hands to `getLoadContext` besides the `cloudflare` context the package builds. */
type PageData = PageRequestContext & { executionContext: ExecutionContext };

/**
 * React Router behind Hono, through @react-router/cloudflare (docs/decisions/0007-design-card-conformance.md). Its
 * handler takes a Pages-style event context and gives `getLoadContext` the `cloudflare` load context (env, ctx, cf,
 * caches); with middleware on, `getLoadContext` returns the RouterContextProvider that loaders read `serverContext`
 * from.
 */
const createPageHandler = (build: typeof loadBuild | Awaited<ReturnType<typeof loadBuild>>) =>
  createRequestHandler<Env>({
    build,
    mode: import.meta.env.MODE,
    async getLoadContext({ request, context: { cloudflare } }) {
      const { assets } = await loadBuild();
      // `cloudflare.ctx` carries only waitUntil/passThroughOnException; loaders get the Worker's whole ExecutionContext.
      const { executionContext, cspNonce, requestId } = cloudflare.data as PageData;
      const context = new RouterContextProvider();
      context.set(serverContext, {
        env: cloudflare.env,
        ctx: executionContext,
        db: databaseFromEnv(cloudflare.env),
        appVersion: assets.version,
        cspNonce,
        requestId,
        dataRequest: new URL(request.url).pathname.endsWith(".data"),
      });
      return context;
    },
  });

/**
 * Made once, from the loaded build: given a function for its build, React Router derives its route tables and static
 * handler again on every request, a few ms of CPU per page. That is for `npm run dev`, whose build changes on edits;
 * a built Worker's never does.
 */
let pageHandler: Promise<ReturnType<typeof createPageHandler>> | undefined;
const handleWithReactRouter: ReturnType<typeof createPageHandler> = import.meta.env.DEV
  ? createPageHandler(loadBuild)
  : async (context) => (await (pageHandler ??= loadBuild().then(createPageHandler)))(context);

/**
 * The handler is typed as a Pages Function: its event context wants the incoming request's `cf` type and an ASSETS
 * binding in `env`. Hono hands over the same incoming request under the plain Request type, and nothing on this path
 * reads ASSETS (only createPagesFunctionHandler does; Workers Static Assets serve files before the Worker runs).
 */
type PagesEventContext = Parameters<typeof handleWithReactRouter>[0];

const app = createHonoApp(
  async (request, env, ctx, page) => {
    const data: PageData = { ...page, executionContext: ctx };
    return handleWithReactRouter({
      request: request as PagesEventContext["request"],
      env: env as PagesEventContext["env"],
      waitUntil: (promise) => ctx.waitUntil(promise),
      passThroughOnException: () => ctx.passThroughOnException(),
      next: async () => new Response(null, { status: 404 }),
      functionPath: "/",
      params: {},
      data,
    });
  },
  {
    buildVersion: async () => (await loadBuild()).assets.version,
    // Loaded with the first error answer, not with the entry chunk (the server build imports the same module).
    messages: async () => (await import("~/locales")).resources,
  },
);

// Reported to Sentry only when SENTRY_DSN is set (workers/sentry.ts).
export default withErrorReporting({
  fetch: app.fetch,
  scheduled: handleScheduled,
  queue: handleQueueBatch,
}) satisfies ExportedHandler<Env, unknown>;
