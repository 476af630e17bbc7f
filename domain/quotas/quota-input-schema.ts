import * as v from "valibot";
import { eventCapacitySchema } from "../events/event-input-schema";
import { idSchema } from "../shared/ids";

export const QUOTA_NAME_MAX_LENGTH = 100;
/** Quotas of one event, and tickets of one quota: every one is a few statements of the one write batch. */
export const QUOTAS_MAX = 100;
export const QUOTA_TICKETS_MAX = 90;
const QUOTA_SIZE_MAX = 1_000_000_000;

const quotaSizeSchema = v.pipe(
  v.number("quotas:errors.size-invalid"),
  v.integer("quotas:errors.size-invalid"),
  v.minValue(0, "quotas:errors.size-invalid"),
  v.maxValue(QUOTA_SIZE_MAX, "quotas:errors.size-invalid"),
);

/** One quota as the API and the editor send it (snake_case, as the JSON). */
export const quotaInputSchema = v.object({
  id: v.optional(idSchema),
  name: v.pipe(
    v.string("quotas:errors.name-required"),
    v.trim(),
    v.minLength(1, "quotas:errors.name-required"),
    v.maxLength(QUOTA_NAME_MAX_LENGTH, "quotas:errors.name-too-long"),
  ),
  size: quotaSizeSchema,
  date_id: v.optional(v.nullable(idSchema), null),
  ticket_ids: v.pipe(
    v.array(idSchema, "quotas:errors.tickets-required"),
    v.minLength(1, "quotas:errors.tickets-required"),
    v.maxLength(QUOTA_TICKETS_MAX, "quotas:errors.too-many-tickets"),
  ),
});

/** PUT /api/events/:id/quotas and the editor: the whole list, and the event capacity when it changes. */
export const quotasInputSchema = v.object({
  event_capacity: v.optional(eventCapacitySchema),
  quotas: v.pipe(
    v.array(quotaInputSchema, "errors:invalid-input"),
    v.maxLength(QUOTAS_MAX, "quotas:errors.too-many-quotas"),
  ),
});

export type QuotasInput = v.InferOutput<typeof quotasInputSchema>;

/** A quota to write, as the domain takes it. */
export type QuotaInput = { id?: number; name: string; size: number; dateId: number | null; ticketIds: number[] };

export function toQuotaInputs(input: QuotasInput): { eventCapacity?: number; quotas: QuotaInput[] } {
  return {
    eventCapacity: input.event_capacity,
    quotas: input.quotas.map((quota) => ({
      id: quota.id,
      name: quota.name,
      size: quota.size,
      dateId: quota.date_id ?? null,
      ticketIds: [...new Set(quota.ticket_ids)],
    })),
  };
}

/** `date_ids` of a ticket (API) or the pass dates of the ticket form: the dates a pass is valid on, [] per date. */
export const ticketDateIdsSchema = v.pipe(
  v.array(idSchema, "quotas:errors.dates-invalid"),
  v.maxLength(1000, "quotas:errors.dates-invalid"),
  v.transform((ids) => [...new Set(ids)]),
);
