import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { listQuotas, type EventQuotas } from "#domain/quotas/list-quotas";
import { putQuotas } from "#domain/quotas/put-quotas";
import { quotasInputSchema, toQuotaInputs } from "#domain/quotas/quota-input-schema";
import { eventCapacitySchema } from "#domain/events/event-input-schema";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";
import { requireId } from "#domain/shared/ids";
import { issuesToFields } from "#domain/shared/validation";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";
import type { QuotasActionResult, QuotasPageData } from "~/components/quotas/quota-types";
import { serverContext } from "~/server/context";
import { readFormValues } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";

type Args = { params: Record<string, string | undefined>; context: Readonly<RouterContextProvider>; request: Request };

function toPageData(list: EventQuotas, canUpdate: boolean): QuotasPageData {
  return {
    eventId: list.event.id,
    timezone: list.event.timezone,
    canUpdate,
    eventCapacity: list.eventCapacity,
    quotas: list.quotas.map((quota) => ({
      id: quota.id,
      name: quota.name,
      size: quota.size,
      sold: quota.sold,
      held: quota.held,
      remaining: quota.remaining,
      dateId: quota.dateId,
      date: quota.date && { startAt: quota.date.startAt.toISOString(), cancelled: quota.date.status === "cancelled" },
      tickets: quota.tickets,
    })),
    tickets: list.choices.tickets.map(({ id, title, ticketType }) => ({ id, title, ticketType })),
    dates: list.choices.dates.map((date) => ({
      id: date.id,
      startAt: date.startAt.toISOString(),
      status: date.status,
    })),
  };
}

/** /event/:event_id/quotas — the event capacity then the quotas, with their counts and what the editor offers. */
export async function loadQuotasPage({ params, context }: Args): Promise<QuotasPageData> {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const list = await listQuotas(db, actor, { eventId: requireId(params.event_id, "events:errors.not-found") });
    return toPageData(list, list.canUpdate);
  } catch (error) {
    return loaderError(error);
  }
}

const formSchema = v.object({
  intent: v.picklist(["save", "delete", "capacity"], "errors:invalid-input"),
  quotas: v.pipe(
    v.string("errors:invalid-input"),
    v.maxLength(128 * 1024, "errors:invalid-input"),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message: "errors:invalid-input" });
        return NEVER;
      }
    }),
  ),
  event_capacity: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
  unlimited: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
});

/**
 * Every change of the page sends the whole list (`quotas`, JSON) to the one domain call, putQuotas: a quota added,
 * edited or deleted, or the event capacity (`intent` capacity, `event_capacity` or `unlimited`).
 */
export async function quotasAction({ params, context, request }: Args) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const values = await readFormValues(request);
  const invalid = (fields: Record<string, string>) =>
    data<QuotasActionResult>(
      { ok: false, intent: values.intent, errors: { fields, formError: "errors:invalid-input" }, values },
      { status: 400 },
    );
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const form = v.safeParse(formSchema, values);
    if (!form.success) return invalid(issuesToFields(form.issues));
    const { intent } = form.output;
    let eventCapacity: number | undefined;
    if (intent === "capacity") {
      const capacity = v.safeParse(
        eventCapacitySchema,
        form.output.unlimited === "on" ? -1 : (form.output.event_capacity ?? ""),
      );
      if (!capacity.success) return invalid({ event_capacity: capacity.issues[0].message });
      eventCapacity = capacity.output;
    }
    const list = v.safeParse(quotasInputSchema, { quotas: form.output.quotas });
    if (!list.success) return invalid(issuesToFields(list.issues));
    await putQuotas(db, actor, { eventId, ...toQuotaInputs(list.output), eventCapacity });
    await offerFreedPlaces(db, env, { eventId });
    return data<QuotasActionResult>({ ok: true, intent });
  } catch (error) {
    return actionError(error, values, { intent: values.intent });
  }
}
