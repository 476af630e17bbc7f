import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";
import { handleQueueBatch } from "../../workers/queue";
import { handleScheduled } from "../../workers/scheduled";

// Durable Object classes must be exported by the main module of the tests, as by the Worker's.
export { EventInventory, WaitingRoom } from "../../workers/durable-objects";

// The React Router server build is a Vite virtual module that only exists in the app build, so the Worker under
// test is the real Hono app with a fallback standing in for React Router; the queue and cron handlers are the real ones.
const app = createHonoApp(
  async (request) => new Response(`No route for ${new URL(request.url).pathname}`, { status: 404 }),
  { messages: resources },
);

export default {
  fetch: app.fetch,
  scheduled: handleScheduled,
  queue: handleQueueBatch,
} satisfies ExportedHandler<Env, unknown>;
