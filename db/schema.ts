import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";

// Times are UTC epoch milliseconds; money is integer cents (EUR).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`);
const bool = (name: string) => integer(name, { mode: "boolean" });
const time = (name: string) => integer(name, { mode: "timestamp_ms" });

export const authMethods = ["password", "google"] as const;
export type AuthMethod = (typeof authMethods)[number];

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    passwordHash: text("password_hash"),
    authMethod: text("auth_method", { enum: authMethods }).notNull().default("password"),
    googleSubject: text("google_subject"),
    isAdmin: bool("is_admin").notNull().default(false),
    locale: text("locale"),
    emailVerifiedAt: time("email_verified_at"),
    // The organization the user last switched to: opened at sign-in (issue 24 §2), instead of the first by title.
    lastOrganizationId: integer("last_organization_id").references((): AnySQLiteColumn => organizations.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_subject_unique").on(t.googleSubject),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 (hex) of the token handed to the client; the token itself is never stored.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: time("expires_at").notNull(),
    lastUsedAt: time("last_used_at").notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const emailCodes = sqliteTable(
  "email_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: ["register", "reset-password", "delete-account"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    // JSON with what the flow needs next (first and last name for registration).
    payload: text("payload").notNull().default("{}"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: time("expires_at").notNull(),
    consumedAt: time("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_codes_email_purpose_idx").on(t.email, t.purpose, t.createdAt)],
);

export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: time("window_started_at").notNull(),
});

