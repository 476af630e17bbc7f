import { Hono } from "hono";
import { cors } from "hono/cors";
import type { HonoEnv } from "../hono-app";
import { publicEventsApiRoutes } from "./api-public-events";
import { publicOrdersApiRoutes } from "./api-public-orders";
import { publicContactRoutes } from "./api-contact-form";
import { publicWaitingListApiRoutes } from "./api-public-waiting-list";
import { publicWaitingRoomApiRoutes } from "./api-public-waiting-room";

/**
 * The unauthenticated booking API under /api/public (issue 10): used by the public event page and by embedding sites,
 * so any origin may call it; it never reads the session cookie. Each area mounts its own router here.
 */
export const publicApiRoutes = new Hono<HonoEnv>();
publicApiRoutes.use(
  "*",
  cors({ origin: "*", allowMethods: ["GET", "POST"], allowHeaders: ["Content-Type", "Guichet-Waiting-Room-Pass"] }),
);
publicApiRoutes.route("/", publicEventsApiRoutes);
publicApiRoutes.route("/", publicOrdersApiRoutes);
publicApiRoutes.route("/", publicWaitingListApiRoutes);
publicApiRoutes.route("/", publicWaitingRoomApiRoutes);
publicApiRoutes.route("/organizers", publicContactRoutes);
