import { requireId } from "#domain/shared/ids";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { eventStatuses } from "#db/schema";
import { readStoredOrganizationId } from "#domain/http/session-cookie";
import { getPublishReadiness, setEventStatus } from "#domain/events/change-event-status";
import { createEvent } from "#domain/events/create-event";
import { deleteEvent } from "#domain/events/delete-event";
import { duplicateEvent } from "#domain/events/duplicate-event";
import {
  deleteEventSchema,
  eventFieldsSchema,
  eventSettingsSchema,
  publishOptionsSchema,
} from "#domain/events/event-input-schema";
import { eventDetailToJson, eventToJson, selfServiceSettingsJson } from "#domain/events/event-json";
import { getEvent } from "#domain/events/get-event";
import { regeneratePrivateLink } from "#domain/events/regenerate-private-link";
import { updateEvent } from "#domain/events/update-event";
import { updateEventSettings } from "#domain/events/update-event-settings";
import { listUserOrganizations } from "#domain/organizations/list-user-organizations";
import { selectCurrentOrganization } from "#domain/organizations/select-current-organization";
import { AppError, notFound } from "#domain/shared/app-error";
import { actorForEventParam, actorForOrganizerParam } from "../actor-for-organization";
import { requirePersonSession, type ApiEnv } from "../middleware/api-session";
import { limitBody } from "../middleware/body-limit";
import { parseJsonParts } from "../parse-json";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";

/** Spec §7 event calls under /api/events. */
export const eventsApiRoutes = new Hono<ApiEnv>();

// A description is at most 50 kB; the rest of an event is small.
const jsonBodyLimit = limitBody(
  256 * 1024,
  () => new AppError("validation", "errors:invalid-input", { fields: { _: "events:errors.description-too-long" } }),
);

/** The one JSON reader of the API, with the events namespace's message for field errors. */
const parseBody = <const S extends readonly v.GenericSchema[]>(
  c: Context<ApiEnv>,
  schemas: S,
  options: { allowEmpty?: boolean } = {},
) => parseJsonParts(c, schemas, { ...options, messageKey: "events:errors.invalid-input" });

export const statusFieldSchema = v.object({
  status: v.optional(v.picklist(eventStatuses, "events:errors.status-invalid")),
});

export const createTargetSchema = v.object({
  organizer: v.optional(v.union([v.number(), boundedString(SHORT_TEXT_MAX_LENGTH)], "errors:not-found")),
  duplicate_from: v.optional(v.union([v.number(), boundedString(SHORT_TEXT_MAX_LENGTH)], "events:errors.not-found")),
});

/**
 * POST /api/events — creates a draft from event fields (spec §7). The organization is `organizer` in the body, else
 * the selected one (cookie), else the user's first. With `duplicate_from: id` it duplicates that event whole
 * (tickets, add-ons, forms, promo codes) in one atomic write instead. A posted `status` (the source's, when the client
 * duplicates with the event's fields) is ignored: a new or duplicated event always starts as draft (spec §4).
 */
eventsApiRoutes.post("/", jsonBodyLimit, async (c) => {
  const [fields, target] = await parseBody(c, [eventFieldsSchema, createTargetSchema]);
  const db = c.get("db");
  if (target.duplicate_from !== undefined) {
    const sourceId = requireId(String(target.duplicate_from), "events:errors.not-found");
    const actor = await actorForEventParam(c, sourceId);
    const copy = await duplicateEvent(db, actor, { eventId: sourceId });
    return c.json(eventToJson(copy), 201);
  }
  const organizationId =
    target.organizer !== undefined ? requireId(String(target.organizer)) : await defaultOrganizationId(c);
  const actor = await actorForOrganizerParam(c, String(organizationId));
  const event = await createEvent(db, actor, { fields });
  return c.json(eventToJson(event), 201);
});

async function defaultOrganizationId(c: Context<ApiEnv>): Promise<number> {
  const key = c.get("apiKey");
  if (key) return key.organizationId;
  const { user } = requirePersonSession(c);
  const organizations = await listUserOrganizations(c.get("db"), user.id);
  const selected = selectCurrentOrganization(
    organizations,
    readStoredOrganizationId(c.req.header("Cookie")),
    user.lastOrganizationId,
  );
  if (!selected) throw notFound();
  return selected.id;
}