/**
 * `Idempotency-Key` of the API's POST calls (issue 26 §4): the first answer to a key, kept 24 hours and replayed to a
 * retry with the same body. `scope` is the SHA-256 of the caller's credential (session token or API key), or "public"
 * for the public booking calls, so that one caller's keys never answer another's. `status` null: still running.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    // SHA-256 (hex) of the method, path and body: a different request under the same key is refused.
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    body: text("body"),
    contentType: text("content_type"),
    createdAt: time("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

export const payoutFrequencies = ["manual", "daily", "weekly", "monthly"] as const;
export type PayoutFrequency = (typeof payoutFrequencies)[number];

export const organizations = sqliteTable(
  "organizations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    // Lower-cased title: names are unique regardless of case.
    titleKey: text("title_key").notNull(),
    // Without case, accents or spacing (organization-title.ts): a name differing from another only by those, or by one
    // character at the end, is refused (issue 24 §2).
    titleLookalikeKey: text("title_lookalike_key").notNull().default(""),
    smallDescription: text("small_description").notNull().default(""),
    description: text("description").notNull().default(""),
    mainPicture: text("main_picture").notNull().default(""),
    coverPicture: text("cover_picture").notNull().default(""),
    contactEmail: text("contact_email").notNull().default(""),
    pageUrl: text("page_url").notNull().default(""),
    isPrivate: bool("is_private").notNull().default(false),
    addressLabel: text("address_label").notNull().default(""),
    addressLatitude: integer("address_latitude_e6").notNull().default(50_000_000),
    addressLongitude: integer("address_longitude_e6").notNull().default(50_000_000),
    connectedAccountId: text("connected_account_id"),
    isConnectedAccountValid: bool("is_connected_account_valid").notNull().default(false),
    // Stripe's details_submitted: "finish the onboarding" versus "under review" while the account is not valid.
    connectedAccountDetailsSubmitted: bool("connected_account_details_submitted").notNull().default(false),
    // When the account state last applied was Stripe's (an account.updated's created time): older events lose.
    connectedAccountSyncedAt: time("connected_account_synced_at"),
    payoutFrequency: text("payout_frequency", { enum: payoutFrequencies }).notNull().default("manual"),
    // Buyers' personal data of events ended longer ago than this is anonymised (migration 0013, decision 0024).
    anonymiseAfterMonths: integer("anonymise_after_months").notNull().default(12),
    autoAnonymise: bool("auto_anonymise").notNull().default(false),
    // Emails a day the organization may have the platform send (decision 0038); null: DEFAULT_DAILY_EMAIL_QUOTA.
    dailyEmailQuota: integer("daily_email_quota"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("organizations_title_key_unique").on(t.titleKey),
    index("organizations_title_idx").on(t.title),
    index("organizations_title_lookalike_idx").on(t.titleLookalikeKey),
  ],
);

export const organizationRoles = ["owner", "admin", "event_manager", ""] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

export const memberships = sqliteTable(
  "memberships",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: organizationRoles }).notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("memberships_org_user_unique").on(t.organizationId, t.userId),
    index("memberships_user_idx").on(t.userId),
  ],
);

export const eventStatuses = ["draft", "published", "archived"] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const eventThemes = ["light", "dark"] as const;
export type EventTheme = (typeof eventThemes)[number];
export const eventVisibilities = ["public", "private"] as const;
export type EventVisibility = (typeof eventVisibilities)[number];

export const selfServiceDeadlineUnits = ["hours", "days"] as const;
export type SelfServiceDeadlineUnit = (typeof selfServiceDeadlineUnits)[number];
export const selfServiceRefundKinds = ["full", "full-minus-fees", "percentage", "none"] as const;
export type SelfServiceRefundKind = (typeof selfServiceRefundKinds)[number];

export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    smallDescription: text("small_description").notNull().default(""),
    description: text("description").notNull().default(""),
    mainPicture: text("main_picture").notNull().default(""),
    primaryColor: text("primary_color").notNull().default("#4f46e5"),
    theme: text("theme", { enum: eventThemes }).notNull().default("light"),
    timezone: text("timezone").notNull().default("Europe/Paris"),
    startAt: time("start_at"),
    endAt: time("end_at"),
    addressLabel: text("address_label").notNull().default(""),
    addressName: text("address_name").notNull().default(""),
    addressLatitude: integer("address_latitude_e6"),
    addressLongitude: integer("address_longitude_e6"),
    contactEmail: text("contact_email").notNull().default(""),
    refundPolicy: text("refund_policy"),
    status: text("status", { enum: eventStatuses }).notNull().default("draft"),
    visibility: text("visibility", { enum: eventVisibilities }).notNull().default("public"),
    confirmationPageMessage: text("confirmation_page_message").notNull().default(""),
    emailPdfMessage: text("email_pdf_message").notNull().default(""),
    emailPdfEmailResponse: text("email_pdf_email_response").notNull().default(""),
    metaPixelId: text("meta_pixel_id").notNull().default(""),
    // Preview key for unpublished events; cleared on publish.
    accessToken: text("access_token"),
    // Part of the private link's keyed hash: raising it revokes every link handed out before.
    privateLinkVersion: integer("private_link_version").notNull().default(0),
    allowBilling: bool("allow_billing").notNull().default(false),
    eventCapacity: integer("event_capacity").notNull().default(-1),
    publishedAt: time("published_at"),
    // Set once every buyer's personal data of the event has been anonymised (migration 0013).
    personalDataAnonymisedAt: time("personal_data_anonymised_at"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Each ticket holder whose email differs from the buyer's gets their own ticket by email (migration 0019).
    sendHolderTickets: bool("send_holder_tickets").notNull().default(true),
    // The calendar files' SEQUENCE (RFC 5545): raised when the date, time or place changes (migration 0025).
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    // What buyers may do themselves on their order page, and until how long before the start (migration 0026).
    selfServiceEdit: bool("self_service_edit").notNull().default(true),
    selfServiceEditBefore: integer("self_service_edit_before").notNull().default(24),
    selfServiceEditUnit: text("self_service_edit_unit", { enum: selfServiceDeadlineUnits }).notNull().default("hours"),
    selfServiceTransfer: bool("self_service_transfer").notNull().default(true),
    selfServiceTransferBefore: integer("self_service_transfer_before").notNull().default(24),
    selfServiceTransferUnit: text("self_service_transfer_unit", { enum: selfServiceDeadlineUnits })
      .notNull()
      .default("hours"),
    // Whether buyers may cancel tickets themselves, until when, and what they get back (migration 0029).
    selfServiceCancel: bool("self_service_cancel").notNull().default(false),
    selfServiceCancelBefore: integer("self_service_cancel_before").notNull().default(48),
    selfServiceCancelUnit: text("self_service_cancel_unit", { enum: selfServiceDeadlineUnits })
      .notNull()
      .default("hours"),
    selfServiceCancelRefund: text("self_service_cancel_refund", { enum: selfServiceRefundKinds })
      .notNull()
      .default("full-minus-fees"),
    // Basis points (5000 = 50 %) when the refund is a percentage.
    selfServiceCancelPercentage: integer("self_service_cancel_percentage").notNull().default(10_000),
    // How long a waiting-list offer holds its places (migration 0029).
    waitingListHoldHours: integer("waiting_list_hold_hours").notNull().default(24),
    // The on-sale behind a waiting room (migration 0035, docs/decisions/0070-waiting-room.md): all null when none is
    // scheduled. The room is on from waiting_room_opens_at until waiting_room_closes_at; admissions start at on_sale_at.
    onSaleAt: time("on_sale_at"),
    waitingRoomOpensAt: time("waiting_room_opens_at"),
    waitingRoomClosesAt: time("waiting_room_closes_at"),
    waitingRoomRatePerMinute: integer("waiting_room_rate_per_minute"),
    // Where the places of the event are counted (issue 31 §1, decision 0072): `database`, D1's guarded batches; or
    // `object`, the event's inventory Durable Object, D1's own guards then refusing every other taker of places.
    inventoryMode: text("inventory_mode", { enum: ["database", "object"] })
      .notNull()
      .default("database"),
  },
  (t) => [
    index("events_org_status_start_idx").on(t.organizationId, t.status, t.startAt),
    index("events_org_end_idx").on(t.organizationId, t.endAt),
    index("events_org_created_idx").on(t.organizationId, t.createdAt),
  ],
);

export const ticketTypes = ["ticket", "addon"] as const;
export type TicketType = (typeof ticketTypes)[number];
export const ticketVisibilities = ["visible", "hidden", "deleted"] as const;
export type TicketVisibility = (typeof ticketVisibilities)[number];
export const feesTypes = ["included", "added"] as const;
export type FeesType = (typeof feesTypes)[number];

export const tickets = sqliteTable(
  "tickets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ticketType: text("ticket_type", { enum: ticketTypes }).notNull().default("ticket"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    detailedDescription: text("detailed_description").notNull().default(""),
    price: integer("price").notNull().default(0),
    isFree: bool("is_free").notNull().default(false),
    amount: integer("amount").notNull().default(-1),
    purchased: integer("purchased").notNull().default(0),
    sellStartAt: time("sell_start_at"),
    sellEndAt: time("sell_end_at"),
    minPerOrder: integer("min_per_order").notNull().default(1),
    maxPerOrder: integer("max_per_order").notNull().default(10),
    visibility: text("visibility", { enum: ticketVisibilities }).notNull().default("visible"),
    restricted: bool("restricted").notNull().default(false),
    feesType: text("fees_type", { enum: feesTypes }).notNull().default("included"),
    sort: integer("sort").notNull().default(0),
    showRemainingCount: bool("show_remaining_count").notNull().default(false),
    // Sold out, buyers may join a waiting list (tickets only, not add-ons; migration 0029).
    waitingList: bool("waiting_list").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The ticket's or add-on's VAT rate (issue 29 §2); NULL: the organization's default rate at the time of sale.
    // A rate is archived, never deleted, so the id always names a row.
    taxRateId: integer("tax_rate_id"),
  },
  (t) => [
    index("tickets_event_type_sort_idx").on(t.eventId, t.ticketType, t.sort),
    index("tickets_org_idx").on(t.organizationId),
  ],
);

export const discountTypes = ["percent", "amount"] as const;
export type DiscountType = (typeof discountTypes)[number];

export const promoCodes = sqliteTable(
  "promo_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    discountType: text("discount_type", { enum: discountTypes }).notNull().default("percent"),
    // Percent in basis points (10000 = 100 %) or an amount in cents.
    discountValue: integer("discount_value").notNull().default(0),
    maxUses: integer("max_uses").notNull().default(-1),
    useCount: integer("use_count").notNull().default(0),
    startAt: time("start_at"),
    endAt: time("end_at"),
    appliesToAllTickets: bool("applies_to_all_tickets").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("promo_codes_event_code_unique").on(t.eventId, t.code)],
);

export const promoCodeTickets = sqliteTable(
  "promo_code_tickets",
  {
    promoCodeId: integer("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.ticketId] }), index("promo_code_tickets_ticket_idx").on(t.ticketId)],
);

export const formTypes = ["before", "before-tickets"] as const;

export const participationForms = sqliteTable(
  "participation_forms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    formType: text("form_type", { enum: formTypes }).notNull(),
    title: text("title").notNull().default(""),
    singleFill: bool("single_fill").notNull().default(true),
    // JSON list of questions, in display order.
    questions: text("questions").notNull().default("[]"),
    // 'all' or a JSON list of ticket ids.
    ticketTarget: text("ticket_target").notNull().default("all"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("participation_forms_event_type_unique").on(t.eventId, t.formType)],
);

export const orderStatuses = ["pending", "paid", "cancelled", "manual", "expired", "refunded"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull().default(""),
    amount: integer("amount").notNull().default(0),
    fees: integer("fees").notNull().default(0),
    netAmount: integer("net_amount").notNull().default(0),
    // Given back by partial refunds so far, and the platform fee part of it (decision 0058).
    refundedAmount: integer("refunded_amount").notNull().default(0),
    refundedFees: integer("refunded_fees").notNull().default(0),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    promoCodeId: integer("promo_code_id").references(() => promoCodes.id, { onDelete: "set null" }),
    promoCodeKey: text("promo_code_key"),
    // Seconds spent in checkout; 0 or less means the order was added manually.
    checkoutTime: integer("checkout_time").notNull().default(0),
    accessToken: text("access_token").notNull(),
    billing: text("billing"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    // The organizer's page that framed the booking widget: where the checkout sends the buyer back (decision 0053).
    checkoutReturnUrl: text("checkout_return_url"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    paidAt: time("paid_at"),
    payableUntil: time("payable_until"),
    // JSON of what the buyer entered (participants, answers), kept until confirmation writes the rows; NULL after.
    draft: text("draft"),
    locale: text("locale", { enum: ["fr", "en"] })
      .notNull()
      .default("fr"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The buyer asked for an invoice (checkbox at checkout or later from the order page; issue 29 §3).
    invoiceRequested: bool("invoice_requested").notNull().default(false),
    // The date of the order's places on a multi-date event when its lines share one (decision 0068); NULL otherwise.
    dateId: integer("date_id"),
  },
  (t) => [
    index("orders_event_date_created_idx").on(t.eventId, t.dateId, t.createdAt),
    index("orders_event_created_idx").on(t.eventId, t.createdAt),
    // The integrators' cursor list (issue 26 §4): the event's orders in id order (the index ends with the rowid).
    index("orders_event_scope_idx").on(t.eventId, t.organizationId),
    index("orders_event_status_idx").on(t.eventId, t.status),
    // Covers the dashboard's and the events home's sales sums: read from the index, never from the order rows.
    index("orders_event_status_amounts_idx").on(t.eventId, t.status, t.organizationId, t.amount, t.netAmount),
    index("orders_event_email_idx").on(t.eventId, t.email),
    // The orders table's sorts (migration 0009).
    index("orders_event_amount_idx").on(t.eventId, t.amount),
    index("orders_event_checkout_idx").on(t.eventId, t.checkoutTime),
    index("orders_org_created_idx").on(t.organizationId, t.createdAt),
    uniqueIndex("orders_checkout_session_unique").on(t.stripeCheckoutSessionId),
    uniqueIndex("orders_access_token_unique").on(t.accessToken),
    // Counts a promo code's unexpired pending orders (its uses held by checkouts in progress).
    index("orders_promo_status_payable_idx").on(t.promoCodeId, t.status, t.payableUntil),
  ],
);

/**
 * The lines of an order (booking, migration 0003). `held_until` is set while the order awaits payment: places taken
 * = tickets.purchased + the quantities of items whose held_until is still ahead; NULL once paid, cancelled or released.
 */
