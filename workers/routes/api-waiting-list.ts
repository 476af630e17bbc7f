import { Hono } from "hono";
import * as v from "valibot";
import { AppError } from "#domain/shared/app-error";
import { cursorOf, cursorQueryEntries, CURSOR_LIMIT_DEFAULT } from "#domain/shared/cursor-paging";
import { idSchema, requireId } from "#domain/shared/ids";
import { issuesToFields } from "#domain/shared/validation";
import { listWaitingList, type WaitingListEntrySummary } from "#domain/waiting-list/list-waiting-list";
import { offerWaitingListEntry } from "#domain/waiting-list/offer-waiting-list-entry";
import type { MadeOffer } from "#domain/waiting-list/offer-waiting-list-places";
import { actorForEventParam } from "../actor-for-organization";
import { cursorListJson } from "../cursor-list";
import type { ApiEnv } from "../middleware/api-session";

/**
 * An event's waiting lists for the organizer (issue 28 §4, docs/decisions/0059-waiting-list.md): the entries in line
 * order, each with its position among its ticket's open entries, and the offer made by hand. Never the access token.
 */
export const waitingListApiRoutes = new Hono<ApiEnv>();

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function waitingListEntryToJson(entry: WaitingListEntrySummary) {
  return {
    id: entry.id,
    event: entry.eventId,
    ticket: entry.ticketId,
    ticket_title: entry.ticketTitle,
    full_name: `${entry.firstName} ${entry.lastName}`.trim(),
    first_name: entry.firstName,
    last_name: entry.lastName,
    email: entry.email,
    locale: entry.locale,
    quantity: entry.quantity,
    status: entry.status,
    position: entry.position,
    offered_quantity: entry.offeredQuantity,
    offered_at: iso(entry.offeredAt),
    offer_expires_at: iso(entry.offerExpiresAt),
    offer_count: entry.offerCount,
    order: entry.orderId,
    created_at: entry.createdAt.toISOString(),
  };
}

export function madeOfferToJson(offer: MadeOffer) {
  return {
    id: offer.entryId,
    event: offer.eventId,
    ticket: offer.ticketId,
    status: "offered" as const,
    offered_quantity: offer.offeredQuantity,
    offer_expires_at: offer.offerExpiresAt.toISOString(),
    offer_count: offer.offerCount,
  };
}

export const waitingListQuerySchema = v.object({
  ...cursorQueryEntries,
  ticket: v.optional(idSchema),
  open: v.optional(v.picklist(["true", "false"], "errors:invalid-input")),
});

/**
 * GET /api/events/:id/waiting-list — every entry, oldest first (the line's order), `?limit=` (1–100, default 25) and
 * `?starting_after=<id>`; `?ticket=<id>` one ticket's line, `?open=true` only the entries waiting or offered.
 */
waitingListApiRoutes.get("/:id{[0-9]+}/waiting-list", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const parsed = v.safeParse(waitingListQuerySchema, c.req.query());
  if (!parsed.success)
    throw new AppError("validation", "errors:invalid-input", { fields: issuesToFields(parsed.issues) });
  const { ticket, open, ...paging } = parsed.output;
  const actor = await actorForEventParam(c, eventId);
  const page = await listWaitingList(c.get("db"), actor, {
    eventId,
    cursor: cursorOf(paging) ?? { startingAfter: null, limit: CURSOR_LIMIT_DEFAULT },
    ...(ticket === undefined ? {} : { ticketId: ticket }),
    openOnly: open === "true",
  });
  return c.json(cursorListJson(page, waitingListEntryToJson));
});

/**
 * POST /api/events/:id/waiting-list/:entry_id/offer — offers places to this person now, out of line order: an entry
 * waiting or whose offer expired. 409 `waiting_list_no_place` when no place is free.
 */
waitingListApiRoutes.post("/:id{[0-9]+}/waiting-list/:entry_id{[0-9]+}/offer", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const entryId = requireId(c.req.param("entry_id"), "booking:errors.waiting-list-entry-not-found");
  const actor = await actorForEventParam(c, eventId);
  const offer = await offerWaitingListEntry(c.get("db"), { jobs: c.env }, actor, { eventId, entryId });
  return c.json(madeOfferToJson(offer), 201);
});
