import { sql, type SQL } from "drizzle-orm";
import type { AttendeeMessageKind } from "#db/schema";
import { paymentStatusesSql, type PaymentStatus } from "../orders/order-status";
import * as v from "valibot";

/** The participants table's selection sent to "Écrire aux participants sélectionnés" is bounded. */
export const MAX_SELECTED_PARTICIPANTS = 1000;
export const MAX_SEGMENT_TICKETS = 100;

const SEGMENT_INVALID = "attendee-messages:errors.message-segment-invalid";
const id = v.pipe(v.number(SEGMENT_INVALID), v.integer(SEGMENT_INVALID), v.minValue(1, SEGMENT_INVALID));
const ids = (max: number) =>
  v.pipe(v.array(id, SEGMENT_INVALID), v.minLength(1, SEGMENT_INVALID), v.maxLength(max, SEGMENT_INVALID));

/**
 * The order statuses a message may pick, as the orders table's badge shows them (order-status.ts, the one home of the
 * rule): paid, entered by hand, or awaiting payment and not expired. Together they are every order that may be
 * written to; cancelled, expired and refunded orders get nothing.
 */
export const segmentOrderStatuses = ["paid", "manual", "pending"] as const satisfies readonly PaymentStatus[];

/**
 * Who receives a message (docs/decisions/0054-attendee-messages.md), as the API and the page send it. `placed_before`
 * (epoch ms) is set by reminders only: orders placed after the reminder's time are left out.
 */
export const messageSegmentSchema = v.variant(
  "type",
  [
    v.object({ type: v.literal("all") }),
    v.object({ type: v.literal("buyers") }),
    v.object({ type: v.literal("tickets"), ticket_ids: ids(MAX_SEGMENT_TICKETS) }),
    v.object({
      type: v.literal("order_status"),
      statuses: v.pipe(
        v.array(v.picklist(segmentOrderStatuses, SEGMENT_INVALID), SEGMENT_INVALID),
        v.minLength(1, SEGMENT_INVALID),
        v.maxLength(3, SEGMENT_INVALID),
      ),
    }),
    v.object({ type: v.literal("check_in"), checked_in: v.boolean(SEGMENT_INVALID) }),
    v.object({ type: v.literal("participants"), participant_ids: ids(MAX_SELECTED_PARTICIPANTS) }),
    // The participants of dates of a multi-date event, pass holders included (issue 30 §4, decision 0068).
    v.object({ type: v.literal("dates"), date_ids: ids(MAX_SEGMENT_TICKETS) }),
  ],
  SEGMENT_INVALID,
);
export type MessageSegment = v.InferOutput<typeof messageSegmentSchema> & { placed_before?: number };

/** A stored segment (JSON); an unreadable one is the whole audience's, which the send's checks still bound. */
export function parseStoredSegment(json: string): MessageSegment {
  try {
    const value = JSON.parse(json) as { placed_before?: unknown };
    const parsed = v.safeParse(messageSegmentSchema, value);
    if (!parsed.success) return { type: "all" };
    const placedBefore = typeof value.placed_before === "number" ? value.placed_before : undefined;
    return placedBefore === undefined ? parsed.output : { ...parsed.output, placed_before: placedBefore };
  } catch {
    return { type: "all" };
  }
}

/**
 * The recipients of a segment as one SELECT (the count before sending and the outbox's insert use the same one):
 * one row per distinct email address (the lowest participant id's values), or per order for buyers and order
 * statuses. Only the organizer's messages (`kind` "message") leave out the addresses that stopped the event's
 * messages: reminders and change notices are essential and reach everyone (docs/decisions/0054-attendee-messages.md).
 */
export function recipientsSelect(
  segment: MessageSegment,
  input: { eventId: number; organizationId: number; now: number; kind: AttendeeMessageKind },
): SQL {
  const { eventId, organizationId, now } = input;
  const placedBefore =
    segment.placed_before === undefined ? sql`` : sql` and orders.created_at <= ${Math.trunc(segment.placed_before)}`;
  const notOptedOut = (emailSql: string) =>
    input.kind === "message"
      ? sql.raw(
          ` and not exists (select 1 from attendee_message_opt_outs x where x.event_id = ${Math.trunc(eventId)} and x.email = ${emailSql})`,
        )
      : sql``;

  // The orders table keeps its own name (no alias) so order-status.ts's SQL twins apply as they are.
  const live = paymentStatusesSql(segmentOrderStatuses, now)!;
  if (segment.type === "buyers" || segment.type === "order_status") {
    const statuses = segment.type === "order_status" ? paymentStatusesSql(segment.statuses, now)! : live;
    return sql`select 'order:' || orders.id as dedupe_key, null as participant_id, orders.id as order_id, lower(orders.email) as email,
        orders.first_name as first_name, orders.last_name as last_name,
        coalesce((select p.ticket_title from participants p where p.order_id = orders.id and p.ticket_type = 'ticket' order by p.id limit 1), '') as ticket_title,
        orders.locale as locale
      from orders
      where orders.event_id = ${eventId} and orders.organization_id = ${organizationId} and orders.email like '%@%' and (${statuses})${placedBefore}${notOptedOut("lower(orders.email)")}`;
  }

  const filter: SQL =
    segment.type === "tickets"
      ? sql` and p.ticket_id in (select value from json_each(${JSON.stringify(segment.ticket_ids)}))`
      : segment.type === "check_in"
        ? sql` and p.is_in = ${segment.checked_in ? 1 : 0}`
        : segment.type === "participants"
          ? sql` and p.id in (select value from json_each(${JSON.stringify(segment.participant_ids)}))`
          : segment.type === "dates"
            ? sql` and (p.date_id in (select value from json_each(${JSON.stringify(segment.date_ids)}))
                or (p.date_id is null and p.ticket_id in (select td.ticket_id from ticket_dates td
                  where td.date_id in (select value from json_each(${JSON.stringify(segment.date_ids)})))))`
            : sql``;
  const address = "lower(coalesce(nullif(p.email, ''), orders.email))";
  // SQLite: with min(), the bare columns come from the row holding the minimum (the lowest participant id).
  return sql`select 'email:' || ${sql.raw(address)} as dedupe_key, min(p.id) as participant_id, p.order_id as order_id,
      ${sql.raw(address)} as email,
      case when p.email <> '' then p.first_name else orders.first_name end as first_name,
      case when p.email <> '' then p.last_name else orders.last_name end as last_name,
      p.ticket_title as ticket_title, orders.locale as locale
    from participants p join orders on orders.id = p.order_id
    where p.event_id = ${eventId} and p.organization_id = ${organizationId} and (${live})
      and ${sql.raw(address)} like '%@%'${filter}${placedBefore}${notOptedOut(address)}
    group by ${sql.raw(address)}`;
}
