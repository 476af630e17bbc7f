import * as v from "valibot";
import { eventStatuses, eventVisibilities, orderStatuses, ticketTypes, waitingListStatuses } from "#db/schema";
import { webhookEventTypes, type WebhookEventType } from "./webhook-event-types";

/**
 * What each webhook event's `data` holds (issue 26 §6), in the API's field names (spec §3): the schemas the public
 * event-types page shows with their examples, and that tests hold every real delivery to, so the page cannot drift from
 * what is sent. The payloads themselves are built in SQL (sales-webhook-statements.ts) or from eventToJson.
 */
// Every string bounded, as every schema of the code base is (tests/unit/input-limits.test.ts).
const isoTime = v.pipe(v.string(), v.maxLength(40), v.isoTimestamp());
const text = v.pipe(v.string(), v.maxLength(20_000));
const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const cents = v.pipe(v.number(), v.integer());

export const orderPayloadSchema = v.strictObject({
  id,
  event: id,
  full_name: text,
  first_name: text,
  last_name: text,
  email: text,
  amount: cents,
  fees: cents,
  net_amount: cents,
  status: v.picklist(orderStatuses),
  promo_code_key: v.nullable(text),
  checkout_time: v.number(),
  paid_at: v.nullable(isoTime),
  payable_until: v.nullable(isoTime),
  created_at: isoTime,
});

export const participantPayloadSchema = v.strictObject({
  id,
  event: id,
  payment: id,
  ticket: id,
  full_name: text,
  first_name: text,
  last_name: text,
  email: text,
  ticket_title: text,
  ticket_type: v.picklist(ticketTypes),
  price: cents,
  promo_code_key: v.nullable(text),
  last_validation: v.nullable(isoTime),
  created_at: isoTime,
});

export const checkInPayloadSchema = v.strictObject({
  id,
  event: id,
  ticket: id,
  participant: v.strictObject({ id, first_name: text, last_name: text }),
  is_in: v.boolean(),
  validated_at: isoTime,
});

/** The event as GET /api/events/:id answers it, without its lists (more fields may be added: read what you need). */
export const eventPayloadSchema = v.looseObject({
  id,
  organizer: id,
  title: text,
  status: v.picklist(eventStatuses),
  visibility: v.picklist(eventVisibilities),
  timezone: text,
  start_at: v.nullable(isoTime),
  end_at: v.nullable(isoTime),
  event_capacity: v.number(),
  published_at: v.nullable(isoTime),
  updated_at: isoTime,
});

/** A waiting-list entry as `waiting_list.offered` reports it: never the person's access token. */
export const waitingListEntryPayloadSchema = v.strictObject({
  id,
  event: id,
  ticket: id,
  full_name: text,
  first_name: text,
  last_name: text,
  email: text,
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  offered_quantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
  status: v.picklist(waitingListStatuses),
  offered_at: v.nullable(isoTime),
  offer_expires_at: v.nullable(isoTime),
  offer_count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  created_at: isoTime,
});

export const testPayloadSchema = v.strictObject({ endpoint_id: id, message: text });

export const webhookPayloadSchemas = {
  "order.created": orderPayloadSchema,
  "order.paid": orderPayloadSchema,
  "order.refunded": orderPayloadSchema,
  "order.cancelled": orderPayloadSchema,
  "order.updated": orderPayloadSchema,
  "participant.created": participantPayloadSchema,
  "participant.updated": participantPayloadSchema,
  "participant.transferred": participantPayloadSchema,
  "participant.deleted": participantPayloadSchema,
  "check_in.created": checkInPayloadSchema,
  "event.published": eventPayloadSchema,
  "event.updated": eventPayloadSchema,
  "waiting_list.offered": waitingListEntryPayloadSchema,
  "webhook.test": testPayloadSchema,
} satisfies Record<WebhookEventType, v.GenericSchema>;

