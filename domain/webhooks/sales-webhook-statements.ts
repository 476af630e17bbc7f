import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import type { WebhookEventType } from "./webhook-event-types";
import { webhookEventsFromQuery, type WebhookTime } from "./webhook-event-statement";

/** An epoch-ms column as ISO 8601 (UTC, milliseconds), as the API writes dates; NULL stays null. */
const iso = (column: SQL) =>
  sql`case when ${column} is null then null else strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch') end`;

/** An order as the API shows a payment (spec §3 Payment / Order), built by the database from the row. */
const orderJson = sql`json_object(
  'id', o.id, 'event', o.event_id,
  'full_name', trim(o.first_name || ' ' || o.last_name), 'first_name', o.first_name, 'last_name', o.last_name,
  'email', o.email, 'amount', o.amount, 'fees', o.fees, 'net_amount', o.net_amount, 'status', o.status,
  'promo_code_key', o.promo_code_key, 'checkout_time', o.checkout_time,
  'paid_at', ${iso(sql`o.paid_at`)}, 'payable_until', ${iso(sql`o.payable_until`)},
  'created_at', ${iso(sql`o.created_at`)})`;

/** A participant (ticket row) as the API shows it (spec §3 Participant). */
const participantJson = sql`json_object(
  'id', p.id, 'event', p.event_id, 'payment', p.order_id, 'ticket', p.ticket_id,
  'full_name', trim(p.first_name || ' ' || p.last_name), 'first_name', p.first_name, 'last_name', p.last_name,
  'email', p.email, 'ticket_title', p.ticket_title, 'ticket_type', p.ticket_type, 'price', p.price,
  'promo_code_key', p.promo_code_key, 'last_validation', ${iso(sql`p.last_validation_at`)},
  'created_at', ${iso(sql`p.created_at`)})`;

/**
 * `order.*` for one order, read as the batch left it: place it after the order's write in the same batch (a batch
 * that rolls back records nothing). `onlyStatus` skips the event when the order did not end in that status.
 */
export function orderWebhookStatement(
  db: Database,
  input: {
    type: WebhookEventType;
    orderId: number | SQL | Placeholder;
    /** When known, the order must belong to it (defence in depth; the row's own organization is used anyway). */
    organizationId?: number | Placeholder;
    onlyStatus?: string;
    /** The status the event reports, for a statement placed just before the update that sets it. */
    reportStatus?: string;
    occurredAt?: Date | WebhookTime;
  },
) {
  const data = input.reportStatus ? sql`json_set(${orderJson}, '$.status', ${input.reportStatus})` : orderJson;
  const statusCheck = input.onlyStatus ? sql`and o.status = ${input.onlyStatus}` : sql``;
  const tenantCheck = input.organizationId === undefined ? sql`` : sql`and o.organization_id = ${input.organizationId}`;
  return webhookEventsFromQuery(db, {
    type: input.type,
    occurredAt: input.occurredAt,
    source: sql`select o.organization_id, ${data} as data from orders o
      where o.id = ${input.orderId} ${tenantCheck} ${statusCheck}`,
  });
}

/** `order.*` for each order the condition selects (alias `o`), e.g. the manual orders a batch just wrote. */
export function ordersWebhookStatement(db: Database, input: { type: WebhookEventType; where: SQL; occurredAt?: Date }) {
  return webhookEventsFromQuery(db, {
    type: input.type,
    occurredAt: input.occurredAt,
    source: sql`select o.organization_id, ${orderJson} as data from orders o where ${input.where}`,
  });
}

/** `participant.*` for each participant the condition selects (alias `p`), e.g. the ones an order just created. */
export function participantsWebhookStatement(
  db: Database,
  input: { type: WebhookEventType; where: SQL; organizationId?: number; occurredAt?: Date },
) {
  const tenantCheck = input.organizationId === undefined ? sql`` : sql`p.organization_id = ${input.organizationId} and`;
  return webhookEventsFromQuery(db, {
    type: input.type,
    occurredAt: input.occurredAt,
    source: sql`select p.organization_id, ${participantJson} as data from participants p
      where ${tenantCheck} (${input.where})`,
  });
}

/**
 * `check_in.created` for the entry a scan wrote (spec §3 Entry), to place right after the entry's insert: recorded
 * only when that insert wrote a row (a replayed scan writes nothing and reports nothing).
 */
export function checkInWebhookStatement(db: Database, input: { eventId: number; clientId: string; occurredAt?: Date }) {
  return webhookEventsFromQuery(db, {
    type: "check_in.created",
    occurredAt: input.occurredAt,
    source: sql`select e.organization_id, json_object(
        'id', e.id, 'event', e.event_id, 'ticket', e.ticket_id,
        'participant', json_object('id', p.id, 'first_name', p.first_name, 'last_name', p.last_name),
        'is_in', json(case when e.is_in then 'true' else 'false' end),
        'validated_at', ${iso(sql`e.validated_at`)}) as data
      from entries e join participants p on p.id = e.participant_id
      where e.event_id = ${input.eventId} and e.client_id = ${input.clientId} and changes() > 0`,
  });
}
