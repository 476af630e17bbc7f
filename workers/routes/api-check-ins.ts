import { Hono } from "hono";
import * as v from "valibot";
import { listCheckInData } from "#domain/check-ins/list-check-in-data";
import { checkInBodySchema, recordCheckIn } from "#domain/check-ins/record-check-in";
import { searchCheckInParticipants } from "#domain/check-ins/search-check-in-participants";
import {
  manualOrdersBodySchema,
  manualOrdersFromBody,
  placeManualOrders,
} from "#domain/manual-orders/place-manual-orders";
import { importParticipants } from "#domain/participant-import/import-participants";
import { checkImportCapacity } from "#domain/participant-import/check-import-capacity";
import { IMPORT_CHUNK_ROWS, IMPORT_MAX_ROWS } from "#domain/participant-import/import-rows";
import { idSchema, requireId } from "#domain/shared/ids";
import { AppError } from "#domain/shared/app-error";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/**
 * H7's calls under /api/events/:id: the scanner's (issue 11 §6: check a ticket in or out, the offline list, the
 * search), the manual orders (add participants by hand) and the CSV import (issue 11 §3).
 */
export const checkInsApiRoutes = new Hono<ApiEnv>();

/** POST /api/events/:id/check-ins — every refusal (already_in, invalid…) is a 200 carrying its result code. */
checkInsApiRoutes.post("/:id{[0-9]+}/check-ins", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const body = await parseJson(c, checkInBodySchema);
  const outcome = await recordCheckIn(c.get("db"), actor, c.env, {
    eventId,
    token: body.token,
    participantId: body.participant_id,
    direction: body.direction,
    clientId: body.id.toLowerCase(),
    scannedAt: body.scanned_at,
    dateId: body.date_id,
  });
  return c.json(outcome);
});

const optionalInteger = v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number)));
export const listQuerySchema = v.object({ since: optionalInteger, after: optionalInteger, limit: optionalInteger });

function parseQuery<S extends v.GenericSchema>(schema: S, query: Record<string, string>): v.InferOutput<S> {
  const result = v.safeParse(schema, query);
  if (!result.success) throw new AppError("validation", "errors:invalid-input");
  return result.output;
}

/** GET /api/events/:id/check-ins/list?since=&after=&limit= — what a scanner needs to validate offline. */
checkInsApiRoutes.get("/:id{[0-9]+}/check-ins/list", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const query = parseQuery(listQuerySchema, c.req.query());
  return c.json(await listCheckInData(c.get("db"), actor, c.env, { eventId, ...query }));
});

/** GET /api/events/:id/check-ins/search?q= — the manual search by name or email. */
checkInsApiRoutes.get("/:id{[0-9]+}/check-ins/search", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const query = (c.req.query("q") ?? "").slice(0, 100);
  return c.json({ participants: await searchCheckInParticipants(c.get("db"), actor, c.env, { eventId, query }) });
});

/** POST /api/events/:id/manual-orders — add participants by hand (H6's dialog on the participants page). */
checkInsApiRoutes.post("/:id{[0-9]+}/manual-orders", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const body = await parseJson(c, manualOrdersBodySchema);
  const placed = await placeManualOrders(
    c.get("db"),
    actor,
    { eventId, orders: manualOrdersFromBody(body), sendEmail: body.send_email },
    { queue: c.env.JOBS },
  );
  return c.json({ order_ids: placed.orderIds, participant_ids: placed.participantIds }, 201);
});

export const importBodySchema = v.object({
  rows: v.pipe(
    v.array(v.pipe(v.array(v.pipe(v.string(), v.maxLength(1000))), v.maxLength(50))),
    v.maxLength(IMPORT_CHUNK_ROWS * 2),
  ),
  first_line: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1)), 2),
  send_email: v.optional(v.boolean(), false),
  /** With send_email: the token the check call answered, from which the chunk's emails are spent. */
  email_reservation: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

export const importCheckSchema = v.object({
  totals: v.pipe(
    v.array(v.object({ ticket_id: idSchema, quantity: v.pipe(v.number(), v.safeInteger(), v.minValue(1)) })),
    v.maxLength(500),
  ),
  /** The confirmation emails the import will send (its rows, with send_email): reserved against the daily quota. */
  emails: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(IMPORT_MAX_ROWS)), 0),
});

/**
 * POST /api/events/:id/participant-import/check — the whole file's places per ticket, and with `emails` the reservation
 * of its sends: 200 `{ ok, email_reservation }`, or 409 when it would oversell (`sold_out`), pass the daily email quota
 * (`email_quota_reached`) or send for a draft event (`event_not_published`).
 */
checkInsApiRoutes.post("/:id{[0-9]+}/participant-import/check", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const body = await parseJson(c, importCheckSchema);
  const totals = body.totals.map((t) => ({ ticketId: t.ticket_id, quantity: t.quantity }));
  const checked = await checkImportCapacity(c.get("db"), actor, { eventId, totals, emails: body.emails });
  return c.json({ ok: checked.ok, email_reservation: checked.emailReservation });
});

/**
 * POST /api/events/:id/participant-import — one chunk of the CSV's rows (header removed): 200 `{ imported, participants, errors }`;
 * with row errors nothing is written and `errors` lists them `{ line, key }`; 409 when the import would oversell.
 */
checkInsApiRoutes.post("/:id{[0-9]+}/participant-import", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const body = await parseJson(c, importBodySchema, { messageKey: "participant-import:errors.invalid-file" });
  return c.json(
    await importParticipants(
      c.get("db"),
      actor,
      {
        eventId,
        records: body.rows,
        firstLine: body.first_line,
        sendEmail: body.send_email,
        emailReservation: body.email_reservation,
      },
      { queue: c.env.JOBS },
    ),
  );
});