/** The body every endpoint receives: `{ type, timestamp, data }` (Standard Webhooks' envelope). */
export function webhookEnvelopeSchema(type: WebhookEventType) {
  return v.strictObject({ type: v.literal(type), timestamp: isoTime, data: webhookPayloadSchemas[type] });
}

const order = {
  id: 4812,
  event: 127,
  full_name: "Camille Bernard",
  first_name: "Camille",
  last_name: "Bernard",
  email: "camille.bernard@exemple.fr",
  amount: 5000,
  fees: 150,
  net_amount: 4850,
  status: "pending",
  promo_code_key: null,
  checkout_time: 900,
  paid_at: null,
  payable_until: "2027-03-01T18:15:00.000Z",
  created_at: "2027-03-01T18:00:00.000Z",
} satisfies v.InferInput<typeof orderPayloadSchema>;

const participant = {
  id: 90211,
  event: 127,
  payment: 4812,
  ticket: 311,
  full_name: "Camille Bernard",
  first_name: "Camille",
  last_name: "Bernard",
  email: "camille.bernard@exemple.fr",
  ticket_title: "Plein tarif",
  ticket_type: "ticket",
  price: 2500,
  promo_code_key: null,
  last_validation: null,
  created_at: "2027-03-01T18:02:11.000Z",
} satisfies v.InferInput<typeof participantPayloadSchema>;

const event = {
  id: 127,
  organizer: 9,
  title: "Festival Nuits Sonores",
  status: "published",
  visibility: "public",
  timezone: "Europe/Paris",
  start_at: "2027-06-12T18:00:00.000Z",
  end_at: "2027-06-13T02:00:00.000Z",
  event_capacity: 1500,
  published_at: "2027-03-01T09:00:00.000Z",
  updated_at: "2027-03-01T09:00:00.000Z",
} satisfies v.InferInput<typeof eventPayloadSchema>;

/** One example `data` per event type, checked against its schema by a test. */
export const webhookPayloadExamples: Record<WebhookEventType, unknown> = {
  "order.created": order,
  "order.paid": { ...order, status: "paid", paid_at: "2027-03-01T18:02:10.000Z" },
  "order.refunded": { ...order, status: "refunded", paid_at: "2027-03-01T18:02:10.000Z" },
  "order.cancelled": { ...order, status: "cancelled" },
  "order.updated": { ...order, status: "paid", paid_at: "2027-03-01T18:02:10.000Z" },
  "participant.created": participant,
  "participant.updated": { ...participant, first_name: "Camille-Anne", full_name: "Camille-Anne Bernard" },
  "participant.transferred": {
    ...participant,
    first_name: "Inès",
    last_name: "Moreau",
    full_name: "Inès Moreau",
    email: "ines.moreau@example.com",
  },
  "participant.deleted": participant,
  "check_in.created": {
    id: 5530,
    event: 127,
    ticket: 311,
    participant: { id: 90211, first_name: "Camille", last_name: "Bernard" },
    is_in: true,
    validated_at: "2027-06-12T18:41:07.000Z",
  },
  "event.published": event,
  "event.updated": { ...event, title: "Festival Nuits Sonores (complet)", updated_at: "2027-05-20T10:12:00.000Z" },
  "waiting_list.offered": {
    id: 2207,
    event: 127,
    ticket: 311,
    full_name: "Inès Moreau",
    first_name: "Inès",
    last_name: "Moreau",
    email: "ines.moreau@example.com",
    quantity: 2,
    offered_quantity: 2,
    status: "offered",
    offered_at: "2027-05-02T09:30:00.000Z",
    offer_expires_at: "2027-05-03T09:30:00.000Z",
    offer_count: 1,
    created_at: "2027-04-18T20:14:05.000Z",
  },
  "webhook.test": { endpoint_id: 14, message: "Guichet test event" },
};

/** Every type, the test event last: the order of the public page. */
export const documentedWebhookTypes: WebhookEventType[] = [...webhookEventTypes, "webhook.test"];
