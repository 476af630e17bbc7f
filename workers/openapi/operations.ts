import { messageCreateSchema, messageRecipientsQuerySchema, messagesListQuerySchema } from "../routes/api-messages";
import { billingDetailsSchema, taxRatesSchema } from "#domain/billing/billing-input-schema";
import {
  attendeeMessageUpdateSchema,
  sendAttendeeMessageSchema,
} from "#domain/attendee-messages/attendee-message-schema";
import * as v from "valibot";
import { joinWaitingListSchema } from "#domain/waiting-list/join-waiting-list-schema";
import { placeOrderBodySchema } from "#domain/booking/order-input-schema";
import { orderActionBodyShape } from "#domain/self-service/order-action-schema";
import { checkInBodySchema } from "#domain/check-ins/record-check-in";
import { contactMessageSchema } from "#domain/contact-entries/contact-message-schema";
import { eventMessagesSchema } from "#domain/event-messages/event-messages-schema";
import {
  deleteEventSchema,
  eventFieldsSchema,
  eventSettingsSchema,
  publishOptionsSchema,
} from "#domain/events/event-input-schema";
import { manualOrdersBodySchema } from "#domain/manual-orders/place-manual-orders";
import { createOrganizationSchema } from "#domain/organizations/organization-input-schema";
import { participantEditSchema } from "#domain/participants/update-participant";
import { participationFormBodySchema } from "#domain/participation-forms/question-schema";
import { promoCodeItemsSchema } from "#domain/promo-codes/promo-code-input-schema";
import { remindersInputSchema } from "#domain/reminders/reminder-schema";
import { partialRefundBodySchema } from "../routes/api-order-refunds";
import { moveDateBodySchema, refundDateBodySchema } from "../routes/api-date-changes";
import { ticketFieldsSchema, ticketOrderSchema } from "#domain/tickets/ticket-input-schema";
import { accessInviteBodySchema, accessRolesBodySchema } from "../routes/api-accesses";
import { pagingQuerySchema as adminPagingQuerySchema } from "../routes/api-admin";
import {
  importBodySchema,
  importCheckSchema,
  listQuerySchema as checkInListQuerySchema,
} from "../routes/api-check-ins";
import { contactReadBodySchema } from "../routes/api-contact-form";
import { listQuerySchema as dashboardListQuerySchema } from "../routes/api-dashboard";
import { querySchema as entriesQuerySchema } from "../routes/api-entries";
import { cursorQuerySchema } from "../routes/api-event-lists";
import { createTargetSchema, statusFieldSchema } from "../routes/api-events";
import {
  exportQuerySchema,
  payoutFrequencyBodySchema,
  payoutsQuerySchema,
  transactionsQuerySchema,
} from "../routes/api-finance";
import { querySchema as geocodeQuerySchema } from "../routes/api-geocode";
import { invoicesExportQuerySchema, invoicesQuerySchema } from "../routes/api-accounting";
import { updateSchema as meUpdateSchema } from "../routes/api-me";
import { addSchema as memberAddSchema, changeSchema as memberChangeSchema } from "../routes/api-members";
import { promoCheckSchema } from "../routes/api-public-events";
import { capacityBodySchema, ticketDatesBodySchema } from "../routes/api-tickets";
import { eventDatesOperations } from "./event-dates-operations";
import { inventoryOperations } from "./inventory-operations";
import { waitingRoomOperations } from "./waiting-room-operations";
import { quotasInputSchema } from "#domain/quotas/quota-input-schema";
import { deliveriesQuerySchema, endpointBodySchema, rotateBodySchema } from "../routes/api-webhooks";
import { ticketChangeSchema } from "../routes/api-participants";
import { waitingListQuerySchema } from "../routes/api-waiting-list";
import {
  cursorListExample,
  eventExample,
  orderExample,
  participantExample,
  ticketExample,
  transactionExample,
  waitingListEntryExample,
} from "./components";
import type { JsonSchema } from "./json-schema";

/** Issue 26 §1's API key scopes. */

const INVOICE_EXAMPLE = {
  id: 41,
  type: "invoice",
  number: "NS-2026-0007",
  issued_at: "2026-11-05T10:00:00.000Z",
  order_id: 1204,
  event_id: 87,
  event_title: "Nuits Sonores 2026",
  invoice_id: null,
  invoice_number: null,
  buyer: { name: "Alex Durand", company: "Durand SARL", email: "alex@durand.test", vat_number: "FR40303265045" },
  currency: "EUR",
  net: 3677,
  vat: 323,
  gross: 4000,
};

const BILLING_EXAMPLE = {
  legal_name: "Nuits Sonores SAS",
  address: "12 rue de la République",
  postal_code: "69002",
  city: "Lyon",
  country: "FR",
  vat_number: "FR40303265045",
  company_number: "303 265 045 RCS Lyon",
  invoice_prefix: "NS-",
  legal_mentions: "Pénalités de retard : trois fois le taux d'intérêt légal.",
  vat_registered: true,
  vat_exemption_mention: "",
  invoice_mode: "always",
};

const TAX_RATES_EXAMPLE = {
  rates: [
    { id: 1, name: "TVA 5,5 %", rate: 550, is_default: true },
    { id: 2, name: "TVA 20 %", rate: 2000, is_default: false },
  ],
};

export type ApiScope =
  "events:read" | "events:write" | "orders:read" | "participants:write" | "check_ins:write" | "finance:read";

/**
 * Who may call: anyone (`public`), a signed-in person only (`user`: their own profile, creating an organization —
 * no API key), a platform admin (`admin`), or a member of the organization the path names (`organization`), where
 * an API key needs `scope` (null: sessions only, keys never reach it).
 */
export type OperationAccess =
  { kind: "public" } | { kind: "user" } | { kind: "admin" } | { kind: "organization"; scope: ApiScope | null };

export type ResponseDoc = {
  status: number;
  description: string;
  /** Default application/json. */
  contentType?: string;
  schema?: JsonSchema;
  example?: unknown;
};

export type QueryParamDoc = { name: string; description: string; schema: JsonSchema; required?: boolean };

export type ApiOperation = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route exactly as Hono lists it (`inspectRoutes`), e.g. `/api/events/:id{[0-9]+}/tickets`. */
  route: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  access: OperationAccess;
  /** The valibot object schema the route parses its query with, when it has one. */
  query?: v.GenericSchema;
  /** Query parameters the route reads one by one (no schema). */
  queryParams?: QueryParamDoc[];
  /** Request headers of its own, as OpenAPI parameter objects or `$ref`s to components.parameters. */
  headerParams?: JsonSchema[];
  /** Path parameters whose meaning the path does not say. */
  pathParams?: Record<string, { description: string; schema?: JsonSchema }>;
  body?: {
    /** The schemas the route parses the JSON body with (several: parseJsonParts, each reads the whole object). */
    schemas: readonly v.GenericSchema[];
    example: unknown;
    description?: string;
    /** The route takes no body as `{}` (parseJson's allowEmpty). */
    optional?: boolean;
  };
  /** A body that is not JSON (uploads): described by hand, not checked against a schema. */
  rawBody?: { contentType: string; schema: JsonSchema; description: string };
  response: ResponseDoc;
  /** The 4xx statuses this call answers besides 401 (documented with the shared Error). */
  errors: number[];
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const listOf = (name: string): JsonSchema => ({
  type: "object",
  required: ["object", "data", "has_more"],
  properties: {
    object: { const: "list" },
    data: { type: "array", items: ref(name) },
    has_more: { type: "boolean", description: "Ask again with `starting_after` = the last row's id while true." },
  },
});
const arrayOf = (schema: JsonSchema): JsonSchema => ({ type: "array", items: schema });
const object = (description: string): JsonSchema => ({ type: "object", description });
const noContent = (description: string): ResponseDoc => ({ status: 204, description });

const EVENT = "/api/events/:id{[0-9]+}";

const quotasExample = {
  event_capacity: { size: 500, sold: 120, held: 4, remaining: 376 },
  quotas: [{ id: 3, name: "Samedi", size: 200, date_id: 11, ticket_ids: [7, 8], sold: 80, held: 2, remaining: 118 }],
};
const ORG = "/api/organizers/:id";
const HOOKS = "/api/organizers/:organizer/webhooks";
const DASH = "/api/dashboard/:organizer{[0-9]+}";

const read = (scope: ApiScope | null = "events:read"): OperationAccess => ({ kind: "organization", scope });
const write = (scope: ApiScope | null = "events:write"): OperationAccess => ({ kind: "organization", scope });

const cursorNote =
  "With `limit` (1–100, default 25) and `starting_after` (the last id you received) this is a cursor list in id " +
  'order, `{ object: "list", data, has_more }`: a sync never skips nor repeats a row while sales continue.';

const exampleMessage = {
  id: 7,
  event_id: 42,
  kind: "message",
  reminder_id: null,
  subject: "Infos pratiques",
  body: "<p>Bonjour {first_name}, les portes ouvrent à 19 h.</p>",
  segment: { type: "all" },
  status: "draft",
  scheduled_at: null,
  sent_at: null,
  send_count: 0,
  recipient_count: 0,
  failure_reason: null,
  created_at: "2027-01-10T09:00:00.000Z",
  updated_at: "2027-01-10T09:00:00.000Z",
};

const person = { first_name: "Jeanne", last_name: "Roux", email: "jeanne.roux@exemple.test" };

/**
 * Every call of the JSON API under /api, as the reference (GET /api/openapi.json, /developers) describes it. The
 * request schemas are the route's own valibot objects, imported, never copied; tests/integration/openapi.test.ts
 * checks that this list and Hono's routes are the same and that each example passes the real route.
 */