export const orderItems = sqliteTable(
  "order_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "no action" }),
    ticketType: text("ticket_type", { enum: ticketTypes }).notNull().default("ticket"),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull().default(0),
    // Whole line, cents.
    discount: integer("discount").notNull().default(0),
    fees: integer("fees").notNull().default(0),
    feesType: text("fees_type", { enum: feesTypes }).notNull().default("included"),
    heldUntil: time("held_until"),
    createdAt: createdAt(),
    // Units of the line refunded by partial refunds (decision 0058): a full refund frees quantity - refunded_quantity.
    // Last, as the migration adds it: the booking's insert … select lists the columns in this order.
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    // The VAT as sold (issue 29 §2, decision 0064), fixed at the sale: the rate in basis points and its name, the
    // line's net and VAT (unit price × quantity − discount), and the same for an `added` platform fee.
    taxRate: integer("tax_rate").notNull().default(0),
    taxRateName: text("tax_rate_name").notNull().default(""),
    net: integer("net").notNull().default(0),
    vat: integer("vat").notNull().default(0),
    feesNet: integer("fees_net").notNull().default(0),
    feesVat: integer("fees_vat").notNull().default(0),
    // The date the line's places are for (issue 30, decision 0068); NULL on a single-date event and for a pass, which
    // is valid on its ticket's dates (ticket_dates). No foreign key: a date is cancelled, never deleted, once sold.
    dateId: integer("date_id"),
  },
  (t) => [
    index("order_items_ticket_date_held_idx").on(t.ticketId, t.dateId, t.heldUntil, t.quantity),
    index("order_items_event_date_held_idx").on(t.eventId, t.dateId, t.heldUntil, t.ticketType, t.quantity),
    index("order_items_ticket_held_idx").on(t.ticketId, t.heldUntil, t.quantity),
    index("order_items_event_held_idx").on(t.eventId, t.heldUntil, t.ticketType, t.quantity),
    index("order_items_order_idx").on(t.orderId),
    // The cron's sweep of holds that ran out.
    index("order_items_held_idx").on(t.heldUntil),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const orderRefundStatuses = ["pending", "succeeded", "failed"] as const;
export type OrderRefundStatus = (typeof orderRefundStatuses)[number];

/**
 * The partial refunds of an order (decision 0058): reserved `pending` before the provider is asked, `succeeded` once
 * recorded, `failed` when the provider refused. `lines` is JSON [{orderItemId, units, amount, fee}]: what a credit
 * note reverses per line. `idempotency_key` makes a repeated request the same refund.
 */
export const orderRefunds = sqliteTable(
  "order_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status", { enum: orderRefundStatuses }).notNull().default("pending"),
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull().default(0),
    units: integer("units").notNull().default(0),
    lines: text("lines").notNull().default("[]"),
    closesOrder: bool("closes_order").notNull().default(false),
    providerReference: text("provider_reference"),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("order_refunds_idempotency_key_unique").on(t.idempotencyKey),
    index("order_refunds_order_idx").on(t.orderId, t.status),
    index("order_refunds_org_idx").on(t.organizationId),
    check("order_refunds_amount_not_negative", sql`${t.amount} >= 0`),
  ],
);

/** The participants a partial refund takes: one refund per participant, whoever races (decision 0058). */
export const orderRefundUnits = sqliteTable(
  "order_refund_units",
  {
    refundId: integer("refund_id")
      .notNull()
      .references(() => orderRefunds.id, { onDelete: "cascade" }),
    // No foreign key: the refund deletes the participant and the row stays as the record of what was refunded.
    participantId: integer("participant_id").notNull(),
    orderItemId: integer("order_item_id").notNull(),
  },
  (t) => [
    uniqueIndex("order_refund_units_participant_unique").on(t.participantId),
    index("order_refund_units_refund_idx").on(t.refundId),
  ],
);

