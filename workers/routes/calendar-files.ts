import { Hono } from "hono";
import type { Context } from "hono";
import { siteUrlOf, type CalendarFile } from "#domain/calendar/calendar-source";
import { getOrderCalendar } from "#domain/calendar/get-order-calendar";
import { getPublicEventCalendar } from "#domain/calendar/get-public-event-calendar";
import { parseId } from "#domain/shared/ids";
import { notFound } from "#domain/shared/app-error";
import type { HonoEnv } from "../hono-app";

/**
 * Issue 27 §6, the calendar files (RFC 5545, docs/decisions/0055-calendar-files.md):
 * `GET /orders/:id/calendar.ics?token=ACCESS_TOKEN`, the buyer's, linking to the order page (a wrong token is not
 * found, as for the PDF tickets), and `GET /events/:id/calendar.ics[?t=…]`, the public page's, for the events that page
 * shows. Mounted before the public page cache: a file is made at each request, so it always has the event's SEQUENCE.
 */
export const calendarFileRoutes = new Hono<HonoEnv>();

function calendarResponse(c: Context<HonoEnv>, file: CalendarFile, secretUrl: boolean) {
  return c.body(file.content, 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${file.filename}"`,
    // The buyer's address carries a secret: never kept by a shared cache, nor leaked onward.
    "Cache-Control": secretUrl ? "private, no-store" : "no-cache",
    ...(secretUrl ? { "Referrer-Policy": "no-referrer" } : {}),
  });
}

calendarFileRoutes.get("/orders/:id/calendar.ics", async (c) => {
  const orderId = parseId(c.req.param("id"));
  if (orderId === null) throw notFound();
  const file = await getOrderCalendar(c.get("db"), {
    orderId,
    token: c.req.query("token") ?? "",
    siteUrl: siteUrlOf(c.env, c.req.url),
  });
  return calendarResponse(c, file, true);
});

calendarFileRoutes.get("/events/:id/calendar.ics", async (c) => {
  const eventId = parseId(c.req.param("id"));
  if (eventId === null) throw notFound();
  const file = await getPublicEventCalendar(c.get("db"), c.env, {
    eventId,
    hash: c.req.query("t") ?? null,
    siteUrl: siteUrlOf(c.env, c.req.url),
  });
  return calendarResponse(c, file, c.req.query("t") !== undefined);
});
