import { Hono } from "hono";
import { getOrderTicketsPdf } from "#domain/order-documents/get-order-tickets-pdf";
import { parseId } from "#domain/shared/ids";
import { notFound } from "#domain/shared/app-error";
import type { HonoEnv } from "../hono-app";

/**
 * `GET /orders/:id/tickets.pdf?token=ACCESS_TOKEN`: the order's PDF tickets for the buyer's link, the same document
 * as the confirmation email's attachment. Everything else under /orders (the tickets page) falls through to React
 * Router.
 */
export const orderTicketsRoutes = new Hono<HonoEnv>();

orderTicketsRoutes.get("/:id/tickets.pdf", async (c) => {
  const orderId = parseId(c.req.param("id"));
  if (orderId === null) throw notFound();
  const { filename, bytes } = await getOrderTicketsPdf(c.get("db"), c.env, {
    orderId,
    token: c.req.query("token") ?? "",
  });
  return c.body(new Uint8Array(bytes), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="${filename}"`,
    // The URL carries a secret: never cache the document in a shared cache, nor leak the link onward.
    "Cache-Control": "private, no-store",
    "Referrer-Policy": "no-referrer",
  });
});
