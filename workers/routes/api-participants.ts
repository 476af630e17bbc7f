import { requireId } from "#domain/shared/ids";
import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { changeParticipantTicket } from "#domain/participants/change-participant-ticket";
import { deleteParticipant } from "#domain/participants/delete-participant";
import { organizationOfParticipant } from "#domain/participants/participant-access";
import { participantEditSchema, updateParticipant } from "#domain/participants/update-participant";
import { notFound } from "#domain/shared/app-error";

import { actorInOrganization } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";

/**
 * Spec §7 participant-ticket calls. The spec's client always sends event id 1, so the path's event id is ignored: the
 * participant is found by its own id and the caller is authorized in the participant's organization (404 elsewhere).
 */
export const participantsApiRoutes = new Hono<ApiEnv>();

async function actorForParticipant(c: Context<ApiEnv>, participantId: number) {
  const organizationId = await organizationOfParticipant(c.get("db"), participantId);
  if (organizationId === null) throw notFound("participants:errors.not-found");
  return actorInOrganization(c, organizationId, "participants:errors.not-found");
}

function participantJson(participant: {
  id: number;
  eventId: number;
  firstName: string;
  lastName: string;
  email: string;
  ticketTitle: string;
  price: number;
  orderId: number;
}) {
  return {
    id: participant.id,
    event: participant.eventId,
    first_name: participant.firstName,
    last_name: participant.lastName,
    full_name: `${participant.firstName} ${participant.lastName}`.trim(),
    email: participant.email,
    ticket_title: participant.ticketTitle,
    price: participant.price,
    payment: participant.orderId,
  };
}

/** PUT /api/events/:event_id/participant-ticket/:id — {first_name, last_name, email}. */
participantsApiRoutes.put("/:event_id/participant-ticket/:id", async (c) => {
  const participantId = requireId(c.req.param("id"), "participants:errors.not-found");
  const actor = await actorForParticipant(c, participantId);
  const changes = await parseJson(c, participantEditSchema, {
    messageKey: (fields) => Object.values(fields)[0] ?? "errors:invalid-input",
  });
  const updated = await updateParticipant(c.get("db"), actor, { participantId, changes });
  return c.json(participantJson(updated));
});

/** DELETE /api/events/:event_id/participant-ticket/:id — free tickets only. */
participantsApiRoutes.delete("/:event_id/participant-ticket/:id", async (c) => {
  const participantId = requireId(c.req.param("id"), "participants:errors.not-found");
  const actor = await actorForParticipant(c, participantId);
  const { eventId } = await deleteParticipant(c.get("db"), actor, { participantId });
  await offerFreedPlaces(c.get("db"), c.env, { eventId });
  return c.body(null, 204);
});

export const ticketChangeSchema = v.object({ ticket: v.pipe(v.number(), v.integer(), v.minValue(1)) });

/**
 * PUT /api/events/:event_id/participant-ticket/:id/ticket — {ticket: <ticket id>}: moves the holder to another ticket
 * of the participant's event (issue 25 §10, docs/decisions/0048). 409 `sold_out` when the ticket has no place left.
 */
participantsApiRoutes.put("/:event_id/participant-ticket/:id/ticket", async (c) => {
  const participantId = requireId(c.req.param("id"), "participants:errors.not-found");
  const actor = await actorForParticipant(c, participantId);
  const body = await parseJson(c, ticketChangeSchema, {
    messageKey: "participants:errors.ticket-unknown",
  });
  const moved = await changeParticipantTicket(c.get("db"), actor, { participantId, ticketId: body.ticket });
  // The place left on the former ticket may go to someone waiting for it.
  await offerFreedPlaces(c.get("db"), c.env, { eventId: moved.eventId });
  return c.json({ ...participantJson(moved), ticket: moved.ticketId });
});