/** Always empty: a booking batch inserts 0 here to fail its CHECK and roll the whole batch back (domain/booking). */
export const bookingGuards = sqliteTable("booking_guards", { ok: integer("ok").notNull() }, (t) => [
  check("booking_guards_ok", sql`${t.ok} = 1`),
]);

export const participants = sqliteTable(
  "participants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "no action" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull().default(""),
    // Lower-cased, accent-free "first last email" for search.
    searchText: text("search_text").notNull().default(""),
    ticketTitle: text("ticket_title").notNull(),
    ticketType: text("ticket_type", { enum: ticketTypes }).notNull().default("ticket"),
    price: integer("price").notNull().default(0),
    promoCodeKey: text("promo_code_key"),
    lastValidationAt: time("last_validation_at"),
    isIn: bool("is_in").notNull().default(false),
    eventDate: time("event_date"),
    accessToken: text("access_token").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The participant's date on a multi-date event (decision 0068); NULL on a single-date event and for a pass.
    dateId: integer("date_id"),
  },
  (t) => [
    index("participants_event_date_id_idx").on(t.eventId, t.organizationId, t.dateId, t.id),
    index("participants_ticket_date_idx").on(t.ticketId, t.dateId),
    index("participants_event_created_idx").on(t.eventId, t.createdAt),
    // Covers the participant count and the per-day chart: (event, tenant, ticket type) rows in created_at order.
    index("participants_event_type_created_idx").on(t.eventId, t.organizationId, t.ticketType, t.createdAt, t.orderId),
    index("participants_event_last_name_idx").on(t.eventId, t.lastName),
    index("participants_event_email_idx").on(t.eventId, t.email),
    index("participants_event_ticket_idx").on(t.eventId, t.ticketId),
    // The participants table's sorts (migration 0009): each sortable column pages from an index.
    index("participants_event_price_idx").on(t.eventId, t.price),
    index("participants_event_validation_idx").on(t.eventId, t.lastValidationAt),
    index("participants_event_promo_idx").on(t.eventId, t.promoCodeKey),
    index("participants_event_date_idx").on(t.eventId, t.eventDate),
    index("participants_event_ticket_title_idx").on(t.eventId, t.ticketTitle),
    index("participants_event_order_idx").on(t.eventId, t.orderId),
    // The table's default order (id desc), its deep pages and its search (migration 0015): (event, tenant) rows in id
    // order with their search_text, so a search pages and counts from the index and reads only the rows it shows.
    index("participants_event_scope_idx").on(t.eventId, t.organizationId, t.id, t.searchText),
    index("participants_order_idx").on(t.orderId),
    index("participants_ticket_idx").on(t.ticketId),
    uniqueIndex("participants_access_token_unique").on(t.accessToken),
  ],
);

/**
 * The participants search's tokens (migration 0034, decision 0069): every suffix of three characters or more of each
 * space-separated word of `participants.search_text`, cut to 16 characters, so that a typed word found anywhere in the
 * text is the prefix of one of its row's tokens. Kept by triggers on `participants` (insert, a change of search_text
 * or event, delete: in the migration only, drizzle does not model them), so no write path can forget it. A plain
 * B-tree, not a virtual table: `wrangler d1 export` keeps working.
 */
export const participantSearchTokens = sqliteTable(
  "participant_search_tokens",
  {
    eventId: integer("event_id").notNull(),
    token: text("token").notNull(),
    participantId: integer("participant_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.token, t.participantId] })],
);

/**
 * Sales figures kept up to date in the same batch as each confirmation, refund, cancellation or deletion (migration
 * 0004, domain/sales-figures): the dashboard and the events home read these instead of aggregating rows.
 * participants: ticket-type participants of holding orders; orders/gross/fees/net: sale orders (order-status.ts).
 */
export const salesFigures = sqliteTable("sales_figures", {
  eventId: integer("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  organizationId: integer("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  participants: integer("participants").notNull().default(0),
  orders: integer("orders").notNull().default(0),
  gross: integer("gross").notNull().default(0),
  fees: integer("fees").notNull().default(0),
  net: integer("net").notNull().default(0),
  updatedAt: updatedAt(),
});

/** The same figures per calendar day of the event's time zone (`day` = YYYY-MM-DD), for the dashboard chart. */
export const salesFigureDays = sqliteTable(
  "sales_figure_days",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    participants: integer("participants").notNull().default(0),
    orders: integer("orders").notNull().default(0),
    gross: integer("gross").notNull().default(0),
    fees: integer("fees").notNull().default(0),
    net: integer("net").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day] })],
);

export const formAnswers = sqliteTable(
  "form_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    participantId: integer("participant_id").references(() => participants.id, { onDelete: "cascade" }),
    formType: text("form_type", { enum: formTypes }).notNull(),
    questionId: text("question_id").notNull(),
    questionTitle: text("question_title").notNull().default(""),
    // JSON: a string, or a list of option ids for choice questions.
    value: text("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("form_answers_order_idx").on(t.orderId),
    index("form_answers_participant_idx").on(t.participantId),
    index("form_answers_event_question_idx").on(t.eventId, t.questionId),
  ],
);

export const participantChangeKinds = ["edit", "transfer"] as const;
export type ParticipantChangeKind = (typeof participantChangeKinds)[number];

/** A buyer's change to a ticket from the order page (migration 0026): the organizer reads it in the participant's history. */
export const participantChanges = sqliteTable(
  "participant_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: participantChangeKinds }).notNull(),
    previousFirstName: text("previous_first_name").notNull(),
    previousLastName: text("previous_last_name").notNull(),
    previousEmail: text("previous_email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    // Whether the participant form's answers changed too (their values live in form_answers).
    answersChanged: bool("answers_changed").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("participant_changes_participant_idx").on(t.participantId, t.createdAt)],
);

export const waitingListStatuses = ["waiting", "offered", "booked", "expired", "removed"] as const;
export type WaitingListStatus = (typeof waitingListStatuses)[number];

/*
 * A ticket's waiting list (issue 28 §3, docs/decisions/0059-waiting-list.md). The line order is the id. An offer holds
 * `offered_quantity` places until `offer_expires_at`: domain/booking/held-places.ts counts them with the order items'
 * holds, so the stock SQL that guards bookings sees them.
 */