export const operations: ApiOperation[] = [
  // ------------------------------------------------------------------------------------------------------------ meta
  {
    method: "GET",
    route: "/api/health",
    operationId: "getHealth",
    tag: "Meta",
    summary: "Health check",
    description: "Answers 200 while the Worker runs. No credential.",
    access: { kind: "public" },
    response: { status: 200, description: "Alive.", schema: object("Always `{ ok: true }`."), example: { ok: true } },
    errors: [],
  },
  {
    method: "GET",
    route: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Meta",
    summary: "This OpenAPI 3.1 document",
    description:
      "The machine-readable description of the API, generated from the schemas the routes validate with. Feed it " +
      "to a client generator (for example `openapi-typescript`). No credential; cacheable.",
    access: { kind: "public" },
    response: {
      status: 200,
      description: "The OpenAPI document.",
      schema: object("An OpenAPI 3.1 document."),
      example: { openapi: "3.1.0", info: { title: "Guichet API", version: "1" }, paths: {} },
    },
    errors: [],
  },

  // ---------------------------------------------------------------------------------------------- public booking
  {
    method: "GET",
    route: "/api/public/events/:id",
    operationId: "getPublicEvent",
    tag: "Public booking",
    summary: "Get a published event",
    description:
      "The event page's data: the event, its tickets on sale and add-ons, its participation forms. Published events " +
      "only; a private event needs the `t` of its private link. `remaining` is null unless the organizer shows it. " +
      "An event with several dates adds `dates` (`months` with upcoming dates and their `count`, the `month` shown, " +
      "its `items` a page at a time with `status` `on_sale` or `sold_out` and `few_places_left`, the `selected` " +
      "date) and, on each ticket, `pass` and the pass's `pass_date_ids`; book a per-date ticket with the date's " +
      "`date_id`. A single-date event has neither. No credential; any origin (CORS).",
    access: { kind: "public" },
    queryParams: [
      { name: "t", description: "The private link's token, for a private event.", schema: { type: "string" } },
      {
        name: "month",
        description: "An event with several dates: the month shown, `YYYY-MM` in the event's time zone.",
        schema: { type: "string", pattern: "^\\d{4}-(0[1-9]|1[0-2])$" },
      },
      {
        name: "page",
        description: "An event with several dates: the page of the month's dates (60 a page).",
        schema: { type: "integer", minimum: 1 },
      },
      {
        name: "date",
        description: "An event with several dates: the picked date, whose availability the tickets then reflect.",
        schema: { type: "integer", minimum: 1 },
      },
    ],
    response: {
      status: 200,
      description: "The public event.",
      schema: object("The event with `tickets`, `addons` and `participation_forms`."),
      example: {
        id: 42,
        title: "Concert de printemps",
        timezone: "Europe/Paris",
        start_at: "2027-04-17T18:00:00.000Z",
        tickets: [{ id: 7, title: "Plein tarif", price: 2500, fees_type: "included", remaining: null }],
      },
    },
    errors: [404],
  },
  {
    method: "POST",
    route: "/api/public/events/:id/promo-check",
    operationId: "checkPromoCode",
    tag: "Public booking",
    summary: "Price a basket with a promo code",
    description:
      "The discount a code gives on the chosen items, for the booking summary; the order call checks the code " +
      "again. Repeated wrong codes from one address are rate limited (429).",
    access: { kind: "public" },
    body: { schemas: [promoCheckSchema], example: { code: "PRINTEMPS", items: [{ ticket_id: 7, quantity: 2 }] } },
    response: {
      status: 200,
      description: "The priced basket.",
      schema: object("`promo` (status of the code), `lines`, `subtotal`, `discount`, `added_fees`, `total` (cents)."),
      example: {
        promo: { status: "valid", key: "PRINTEMPS" },
        lines: [
          {
            ticket_id: 7,
            title: "Plein tarif",
            quantity: 2,
            unit_price: 2500,
            discount: 500,
            fees: 0,
            fees_type: "included",
            total: 4500,
          },
        ],
        subtotal: 5000,
        discount: 500,
        added_fees: 0,
        total: 4500,
      },
    },
    errors: [400, 404, 429],
  },
  {
    method: "POST",
    route: "/api/public/events/:id/orders",
    operationId: "placeOrder",
    tag: "Public booking",
    summary: "Book tickets",
    description:
      "Places an order: a free order is confirmed at once (`status: paid`, the tickets are emailed); a paid one " +
      "answers `checkout_url`, the payment page to send the buyer to, and holds the places until `payable_until`. " +
      "Every invalid field is reported at once (422). 409 `sold_out` when a ticket, the capacity or the promo " +
      "code's uses run short, or when people wait on the ticket's waiting list; 503 when the organizer cannot take " +
      "payments. `waiting_list_offer`: the token of a waiting-list offer (its link's `offer`), which books the places " +
      "held for that person (decision 0059); 409 `offer_used` or `offer_expired`, 422 `offer_invalid`, " +
      "`offer_ticket` or `offer_quantity` otherwise. Send an `Idempotency-Key` so that a retry never books twice. " +
      "During an on-sale behind a waiting room (decision 0070), send the pass from POST …/waiting-room in the " +
      "`Guichet-Waiting-Room-Pass` header: without a valid one, 403 `waiting_room_required` (or " +
      "`waiting_room_pass_expired`), whose message says where to queue.",
    access: { kind: "public" },
    headerParams: [{ $ref: "#/components/parameters/WaitingRoomPass" }],
    body: {
      schemas: [placeOrderBodySchema],
      example: {
        items: [{ ticket_id: 7, quantity: 1 }],
        buyer: person,
        locale: "fr",
      },
    },
    response: {
      status: 201,
      description: "The order.",
      schema: {
        type: "object",
        properties: {
          id: { type: "integer" },
          status: { type: "string" },
          access_token: { type: "string" },
          amount: { type: "integer" },
          fees: { type: "integer" },
          payable_until: { anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] },
          checkout_url: { anyOf: [{ type: "string" }, { type: "null" }] },
        },
      },
      example: {
        id: 501,
        status: "paid",
        access_token: "o_9f2c4d7e",
        amount: 0,
        fees: 0,
        payable_until: null,
        checkout_url: null,
      },
    },
    errors: [403, 404, 409, 422, 429],
  },
  {
    method: "POST",
    route: "/api/public/events/:id/waiting-list",
    operationId: "joinWaitingList",
    tag: "Public booking",
    summary: "Join a sold-out ticket's waiting list",
    description:
      "Puts a person in the line of a ticket whose waiting list is on (`waiting_list` in the public event) and that " +
      "is sold out (no place left counting unpaid orders' holds), or that already has people waiting. `quantity` " +
      "goes up to the ticket's `max_per_order`; `consent` must be true. The person gets an email with their place " +
      "and their personal link (in `locale`, French by default). 409 `places_left` while the ticket can be booked, " +
      "`list_closed` when its list is off or its sales are closed, `already_joined` when the email is already in " +
      "this ticket's line. A private event needs its link's `t`. Rate limited as bookings are.",
    access: { kind: "public" },
    body: {
      schemas: [joinWaitingListSchema],
      example: { ticket_id: 7, ...person, quantity: 2, consent: true, locale: "fr" },
    },
    response: {
      status: 201,
      description: "The entry and its place in the ticket's line (1 is served first).",
      schema: {
        type: "object",
        properties: {
          id: { type: "integer" },
          position: { type: "integer" },
          status: { enum: ["waiting"] },
        },
      },
      example: { id: 31, position: 4, status: "waiting" },
    },
    errors: [404, 409, 422, 429],
  },
  {
    method: "GET",
    route: "/api/public/orders/:id",
    operationId: "getPublicOrder",
    tag: "Public booking",
    summary: "Get an order by its link",
    description:
      "The confirmation page's data: the order's status, places and tickets link, and what the buyer may do " +
      "themselves: `self_service.edit`, `self_service.transfer` and `self_service.cancel` (`state` open, closed or " +
      "off, and `until`, the deadline set by the organizer before the start), the refund a cancellation gives and, " +
      "per participant, `can_edit` / `can_transfer` / `can_cancel` with the reason of a refusal and " +
      "`cancel_refund_amount` (cents). Needs the order's token.",
    access: { kind: "public" },
    queryParams: [
      { name: "token", description: "The order's access token.", schema: { type: "string" }, required: true },
    ],
    response: {
      status: 200,
      description: "The order.",
      schema: object("The order with its participants, an absolute `tickets_url` and `self_service`."),
      example: {
        id: 501,
        status: "paid",
        tickets_url: "https://billetterie.example.org/orders/501/tickets?token=…",
        self_service: {
          edit: { state: "open", until: "2027-06-11T18:00:00.000Z" },
          transfer: { state: "open", until: "2027-06-11T18:00:00.000Z" },
          cancel: { state: "open", until: "2027-06-10T18:00:00.000Z" },
          cancel_refund: { kind: "full-minus-fees", percentage: 10000 },
          order_cancel: { can_cancel: true, cancel_refusal: null, refund_amount: 3890 },
        },
      },
    },
    errors: [404],
  },
  {
    method: "PATCH",
    route: "/api/public/orders/:id",
    operationId: "changePublicOrder",
    tag: "Public booking",
    summary: "Edit, transfer or cancel tickets of an order",
    description:
      "The buyer's own changes, within the event's rules. `edit_participant` changes a holder's names, email and " +
      "(with `answers`) the participant form's answers, checked as at booking. `transfer_participant` gives the " +
      "ticket to someone else: a new ticket token (the old QR code is refused at check-in) and an email to the new " +
      "holder. `cancel` cancels the tickets `participant_ids` names, or the whole order without it (the add-ons " +
      "follow the order's last ticket): the places go back on sale and the refund is the event's rule " +
      "(`self_service.cancel_refund`: full, full-minus-fees, percentage or none), the amount `GET` states per " +
      "participant (`cancel_refund_amount`) and for the order (`self_service.order_cancel.refund_amount`); the " +
      "answer's `cancellation` says what was refunded. Send an `Idempotency-Key` header (or `idempotency_key`): " +
      "the same key again answers the same cancellation. A ticket already scanned cannot be transferred nor " +
      "cancelled. Past the deadline, or when the organizer turned the action off, the answer is 409 with the " +
      "reason. Rate limited as bookings. Answers the order as GET does.",
    access: { kind: "public" },
    queryParams: [
      { name: "token", description: "The order's access token.", schema: { type: "string" }, required: true },
    ],
    body: {
      schemas: [orderActionBodyShape],
      example: {
        action: "transfer_participant",
        participant_id: 90211,
        first_name: "Inès",
        last_name: "Moreau",
        email: "ines.moreau@example.com",
      },
    },
    response: {
      status: 200,
      description: "The order after the change.",
      schema: object("The order as GET /api/public/orders/:id answers it."),
      example: { id: 501, status: "paid" },
    },
    errors: [404, 409, 422, 429],
  },
  {
    method: "POST",
    route: "/api/public/organizers/:id{[0-9]+}/contact",
    operationId: "sendContactMessage",
    tag: "Public booking",
    summary: "Write to an organizer",
    description:
      "The organizer page's contact form: the message lands in the organization's inbox and is emailed to it. " +
      "`website` is a honeypot and must stay empty.",
    access: { kind: "public" },
    pathParams: { id: { description: "The organization's id.", schema: { type: "integer" } } },
    body: {
      schemas: [contactMessageSchema],
      example: { ...person, subject: "Accès PMR", message: "Bonjour, la salle est-elle accessible en fauteuil ?" },
    },
    response: { status: 201, description: "Received.", schema: object("`{ ok: true }`."), example: { ok: true } },
    errors: [400, 404, 429],
  },

  // -------------------------------------------------------------------------------------------- account and orgs
  {
    method: "GET",
    route: "/api/me",
    operationId: "getMe",
    tag: "Account",
    summary: "Get my profile",
    description: "The signed-in person's profile.",
    access: { kind: "user" },
    response: {
      status: 200,
      description: "The profile.",
      schema: object("`is_admin`, `email`, `first_name`, `last_name`, `auth_method`."),
      example: {
        is_admin: false,
        email: "lea.martin@exemple.test",
        first_name: "Léa",
        last_name: "Martin",
        auth_method: "password",
      },
    },
    errors: [],
  },
  {
    method: "POST",
    route: "/api/me",
    operationId: "updateMe",
    tag: "Account",
    summary: "Update my profile",
    description: "Changes the names; a non-empty `email` or `password` changes them too (empty: unchanged).",
    access: { kind: "user" },
    body: { schemas: [meUpdateSchema], example: { first_name: "Léa", last_name: "Martin", email: "", password: "" } },
    response: {
      status: 200,
      description: "The profile.",
      schema: object("As GET /api/me."),
      example: {
        is_admin: false,
        email: "lea.martin@exemple.test",
        first_name: "Léa",
        last_name: "Martin",
        auth_method: "password",
      },
    },
    errors: [400, 409],
  },
  {
    method: "GET",
    route: "/api/me/organizers",
    operationId: "listMyOrganizations",
    tag: "Account",
    summary: "List my organizations",
    description: "The organizations the signed-in person belongs to, by title, with their role in each.",
    access: { kind: "user" },
    response: {
      status: 200,
      description: "The organizations.",
      schema: arrayOf(object("`organizer` (id), `title`, `role`.")),
      example: [{ organizer: 1, title: "Les Amis du Parc", role: "owner" }],
    },
    errors: [],
  },
  {
    method: "GET",
    route: "/api/me/organizers-admin",
    operationId: "listAllOrganizations",
    tag: "Platform admin",
    summary: "List every organization",
    description: "Every organization of the platform, by title. Platform admins only (403 otherwise).",
    access: { kind: "admin" },
    response: {
      status: 200,
      description: "The organizations.",
      schema: arrayOf(object("`organizer` (id), `title`, `role`.")),
      example: [{ organizer: 1, title: "Les Amis du Parc", role: "owner" }],
    },
    errors: [403],
  },
  {
    method: "GET",
    route: "/api/admin/data",
    operationId: "getAdminData",
    tag: "Platform admin",
    summary: "Organizations and events of the platform",
    description: "One zero-based page of the organizations and of the events (100 by default, 500 at most).",
    access: { kind: "admin" },
    query: adminPagingQuerySchema,
    response: {
      status: 200,
      description: "One page of each.",
      schema: object("`page`, `limit`, `organizations_total`, `events_total`, `organizations`, `events`."),
      example: { page: 0, limit: 100, organizations_total: 1, events_total: 0, organizations: [], events: [] },
    },
    errors: [400, 403],
  },
  {
    method: "POST",
    route: "/api/organizers",
    operationId: "createOrganization",
    tag: "Organizations",
    summary: "Create an organization",
    description: "The caller becomes its owner. Titles are unique on the platform (409 `conflict` otherwise).",
    access: { kind: "user" },
    body: { schemas: [createOrganizationSchema], example: { title: "Les Amis du Parc" } },
    response: { status: 201, description: "Created.", schema: object("`{ id }`."), example: { id: 1 } },
    errors: [400, 409],
  },
  {
    method: "GET",
    route: "/api/organizers/:id",
    operationId: "getOrganization",
    tag: "Organizations",
    summary: "Get an organization",
    description: "The organization's profile and the caller's role in it.",
    access: read(null),
    response: {
      status: 200,
      description: "The organization.",
      schema: object("The organization's profile fields, `role` and `payment_account`."),
      example: { organizer: 1, title: "Les Amis du Parc", email: "contact@exemple.org", role: "owner" },
    },
    errors: [404],
  },
  {
    method: "GET",
    route: "/api/geocode",
    operationId: "searchPlaces",
    tag: "Account",
    summary: "Search an address",
    description: "Address suggestions for the event and organization location fields, in the request's language.",
    access: { kind: "user" },
    query: geocodeQuerySchema,
    response: {
      status: 200,
      description: "The suggestions.",
      schema: object("`{ places: [{ label, name, latitude, longitude }] }` and whether the service answered."),
      example: {
        places: [{ label: "Lyon, France", name: "Lyon", latitude: 45.764, longitude: 4.8357 }],
        available: true,
      },
    },
    errors: [400],
  },

  // --------------------------------------------------------------------------------------------------- events
  {
    method: "GET",
    route: `${DASH}/events`,
    operationId: "listEvents",
    tag: "Events",
    summary: "List the organization's events",
    description:
      "One page of the events (a guest sees those they were given access to). The total and page travel in the " +
      "`X-Total-Count`, `X-Page` and `X-Limit` headers.",
    access: read(),
    query: dashboardListQuerySchema,
    response: {
      status: 200,
      description: "The events.",
      schema: arrayOf(object("An event list item.")),
      example: [
        {
          id: 42,
          title: "Concert de printemps",
          main_picture: "",
          status: "published",
          is_past: false,
          visibility: "public",
          start_at: "2027-04-17T18:00:00.000Z",
          end_at: "2027-04-17T21:00:00.000Z",
          timezone: "Europe/Paris",
          address_name: "Parc de la Tête d'Or",
          participants_count: 12,
          gross_sales: 30000,
        },
      ],
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${DASH}/events-guest`,
    operationId: "listGuestEvents",
    tag: "Events",
    summary: "List the events I was given access to",
    description: "As the events list, restricted to the events the caller has an event role on.",
    access: read(),
    query: dashboardListQuerySchema,
    response: { status: 200, description: "The events.", schema: arrayOf(object("An event list item.")), example: [] },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${DASH}/events/:id{[0-9]+}`,
    operationId: "getDashboardEvent",
    tag: "Events",
    summary: "Get an event with its sales",
    description: "The event with tickets, forms, and its first 100 participants and payments.",
    access: read(),
    response: {
      status: 200,
      description: "The event.",
      schema: object("The event, `tickets`, `participants`, `payments`, `participation_forms`."),
      example: { ...eventExample, tickets: [ticketExample], participants: [participantExample] },
    },
    errors: [404],
  },
  {
    method: "GET",
    route: `${DASH}/events/:id{[0-9]+}/stats`,
    operationId: "getEventStats",
    tag: "Events",
    summary: "Get the event's dashboard figures",
    description: "Participants, gross sales, the sales chart and the actions to be taken.",
    access: read(),
    response: {
      status: 200,
      description: "The figures.",
      schema: object("`participants_count`, `gross_sales` (cents), the chart and actions."),
      example: { participants_count: 12, gross_sales: 30000 },
    },
    errors: [404],
  },
  {
    method: "POST",
    route: "/api/events",
    operationId: "createEvent",
    tag: "Events",
    summary: "Create an event",
    description:
      "Creates a draft in the organization `organizer` (else the selected or first one). With `duplicate_from` it " +
      "copies that event whole (tickets, add-ons, forms, promo codes) instead. A new event is always a draft.",
    access: write(),
    body: {
      schemas: [eventFieldsSchema, createTargetSchema],
      example: { organizer: 1, title: "Concert de printemps", timezone: "Europe/Paris" },
    },
    response: { status: 201, description: "The event.", schema: ref("Event"), example: eventExample },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: EVENT,
    operationId: "getEvent",
    tag: "Events",
    summary: "Get an event",
    description: "The event with its tickets, add-ons and participation forms.",
    access: read(),
    response: {
      status: 200,
      description: "The event.",
      schema: { allOf: [ref("Event"), { type: "object", properties: { tickets: arrayOf(ref("Ticket")) } }] },
      example: { ...eventExample, tickets: [ticketExample] },
    },
    errors: [404],
  },
  {
    method: "PUT",
    route: EVENT,
    operationId: "updateEvent",
    tag: "Events",
    summary: "Update an event",
    description:
      "Changes the fields sent (unknown ones are ignored); with `status` the lifecycle change is applied in the " +
      "same write. Bad input writes nothing.",
    access: write(),
    body: {
      schemas: [eventFieldsSchema, statusFieldSchema, publishOptionsSchema],
      example: { title: "Concert de printemps (complet)", event_capacity: 500 },
    },
    response: { status: 200, description: "The event.", schema: ref("Event"), example: eventExample },
    errors: [400, 404, 409],
  },
  {
    method: "DELETE",
    route: EVENT,
    operationId: "deleteEvent",
    tag: "Events",
    summary: "Delete an event",
    description: 'Irreversible: needs `{"confirmation": "DELETE"}`. An event with paid orders cannot be deleted.',
    access: write(),
    body: { schemas: [deleteEventSchema], example: { confirmation: "DELETE" }, optional: true },
    response: {
      status: 200,
      description: "Deleted.",
      schema: object("`{ id, deleted: true }`."),
      example: { id: 42, deleted: true },
    },
    errors: [400, 404, 409],
  },
  {
    method: "PUT",
    route: `${EVENT}/status/:status`,
    operationId: "setEventStatus",
    tag: "Events",
    summary: "Publish, unpublish or archive",
    description:
      "Moves the event to `draft`, `published` or `archived`. Publishing needs the required fields (409 " +
      "`publish_incomplete`) and, for paid tickets, a payment account (409 `payment_account_required`).",
    access: write(),
    pathParams: {
      status: { description: "The target status.", schema: { enum: ["draft", "published", "archived"] } },
    },
    body: { schemas: [publishOptionsSchema], example: { visibility: "public" }, optional: true },
    response: {
      status: 200,
      description: "The event.",
      schema: ref("Event"),
      example: { ...eventExample, status: "published" },
    },
    errors: [400, 404, 409],
  },
  {
    method: "GET",
    route: `${EVENT}/publish-readiness`,
    operationId: "getPublishReadiness",
    tag: "Events",
    summary: "Can the event be published?",
    description: "What is missing before publishing, and whether a payment account is needed.",
    access: read(),
    response: {
      status: 200,
      description: "The readiness.",
      schema: object("`has_tickets`, `needs_payment_account`, `missing`, `starts_in_past`."),
      example: { has_tickets: true, needs_payment_account: false, missing: [], starts_in_past: false },
    },
    errors: [404],
  },
  {
    method: "POST",
    route: `${EVENT}/private-link`,
    operationId: "regeneratePrivateLink",
    tag: "Events",
    summary: "Regenerate the private link",
    description: "Links shared before stop working.",
    access: write(),
    response: {
      status: 200,
      description: "The new link.",
      schema: object("`private_link_version`, `public_path`."),
      example: { private_link_version: 2, public_path: "/events/42/concert-de-printemps?t=…" },
    },
    errors: [404],
  },
  {
    method: "PUT",
    route: `${EVENT}/settings`,
    operationId: "updateEventSettings",
    tag: "Events",
    summary: "Update the event's settings",
    description:
      "The Meta pixel id, whether buyers may ask for an invoice (billing details), and what buyers may do " +
      "themselves on their order page: edit participants (`self_service_edit`) and transfer tickets " +
      "(`self_service_transfer`), each until `…_before` hours or days (`…_unit`; days are calendar days in the " +
      "event's time zone) before the start, and how many hours a waiting-list offer holds its places " +
      "(`waiting_list_hold_hours`, 1 to 168, default 24). Every field is optional; the defaults are both allowed " +
      "until 24 hours before the start.",
    access: write(),
    body: {
      schemas: [eventSettingsSchema],
      example: {
        meta_pixel_id: "",
        allow_billing: true,
        self_service_transfer: false,
        self_service_edit_before: 2,
        self_service_edit_unit: "days",
      },
    },
    response: {
      status: 200,
      description: "The settings.",
      schema: object(
        "`meta_pixel_id`, `allow_billing`, the six `self_service_…` fields and `waiting_list_hold_hours`.",
      ),
      example: {
        meta_pixel_id: "",
        allow_billing: true,
        self_service_edit: true,
        self_service_edit_before: 2,
        self_service_edit_unit: "days",
        self_service_transfer: false,
        self_service_transfer_before: 24,
        self_service_transfer_unit: "hours",
        waiting_list_hold_hours: 24,
      },
    },
    errors: [400, 404],
  },
  {
    method: "PUT",
    route: `${EVENT}/messages`,
    operationId: "updateEventMessages",
    tag: "Events",
    summary: "Update the personalized messages",
    description: "The confirmation page's and the tickets email's messages, and whether each holder gets their ticket.",
    access: write(),
    body: {
      schemas: [eventMessagesSchema],
      example: { confirmation_page_message: "Merci et à bientôt !", send_holder_tickets: true },
    },
    response: {
      status: 200,
      description: "The messages.",
      schema: object("`confirmation_page_message`, `email_pdf_message`, `send_holder_tickets`."),
      example: { confirmation_page_message: "Merci et à bientôt !", email_pdf_message: "", send_holder_tickets: true },
    },
    errors: [400, 404],
  },
  {
    method: "POST",
    route: "/api/events/:id/banner",
    operationId: "uploadEventBanner",
    tag: "Events",
    summary: "Upload the banner",
    description:
      'Multipart, one WebP per size ("banner-1920", "banner-1280", "banner-640"), cropped to 16:9 by the client.',
    access: write(),
    rawBody: {
      contentType: "multipart/form-data",
      description: "One WebP file per size.",
      schema: {
        type: "object",
        properties: {
          "banner-1920": { type: "string", contentMediaType: "image/webp" },
          "banner-1280": { type: "string", contentMediaType: "image/webp" },
          "banner-640": { type: "string", contentMediaType: "image/webp" },
        },
        required: ["banner-1920", "banner-1280", "banner-640"],
      },
    },
    response: {
      status: 200,
      description: "The new picture.",
      schema: object("`{ main_picture }`."),
      example: { main_picture: "/images/events/42/banner-1280.webp?v=3" },
    },
    errors: [400, 404],
  },
  {
    method: "DELETE",
    route: "/api/events/:id/banner",
    operationId: "deleteEventBanner",
    tag: "Events",
    summary: "Remove the banner",
    description: "The event has no banner any more.",
    access: write(),
    response: {
      status: 200,
      description: "Removed.",
      schema: object('`{ main_picture: "" }`.'),
      example: { main_picture: "" },
    },
    errors: [404],
  },

  // -------------------------------------------------------------------------------------------------- tickets
  {
    method: "GET",
    route: `${EVENT}/tickets`,
    operationId: "listTickets",
    tag: "Tickets",
    summary: "List the tickets",
    description: "The tickets then the add-ons, in their order; deleted ones are left out.",
    access: read(),
    queryParams: [
      { name: "type", description: "Only tickets or only add-ons.", schema: { enum: ["ticket", "addon"] } },
    ],
    response: { status: 200, description: "The tickets.", schema: arrayOf(ref("Ticket")), example: [ticketExample] },
    errors: [404],
  },
  {
    method: "POST",
    route: `${EVENT}/tickets`,
    operationId: "createTicket",
    tag: "Tickets",
    summary: "Create a ticket",
    description: "A ticket (rate), or an add-on with `ticket_type: addon`. Prices in cents; `amount` -1 is unlimited.",
    access: write(),
    body: {
      schemas: [ticketFieldsSchema, ticketDatesBodySchema],
      example: { title: "Plein tarif", price: 2500, amount: 300 },
    },
    response: { status: 201, description: "The ticket.", schema: ref("Ticket"), example: ticketExample },
    errors: [400, 404],
  },
  {
    method: "PUT",
    route: `${EVENT}/tickets/order`,
    operationId: "reorderTickets",
    tag: "Tickets",
    summary: "Reorder the tickets",
    description: "The event's tickets (or add-ons) in their new order, every id once.",
    access: write(),
    body: { schemas: [ticketOrderSchema], example: { ids: [7] } },
    response: { status: 200, description: "The tickets.", schema: arrayOf(ref("Ticket")), example: [ticketExample] },
    errors: [400, 404],
  },
  {
    method: "PUT",
    route: `${EVENT}/tickets/:ticket_id{[0-9]+}`,
    operationId: "updateTicket",
    tag: "Tickets",
    summary: "Update a ticket",
    description: "Changes the fields sent.",
    access: write(),
    body: { schemas: [ticketFieldsSchema, ticketDatesBodySchema], example: { title: "Tarif réduit", price: 1500 } },
    response: { status: 200, description: "The ticket.", schema: ref("Ticket"), example: ticketExample },
    errors: [400, 404, 409],
  },
  {
    method: "DELETE",
    route: `${EVENT}/tickets/:ticket_id{[0-9]+}`,
    operationId: "deleteTicket",
    tag: "Tickets",
    summary: "Delete a ticket",
    description: "Soft delete: sold places keep their history.",
    access: write(),
    response: {
      status: 200,
      description: "Deleted.",
      schema: object("`{ id, deleted: true }`."),
      example: { id: 7, deleted: true },
    },
    errors: [404, 409],
  },
  {
    method: "PUT",
    route: `${EVENT}/capacity`,
    operationId: "updateEventCapacity",
    tag: "Tickets",
    summary: "Set the event's capacity",
    description: "The most places sold across all tickets; -1 is unlimited.",
    access: write(),
    body: { schemas: [capacityBodySchema], example: { event_capacity: 500 } },
    response: {
      status: 200,
      description: "The capacity.",
      schema: object("`{ event_capacity }`."),
      example: { event_capacity: 500 },
    },
    errors: [400, 404, 409],
  },
  {
    method: "GET",
    route: `${EVENT}/quotas`,
    operationId: "listQuotas",
    tag: "Tickets",
    summary: "List the quotas",
    description:
      "The event capacity (the simplest quota: every ticket, every date; `size` -1 is none) and the quotas: places " +
      "shared by a set of tickets, on one date (`date_id`) or every date (null), with their `sold`, `held` (unpaid " +
      "orders whose payment deadline is ahead) and `remaining` places.",
    access: read(),
    response: {
      status: 200,
      description: "The event capacity and the quotas.",
      schema: object("`{ event_capacity: { size, sold, held, remaining }, quotas: [...] }`."),
      example: quotasExample,
    },
    errors: [404],
  },
  {
    method: "PUT",
    route: `${EVENT}/quotas`,
    operationId: "saveQuotas",
    tag: "Tickets",
    summary: "Replace the quotas",
    description:
      "The whole list: a quota with an `id` is updated, one without is created, a missing one is deleted; " +
      "`event_capacity` sets the capacity too. Tickets and dates must be the event's; a size below what the " +
      "quota sold is refused on its field (`quotas.N.size`). Nothing is written when anything is refused.",
    access: write(),
    body: {
      schemas: [quotasInputSchema],
      example: {
        event_capacity: 500,
        quotas: [{ name: "Week-end", size: 200, date_id: null, ticket_ids: [7, 8] }],
      },
    },
    response: {
      status: 200,
      description: "The event capacity and the quotas.",
      schema: object("`{ event_capacity, quotas }`, as GET answers."),
      example: quotasExample,
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${EVENT}/promo-code`,
    operationId: "listPromoCodes",
    tag: "Tickets",
    summary: "List the promo codes",
    description: "Every code of the event with its use count.",
    access: read(),
    response: {
      status: 200,
      description: "The codes.",
      schema: arrayOf(object("A promo code.")),
      example: [
        {
          key: "PRINTEMPS",
          event: 42,
          discount_type: "percent",
          discount: 10,
          tickets: [],
          start_at: null,
          end_at: null,
          max_uses: -1,
          use_count: 3,
        },
      ],
    },
    errors: [404],
  },
  {
    method: "PUT",
    route: `${EVENT}/promo-code/:code/:again/bulk`,
    operationId: "savePromoCodes",
    tag: "Tickets",
    summary: "Create or update promo codes",
    description:
      "Each entry is created or updated by its `key`; one invalid entry refuses the whole array. The path's codes " +
      "are kept for compatibility; the body is what counts.",
    access: write(),
    pathParams: {
      code: { description: "A code of the body (ignored)." },
      again: { description: "The same code (ignored)." },
    },
    body: {
      schemas: [promoCodeItemsSchema],
      example: [{ key: "PRINTEMPS", discount_type: "percent", discount: 10, max_uses: 100 }],
    },
    response: {
      status: 200,
      description: "The saved codes.",
      schema: arrayOf(object("A promo code.")),
      example: [{ key: "PRINTEMPS", event: 42, discount_type: "percent", discount: 10, max_uses: 100, use_count: 0 }],
    },
    errors: [400, 404, 409],
  },
  {
    method: "DELETE",
    route: `${EVENT}/promo-code/:code`,
    operationId: "deletePromoCode",
    tag: "Tickets",
    summary: "Delete a promo code",
    description: "Orders that used it keep their discount.",
    access: write(),
    pathParams: { code: { description: "The code's key." } },
    response: noContent("Deleted."),
    errors: [404],
  },
  {
    method: "GET",
    route: `${EVENT}/participation-form`,
    operationId: "listParticipationForms",
    tag: "Tickets",
    summary: "Get the participation forms",
    description: "The questions asked per order (`before`) and per participant.",
    access: read(),
    response: {
      status: 200,
      description: "The forms.",
      schema: arrayOf(object("`form_type`, `title`, `single_fill`, `questions`, `ticket_target`, `event`, `id`.")),
      example: [
        {
          id: 3,
          event: 42,
          form_type: "before",
          title: "Questions",
          single_fill: true,
          questions: "[]",
          ticket_target: '"all"',
        },
      ],
    },
    errors: [404],
  },
  {
    method: "PUT",
    route: `${EVENT}/participation-form/:form_type`,
    operationId: "saveParticipationForm",
    tag: "Tickets",
    summary: "Save a participation form",
    description: "The whole form, questions in order (`questions` and `ticket_target` are JSON text).",
    access: write(),
    pathParams: { form_type: { description: "Which form.", schema: { enum: ["before", "after"] } } },
    body: {
      schemas: [participationFormBodySchema],
      example: { title: "Questions", single_fill: true, questions: "[]", ticket_target: '"all"' },
    },
    response: {
      status: 200,
      description: "The form.",
      schema: object("The saved form."),
      example: { id: 3, event: 42, form_type: "before", title: "Questions", single_fill: true, questions: "[]" },
    },
    errors: [400, 404],
  },

  // ----------------------------------------------------------------------------------------- orders and people
  {
    method: "GET",
    route: `${EVENT}/participants`,
    operationId: "listParticipants",
    tag: "Orders and participants",
    summary: "List the participants",
    description: `Every participant ticket of the event (add-ons included), oldest first. ${cursorNote}`,
    access: read("orders:read"),
    query: cursorQuerySchema,
    response: {
      status: 200,
      description: "A cursor list.",
      schema: listOf("Participant"),
      example: cursorListExample(participantExample),
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${EVENT}/orders`,
    operationId: "listOrders",
    tag: "Orders and participants",
    summary: "List the orders",
    description: `Every order (payment) of the event with its status, oldest first. ${cursorNote}`,
    access: read("orders:read"),
    query: cursorQuerySchema,
    response: {
      status: 200,
      description: "A cursor list.",
      schema: listOf("Order"),
      example: cursorListExample(orderExample),
    },
    errors: [400, 404],
  },
  {
    method: "POST",
    route: `${EVENT}/manual-orders`,
    operationId: "placeManualOrders",
    tag: "Orders and participants",
    summary: "Add participants by hand",
    description: "Free orders entered by the organizer (no payment); `send_email` emails their tickets.",
    access: write("participants:write"),
    body: {
      schemas: [manualOrdersBodySchema],
      example: { orders: [{ buyer: person, participants: [{ ticket_id: 7, ...person }] }], send_email: false },
    },
    response: {
      status: 201,
      description: "The orders placed.",
      schema: object("`order_ids`, `participant_ids`."),
      example: { order_ids: [502], participant_ids: [1002] },
    },
    errors: [400, 404, 409],
  },
  {
    method: "POST",
    route: `${EVENT}/participant-import/check`,
    operationId: "checkParticipantImport",
    tag: "Orders and participants",
    summary: "Check an import's places",
    description:
      "Before importing a CSV: the places per ticket fit (409 `sold_out` otherwise) and, with `emails`, the daily " +
      "email quota is reserved for the import.",
    access: write("participants:write"),
    body: { schemas: [importCheckSchema], example: { totals: [{ ticket_id: 7, quantity: 1 }], emails: 0 } },
    response: {
      status: 200,
      description: "It fits.",
      schema: object("`ok`, `email_reservation`."),
      example: { ok: true, email_reservation: null },
    },
    errors: [400, 404, 409],
  },
  {
    method: "POST",
    route: `${EVENT}/participant-import`,
    operationId: "importParticipants",
    tag: "Orders and participants",
    summary: "Import participants",
    description:
      "One chunk of a CSV's rows (first name, last name, email, ticket id, quantity), header removed. With row " +
      "errors nothing is written and `errors` lists them.",
    access: write("participants:write"),
    body: {
      schemas: [importBodySchema],
      example: { rows: [["Jeanne", "Roux", "jeanne.roux@exemple.test", "7", "1"]], first_line: 2 },
    },
    response: {
      status: 200,
      description: "The outcome.",
      schema: object("`imported`, `participants`, `errors` (`{ line, key }`)."),
      example: { imported: 1, participants: 1, errors: [] },
    },
    errors: [400, 404, 409],
  },
  {
    method: "PUT",
    route: "/api/events/:event_id/participant-ticket/:id",
    operationId: "updateParticipant",
    tag: "Orders and participants",
    summary: "Change a participant's name or email",
    description: "The participant is found by its own id; the path's event id is not read.",
    access: write("participants:write"),
    pathParams: {
      event_id: { description: "Any event id (not read).", schema: { type: "integer" } },
      id: { description: "The participant ticket's id.", schema: { type: "integer" } },
    },
    body: { schemas: [participantEditSchema], example: person },
    response: {
      status: 200,
      description: "The participant.",
      schema: object("The participant."),
      example: {
        id: 1001,
        event: 42,
        ...person,
        full_name: "Jeanne Roux",
        ticket_title: "Plein tarif",
        price: 2500,
        payment: 501,
      },
    },
    errors: [400, 404],
  },
  {
    method: "PUT",
    route: "/api/events/:event_id/participant-ticket/:id/ticket",
    operationId: "changeParticipantTicket",
    tag: "Orders and participants",
    summary: "Move a participant to another ticket",
    description:
      "Moves a holder's ticket to another ticket type of the same event, checking its stock and the event capacity in one atomic write; on a paid order the new ticket must have the same price. The participant is found by its own id; the path's event id is not read.",
    access: write("participants:write"),
    pathParams: {
      event_id: { description: "Any event id (not read).", schema: { type: "integer" } },
      id: { description: "The participant ticket's id.", schema: { type: "integer" } },
    },
    body: { schemas: [ticketChangeSchema], example: { ticket: 312 } },
    response: {
      status: 200,
      description: "The participant on its new ticket.",
      schema: object("The participant."),
      example: {
        id: 1001,
        event: 42,
        ...person,
        full_name: "Jeanne Roux",
        ticket_title: "Tarif réduit",
        price: 2500,
        payment: 501,
      },
    },
    errors: [400, 404, 409],
  },
  {
    method: "DELETE",
    route: "/api/events/:event_id/participant-ticket/:id",
    operationId: "deleteParticipant",
    tag: "Orders and participants",
    summary: "Remove a participant",
    description: "Free tickets only (a paid one is refunded instead).",
    access: write("participants:write"),
    pathParams: {
      event_id: { description: "Any event id (not read).", schema: { type: "integer" } },
      id: { description: "The participant ticket's id.", schema: { type: "integer" } },
    },
    response: noContent("Removed."),
    errors: [404, 409],
  },

  // ------------------------------------------------------------------------------------------------ reminders
  {
    method: "GET",
    route: `${EVENT}/reminders`,
    operationId: "listEventReminders",
    tag: "Messages to attendees",
    summary: "List the reminders",
    description:
      "The event's automatic reminders (up to 3), in order. Each is emailed to every participant whose order was " +
      "placed by its time, `offset_value` `offset_unit` before the start (days are calendar days in the event's time " +
      "zone), while the event is published. `next_send_at` is when it will go out: null once sent for the current " +
      "start, when its time has passed, when it is disabled or the event has no start.",
    access: read("participants:write"),
    response: {
      status: 200,
      description: "The reminders.",
      schema: object(
        "`reminders`: `id`, `offset_value`, `offset_unit`, `subject`, `body` (HTML; empty: the default text in each " +
          "recipient's language), `enabled`, `due_at`, `next_send_at`.",
      ),
      example: {
        reminders: [
          {
            id: 7,
            offset_value: 24,
            offset_unit: "hours",
            subject: "",
            body: "",
            enabled: true,
            due_at: "2026-06-19T18:30:00.000Z",
            next_send_at: "2026-06-19T18:30:00.000Z",
          },
        ],
      },
    },
    errors: [403, 404],
  },
  {
    method: "PUT",
    route: `${EVENT}/reminders`,
    operationId: "updateEventReminders",
    tag: "Messages to attendees",
    summary: "Replace the reminders",
    description:
      "The whole list, 0 to 3 reminders in order. Give a reminder's `id` to keep it: editing its text after it went " +
      "out does not send it again, a new offset does. Reminders left out are deleted. `offset_value` is 1 to 60 days' " +
      "worth of its unit (`minutes`, `hours`, `days`); the subject and body may use `{first_name}`, `{event_title}`, " +
      "`{event_date}`, `{ticket_title}`, `{order_link}` and `{tickets_link}`; the body is sanitized HTML.",
    access: write("participants:write"),
    body: {
      schemas: [remindersInputSchema],
      example: {
        reminders: [
          { offset_value: 24, offset_unit: "hours", subject: "", body: "", enabled: true },
          {
            offset_value: 2,
            offset_unit: "hours",
            subject: "{event_title} commence bientôt",
            body: "<p>Bonjour {first_name}, les portes ouvrent dans deux heures.</p>",
            enabled: true,
          },
        ],
      },
    },
    response: {
      status: 200,
      description: "The reminders as stored.",
      schema: object("`reminders`, as GET answers them."),
      example: {
        reminders: [
          {
            id: 7,
            offset_value: 24,
            offset_unit: "hours",
            subject: "",
            body: "",
            enabled: true,
            due_at: "2026-06-19T18:30:00.000Z",
            next_send_at: "2026-06-19T18:30:00.000Z",
          },
        ],
      },
    },
    errors: [400, 403, 404],
  },

  // ------------------------------------------------------------------------------------------------ refunds
  {
    method: "GET",
    route: `${EVENT}/orders/:order_id{[0-9]+}/refunds`,
    operationId: "listOrderRefunds",
    tag: "Orders and participants",
    summary: "List an order's refunds",
    description:
      "What the order's refunds gave back so far (cents), the platform fee part of it, what is left to refund (0 " +
      "once the order is refunded or is not paid) and its partial refunds, newest first.",
    access: read(null),
    response: {
      status: 200,
      description: "The order's refunds.",
      schema: object(
        "`refunded_amount`, `refunded_fees`, `left_to_refund` (cents); `refunds`: `id`, `amount`, `fee`, `tickets` " +
          "(tickets refunded, 0 for an amount), `status` (`pending` while the provider answers, `succeeded`), " +
          "`created_at`.",
      ),
      example: {
        refunded_amount: 2055,
        refunded_fees: 55,
        left_to_refund: 2055,
        refunds: [
          { id: 3, amount: 2055, fee: 55, tickets: 1, status: "succeeded", created_at: "2026-06-15T12:00:00.000Z" },
        ],
      },
    },
    errors: [403, 404],
  },
  {
    method: "POST",
    route: `${EVENT}/orders/:order_id{[0-9]+}/refunds`,
    operationId: "createOrderRefund",
    tag: "Orders and participants",
    summary: "Refund part of an order",
    description:
      "Refunds chosen tickets (`tickets`: participant ids; their places go back on sale and their tickets stop " +
      "being valid), with the service fees (`with_fees`, default true) or without, or an `amount` in cents up to what " +
      "is left to refund (the tickets stay valid). One of the two. The rules (per ticket, in cents) are in decision " +
      "0058. Send an `Idempotency-Key` header (or `idempotency_key`): the same key again answers the same refund " +
      "(200, `replayed: true`) and never refunds twice. The order stays paid while something is left and becomes " +
      "refunded when its last ticket or its last cent is refunded.",
    access: write(null),
    body: {
      schemas: [partialRefundBodySchema],
      example: { tickets: [812], with_fees: true, idempotency_key: "refund-3f9a0c1b" },
    },
    response: {
      status: 201,
      description: "The refund made.",
      schema: object("`id`, `amount`, `fee` (cents), `tickets`, `closes_order`, `status`, `replayed`."),
      example: { id: 3, amount: 2055, fee: 55, tickets: 1, closes_order: false, status: "succeeded", replayed: false },
    },
    errors: [400, 403, 404, 409],
  },
  // ------------------------------------------------------------------------------- date changes (issue 30)
  {
    method: "POST",
    route: `${EVENT}/dates/:date_id{[0-9]+}/move`,
    operationId: "moveDateParticipants",
    tag: "Orders and participants",
    summary: "Move a date's participants to another date",
    description:
      "Moves every participant of the date (their order lines and their orders' date too) to `to_date_id`, another " +
      "date of the event that is not cancelled. All or nothing: 409 `no_room` when the target date's capacity or " +
      "one of its quotas would be passed. Pass holders have no date of their own and stay. Decision 0068.",
    access: write(null),
    body: { schemas: [moveDateBodySchema], example: { to_date_id: 41 } },
    response: {
      status: 200,
      description: "How many participants moved.",
      schema: object("`moved`: participants moved."),
      example: { moved: 12 },
    },
    errors: [400, 403, 404, 409],
  },
  {
    method: "POST",
    route: `${EVENT}/dates/:date_id{[0-9]+}/refund`,
    operationId: "refundDateOrders",
    tag: "Orders and participants",
    summary: "Refund a cancelled date's buyers",
    description:
      "Refunds the paid orders with places on a cancelled date, a few per call (each waits for the payment " +
      "provider): an order whose places are all on the date in full, one with places on other dates too for that " +
      "date's places and their fees only. Call again with `after: next` until `next` is null. `failed`: orders the " +
      "provider refused this time; `not_refundable`: free and hand-entered orders on the date. 409 while the date " +
      "is not cancelled. Decision 0068.",
    access: write(null),
    body: { schemas: [refundDateBodySchema], example: { after: null } },
    response: {
      status: 200,
      description: "This call's progress.",
      schema: object("`refunded`, `failed` (order ids), `not_refundable`, `next` (order id or null)."),
      example: { refunded: 10, failed: [], not_refundable: 2, next: 1834 },
    },
    errors: [400, 403, 404, 409],
  },
  // ----------------------------------------------------------------------------------- invoices (issue 29)
  {
    method: "GET",
    route: "/api/orders/:id{[0-9]+}/invoices",
    operationId: "listOrderInvoices",
    tag: "Orders and participants",
    summary: "List an order's invoice and credit notes",
    description:
      "The invoice issued for the order (null when none was) and its credit notes, in number order. Amounts in " +
      "cents, tax included; a credit note's total is negative. Decision 0065.",
    access: read("orders:read"),
    response: {
      status: 200,
      description: "The order's documents.",
      schema: object(
        "`invoice` (`id`, `kind`, `number`, `issued_at`, `total`, or null) and `credit_notes` (the same).",
      ),
      example: {
        invoice: {
          id: 12,
          kind: "invoice",
          number: "NS-2026-0012",
          issued_at: "2026-06-15T12:00:00.000Z",
          total: 4154,
        },
        credit_notes: [
          { id: 15, kind: "credit-note", number: "NS-2026-0015", issued_at: "2026-06-16T09:30:00.000Z", total: -450 },
        ],
      },
    },
    errors: [404],
  },
  {
    method: "GET",
    route: "/api/orders/:id{[0-9]+}/invoice.pdf",
    operationId: "getOrderInvoicePdf",
    tag: "Orders and participants",
    summary: "Download an order's invoice",
    description:
      "The invoice as a PDF (A4, in the order's language), rendered from the document as issued. 404 when the order " +
      "has no invoice or belongs to another organization.",
    access: read("orders:read"),
    response: {
      status: 200,
      description: "The PDF.",
      contentType: "application/pdf",
      schema: { type: "string", contentMediaType: "application/pdf" },
    },
    errors: [404],
  },
  {
    method: "GET",
    route: "/api/orders/:id{[0-9]+}/credit-notes/:file{[0-9]+\\.pdf}",
    operationId: "getOrderCreditNotePdf",
    tag: "Orders and participants",
    summary: "Download a credit note of an order",
    description: "A credit note of the order as a PDF (`/credit-notes/{credit_note_id}.pdf`), referencing its invoice.",
    access: read("orders:read"),
    pathParams: { file: { description: "The credit note's id followed by `.pdf`.", schema: { type: "string" } } },
    response: {
      status: 200,
      description: "The PDF.",
      contentType: "application/pdf",
      schema: { type: "string", contentMediaType: "application/pdf" },
    },
    errors: [404],
  },
  {
    method: "GET",
    route: `${ORG}/invoices/export.zip`,
    operationId: "exportInvoicePdfs",
    tag: "Finance",
    summary: "Download the invoices and credit notes of a period",
    description:
      "A zip of the PDFs of the invoices and credit notes issued from `from` to `to` (days, YYYY-MM-DD, both " +
      "included), one file per document named by its number; at most 250 documents (a longer period answers 409 " +
      "`too_many_documents`).",
    access: read("finance:read"),
    queryParams: [
      { name: "from", description: "First day (YYYY-MM-DD).", schema: { type: "string" }, required: true },
      { name: "to", description: "Last day (YYYY-MM-DD).", schema: { type: "string" }, required: true },
    ],
    response: {
      status: 200,
      description: "The zip file.",
      contentType: "application/zip",
      schema: { type: "string", contentMediaType: "application/zip" },
    },
    errors: [400, 404, 409],
  },
  {
    method: "GET",
    route: `${EVENT}/waiting-list`,
    operationId: "listWaitingList",
    tag: "Orders and participants",
    summary: "List the waiting lists",
    description:
      "Every waiting-list entry of the event's tickets, in line order (oldest first), whatever its status " +
      "(`waiting`, `offered`, `booked`, `expired`, `removed`), with its `position` among its ticket's open entries " +
      "(waiting or offered; null once out of the line). `ticket=<id>` keeps one ticket's line, `open=true` the open " +
      `entries only. Decision 0059. ${cursorNote}`,
    access: read("orders:read"),
    query: waitingListQuerySchema,
    response: {
      status: 200,
      description: "A cursor list.",
      schema: listOf("WaitingListEntry"),
      example: cursorListExample(waitingListEntryExample),
    },
    errors: [400, 403, 404],
  },
  {
    method: "POST",
    route: `${EVENT}/waiting-list/:entry_id{[0-9]+}/offer`,
    operationId: "offerWaitingListEntry",
    tag: "Orders and participants",
    summary: "Offer places to a person on the waiting list",
    description:
      "Offers places now to this entry, out of line order: one still `waiting`, or whose offer `expired`. It gets " +
      "the places it wants, up to the places free (the ticket's stock and the event capacity, counting purchases, " +
      "unpaid orders and other offers), held for the event's `waiting_list_hold_hours`, and an email with its " +
      "personal booking link; `waiting_list.offered` is sent to the webhooks. 409 `waiting_list_no_place` when no " +
      "place is free, `waiting_list_not_offerable` for an entry already offered, booked or removed.",
    access: write(null),
    response: {
      status: 201,
      description: "The offer made.",
      schema: object(
        "`id` (the entry), `event`, `ticket`, `status`, `offered_quantity`, `offer_expires_at`, `offer_count`.",
      ),
      example: {
        id: 2207,
        event: 127,
        ticket: 311,
        status: "offered",
        offered_quantity: 2,
        offer_expires_at: "2027-05-03T09:30:00.000Z",
        offer_count: 1,
      },
    },
    errors: [403, 404, 409],
  },

  // ------------------------------------------------------------------------------------------------ waiting list
  {
    method: "DELETE",
    route: `${EVENT}/waiting-list/:entry_id{[0-9]+}`,
    operationId: "removeWaitingListEntry",
    tag: "Orders and participants",
    summary: "Remove someone from the waiting list",
    description:
      "Takes an open entry (`waiting`, or `offered`: its held places are freed) off the event's waiting list; the " +
      "entry stays, `removed`. The person is not emailed. 409 when the entry is no longer open (booked, expired or " +
      "already removed).",
    access: write(null),
    response: {
      status: 200,
      description: "The entry.",
      schema: object("`id`, `status` (`removed`)."),
      example: { id: 31, status: "removed" },
    },
    errors: [403, 404, 409],
  },

  // ------------------------------------------------------------------------------------------------ check-ins
  {
    method: "POST",
    route: `${EVENT}/check-ins`,
    operationId: "recordCheckIn",
    tag: "Check-ins",
    summary: "Check a ticket in or out",
    description:
      "By the ticket's QR `token` or by `participant_id`. `id` is the scanner's own id of the scan (a UUID), so a " +
      "scan replayed after a network loss counts once. Every refusal (already in, invalid…) is a 200 with its code.",
    access: write("check_ins:write"),
    body: {
      schemas: [checkInBodySchema],
      example: { participant_id: 1001, direction: "in", id: "6f1c1b1e-8d1a-4a53-9c7a-2f4e5b6a7c8d" },
    },
    response: {
      status: 200,
      description: "The outcome.",
      schema: object("`result` (`ok`, `already_in`, `invalid`…) and the participant."),
      example: { result: "ok", participant: { id: 1001, first_name: "Jeanne", last_name: "Roux" } },
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${EVENT}/check-ins/list`,
    operationId: "listCheckInData",
    tag: "Check-ins",
    summary: "Download the scanner's list",
    description: "What a scanner needs to validate offline, in pages (`after`), or the changes `since` a time.",
    access: read("check_ins:write"),
    query: checkInListQuerySchema,
    response: {
      status: 200,
      description: "The list.",
      schema: object("Participants with their ticket tokens and check-in state."),
      example: { participants: [], next_after: null },
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${EVENT}/check-ins/search`,
    operationId: "searchCheckIns",
    tag: "Check-ins",
    summary: "Search a participant at the door",
    description: "By name or email (the first 100 characters of `q`).",
    access: read("check_ins:write"),
    queryParams: [{ name: "q", description: "Name or email.", schema: { type: "string", maxLength: 100 } }],
    response: {
      status: 200,
      description: "The matches.",
      schema: object("`{ participants }`."),
      example: { participants: [{ id: 1001, first_name: "Jeanne", last_name: "Roux" }] },
    },
    errors: [404],
  },
  {
    method: "GET",
    route: `${EVENT}/entries`,
    operationId: "listEntries",
    tag: "Check-ins",
    summary: "List the scans",
    description: `Every scan of the event, newest first, paged with \`page\`/\`page_size\`. ${cursorNote}`,
    access: read(),
    query: entriesQuerySchema,
    response: {
      status: 200,
      description: "A page, or a cursor list.",
      schema: object("`{ entries, total, page, page_size }`, or a cursor list `{ object, data, has_more }`."),
      example: {
        entries: [
          {
            id: 3001,
            ticket: 1001,
            ticket_title: "Plein tarif",
            event: 42,
            participant: { id: 1001, first_name: "Jeanne", last_name: "Roux" },
            is_in: true,
            is_in_str: "true",
            validated_at: "2027-04-17T17:45:00.000Z",
          },
        ],
        total: 1,
        page: 0,
        page_size: 100,
      },
    },
    errors: [400, 404],
  },

  // --------------------------------------------------------------------------------------------------- team
  {
    method: "GET",
    route: `${EVENT}/accesses`,
    operationId: "listEventTeam",
    tag: "Team",
    summary: "List the event's team",
    description: "The people with an event role (validator, event manager, team manager).",
    access: read(null),
    response: {
      status: 200,
      description: "The team.",
      schema: arrayOf(object("A team member.")),
      example: [
        {
          profile: 12,
          event: 42,
          email: "lea.martin@exemple.test",
          first_name: "Léa",
          last_name: "Martin",
          role: "validator",
          roles: ["validator"],
          display_roles: ["validator"],
          can_validate: true,
        },
      ],
    },
    errors: [404],
  },
  {
    method: "POST",
    route: `${EVENT}/accesses`,
    operationId: "addEventAccess",
    tag: "Team",
    summary: "Give someone access to the event",
    description: "A member of the organization gets the access at once; anyone else gets an invitation by email.",
    access: write(null),
    body: { schemas: [accessInviteBodySchema], example: { email: "lea.martin@exemple.test" } },
    response: {
      status: 201,
      description: "The member, or the invitation sent.",
      schema: object("A team member or an invitation."),
      example: { email: "lea.martin@exemple.test", status: "pending" },
    },
    errors: [400, 404, 409],
  },
  {
    method: "PUT",
    route: `${EVENT}/accesses`,
    operationId: "setEventAccessRoles",
    tag: "Team",
    summary: "Change someone's event roles",
    description: "`role` is the roles joined by `|` (`validator|event_manager`); empty removes them (204).",
    access: write(null),
    body: { schemas: [accessRolesBodySchema], example: { role: "validator", profile: 12 } },
    response: {
      status: 200,
      description: "The member.",
      schema: object("A team member."),
      example: { profile: 12, event: 42, role: "validator", roles: ["validator"], can_validate: true },
    },
    errors: [400, 404],
  },
  {
    method: "DELETE",
    route: `${EVENT}/accesses/:profile{[0-9]+}`,
    operationId: "removeEventAccess",
    tag: "Team",
    summary: "Remove someone from the event's team",
    description: "Their event roles go; their organization role stays.",
    access: write(null),
    pathParams: { profile: { description: "The person's user id.", schema: { type: "integer" } } },
    response: noContent("Removed."),
    errors: [404],
  },
  {
    method: "GET",
    route: `${ORG}/members`,
    operationId: "listMembers",
    tag: "Team",
    summary: "List the organization's members",
    description: "Members and their organization role.",
    access: read(null),
    response: {
      status: 200,
      description: "The members.",
      schema: arrayOf(object("`user_id`, `email`, `first_name`, `last_name`, `role`.")),
      example: [
        { user_id: 12, email: "lea.martin@exemple.test", first_name: "Léa", last_name: "Martin", role: "admin" },
      ],
    },
    errors: [404],
  },
  {
    method: "POST",
    route: `${ORG}/members`,
    operationId: "inviteMember",
    tag: "Team",
    summary: "Invite a member",
    description: "Sends an invitation the person accepts; the same answer whether or not the email has an account.",
    access: write(null),
    body: { schemas: [memberAddSchema], example: { email: "paul.girard@exemple.test", role: "event_manager" } },
    response: {
      status: 201,
      description: "The invitation.",
      schema: object("The invitation."),
      example: { email: "paul.girard@exemple.test", role: "event_manager", status: "pending" },
    },
    errors: [400, 403, 404, 409],
  },
  {
    method: "PUT",
    route: `${ORG}/members/:user_id`,
    operationId: "changeMemberRole",
    tag: "Team",
    summary: "Change a member's role",
    description: "An organization keeps at least one owner.",
    access: write(null),
    body: { schemas: [memberChangeSchema], example: { role: "admin" } },
    response: {
      status: 200,
      description: "The member.",
      schema: object("The member."),
      example: { user_id: 12, email: "lea.martin@exemple.test", first_name: "Léa", last_name: "Martin", role: "admin" },
    },
    errors: [400, 403, 404, 409],
  },
  {
    method: "DELETE",
    route: `${ORG}/members/:user_id`,
    operationId: "removeMember",
    tag: "Team",
    summary: "Remove a member",
    description: "The last owner cannot be removed.",
    access: write(null),
    response: noContent("Removed."),
    errors: [403, 404, 409],
  },

  // ------------------------------------------------------------------------------------------- organization
  {
    method: "POST",
    route: `${ORG}/images/:kind`,
    operationId: "uploadOrganizationImage",
    tag: "Organizations",
    summary: "Upload the logo or cover",
    description: 'Multipart, one WebP per size ("logo-400", "logo-160" or "cover-1200", "cover-600").',
    access: write(null),
    pathParams: { kind: { description: "Which picture.", schema: { enum: ["logo", "cover"] } } },
    rawBody: {
      contentType: "multipart/form-data",
      description: "One WebP file per size.",
      schema: { type: "object", additionalProperties: { type: "string", contentMediaType: "image/webp" } },
    },
    response: {
      status: 200,
      description: "The new picture.",
      schema: object("`{ url }`."),
      example: { url: "/images/organizations/1/logo-400.webp?v=2" },
    },
    errors: [400, 404],
  },
  {
    method: "DELETE",
    route: `${ORG}/images/:kind`,
    operationId: "deleteOrganizationImage",
    tag: "Organizations",
    summary: "Remove the logo or cover",
    description: "The organization has no such picture any more.",
    access: write(null),
    pathParams: { kind: { description: "Which picture.", schema: { enum: ["logo", "cover"] } } },
    response: { status: 200, description: "Removed.", schema: object('`{ url: "" }`.'), example: { url: "" } },
    errors: [404],
  },
  {
    method: "GET",
    route: "/api/organizer/:organizer/contact-form",
    operationId: "listContactMessages",
    tag: "Organizations",
    summary: "List the contact messages",
    description: "The messages visitors sent through the organizer page, newest first.",
    access: read(null),
    response: {
      status: 200,
      description: "The messages.",
      schema: arrayOf(object("A contact message.")),
      example: [
        {
          id: 8,
          ...person,
          full_name: "Jeanne Roux",
          subject: "Accès PMR",
          message: "Bonjour…",
          is_read: false,
          is_read_str: "false",
          created_at: "2027-02-01T10:12:00.000Z",
        },
      ],
    },
    errors: [404],
  },
  {
    method: "PUT",
    route: "/api/organizer/:organizer/contact-form/:id/read",
    operationId: "setContactMessageRead",
    tag: "Organizations",
    summary: "Mark a contact message read or unread",
    description: "Toggles the flag, or sets it to `is_read` when sent.",
    access: write(null),
    pathParams: { id: { description: "The message's id.", schema: { type: "integer" } } },
    body: { schemas: [contactReadBodySchema], example: { is_read: true }, optional: true },
    response: {
      status: 200,
      description: "The message.",
      schema: object("A contact message."),
      example: { id: 8, is_read: true, is_read_str: "true" },
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${ORG}/export`,
    operationId: "exportOrganizationData",
    tag: "Organizations",
    summary: "Export all the organization's data",
    description: "A zip of every table (JSON and CSV). Owners only.",
    access: read(null),
    response: {
      status: 200,
      description: "The zip file.",
      contentType: "application/zip",
      schema: { type: "string", contentMediaType: "application/zip" },
    },
    errors: [403, 404],
  },

  // -------------------------------------------------------------------------------------------------- webhooks
  {
    method: "GET",
    route: HOOKS,
    operationId: "listWebhookEndpoints",
    tag: "Webhooks",
    summary: "List the webhook endpoints",
    description: "The URLs that receive the organization's events.",
    access: read(null),
    response: {
      status: 200,
      description: "The endpoints.",
      schema: arrayOf(object("An endpoint.")),
      example: [
        {
          id: 4,
          url: "https://hooks.example.org/guichet",
          description: "CRM",
          event_types: ["order.paid"],
          enabled: true,
          disabled_reason: null,
          disabled_at: null,
          secret_hint: "whsec_…3f9a",
          created_at: "2027-01-05T09:30:00.000Z",
        },
      ],
    },
    errors: [404],
  },
  {
    method: "POST",
    route: HOOKS,
    operationId: "createWebhookEndpoint",
    tag: "Webhooks",
    summary: "Add a webhook endpoint",
    description: "Answers the signing `secret` once. An empty `event_types` receives every type.",
    access: write(null),
    body: {
      schemas: [endpointBodySchema],
      example: {
        url: "https://hooks.example.org/guichet",
        description: "CRM",
        event_types: ["order.paid"],
        enabled: true,
      },
    },
    response: {
      status: 201,
      description: "The endpoint and its secret.",
      schema: object("An endpoint with `secret`."),
      example: { id: 4, url: "https://hooks.example.org/guichet", secret: "whsec_…" },
    },
    errors: [400, 404],
  },
  {
    method: "PUT",
    route: `${HOOKS}/:endpoint`,
    operationId: "updateWebhookEndpoint",
    tag: "Webhooks",
    summary: "Update a webhook endpoint",
    description: "The whole endpoint.",
    access: write(null),
    body: {
      schemas: [endpointBodySchema],
      example: { url: "https://hooks.example.org/guichet", description: "CRM", event_types: [], enabled: true },
    },
    response: {
      status: 200,
      description: "The endpoint.",
      schema: object("An endpoint."),
      example: { id: 4, url: "https://hooks.example.org/guichet", enabled: true },
    },
    errors: [400, 404],
  },
  {
    method: "DELETE",
    route: `${HOOKS}/:endpoint`,
    operationId: "deleteWebhookEndpoint",
    tag: "Webhooks",
    summary: "Delete a webhook endpoint",
    description: "Pending deliveries are dropped.",
    access: write(null),
    response: noContent("Deleted."),
    errors: [404],
  },
  {
    method: "POST",
    route: `${HOOKS}/:endpoint/rotate-secret`,
    operationId: "rotateWebhookSecret",
    tag: "Webhooks",
    summary: "Rotate the signing secret",
    description:
      "Answers the new secret once. The previous secret keeps signing beside it for `expires_in_hours` (0, 1, 24 — the default —, 72 or 168), so a receiver can switch without losing a delivery.",
    access: write(null),
    body: { schemas: [rotateBodySchema], example: { expires_in_hours: 24 } },
    response: {
      status: 200,
      description: "The new secret, and until when the previous one still signs (null: it stopped at once).",
      schema: object("`{ secret, previous_secret_expires_at }`."),
      example: { secret: "whsec_…", previous_secret_expires_at: "2027-03-02T18:00:00.000Z" },
    },
    errors: [400, 404],
  },
  {
    method: "POST",
    route: `${HOOKS}/:endpoint/test`,
    operationId: "sendTestWebhook",
    tag: "Webhooks",
    summary: "Send a test event",
    description: "Queues a `test` delivery to the endpoint.",
    access: write(null),
    response: { status: 202, description: "Queued." },
    errors: [404],
  },
  {
    method: "GET",
    route: `${HOOKS}/:endpoint/deliveries`,
    operationId: "listWebhookDeliveries",
    tag: "Webhooks",
    summary: "List an endpoint's deliveries",
    description: "The delivery log, newest first, with each attempt.",
    access: read(null),
    query: deliveriesQuerySchema,
    response: {
      status: 200,
      description: "One page.",
      schema: object("`{ total, rows }`."),
      example: {
        total: 1,
        rows: [
          {
            id: 77,
            message_id: "msg_2f9c",
            event_type: "order.paid",
            status: "delivered",
            attempts: 1,
            last_response_status: 200,
            last_error: null,
            next_attempt_at: null,
            delivered_at: "2027-02-01T10:12:03.000Z",
            created_at: "2027-02-01T10:12:00.000Z",
            payload: { type: "order.paid", data: { id: 501 } },
            attempt_log: [],
          },
        ],
      },
    },
    errors: [404],
  },
  {
    method: "POST",
    route: `${HOOKS}/:endpoint/deliveries/:delivery/replay`,
    operationId: "replayWebhookDelivery",
    tag: "Webhooks",
    summary: "Send a delivery again",
    description: "Queues the same payload once more.",
    access: write(null),
    response: { status: 202, description: "Queued." },
    errors: [404],
  },

  // --------------------------------------------------------------------------------------------------- finance
  {
    method: "GET",
    route: `${ORG}/finance/transactions`,
    operationId: "listTransactions",
    tag: "Finance",
    summary: "List the transactions",
    description:
      "The ledger (charges, fees, refunds, payouts, adjustments), one page with `page`/`page_size` and the " +
      `period's totals. ${cursorNote} Owners and admins.`,
    access: read("finance:read"),
    query: transactionsQuerySchema,
    response: {
      status: 200,
      description: "A page, or a cursor list.",
      schema: {
        anyOf: [
          listOf("Transaction"),
          {
            type: "object",
            properties: {
              transactions: arrayOf(ref("Transaction")),
              total: { type: "integer" },
              page: { type: "integer" },
              page_size: { type: "integer" },
            },
          },
        ],
      },
      example: cursorListExample(transactionExample),
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${ORG}/finance/export`,
    operationId: "exportFinance",
    tag: "Finance",
    summary: "Export transactions or payouts",
    description: "A CSV file (UTF-8 with BOM) of the period.",
    access: read("finance:read"),
    query: exportQuerySchema,
    response: {
      status: 200,
      description: "The CSV file.",
      contentType: "text/csv",
      schema: { type: "string" },
      example: "\ufeffdate;type;montant\n",
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${ORG}/finance/account`,
    operationId: "getPaymentAccount",
    tag: "Finance",
    summary: "Get the payment account",
    description: "The connected Stripe account's state.",
    access: read("finance:read"),
    response: {
      status: 200,
      description: "The account.",
      schema: object("The account's state."),
      example: {
        status: "active",
        connected_account_id: "acct_1Q2w3E",
        is_connected_account_valid: true,
        details_submitted: true,
        pending_step: null,
        payout_frequency: "weekly",
        mode: "test",
      },
    },
    errors: [404],
  },
  {
    method: "POST",
    route: `${ORG}/finance/account/connect`,
    operationId: "connectPaymentAccount",
    tag: "Finance",
    summary: "Start the payment account onboarding",
    description: "Answers the onboarding `url` to send the organizer to. Owners only.",
    access: write(null),
    response: {
      status: 200,
      description: "The onboarding link.",
      schema: object("`{ url }`."),
      example: { url: "https://connect.stripe.com/setup/…" },
    },
    errors: [403, 404, 409],
  },
  {
    method: "POST",
    route: `${ORG}/finance/account/refresh`,
    operationId: "refreshPaymentAccount",
    tag: "Finance",
    summary: "Refresh the payment account",
    description: "Reads the account's state from the provider again.",
    access: write(null),
    response: {
      status: 200,
      description: "The account.",
      schema: object("The account's state."),
      example: { status: "active" },
    },
    errors: [404],
  },
  {
    method: "POST",
    route: `${ORG}/finance/account/dashboard`,
    operationId: "openPaymentDashboard",
    tag: "Finance",
    summary: "Open the provider's dashboard",
    description: "A single-use login link to the Stripe Express dashboard, for a valid account.",
    access: write(null),
    response: {
      status: 200,
      description: "The link.",
      schema: object("`{ url }`."),
      example: { url: "https://connect.stripe.com/express/…" },
    },
    errors: [403, 404, 409],
  },
  {
    method: "GET",
    route: `${ORG}/finance/frequency`,
    operationId: "getPayoutFrequency",
    tag: "Finance",
    summary: "Get the payout frequency",
    description: "How often the balance is paid out.",
    access: read("finance:read"),
    response: {
      status: 200,
      description: "The frequency.",
      schema: object("`{ payout_frequency }`."),
      example: { payout_frequency: "weekly" },
    },
    errors: [404],
  },
  {
    method: "PUT",
    route: `${ORG}/finance/frequency`,
    operationId: "updatePayoutFrequency",
    tag: "Finance",
    summary: "Change the payout frequency",
    description: "Owners only.",
    access: write(null),
    body: { schemas: [payoutFrequencyBodySchema], example: { payout_frequency: "weekly" } },
    response: {
      status: 200,
      description: "The frequency.",
      schema: object("`{ payout_frequency }`."),
      example: { payout_frequency: "weekly" },
    },
    errors: [400, 403, 404, 409],
  },
  {
    method: "GET",
    route: `${ORG}/billing`,
    operationId: "getBillingDetails",
    tag: "Finance",
    summary: "Get the seller's billing details",
    description:
      "The details printed on invoices (issue 29 §1). Until they are first saved (`saved: false`), the defaults: the organization's title as legal name, France, VAT-registered, invoices on request.",
    access: read("finance:read"),
    response: {
      status: 200,
      description: "The details.",
      schema: object("The seller's details, with `saved`."),
      example: BILLING_EXAMPLE,
    },
    errors: [404],
  },
  {
    method: "PUT",
    route: `${ORG}/billing`,
    operationId: "updateBillingDetails",
    tag: "Finance",
    summary: "Save the seller's billing details",
    description:
      "Owners and admins. The VAT number is checked against the country's format (and France's and Belgium's check digits) and stored without separators, with its country prefix. A seller not registered for VAT gives the mention printed instead of VAT.",
    access: write(null),
    body: { schemas: [billingDetailsSchema], example: BILLING_EXAMPLE },
    response: {
      status: 200,
      description: "The details as saved.",
      schema: object("The seller's details, with `saved`."),
      example: { ...BILLING_EXAMPLE, saved: true },
    },
    errors: [400, 403, 404],
  },
  {
    method: "GET",
    route: `${ORG}/tax-rates`,
    operationId: "listTaxRates",
    tag: "Finance",
    summary: "List the VAT rates",
    description: "The organization's VAT rates in use, in their order; `rate` in basis points (550 = 5.5 %).",
    access: read("finance:read"),
    response: {
      status: 200,
      description: "The rates.",
      schema: object("`{ rates: [{ id, name, rate, is_default }] }`."),
      example: TAX_RATES_EXAMPLE,
    },
    errors: [404],
  },
  {
    method: "PUT",
    route: `${ORG}/tax-rates`,
    operationId: "saveTaxRates",
    tag: "Finance",
    summary: "Replace the VAT rates",
    description:
      "Owners and admins. The whole list: rates with an `id` are changed (for the next sales), rates without one are added, rates left out are archived. Exactly one `is_default` when there are rates.",
    access: write(null),
    body: {
      schemas: [taxRatesSchema],
      example: { rates: TAX_RATES_EXAMPLE.rates.map(({ id: _id, ...rate }) => rate) },
    },
    response: {
      status: 200,
      description: "The rates as saved.",
      schema: object("`{ rates: [{ id, name, rate, is_default }] }`."),
      example: TAX_RATES_EXAMPLE,
    },
    errors: [400, 403, 404],
  },
  {
    method: "GET",
    route: `${ORG}/invoices`,
    operationId: "listInvoices",
    tag: "Finance",
    summary: "List the invoices and credit notes",
    description:
      "The organization's documents as issued (issue 29 §5), newest first, one page with `page`/`page_size`: filtered by `period` (the issue time), `event`, `type` and a `search` on the number or the buyer. Amounts in cents, negative on a credit note. Owners and admins.",
    access: read("finance:read"),
    query: invoicesQuerySchema,
    response: {
      status: 200,
      description: "A page of documents.",
      schema: {
        type: "object",
        properties: {
          invoices: arrayOf(object("A document: number, type, issue time, order, event, buyer, net, VAT, gross.")),
          total: { type: "integer" },
          page: { type: "integer" },
          page_size: { type: "integer" },
        },
      },
      example: {
        invoices: [INVOICE_EXAMPLE],
        total: 1,
        page: 0,
        page_size: 10,
        period: { period: "all", from: null, to: null },
      },
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${ORG}/invoices/export.csv`,
    operationId: "exportInvoices",
    tag: "Finance",
    summary: "Export the invoices or the totals by VAT rate",
    description:
      "A CSV file (UTF-8 with BOM) of the period: `kind=documents`, one row per invoice or credit note with a net and VAT column pair per rate; `kind=vat-rates`, the net, VAT and gross of each rate, credit notes netted. Headers in French unless the request asks for English.",
    access: read("finance:read"),
    query: invoicesExportQuerySchema,
    response: {
      status: 200,
      description: "The CSV file.",
      contentType: "text/csv",
      schema: { type: "string" },
      example: "\ufefftaux_tva,total_ht,total_tva,total_ttc\r\n20.00,8.33,1.67,10.00\r\n",
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${ORG}/finance/payouts`,
    operationId: "listPayouts",
    tag: "Finance",
    summary: "List the payouts",
    description: "One page of the payouts to the organization's bank account.",
    access: read("finance:read"),
    query: payoutsQuerySchema,
    response: {
      status: 200,
      description: "One page.",
      schema: object("`{ payouts, total, page, page_size }`."),
      example: {
        payouts: [
          {
            payoutId: 31,
            bankAccountName: "FR76 •••• 1234",
            amount: 24010,
            initiationDate: "2027-02-08T00:00:00.000Z",
            estimateDate: "2027-02-10T00:00:00.000Z",
            status: "paid",
            failureCode: null,
            failureMessage: null,
          },
        ],
        total: 1,
        page: 0,
        page_size: 10,
      },
    },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${ORG}/finance/balance`,
    operationId: "getBalance",
    tag: "Finance",
    summary: "Get the balance",
    description: "Available, pending, held and in-transit amounts, in cents.",
    access: read("finance:read"),
    response: {
      status: 200,
      description: "The balance.",
      schema: object("`available`, `pending`, `held`, `inTransit` (cents)."),
      example: { available: 24010, pending: 4800, held: 0, inTransit: 0 },
    },
    errors: [404],
  },
  // -------------------------------------------------------------------------------------------------------- messages
  {
    method: "GET",
    route: `${EVENT}/messages`,
    operationId: "listAttendeeMessages",
    tag: "Messages",
    summary: "List the messages to attendees",
    description:
      "The event's messages (written by the organizer, reminders, change notices), newest first, each with the " +
      "delivery counts of its last send. Page with `before` = the last id received.",
    access: read("participants:write"),
    query: messagesListQuerySchema,
    response: {
      status: 200,
      description: "`{ data, has_more }`.",
      schema: object("`{ data: [message], has_more }`."),
      example: { data: [exampleMessage], has_more: false },
    },
    errors: [400, 404],
  },
  {
    method: "POST",
    route: `${EVENT}/messages`,
    operationId: "createAttendeeMessage",
    tag: "Messages",
    summary: "Write a message (draft)",
    description:
      "A draft: `subject`, `body` (HTML, sanitized like the event description; variables `{first_name}`, " +
      "`{event_title}`, `{event_date}`, `{ticket_title}`, `{order_link}`, `{tickets_link}` are filled per recipient " +
      'in their language) and `segment`: `{type: "all"}`, `{type: "buyers"}` (one email per order), ' +
      '`{type: "tickets", ticket_ids}`, `{type: "order_status", statuses}`, `{type: "check_in", checked_in}` or ' +
      '`{type: "participants", participant_ids}`. People who stopped the organizer\'s messages for the event are ' +
      "left out.",
    access: write("participants:write"),
    body: {
      schemas: [messageCreateSchema],
      example: {
        subject: "Infos pratiques",
        body: "<p>Bonjour {first_name}, les portes ouvrent à 19 h.</p>",
        segment: { type: "all" },
      },
    },
    response: { status: 201, description: "The draft.", schema: object("A message."), example: exampleMessage },
    errors: [400, 404],
  },
  {
    method: "GET",
    route: `${EVENT}/messages/:message_id{[0-9]+}`,
    operationId: "getAttendeeMessage",
    tag: "Messages",
    summary: "Get a message, its counts and recipients",
    description:
      "The message with `counts` by delivery state (queued, sending, sent, failed, bounced) of its last send and a " +
      "page of its recipients in id order (`after` = the last id received, `status` to keep one state).",
    access: read("participants:write"),
    pathParams: { message_id: { description: "The message's id." } },
    query: messageRecipientsQuerySchema,
    response: {
      status: 200,
      description: "The message with `recipients` and `has_more_recipients`.",
      schema: object("A message with its recipients."),
      example: { ...exampleMessage, recipients: [], has_more_recipients: false },
    },
    errors: [400, 404],
  },
  {
    method: "PUT",
    route: `${EVENT}/messages/:message_id{[0-9]+}`,
    operationId: "updateAttendeeMessage",
    tag: "Messages",
    summary: "Edit a message not sent yet",
    description: "Changes the given fields of a draft, scheduled or refused message; 409 once its send started.",
    access: write("participants:write"),
    pathParams: { message_id: { description: "The message's id." } },
    body: { schemas: [attendeeMessageUpdateSchema], example: { subject: "Infos pratiques (mise à jour)" } },
    response: { status: 200, description: "The message.", schema: object("A message."), example: exampleMessage },
    errors: [400, 404, 409],
  },
  {
    method: "DELETE",
    route: `${EVENT}/messages/:message_id{[0-9]+}`,
    operationId: "deleteAttendeeMessage",
    tag: "Messages",
    summary: "Delete a message never sent",
    description: "A message that went out stays in the history with its recipients (409).",
    access: write("participants:write"),
    pathParams: { message_id: { description: "The message's id." } },
    response: noContent("Deleted."),
    errors: [404, 409],
  },
  {
    method: "POST",
    route: `${EVENT}/messages/:message_id{[0-9]+}/send`,
    operationId: "sendAttendeeMessage",
    tag: "Messages",
    summary: "Send a message now or at a time",
    description:
      "Without `scheduled_at`, the send starts now (202): the recipients are fixed and counted against the " +
      "organization's daily email quota at once — past it nothing goes out (409 `email_quota_reached`, with " +
      "`remaining`). With `scheduled_at` (ISO 8601, within a year) the message leaves then (200). A message sent " +
      "before goes again only with `confirm_resend: true` (else 409 `message_already_sent`). The event must be " +
      "published.",
    access: write("participants:write"),
    pathParams: { message_id: { description: "The message's id." } },
    body: { schemas: [sendAttendeeMessageSchema], example: { scheduled_at: "2027-01-14T17:00:00Z" } },
    response: {
      status: 200,
      description: "The message, scheduled (200) or sending (202).",
      schema: object("A message."),
      example: { ...exampleMessage, status: "scheduled", scheduled_at: "2027-01-14T17:00:00.000Z" },
    },
    errors: [400, 404, 409],
  },
  {
    method: "POST",
    route: `${EVENT}/messages/:message_id{[0-9]+}/recipients/:recipient_id{[0-9]+}/retry`,
    operationId: "retryAttendeeMessageRecipient",
    tag: "Messages",
    summary: "Send a failed delivery again",
    description: "A recipient whose delivery failed is queued again (not counted twice against the quota).",
    access: write("participants:write"),
    pathParams: {
      message_id: { description: "The message's id." },
      recipient_id: { description: "The recipient's id (from the message's `recipients`)." },
    },
    response: { status: 202, description: "Queued." },
    errors: [404, 409],
  },
  ...eventDatesOperations,
  ...inventoryOperations,
  ...waitingRoomOperations,
];
