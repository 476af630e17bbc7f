import type { JsonSchema } from "./json-schema";

/**
 * Answer shapes shared by several operations, described by hand from the `…ToJson` functions that write them
 * (domain/events/event-json.ts, workers/cursor-list.ts): the answers have no valibot schema, the requests do.
 */

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });
const dateTime: JsonSchema = { type: "string", format: "date-time" };
const cents = (description: string): JsonSchema => ({ type: "integer", description: `${description}, in cents.` });

/** What buyers may do on their order page (issue 28 §1): each action on or off, until how long before the start. */
const selfServiceProperties: Record<string, JsonSchema> = {
  self_service_edit: { type: "boolean", description: "Buyers may edit participants' names, emails and answers." },
  self_service_edit_before: { type: "integer", description: "Until this long before the start (0: the start)." },
  self_service_edit_unit: {
    enum: ["hours", "days"],
    description: "hours: exact; days: calendar days in the event's time zone.",
  },
  self_service_transfer: { type: "boolean", description: "Buyers may transfer a ticket to someone else." },
  self_service_transfer_before: { type: "integer" },
  self_service_transfer_unit: { enum: ["hours", "days"] },
};
const selfServiceExample = {
  self_service_edit: true,
  self_service_edit_before: 24,
  self_service_edit_unit: "hours",
  self_service_transfer: true,
  self_service_transfer_before: 24,
  self_service_transfer_unit: "hours",
};

/** Issue 26 §2's error body: every 4xx answer of the API, one shape. */
export const errorSchema: JsonSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["type", "code", "message"],
      properties: {
        type: {
          enum: ["validation", "not_found", "conflict", "rate_limited", "unauthorized", "forbidden"],
          description: "The family of the error; the HTTP status follows from it.",
        },
        code: { type: "string", description: "A stable machine code (see the Errors section)." },
        message: {
          type: "string",
          description: "A sentence for people, in the request's language (Accept-Language, else French).",
        },
        fields: {
          type: "array",
          description: "One entry per invalid field of a validation error.",
          items: {
            type: "object",
            required: ["name", "code", "message"],
            properties: {
              name: {
                type: "string",
                description: "The field's path, dotted (e.g. `buyer.email`, `items.0.quantity`).",
              },
              code: { type: "string" },
              message: { type: "string" },
            },
          },
        },
        request_id: { type: "string", description: "The `x-request-id` of the answer: quote it to support." },
      },
    },
  },
};

export const errorExample = {
  error: {
    type: "validation",
    code: "invalid_input",
    message: "The email address is invalid.",
    fields: [{ name: "email", code: "invalid", message: "The email address is invalid." }],
    request_id: "req_7f3a2b9c1d4e",
  },
};

export const eventSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    organizer: { type: "integer", description: "The organization's id." },
    title: { type: "string" },
    small_description: { type: "string" },
    description: { type: "string", description: "Sanitized HTML." },
    main_picture: { type: "string" },
    primary_color: { type: "string" },
    theme: { enum: ["light", "dark"] },
    timezone: { type: "string", description: "IANA time zone the dates are shown in." },
    start_at: nullable(dateTime),
    end_at: nullable(dateTime),
    address_label: { type: "string" },
    address_name: { type: "string" },
    address_latitude: nullable({ type: "number" }),
    address_longitude: nullable({ type: "number" }),
    contact_email: { type: "string" },
    status: { enum: ["draft", "published", "archived"] },
    is_past: { type: "boolean" },
    visibility: { enum: ["public", "private"] },
    allow_billing: { type: "boolean" },
    ...selfServiceProperties,
    waiting_list_hold_hours: { type: "integer", description: "Hours a waiting-list offer holds its places (1–168)." },
    event_capacity: { type: "integer", description: "-1: unlimited." },
    published_at: nullable(dateTime),
    created_at: dateTime,
    updated_at: dateTime,
  },
};

