import { Hono, type Context } from "hono";
import * as v from "valibot";
import { AppError, isAppError } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { getRoomEvent } from "#domain/waiting-room/get-room-event";
import { joinWaitingRoom, waitingRoomNews, type RoomNews } from "#domain/waiting-room/room-client";
import { WAITING_ROOM_PASS_HEADER } from "#domain/waiting-room/waiting-room-pass";
import type { HonoEnv } from "../hono-app";
import { appErrorResponse } from "../error-response";
import { parseJson } from "../parse-json";

/**
 * The waiting room of an on-sale for programs and the load test (docs/decisions/0070-waiting-room.md), under
 * /api/public: no session, any origin. POST joins (or, with a `ticket` of this room, gives its news); GET `?ticket=`
 * gives the news. Once let in, the answer carries the `pass` to send in the Guichet-Waiting-Room-Pass header of
 * POST /api/public/events/:id/orders. `state: "off"`: no room now, book directly.
 */
export const publicWaitingRoomApiRoutes = new Hono<HonoEnv>();

const ticketSchema = v.pipe(v.string(), v.trim(), v.maxLength(64), v.regex(/^[a-z0-9]*$/));
export const waitingRoomJoinSchema = v.object({
  ticket: v.optional(v.nullable(ticketSchema)),
  t: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
});

function roomError(c: Context<HonoEnv>, error: unknown): Promise<Response> {
  if (!isAppError(error)) throw error;
  return appErrorResponse(c, error, error.code === "validation" ? { status: 422 } : {});
}

function answerOf(news: RoomNews) {
  return {
    state: news.state,
    ticket: news.ticket,
    position: news.position,
    waiting: news.waiting,
    estimated_wait_seconds: Math.ceil(news.estimatedWaitMs / 1000),
    refresh_after_seconds: news.refreshAfterSeconds,
    on_sale_at: news.onSaleAt === null ? null : new Date(news.onSaleAt).toISOString(),
    pass: news.pass,
    pass_expires_at: news.passExpiresAt === null ? null : new Date(news.passExpiresAt).toISOString(),
    pass_header: WAITING_ROOM_PASS_HEADER,
  };
}

async function roomEventOf(c: Context<HonoEnv>, hash: string | null) {
  const event = await getRoomEvent(c.get("db"), c.env, { eventId: parseId(c.req.param("id") ?? ""), hash });
  if (!event) throw new AppError("not_found", "public-event:not-found.title");
  return event;
}

publicWaitingRoomApiRoutes.post("/events/:id/waiting-room", async (c) => {
  try {
    const body = await parseJson(c, waitingRoomJoinSchema, { allowEmpty: true });
    const event = await roomEventOf(c, body.t ?? c.req.query("t") ?? null);
    const news = await joinWaitingRoom(c.env, {
      eventId: event.id,
      schedule: event.schedule,
      ticket: body.ticket ?? c.req.query("ticket") ?? null,
      now: Date.now(),
    });
    return c.json(answerOf(news), news.state === "off" ? 200 : 201);
  } catch (error) {
    return roomError(c, error);
  }
});

publicWaitingRoomApiRoutes.get("/events/:id/waiting-room", async (c) => {
  try {
    const event = await roomEventOf(c, c.req.query("t") ?? null);
    const ticket = v.safeParse(ticketSchema, c.req.query("ticket") ?? "");
    if (!ticket.success || ticket.output === "")
      throw new AppError("not_found", "waiting-room:errors.room-ticket-not-found");
    const news = await waitingRoomNews(c.env, {
      eventId: event.id,
      schedule: event.schedule,
      ticket: ticket.output,
      now: Date.now(),
    });
    if (!news) throw new AppError("not_found", "waiting-room:errors.room-ticket-not-found");
    return c.json(answerOf(news));
  } catch (error) {
    return roomError(c, error);
  }
});
