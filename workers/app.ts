import { createRequestHandler, RouterContextProvider } from "react-router";
import { databaseFromEnv } from "#db/from-env";
import { serverContext } from "~/server/context";
import { createHonoApp } from "./hono-app";
import { handleQueueBatch } from "./queue";
import { handleScheduled } from "./scheduled";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const app = createHonoApp((request, env, ctx) => {
  const context = new RouterContextProvider();
  context.set(serverContext, { env, ctx, db: databaseFromEnv(env) });
  return requestHandler(request, context);
});

export default {
  fetch: app.fetch,
  scheduled: handleScheduled,
  queue: handleQueueBatch,
} satisfies ExportedHandler<Env, unknown>;