export const waitingListEntries = sqliteTable(
  "waiting_list_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    quantity: integer("quantity").notNull().default(1),
    locale: text("locale").notNull().default("fr"),
    // The person's credential: their personal link (leave the list, book an offer). Never shown to the organizer.
    accessToken: text("access_token").notNull(),
    status: text("status", { enum: waitingListStatuses }).notNull().default("waiting"),
    offeredQuantity: integer("offered_quantity").notNull().default(0),
    offeredAt: time("offered_at"),
    offerExpiresAt: time("offer_expires_at"),
    // Offers made to this entry so far (an organizer may offer again after an expiry).
    offerCount: integer("offer_count").notNull().default(0),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    consentAt: time("consent_at").notNull(),
    removedAt: time("removed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The offer (its offer_count) whose email was handed to the provider: the minute sweep re-queues an offer's email
    // whose hand-off to the queue was lost (migration 0031). Last, as the migration adds it.
    offerEmailedCount: integer("offer_emailed_count").notNull().default(0),
  },
  (t) => [
    index("waiting_list_ticket_status_idx").on(t.ticketId, t.status, t.id),
    index("waiting_list_ticket_offer_idx").on(t.ticketId, t.status, t.offerExpiresAt, t.offeredQuantity),
    index("waiting_list_event_offer_idx").on(t.eventId, t.status, t.offerExpiresAt, t.offeredQuantity),
    index("waiting_list_event_created_idx").on(t.eventId, t.id),
    uniqueIndex("waiting_list_access_token_unique").on(t.accessToken),
    uniqueIndex("waiting_list_ticket_email_open_unique")
      .on(t.ticketId, t.email)
      .where(sql`status in ('waiting', 'offered')`),
  ],
);

export const entries = sqliteTable(
  "entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    isIn: bool("is_in").notNull(),
    validatedAt: time("validated_at").notNull(),
    validatedBy: integer("validated_by").references(() => users.id, { onDelete: "set null" }),
    // The scanner's own UUID for the scan (migration 0005): a replayed scan finds its entry instead of writing twice.
    clientId: text("client_id"),
    createdAt: createdAt(),
    // The date scanned for on a multi-date event (decision 0068): a pass enters once per date.
    dateId: integer("date_id"),
  },
  (t) => [
    index("entries_event_date_validated_idx").on(t.eventId, t.dateId, t.validatedAt),
    uniqueIndex("entries_event_client_unique").on(t.eventId, t.clientId),
    index("entries_event_validated_idx").on(t.eventId, t.validatedAt),
    index("entries_participant_idx").on(t.participantId, t.validatedAt),
    index("entries_event_in_participant_idx").on(t.eventId, t.organizationId, t.isIn, t.participantId),
    // The integrators' cursor list (issue 26 §4): the event's scans in id order (the index ends with the rowid).
    index("entries_event_scope_idx").on(t.eventId, t.organizationId),
  ],
);

export const eventRoles = ["event_manager", "team_manager", "validator"] as const;
export type EventRole = (typeof eventRoles)[number];

export const eventAccesses = sqliteTable(
  "event_accesses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    // Pipe-separated event roles, e.g. "validator|event_manager".
    roles: text("roles").notNull().default("validator"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("event_accesses_event_user_unique").on(t.eventId, t.userId),
    index("event_accesses_user_idx").on(t.userId),
  ],
);

/**
 * Invitations to join an organization (issue 24 §2, docs/decisions/0037-invitations.md): nobody becomes a member
 * without accepting. With an event, accepting also gives the access to that event with `event_roles`. Only the hash of
 * the emailed token is stored. Pending = neither accepted nor revoked, and not expired.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    // Normalized (trimmed, lower-cased).
    email: text("email").notNull(),
    role: text("role", { enum: organizationRoles }).notNull().default(""),
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    // Pipe-separated event roles given with the event access.
    eventRoles: text("event_roles"),
    tokenHash: text("token_hash").notNull(),
    invitedByUserId: integer("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    locale: text("locale"),
    createdAt: createdAt(),
    sentAt: time("sent_at").notNull(),
    expiresAt: time("expires_at").notNull(),
    acceptedAt: time("accepted_at"),
    acceptedByUserId: integer("accepted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: time("revoked_at"),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_unique").on(t.tokenHash),
    // One open invitation per email and organization (event_id null), and one per email and event.
    uniqueIndex("invitations_open_organization_unique")
      .on(t.organizationId, t.email)
      .where(sql`event_id is null and accepted_at is null and revoked_at is null`),
    uniqueIndex("invitations_open_event_unique")
      .on(t.eventId, t.email)
      .where(sql`event_id is not null and accepted_at is null and revoked_at is null`),
    index("invitations_email_idx").on(t.email),
  ],
);

export const contactEntries = sqliteTable(
  "contact_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    subject: text("subject").notNull().default(""),
    message: text("message").notNull().default(""),
    isRead: bool("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("contact_entries_org_id_idx").on(t.organizationId, t.id)],
);

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    // "whsec_" + base64; several separated by spaces during rotation.
    secret: text("secret").notNull(),
    // Until when the previous secret (the first of two) still signs after a rotation; null on endpoints rotated before
    // the grace period existed (both sign until the next rotation).
    previousSecretExpiresAt: time("previous_secret_expires_at"),
    // JSON list of subscribed event types; empty means all.
    eventTypes: text("event_types").notNull().default("[]"),
    enabled: bool("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    // Deliveries that failed for good since the last success; reset by a success.
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    disabledAt: time("disabled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_org_idx").on(t.organizationId)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: time("next_attempt_at"),
    lastResponseStatus: integer("last_response_status"),
    lastError: text("last_error"),
    deliveredAt: time("delivered_at"),
    // When the delivery was last handed to the queue; NULL while it waits for the first hand-off.
    enqueuedAt: time("enqueued_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt),
    uniqueIndex("webhook_deliveries_endpoint_message_unique").on(t.endpointId, t.messageId),
    index("webhook_deliveries_status_next_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** One row per attempt to deliver a webhook: what the endpoint answered, for the delivery log. */