export const eventExample = {
  id: 42,
  organizer: 1,
  title: "Concert de printemps",
  small_description: "Orchestre et chœur",
  description: "<p>Un concert en plein air.</p>",
  main_picture: "",
  primary_color: "#1d4ed8",
  theme: "light",
  timezone: "Europe/Paris",
  start_at: "2027-04-17T18:00:00.000Z",
  end_at: "2027-04-17T21:00:00.000Z",
  start_date: "2027-04-17T18:00:00.000Z",
  end_date: "2027-04-17T21:00:00.000Z",
  address_label: "Parc de la Tête d'Or, 69006 Lyon",
  address_name: "Parc de la Tête d'Or",
  address_latitude: 45.7772,
  address_longitude: 4.8554,
  contact_email: "contact@exemple.org",
  refund_policy: null,
  status: "draft",
  is_past: false,
  visibility: "public",
  confirmation_page_message: "",
  email_pdf_message: "",
  email_pdf_email_response: "",
  meta_pixel_id: "",
  access_token: "",
  allow_billing: false,
  ...selfServiceExample,
  waiting_list_hold_hours: 24,
  event_capacity: -1,
  published_at: null,
  created_at: "2027-01-05T09:30:00.000Z",
  updated_at: "2027-01-05T09:30:00.000Z",
};

export const ticketSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    event: { type: "integer" },
    ticket_type: { enum: ["ticket", "addon"] },
    title: { type: "string" },
    price: cents("Unit price"),
    is_free: { type: "boolean" },
    amount: { type: "integer", description: "Stock; -1: unlimited." },
    purchased: { type: "integer" },
    visibility: { enum: ["visible", "hidden", "deleted"] },
    fees_type: { enum: ["included", "added"] },
    waiting_list: { type: "boolean", description: "Sold out, buyers may join its waiting list (tickets only)." },
    tax_rate_id: nullable({
      type: "integer",
      description:
        "One of the organization's VAT rates (GET /api/organizers/:id/tax-rates); null: its default rate at the time of sale. A rate archived since sells at the default rate.",
    }),
    status: { type: "string", description: "Derived sale status (on sale, sold out, not yet on sale…)." },
    remaining: nullable({ type: "integer" }),
    date_ids: {
      type: "array",
      items: { type: "integer" },
      description:
        "The dates a pass is valid on (GET /api/events/:id/dates); absent for a ticket sold per date (the buyer picks the date) and on a single-date event, whose answers are unchanged. Fixed once the ticket has sold; [] in a write makes a pass a per-date ticket again.",
    },
  },
};

export const ticketExample = {
  id: 7,
  event: 42,
  ticket_type: "ticket",
  title: "Plein tarif",
  description: null,
  detailed_description: null,
  price: 2500,
  is_free: false,
  amount: 300,
  purchased: 12,
  sell_start_at: null,
  sell_end_at: null,
  min_per_order: 1,
  max_per_order: 10,
  visibility: "visible",
  restricted: false,
  fees_type: "included",
  sort: 0,
  show_remaining_count: false,
  waiting_list: false,
  tax_rate_id: null,
  status: "on_sale",
  status_explanation: "",
  status_color: "green",
  remaining: 288,
};

export const participantSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer", description: "The participant ticket's id (the number printed on it)." },
    event: { type: "integer" },
    payment: { type: "integer", description: "The order's id." },
    ticket: { type: "integer", description: "The ticket (rate) id." },
    first_name: { type: "string" },
    last_name: { type: "string" },
    email: { type: "string" },
    ticket_title: { type: "string" },
    ticket_type: { enum: ["ticket", "addon"] },
    price: cents("Price paid"),
    last_validation: nullable(dateTime),
    created_at: dateTime,
  },
};

export const participantExample = {
  id: 1001,
  event: 42,
  payment: 501,
  ticket: 7,
  full_name: "Jeanne Roux",
  first_name: "Jeanne",
  last_name: "Roux",
  email: "jeanne.roux@exemple.test",
  ticket_title: "Plein tarif",
  ticket_type: "ticket",
  price: 2500,
  promo_code_key: null,
  last_validation: null,
  event_date: "2027-04-17T18:00:00.000Z",
  created_at: "2027-02-01T10:12:00.000Z",
  access_token: "o_9f2c4d7e",
};

