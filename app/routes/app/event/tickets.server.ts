import { data, redirect } from "react-router";
import * as v from "valibot";
import { eventCapacitySchema } from "#domain/events/event-input-schema";
import { eventPermissions } from "#domain/events/event-access";
import { locateEvent } from "#domain/events/locate-event";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { createTicket } from "#domain/tickets/create-ticket";
import { deleteTicket } from "#domain/tickets/delete-ticket";
import { listTickets, type TicketWithStatus } from "#domain/tickets/list-tickets";
import { reorderTickets } from "#domain/tickets/reorder-tickets";
import type { TicketType } from "#db/schema";
import { ticketFormSchema, ticketOrderSchema } from "#domain/tickets/ticket-input-schema";
import { updateEventCapacity } from "#domain/tickets/update-event-capacity";
import { ticketTaxRateChoices } from "#domain/tickets/ticket-tax-rate";
import { updateTicket } from "#domain/tickets/update-ticket";
import { setTicketDates } from "#domain/quotas/set-ticket-dates";
import type { TicketView, TicketsActionResult, TicketsPageData } from "~/components/tickets/ticket-types";
import { eventPath } from "~/lib/event-navigation";
import { serverContext } from "~/server/context";
import { parseForm, readFormValues } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import type { RouterContextProvider } from "react-router";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";

type Args = { params: Record<string, string | undefined>; context: Readonly<RouterContextProvider>; request: Request };

export function toTicketView(ticket: TicketWithStatus): TicketView {
  return {
    id: ticket.id,
    ticketType: ticket.ticketType,
    title: ticket.title,
    description: ticket.description,
    detailedDescription: ticket.detailedDescription,
    price: ticket.price,
    amount: ticket.amount,
    purchased: ticket.purchased,
    held: ticket.held,
    sellStartAt: ticket.sellStartAt ? ticket.sellStartAt.toISOString() : null,
    sellEndAt: ticket.sellEndAt ? ticket.sellEndAt.toISOString() : null,
    minPerOrder: ticket.minPerOrder,
    maxPerOrder: ticket.maxPerOrder,
    visibility: ticket.visibility === "hidden" ? "hidden" : "visible",
    restricted: ticket.restricted,
    feesType: ticket.feesType,
    showRemainingCount: ticket.showRemainingCount,
    waitingList: ticket.waitingList,
    taxRateId: ticket.taxRateId,
    status: ticket.derived.status,
    explanation: ticket.derived.explanation,
    color: ticket.derived.color,
    remaining: ticket.remaining,
  };
}

/**
 * The tickets or add-ons page: the list with derived statuses and the event capacity. Null when the event is out of
 * reach: the event layout shows the no-access screens.
 */
export async function loadTicketsPage(
  { params, context }: Args,
  ticketType: TicketType,
): Promise<TicketsPageData | null> {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const eventId = parseId(params.event_id);
  const location = eventId === null ? null : await locateEvent(db, actor, { eventId });
  if (location?.kind !== "accessible") return null;
  const { event, tickets, capacityTaken } = await listTickets(db, actor, { eventId: location.event.id });
  const permissions = eventPermissions(actor, { organizationId: event.organizationId, roles: location.eventRoles });
  return {
    ticketType,
    eventId: event.id,
    timezone: event.timezone,
    eventCapacity: event.eventCapacity,
    eventDraft: location.event.status === "draft",
    // Sales of deleted tickets too: they still take places of the capacity.
    ticketsPurchased: capacityTaken.purchased,
    tickets: tickets.filter((t) => t.ticketType === ticketType).map(toTicketView),
    canUpdate: permissions.canUpdate,
    taxRates: await ticketTaxRateChoices(db, event.organizationId),
  };
}

const intentSchema = v.object({
  intent: v.picklist(["create", "update", "delete", "reorder", "capacity"]),
  ticket_id: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
});

const reorderFormSchema = v.object({ ids: boundedString(20_000) });
const capacityFormSchema = v.object({
  event_capacity: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH), ""),
  unlimited: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
});

/** The ticket form's « Valable pour » (TicketValidFor): absent on a single-date event. */
async function validForOf(request: Request): Promise<{ mode: "per-date" | "pass"; dateIds: number[] } | null> {
  const form = await request.clone().formData();
  const mode = form.get("valid_for");
  if (mode !== "pass" && mode !== "per-date") return null;
  const dateIds = form.getAll("date_ids").map((value) => (typeof value === "string" ? parseId(value) : null));
  return { mode, dateIds: [...new Set(dateIds.filter((id): id is number => id !== null))] };
}