export const webhookDeliveryAttempts = sqliteTable(
  "webhook_delivery_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    responseStatus: integer("response_status"),
    error: text("error"),
    responseExcerpt: text("response_excerpt").notNull().default(""),
    durationMs: integer("duration_ms").notNull().default(0),
    attemptedAt: time("attempted_at").notNull(),
  },
  (t) => [index("webhook_delivery_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);

export const payoutStatuses = ["pending", "paid", "failed", "cancelled"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payouts = sqliteTable(
  "payouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    providerPayoutId: text("provider_payout_id"),
    bankAccountName: text("bank_account_name").notNull().default(""),
    amount: integer("amount").notNull(),
    status: text("status", { enum: payoutStatuses }).notNull().default("pending"),
    initiatedAt: time("initiated_at").notNull(),
    estimatedAt: time("estimated_at"),
    // The payout job's period ("daily:2026-11-26", "weekly:2026-11-23", "monthly:2026-11"; migration 0011): at most one
    // payout per organization and period, whatever runs the job at once. NULL for payouts made otherwise.
    periodKey: text("period_key"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    settledAt: time("settled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payouts_org_initiated_idx").on(t.organizationId, t.initiatedAt),
    uniqueIndex("payouts_provider_unique").on(t.providerPayoutId),
    uniqueIndex("payouts_org_period_unique").on(t.organizationId, t.periodKey),
    index("payouts_status_idx").on(t.status, t.organizationId),
    index("payouts_org_status_initiated_idx").on(t.organizationId, t.status, t.initiatedAt),
    index("payouts_org_amount_idx").on(t.organizationId, t.amount),
    index("payouts_org_estimated_idx").on(t.organizationId, t.estimatedAt),
  ],
);

export const transactionTypes = ["charge", "refund", "payout", "adjustment"] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const transactions = sqliteTable(
  "transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    payoutId: integer("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    type: text("type", { enum: transactionTypes }).notNull(),
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull().default(0),
    net: integer("net").notNull(),
    providerReference: text("provider_reference"),
    description: text("description").notNull().default(""),
    occurredAt: time("occurred_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("transactions_org_occurred_idx").on(t.organizationId, t.occurredAt),
    // The integrators' cursor list (issue 26 §4): the ledger in id order (the index ends with the rowid).
    index("transactions_org_idx").on(t.organizationId),
    index("transactions_order_idx").on(t.orderId),
    // The finance ledger's filters and sorts (migration 0012).
    index("transactions_org_type_occurred_idx").on(t.organizationId, t.type, t.occurredAt),
    index("transactions_org_event_occurred_idx").on(t.organizationId, t.eventId, t.occurredAt),
    index("transactions_org_amount_idx").on(t.organizationId, t.amount),
    index("transactions_org_net_idx").on(t.organizationId, t.net),
    index("transactions_org_order_idx").on(t.organizationId, t.orderId),
    uniqueIndex("transactions_provider_reference_unique").on(t.providerReference),
  ],
);

export const processedProviderEvents = sqliteTable("processed_provider_events", {
  // Stripe (or demo) event id: deliveries can come twice.
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

export const images = sqliteTable(
  "images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    // R2 key prefix, e.g. "events/12/banner"; sizes are stored as "{prefix}-{size}.webp".
    keyPrefix: text("key_prefix").notNull(),
    ownerType: text("owner_type", { enum: ["event", "organization"] }).notNull(),
    ownerId: integer("owner_id").notNull(),
    contentType: text("content_type").notNull().default("image/webp"),
    sizes: text("sizes").notNull().default("[]"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("images_key_prefix_unique").on(t.keyPrefix),
    index("images_owner_idx").on(t.ownerType, t.ownerId),
  ],
);

export const auditLogs = sqliteTable(
  "audit_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull().default(""),
    targetId: text("target_id").notNull().default(""),
    data: text("data").notNull().default("{}"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_org_created_idx").on(t.organizationId, t.createdAt),
    index("audit_logs_target_idx").on(t.targetType, t.targetId),
  ],
);

export const devMailbox = sqliteTable(
  "dev_mailbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    // JSON [{ filename, contentType, content (base64) }] (migration 0008), NULL without attachments.
    attachments: text("attachments"),
    replyTo: text("reply_to"),
    createdAt: createdAt(),
  },
  (t) => [index("dev_mailbox_to_created_idx").on(t.to, t.createdAt)],
);

/**
 * "refund": the buyer's refund notice (decision 0041); "holder-ticket": a ticket holder's own tickets (decision 0042).
 * A text column, so a new kind needs no migration.
 */
export const orderEmailKinds = ["confirmation", "refund", "holder-ticket"] as const;
/** "due": recorded by the sale's batch, not yet claimed; "skipped": nothing to send (no ticket, no usable address). */
export const orderEmailDeliveryStatuses = ["due", "sending", "sent", "failed", "skipped"] as const;

/**
 * The sent marker of each order email delivery (migration 0008, docs/decisions/0016-order-email-outbox.md): claimed
 * ("sending") before the send, "sent" after it, so a redelivered queue message finds it and sends nothing. `key` names
 * one delivery: `order-confirmation:{orderId}` for the first confirmation, a fresh one per resend.
 */
export const orderEmailDeliveries = sqliteTable(
  "order_email_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind", { enum: orderEmailKinds }).notNull().default("confirmation"),
    status: text("status", { enum: orderEmailDeliveryStatuses }).notNull().default("sending"),
    attempts: integer("attempts").notNull().default(1),
    claimedAt: time("claimed_at").notNull(),
    sentAt: time("sent_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_email_deliveries_key_unique").on(t.key),
    index("order_email_deliveries_order_idx").on(t.orderId),
  ],
);

/**
 * The emails an organization had the platform send on one UTC day (decision 0038, domain/emails/email-quota.ts):
 * `sent` is raised in the same batch as the emails' outbox rows, and the CHECK refuses a raise past `quota` (the
 * organization's daily quota, copied at each raise), which rolls the whole batch back: nothing is half-sent.
 */
export const emailQuotaUsage = sqliteTable(
  "email_quota_usage",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    // YYYY-MM-DD, UTC.
    day: text("day").notNull(),
    sent: integer("sent").notNull(),
    quota: integer("quota").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day] }),
    check("email_quota_usage_within_quota", sql`${t.sent} <= ${t.quota}`),
  ],
);

/**
 * Sends reserved ahead for a participant import (decision 0038): its check call counts the whole file's emails into
 * `email_quota_usage` at once and gets this token; each chunk spends from `remaining` in its own batch (the CHECK stops
 * a chunk that would spend more than was reserved).
 */
export const emailSendReservations = sqliteTable(
  "email_send_reservations",
  {
    token: text("token").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    remaining: integer("remaining").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("email_send_reservations_remaining", sql`${t.remaining} >= 0`),
    index("email_send_reservations_event_idx").on(t.eventId),
  ],
);

export const apiKeyScopes = [
  "events:read",
  "events:write",
  "orders:read",
  "participants:write",
  "check_ins:write",
  "finance:read",
] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];
export const apiKeyModes = ["live", "test"] as const;
export type ApiKeyMode = (typeof apiKeyModes)[number];