export const orderSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    event: { type: "integer" },
    first_name: { type: "string" },
    last_name: { type: "string" },
    email: { type: "string" },
    amount: cents("Amount paid by the buyer"),
    fees: cents("Fees"),
    net_amount: cents("Amount for the organizer"),
    status: { type: "string", description: "pending, paid, refunded, cancelled…" },
    paid_at: nullable(dateTime),
    created_at: dateTime,
  },
};

export const orderExample = {
  id: 501,
  event: 42,
  full_name: "Jeanne Roux",
  first_name: "Jeanne",
  last_name: "Roux",
  email: "jeanne.roux@exemple.test",
  amount: 2500,
  fees: 99,
  net_amount: 2401,
  status: "paid",
  checkout_time: null,
  paid_at: "2027-02-01T10:12:00.000Z",
  payable_until: null,
  created_at: "2027-02-01T10:11:00.000Z",
  access_token: "o_9f2c4d7e",
};

export const transactionSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    type: { enum: ["charge", "fee", "refund", "payout", "adjustment"] },
    amount: cents("Gross amount"),
    fee: cents("Fee"),
    net: cents("Net amount"),
    event_id: nullable({ type: "integer" }),
    event_title: nullable({ type: "string" }),
    order_id: nullable({ type: "integer" }),
    payout_id: nullable({ type: "integer" }),
    description: { type: "string" },
    occurred_at: dateTime,
  },
};

export const transactionExample = {
  id: 9001,
  type: "charge",
  amount: 2500,
  fee: 99,
  net: 2401,
  event_id: 42,
  event_title: "Concert de printemps",
  order_id: 501,
  payout_id: null,
  description: "Commande n°501",
  occurred_at: "2027-02-01T10:12:00.000Z",
};

/** Decision 0051's cursor list: `{ object: "list", data, has_more }`, in id order. */
export function cursorListSchema(itemRef: string): JsonSchema {
  return {
    type: "object",
    required: ["object", "data", "has_more"],
    properties: {
      object: { const: "list" },
      data: { type: "array", items: { $ref: itemRef } },
      has_more: {
        type: "boolean",
        description: "More rows follow: ask again with `starting_after` set to the last row's id.",
      },
    },
  };
}

/** A waiting-list entry as GET /api/events/:id/waiting-list answers it (decision 0059): never its access token. */
export const waitingListEntrySchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer", description: "The entry's id; the line's order." },
    event: { type: "integer" },
    ticket: { type: "integer", description: "The ticket whose line it is in." },
    ticket_title: { type: "string" },
    full_name: { type: "string" },
    first_name: { type: "string" },
    last_name: { type: "string" },
    email: { type: "string" },
    locale: { enum: ["fr", "en"] },
    quantity: { type: "integer", description: "Places wanted." },
    status: { enum: ["waiting", "offered", "booked", "expired", "removed"] },
    position: nullable({ type: "integer", description: "1 for the first open entry of its ticket's line." }),
    offered_quantity: { type: "integer", description: "Places held by the current or last offer (0: never offered)." },
    offered_at: nullable(dateTime),
    offer_expires_at: nullable(dateTime),
    offer_count: { type: "integer", description: "Offers made to this entry so far." },
    order: nullable({ type: "integer", description: "The order that booked the offer." }),
    created_at: dateTime,
  },
};

export const waitingListEntryExample = {
  id: 2207,
  event: 42,
  ticket: 7,
  ticket_title: "Plein tarif",
  full_name: "Inès Moreau",
  first_name: "Inès",
  last_name: "Moreau",
  email: "ines.moreau@exemple.test",
  locale: "fr",
  quantity: 2,
  status: "offered",
  position: 1,
  offered_quantity: 2,
  offered_at: "2027-04-02T09:30:00.000Z",
  offer_expires_at: "2027-04-03T09:30:00.000Z",
  offer_count: 1,
  order: null,
  created_at: "2027-03-18T20:14:05.000Z",
};

export const cursorListExample = (item: unknown) => ({ object: "list", data: [item], has_more: false });

export const componentSchemas: Record<string, JsonSchema> = {
  Error: errorSchema,
  Event: eventSchema,
  Ticket: ticketSchema,
  Participant: participantSchema,
  Order: orderSchema,
  Transaction: transactionSchema,
  WaitingListEntry: waitingListEntrySchema,
};