const invalid = (errors: { fields?: Record<string, string> }, values: Record<string, string>, intent: string) =>
  data<TicketsActionResult>({ ok: false, errors, values: { ...values, intent } }, { status: 400 });

/**
 * Every change of the tickets pages, by `intent`: create and update (the ticket form), delete, reorder (`ids` in order,
 * comma-separated) and capacity. Answers what happened; the page shows the toast.
 */
export async function ticketsAction(
  { request, params, context }: Args,
  options: { redirectAfterUpdate?: boolean } = {},
) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const eventId = parseId(params.event_id);
  const head = v.safeParse(intentSchema, Object.fromEntries(await request.clone().formData()));
  if (!head.success || eventId === null) return actionError(notFound("events:errors.not-found"));
  const { intent } = head.output;
  const ticketId = parseId(head.output.ticket_id ?? params.ticket_id);
  try {
    switch (intent) {
      case "create":
      case "update": {
        const location = await locateEvent(db, actor, { eventId });
        if (location.kind !== "accessible") throw notFound("events:errors.not-found");
        // Read before parseForm consumes the body: « Valable pour » is not one of the ticket's fields.
        const validFor = intent === "update" ? await validForOf(request) : null;
        const formValues = validFor ? await readFormValues(request.clone() as Request) : {};
        const parsed = await parseForm(request, ticketFormSchema(location.event.timezone));
        if (!parsed.ok) return invalid(parsed.errors, parsed.values, intent);
        if (intent === "create") {
          const ticket = await createTicket(db, actor, { eventId, fields: parsed.data });
          return data<TicketsActionResult>({ ok: true, intent, ticketId: ticket.id });
        }
        if (ticketId === null) throw notFound("tickets:errors.not-found");
        // « Valable pour » (multi-date events only): the dates first, so a sold pass refuses before any field is written.
        if (validFor?.mode === "pass" && validFor.dateIds.length === 0)
          return invalid({ fields: { date_ids: "quotas:valid-for.dates-required" } }, formValues, intent);
        if (validFor) {
          const dateIds = validFor.mode === "pass" ? validFor.dateIds : [];
          await setTicketDates(db, actor, { eventId, ticketId, dateIds });
        }
        const ticket = await updateTicket(db, actor, { eventId, ticketId, fields: parsed.data });
        // A raised stock (or the list switched on) may free places for the people waiting.
        await offerFreedPlaces(db, env, { eventId });
        if (options.redirectAfterUpdate) {
          return redirect(
            `${eventPath(eventId, ticket.ticketType === "addon" ? "addons" : "tickets")}?updated=${ticket.id}`,
          );
        }
        return data<TicketsActionResult>({ ok: true, intent, ticketId: ticket.id });
      }
      case "delete": {
        if (ticketId === null) throw notFound("tickets:errors.not-found");
        await deleteTicket(db, actor, { eventId, ticketId });
        if (options.redirectAfterUpdate) {
          const form = await request.formData();
          return redirect(
            `${eventPath(eventId, form.get("ticket_type") === "addon" ? "addons" : "tickets")}?deleted=${ticketId}`,
          );
        }
        return data<TicketsActionResult>({ ok: true, intent, ticketId });
      }
      case "reorder": {
        const parsed = await parseForm(request, reorderFormSchema);
        const ids = parsed.ok ? v.safeParse(ticketOrderSchema, parsed.data.ids.split(",")) : null;
        if (!parsed.ok || !ids?.success)
          return invalid({ fields: { ids: "tickets:errors.order-invalid" } }, parsed.ok ? {} : parsed.values, intent);
        await reorderTickets(db, actor, { eventId, ids: ids.output });
        return data<TicketsActionResult>({ ok: true, intent });
      }
      case "capacity": {
        const parsed = await parseForm(request, capacityFormSchema);
        const capacity = parsed.ok
          ? v.safeParse(eventCapacitySchema, parsed.data.unlimited === "on" ? -1 : parsed.data.event_capacity)
          : null;
        if (!parsed.ok || !capacity?.success) {
          return invalid(
            {
              fields: {
                event_capacity:
                  capacity && !capacity.success ? capacity.issues[0].message : "events:errors.event-capacity-invalid",
              },
            },
            parsed.ok ? {} : parsed.values,
            intent,
          );
        }
        await updateEventCapacity(db, actor, { eventId, eventCapacity: capacity.output });
        await offerFreedPlaces(db, env, { eventId });
        return data<TicketsActionResult>({ ok: true, intent });
      }
    }
  } catch (error) {
    return actionError(error, { intent });
  }
}