/**
 * An organization's API keys (issue 26 §1, decision 0047). The key text is shown once at creation; only its SHA-256
 * (hex) is stored. `prefix` is the start of the key shown in the list. A key acts as the user who created it for
 * attribution (created_by of events, validated_by of entries), so it goes with that user's account.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // JSON array of ApiKeyScope.
    scopes: text("scopes").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    mode: text("mode", { enum: apiKeyModes }).notNull(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: time("last_used_at"),
    lastUsedIp: text("last_used_ip"),
    revokedAt: time("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash_unique").on(t.secretHash),
    index("api_keys_organization_idx").on(t.organizationId, t.createdAt),
  ],
);

/**
 * Messages to attendees (issue 27, docs/decisions/0054-attendee-messages.md): written by the organizer ("message"),
 * sent by an event's reminder ("reminder") or offered when a published event's date or place changes ("change").
 * `body` is sanitized HTML with `{variables}`; `segment` the JSON of who receives it (domain/attendee-messages/segment.ts).
 * "failed": the send was refused as a whole (the daily email quota), nothing went out.
 */
export const attendeeMessageKinds = ["message", "reminder", "change"] as const;
export type AttendeeMessageKind = (typeof attendeeMessageKinds)[number];
export const attendeeMessageStatuses = ["draft", "scheduled", "sending", "sent", "failed"] as const;
export type AttendeeMessageStatus = (typeof attendeeMessageStatuses)[number];

export const attendeeMessages = sqliteTable(
  "attendee_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: attendeeMessageKinds }).notNull().default("message"),
    reminderId: integer("reminder_id").references((): AnySQLiteColumn => eventReminders.id, { onDelete: "set null" }),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull().default(""),
    segment: text("segment").notNull().default('{"type":"all"}'),
    status: text("status", { enum: attendeeMessageStatuses }).notNull().default("draft"),
    scheduledAt: time("scheduled_at"),
    // When the last send started; `sendCount` sends so far (a second one needs the organizer's confirmation).
    sentAt: time("sent_at"),
    sendCount: integer("send_count").notNull().default(0),
    // Recipients of the last send, fixed when it started.
    recipientCount: integer("recipient_count").notNull().default(0),
    failureReason: text("failure_reason"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("attendee_messages_event_created_idx").on(t.eventId, t.organizationId, t.createdAt),
    // The cron's scheduled sends.
    index("attendee_messages_status_scheduled_idx").on(t.status, t.scheduledAt),
  ],
);

export const attendeeMessageRecipientStatuses = ["queued", "sending", "sent", "failed", "bounced"] as const;
export type AttendeeMessageRecipientStatus = (typeof attendeeMessageRecipientStatuses)[number];

/**
 * One row per recipient of one send of a message, written with the send (the outbox): the queue's jobs claim ranges of
 * ids, so a redelivered job finds its rows sent and sends nothing. `dedupeKey` ("email:…" or "order:…") makes one
 * email per address, or per order for the buyers-only segment. The per-recipient values are fixed at send time.
 */
export const attendeeMessageRecipients = sqliteTable(
  "attendee_message_recipients",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    messageId: integer("message_id")
      .notNull()
      .references(() => attendeeMessages.id, { onDelete: "cascade" }),
    sendNumber: integer("send_number").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    participantId: integer("participant_id").references(() => participants.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    ticketTitle: text("ticket_title").notNull().default(""),
    locale: text("locale", { enum: ["fr", "en"] })
      .notNull()
      .default("fr"),
    status: text("status", { enum: attendeeMessageRecipientStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: time("claimed_at"),
    sentAt: time("sent_at"),
    lastError: text("last_error"),
    // The provider's id of the sent email (Resend), to match its bounce reports.
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("attendee_message_recipients_send_unique").on(t.messageId, t.sendNumber, t.dedupeKey),
    index("attendee_message_recipients_message_status_idx").on(t.messageId, t.sendNumber, t.status),
    index("attendee_message_recipients_provider_idx").on(t.providerMessageId),
    // The sweep of deliveries whose job was lost.
    index("attendee_message_recipients_status_claimed_idx").on(t.status, t.claimedAt),
  ],
);

/** A buyer's "no more messages about this event" (non-essential ones; reminders and change notices still go out). */
export const attendeeMessageOptOuts = sqliteTable(
  "attendee_message_opt_outs",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.email] })],
);

export const reminderOffsetUnits = ["minutes", "hours", "days"] as const;
export type ReminderOffsetUnit = (typeof reminderOffsetUnits)[number];

/**
 * An event's automatic reminders, relative to its start (issue 27 §2): "days" are calendar days in the event's time
 * zone (same wall-clock time), "hours" and "minutes" exact durations. Empty subject and body: the default text in each
 * recipient's language. `sentForStartAt` is the start the last send was for: a moved event is reminded again.
 */
export const eventReminders = sqliteTable(
  "event_reminders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    offsetValue: integer("offset_value").notNull().default(24),
    offsetUnit: text("offset_unit", { enum: reminderOffsetUnits }).notNull().default("hours"),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull().default(""),
    enabled: bool("enabled").notNull().default(true),
    // When the reminder is due for the event's current start (UTC), kept by every write of the reminder or the start,
    // so the cron finds due reminders on an index.
    dueAt: time("due_at"),
    sentForStartAt: time("sent_for_start_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("event_reminders_event_idx").on(t.eventId, t.position),
    index("event_reminders_due_idx").on(t.enabled, t.dueAt),
  ],
);

export const invoiceModes = ["always", "on-request"] as const;
export type InvoiceMode = (typeof invoiceModes)[number];

/*
 * The seller's details printed on invoices (issue 29 §1, docs/decisions/0063-billing-details.md): one row per
 * organization, written the first time « Facturation » is saved. `country` is ISO 3166-1 alpha-2.
 */
