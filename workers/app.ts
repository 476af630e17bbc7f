import { createRequestHandler, RouterContextProvider } from "react-router";
import { databaseFromEnv } from "#db/from-env";
import { serverContext } from "~/server/context";
import { createHonoApp } from "./hono-app";
import { handleQueueBatch } from "./queue";
import { handleScheduled } from "./scheduled";

const loadBuild = () => import("virtual:react-router/server-build");
const requestHandler = createRequestHandler(loadBuild, import.meta.env.MODE);

const app = createHonoApp(
  async (request, env, ctx) => {
    const { assets } = await loadBuild();
    const context = new RouterContextProvider();
    context.set(serverContext, { env, ctx, db: databaseFromEnv(env), appVersion: assets.version });
    return requestHandler(request, context);
  },
  { buildVersion: async () => (await loadBuild()).assets.version },
);

export default {
  fetch: app.fetch,
  scheduled: handleScheduled,
  queue: handleQueueBatch,
} satisfies ExportedHandler<Env, unknown>;