/** GET /api/events/:id — the full event with its tickets, add-ons and participation forms. */
eventsApiRoutes.get("/:id{[0-9]+}", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  return c.json(eventDetailToJson(await getEvent(c.get("db"), actor, { eventId })));
});

/**
 * PUT /api/events/:id — the full event plus changes (spec §7): every known field (the personalized messages too) is
 * validated, unknown ones (id, tickets, access_token…) ignored; with `status` (and `confirm_without_tickets`) the
 * lifecycle change is applied in the same write. Bad input writes nothing.
 */
eventsApiRoutes.put("/:id{[0-9]+}", jsonBodyLimit, async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const [fields, status, options] = await parseBody(c, [eventFieldsSchema, statusFieldSchema, publishOptionsSchema]);
  const actor = await actorForEventParam(c, eventId);
  const event = await updateEvent(c.get("db"), actor, {
    eventId,
    changes: fields,
    status: status.status
      ? {
          target: status.status,
          visibility: options.visibility,
          confirmWithoutTickets: options.confirm_without_tickets,
        }
      : undefined,
  });
  return c.json(eventToJson(event));
});

/**
 * PUT /api/events/:id/status/:status — draft, published or archived (spec §7). Optional body for a publish:
 * `visibility` (default the event's). No body publishes an event without tickets: 'Publier sans billets ?' is the
 * client's question (spec §4). Same status: answers the event unchanged.
 */
eventsApiRoutes.put("/:id{[0-9]+}/status/:status", limitBody(), async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const target = v.safeParse(v.picklist(eventStatuses), c.req.param("status"));
  if (!target.success) {
    throw new AppError("validation", "events:errors.invalid-input", {
      fields: { status: "events:errors.status-invalid" },
    });
  }
  const [options] = await parseBody(c, [publishOptionsSchema], { allowEmpty: true });
  const actor = await actorForEventParam(c, eventId);
  const event = await setEventStatus(c.get("db"), actor, {
    eventId,
    target: target.output,
    visibility: options.visibility,
  });
  return c.json(eventToJson(event));
});

/** GET /api/events/:id/publish-readiness — what the publish dialog needs to choose its branch (spec §4). */
eventsApiRoutes.get("/:id{[0-9]+}/publish-readiness", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const readiness = await getPublishReadiness(c.get("db"), actor, eventId);
  return c.json({
    has_tickets: readiness.hasTickets,
    needs_payment_account: readiness.needsPaymentAccount,
    missing: readiness.missing,
    starts_in_past: readiness.startsInPast,
  });
});

/** POST /api/events/:id/private-link — 'Régénérer le lien privé': links shared before stop working (issue 7). */
eventsApiRoutes.post("/:id{[0-9]+}/private-link", limitBody(), async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const link = await regeneratePrivateLink(c.get("db"), actor, { eventId, env: c.env });
  return c.json({ private_link_version: link.privateLinkVersion, public_path: link.publicPath });
});

/**
 * PUT /api/events/:id/settings — meta_pixel_id, allow_billing, the self-service rules and the waiting-list offers' hold
 * time (spec §7: paths not shown).
 */
eventsApiRoutes.put("/:id{[0-9]+}/settings", limitBody(), async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const [settings] = await parseBody(c, [eventSettingsSchema]);
  const actor = await actorForEventParam(c, eventId);
  const result = await updateEventSettings(c.get("db"), actor, { eventId, ...settings });
  return c.json({
    meta_pixel_id: result.metaPixelId,
    allow_billing: result.allowBilling,
    ...selfServiceSettingsJson(result),
    waiting_list_hold_hours: result.waitingListHoldHours,
  });
});

/** DELETE /api/events/:id with `{"confirmation": "DELETE"}` — irreversible (spec §4/§5). */
eventsApiRoutes.delete("/:id{[0-9]+}", limitBody(), async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const [body] = await parseBody(c, [deleteEventSchema], { allowEmpty: true });
  const actor = await actorForEventParam(c, eventId);
  const deleted = await deleteEvent(
    c.get("db"),
    actor,
    { eventId, confirmation: body.confirmation },
    { images: c.env.IMAGES },
  );
  return c.json({ id: deleted.id, deleted: true });
});