export const organizationBilling = sqliteTable("organization_billing", {
  organizationId: integer("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull().default(""),
  address: text("address").notNull().default(""),
  postalCode: text("postal_code").notNull().default(""),
  city: text("city").notNull().default(""),
  country: text("country").notNull().default("FR"),
  // Stored normalised: country prefix, no spaces or dots (FR12345678901).
  vatNumber: text("vat_number").notNull().default(""),
  companyNumber: text("company_number").notNull().default(""),
  invoicePrefix: text("invoice_prefix").notNull().default(""),
  legalMentions: text("legal_mentions").notNull().default(""),
  vatRegistered: bool("vat_registered").notNull().default(true),
  // Printed instead of VAT when the organization is not VAT-registered ("TVA non applicable, art. 293 B du CGI").
  vatExemptionMention: text("vat_exemption_mention").notNull().default(""),
  invoiceMode: text("invoice_mode", { enum: invoiceModes }).notNull().default("on-request"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/*
 * An organization's named VAT rates (issue 29 §2). `rate` in basis points of the tax-excluded price (550 = 5.5 %).
 * A rate some sale used is archived, never deleted: its lines keep their rate by value anyway, the row keeps its name.
 */
export const taxRates = sqliteTable(
  "tax_rates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    rate: integer("rate").notNull(),
    isDefault: bool("is_default").notNull().default(false),
    sort: integer("sort").notNull().default(0),
    archivedAt: time("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tax_rates_org_sort_idx").on(t.organizationId, t.sort),
    uniqueIndex("tax_rates_org_default_unique")
      .on(t.organizationId)
      .where(sql`is_default = 1 and archived_at is null`),
  ],
);

/*
 * One invoice numbering series per organization and year (issue 29 §3, decision 0065): the counter row is bumped in
 * the same D1 batch that inserts the document, so numbers have no gap and no duplicate.
 */
export const invoiceCounters = sqliteTable(
  "invoice_counters",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.year] })],
);

export const invoiceKinds = ["invoice", "credit-note"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/*
 * Invoices and credit notes (issue 29 §3–4, decision 0065), immutable once issued (triggers refuse any UPDATE). The
 * seller's and buyer's details are copied as issued; `event_id` and `order_id` carry no foreign key so that a
 * document outlives what it documents. A credit note points at its invoice and, for a partial refund, the refund.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id").notNull(),
    orderId: integer("order_id").notNull(),
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    // The printed number: prefix, year and the sequence (FAC-2026-0001).
    number: text("number").notNull(),
    // Credit notes: the invoice they correct, and the refund they document (NULL: a full refund).
    invoiceId: integer("invoice_id"),
    refundId: integer("refund_id"),
    issuedAt: time("issued_at").notNull(),
    currency: text("currency").notNull().default("EUR"),
    // JSON snapshots as issued.
    seller: text("seller").notNull(),
    buyer: text("buyer").notNull(),
    // Sums of the lines (negative on a credit note).
    gross: integer("gross").notNull(),
    net: integer("net").notNull(),
    vat: integer("vat").notNull(),
    locale: text("locale", { enum: ["fr", "en"] })
      .notNull()
      .default("fr"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_org_year_sequence_unique").on(t.organizationId, t.year, t.sequence),
    uniqueIndex("invoices_order_invoice_unique")
      .on(t.orderId)
      .where(sql`kind = 'invoice'`),
    uniqueIndex("invoices_refund_credit_note_unique")
      .on(t.refundId)
      .where(sql`refund_id is not null`),
    index("invoices_org_issued_idx").on(t.organizationId, t.issuedAt),
    index("invoices_org_event_issued_idx").on(t.organizationId, t.eventId, t.issuedAt),
    index("invoices_invoice_idx").on(t.invoiceId),
  ],
);

export const invoiceLineKinds = ["ticket", "addon", "fee"] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];

/** A document's lines as issued (amounts tax included, with the net and VAT of decision 0064). */
export const invoiceLines = sqliteTable(
  "invoice_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    organizationId: integer("organization_id").notNull(),
    position: integer("position").notNull(),
    orderItemId: integer("order_item_id"),
    kind: text("kind", { enum: invoiceLineKinds }).notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitGross: integer("unit_gross").notNull(),
    gross: integer("gross").notNull(),
    rate: integer("rate").notNull(),
    rateName: text("rate_name").notNull().default(""),
    net: integer("net").notNull(),
    vat: integer("vat").notNull(),
  },
  (t) => [index("invoice_lines_invoice_idx").on(t.invoiceId, t.position)],
);

export const eventDateStatuses = ["on_sale", "sold_out", "cancelled"] as const;
export type EventDateStatus = (typeof eventDateStatuses)[number];
export type EventDate = typeof eventDates.$inferSelect;

/**
 * The dates of a multi-date event (issue 30, docs/decisions/0068-event-dates-and-quotas.md). An event without rows
 * here is a single-date event, as before: its date is events.start_at/end_at. With rows, events.start_at/end_at span
 * the first start to the last end (kept by the dates' use-cases), so lists and sorts of events stay as they are.
 * `sold` counts the places (tickets, not add-ons) sold on the date, passes included: kept by triggers on participants
 * (migration 0033), so a booking's guard reads one row. A sold date is cancelled, never deleted.
 */
export const eventDates = sqliteTable(
  "event_dates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    startAt: time("start_at").notNull(),
    endAt: time("end_at"),
    // The place, when it differs from the event's (NULL label: the event's place).
    addressLabel: text("address_label"),
    addressName: text("address_name"),
    addressLatitude: integer("address_latitude_e6"),
    addressLongitude: integer("address_longitude_e6"),
    status: text("status", { enum: eventDateStatuses }).notNull().default("on_sale"),
    // Places on this date across its tickets; -1: no limit of its own.
    capacity: integer("capacity").notNull().default(-1),
    sold: integer("sold").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("event_dates_event_start_idx").on(t.eventId, t.organizationId, t.startAt),
    index("event_dates_org_idx").on(t.organizationId),
    check("event_dates_capacity", sql`${t.capacity} >= -1`),
  ],
);

/**
 * A number of places shared by a set of tickets (decision 0068): on one date (`date_id`) or on every date of the
 * event (NULL). A unit of ticket T on date D draws on the quota when T is one of its tickets and the quota is for D,
 * for every date, or for a date the pass T covers. `sold` is kept by triggers on participants and recounted when the
 * quota's tickets or a pass's dates change.
 */
export const quotas = sqliteTable(
  "quotas",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    dateId: integer("date_id").references(() => eventDates.id, { onDelete: "cascade" }),
    sold: integer("sold").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quotas_event_idx").on(t.eventId, t.organizationId, t.dateId),
    check("quotas_size", sql`${t.size} >= 0`),
  ],
);

export const quotaTickets = sqliteTable(
  "quota_tickets",
  {
    quotaId: integer("quota_id")
      .notNull()
      .references(() => quotas.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.quotaId, t.ticketId] }),
    index("quota_tickets_ticket_idx").on(t.ticketId, t.quotaId),
  ],
);

/**
 * A pass: the dates one unit of the ticket is valid on (decision 0068). A ticket of a multi-date event without rows
 * here is sold per date, the buyer picking it; with rows, it is a pass for those dates.
 */
export const ticketDates = sqliteTable(
  "ticket_dates",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    dateId: integer("date_id")
      .notNull()
      .references(() => eventDates.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.dateId] }), index("ticket_dates_date_idx").on(t.dateId, t.ticketId)],
);
