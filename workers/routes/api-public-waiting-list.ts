import { Hono, type Context } from "hono";
import { hitRateLimits } from "#domain/auth/rate-limit";
import { bookingRateLimits } from "#domain/booking/booking-rate-limits";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { AppError, isAppError } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { enqueueJobs } from "#domain/shared/jobs";
import { joinWaitingList } from "#domain/waiting-list/join-waiting-list";
import { joinWaitingListSchema } from "#domain/waiting-list/join-waiting-list-schema";
import type { HonoEnv } from "../hono-app";
import { appErrorResponse } from "../error-response";
import { parseJson } from "../parse-json";

/** Issue 28 §3–4: joining a sold-out ticket's waiting list, under /api/public. No session, any origin. */
export const publicWaitingListApiRoutes = new Hono<HonoEnv>();

/** Bad input answers 422 like the booking calls it sits beside (api-public-orders.ts). */
function joinError(c: Context<HonoEnv>, error: unknown): Promise<Response> {
  if (!isAppError(error)) throw error;
  return appErrorResponse(c, error, error.code === "validation" ? { status: 422 } : {});
}

/**
 * POST /api/public/events/:id/waiting-list — `ticket_id`, `first_name`, `last_name`, `email`, `quantity`, `consent`,
 * `locale` (optional), `t` (a private event's link token). Counted against the booking's rate limits. 201 with the
 * entry's `id`, its `position` in the ticket's line and its `status`; the person's confirmation goes by email.
 */
publicWaitingListApiRoutes.post("/events/:id/waiting-list", async (c) => {
  try {
    const eventId = parseId(c.req.param("id"));
    if (eventId === null) throw new AppError("not_found", "public-event:not-found.title");
    const join = await parseJson(c, joinWaitingListSchema);
    const db = c.get("db");
    await hitRateLimits(db, bookingRateLimits(join.email, clientInfoFromHeaders(c.req.raw.headers).ip));
    const joined = await joinWaitingList(
      db,
      { env: c.env, appUrl: c.env.APP_URL || new URL(c.req.url).origin },
      { eventId, join: { ...join, t: join.t ?? c.req.query("t") ?? null } },
    );
    c.executionCtx.waitUntil(enqueueJobs(c.env, [{ type: "send-email", message: joined.email }]));
    return c.json({ id: joined.id, position: joined.position, status: joined.status }, 201);
  } catch (error) {
    return joinError(c, error);
  }
});
