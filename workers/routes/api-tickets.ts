import { requireId } from "#domain/shared/ids";
import { Hono } from "hono";
import * as v from "valibot";
import { eventCapacitySchema } from "#domain/events/event-input-schema";
import { ticketToJson } from "#domain/events/event-json";
import { createTicket } from "#domain/tickets/create-ticket";
import { deleteTicket } from "#domain/tickets/delete-ticket";
import { listTickets, type TicketWithStatus } from "#domain/tickets/list-tickets";
import { reorderTickets } from "#domain/tickets/reorder-tickets";
import { ticketFieldsSchema, ticketOrderSchema } from "#domain/tickets/ticket-input-schema";
import { updateEventCapacity } from "#domain/tickets/update-event-capacity";
import { updateTicket } from "#domain/tickets/update-ticket";
import { AppError } from "#domain/shared/app-error";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { limitBody } from "../middleware/body-limit";
import { parseJson } from "../parse-json";
import { ticketDateIdsSchema } from "#domain/quotas/quota-input-schema";
import { checkTicketDates, setTicketDates, ticketDateIdsOf } from "#domain/quotas/set-ticket-dates";
import type { Database } from "#db/database";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";

/**
 * Spec §7 ticket calls under /api/events/:id: tickets and add-ons (ticket_type), with their derived status on every
 * ticket answered. Bad input answers 400 with the field named and writes nothing; another organization's event 404.
 */
export const ticketsApiRoutes = new Hono<ApiEnv>();

/** `date_ids` beside the ticket's fields (issue 30): the dates a pass is valid on, [] to sell it per date. */
export const ticketDatesBodySchema = v.object({ date_ids: v.optional(ticketDateIdsSchema) });

/** The tickets as JSON, each with its `date_ids`, read in one query for the event. */
async function ticketsToJson(db: Database, event: { id: number; organizationId: number }, list: TicketWithStatus[]) {
  const dateIds = await ticketDateIdsOf(db, event);
  return list.map((ticket) => ticketToJson(ticket, dateIds.get(ticket.id) ?? []));
}

const eventOfTicket = (ticket: TicketWithStatus) => ({ id: ticket.eventId, organizationId: ticket.organizationId });

// A detailed description is at most 20 kB.
const ticketBodyLimit = limitBody(64 * 1024);

/** GET /api/events/:id/tickets?type=ticket|addon — the tickets then the add-ons, deleted ones left out. */
ticketsApiRoutes.get("/:id{[0-9]+}/tickets", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const type = c.req.query("type");
  const actor = await actorForEventParam(c, eventId);
  const { event, tickets } = await listTickets(c.get("db"), actor, {
    eventId,
    ticketType: type === "ticket" || type === "addon" ? type : undefined,
  });
  return c.json(await ticketsToJson(c.get("db"), event, tickets));
});

/** POST /api/events/:id/tickets — creates a ticket (or an add-on with ticket_type 'addon'); 201 with it. */
ticketsApiRoutes.post("/:id{[0-9]+}/tickets", ticketBodyLimit, async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const fields = await parseJson(c, ticketFieldsSchema);
  // The body is read once and kept: `date_ids` is parsed apart so that the §7 fields answer exactly as before.
  const { date_ids: dateIds } = await parseJson(c, ticketDatesBodySchema);
  const actor = await actorForEventParam(c, eventId);
  const db = c.get("db");
  if (dateIds?.length) await checkTicketDates(db, actor, { eventId, dateIds });
  const ticket = await createTicket(db, actor, { eventId, fields });
  if (dateIds?.length) await setTicketDates(db, actor, { eventId, ticketId: ticket.id, dateIds });
  return c.json(ticketToJson(ticket, dateIds ?? []), 201);
});

/** PUT /api/events/:id/tickets/order — `{"ids": [...]}` (or the bare array): the new order of the tickets or add-ons. */
ticketsApiRoutes.put("/:id{[0-9]+}/tickets/order", limitBody(), async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  // Any wrong list is one error on `ids`, whatever valibot's path inside it.
  const parsed = v.safeParse(ticketOrderSchema, await parseJson(c, v.unknown()));
  if (!parsed.success) {
    throw new AppError("validation", "tickets:errors.invalid-input", {
      fields: { ids: "tickets:errors.order-invalid" },
    });
  }
  const ids = parsed.output;
  const actor = await actorForEventParam(c, eventId);
  const tickets = await reorderTickets(c.get("db"), actor, { eventId, ids });
  return c.json(await ticketsToJson(c.get("db"), { id: eventId, organizationId: actor.organizationId }, tickets));
});

/** PUT /api/events/:id/tickets/:ticket_id — changes the fields it names. */
ticketsApiRoutes.put("/:id{[0-9]+}/tickets/:ticket_id{[0-9]+}", ticketBodyLimit, async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const ticketId = requireId(c.req.param("ticket_id"), "tickets:errors.not-found");
  const fields = await parseJson(c, ticketFieldsSchema);
  const { date_ids: dateIds } = await parseJson(c, ticketDatesBodySchema);
  const actor = await actorForEventParam(c, eventId);
  // The dates first: a sold pass refuses the change before any other field is written.
  if (dateIds) await setTicketDates(c.get("db"), actor, { eventId, ticketId, dateIds });
  const ticket = await updateTicket(c.get("db"), actor, { eventId, ticketId, fields });
  // A raised stock (or the list switched on) may free places for the people waiting.
  await offerFreedPlaces(c.get("db"), c.env, { eventId });
  return c.json((await ticketsToJson(c.get("db"), eventOfTicket(ticket), [ticket]))[0]);
});

/** DELETE /api/events/:id/tickets/:ticket_id — soft delete (visibility 'deleted'): sold tickets keep their history. */
ticketsApiRoutes.delete("/:id{[0-9]+}/tickets/:ticket_id{[0-9]+}", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const ticketId = requireId(c.req.param("ticket_id"), "tickets:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const deleted = await deleteTicket(c.get("db"), actor, { eventId, ticketId });
  return c.json({ id: deleted.id, deleted: true });
});

export const capacityBodySchema = v.object({ event_capacity: eventCapacitySchema });

/** PUT /api/events/:id/capacity — `{"event_capacity": n}` (-1 = unlimited); PUT /api/events/:id takes it too. */
ticketsApiRoutes.put("/:id{[0-9]+}/capacity", limitBody(), async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const body = await parseJson(c, capacityBodySchema);
  const actor = await actorForEventParam(c, eventId);
  const result = await updateEventCapacity(c.get("db"), actor, { eventId, eventCapacity: body.event_capacity });
  await offerFreedPlaces(c.get("db"), c.env, { eventId });
  return c.json({ event_capacity: result.eventCapacity });
});
