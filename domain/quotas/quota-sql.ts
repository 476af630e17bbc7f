import { sql, type SQL } from "drizzle-orm";

/**
 * The rows of `table` (participants or order_items, each with ticket_id and date_id) that draw on the quota of the
 * current row of an outer statement on `quotas` (decision 0068): the row's ticket is one of the quota's tickets, and
 * the quota is for every date, for the row's date, or the row has no date and its ticket is a pass covering the
 * quota's date. The same rule as the triggers of migration 0033, written once for the recounts (the holds: held-places.ts). Names
 * are qualified: inside an UPDATE of quotas, a bare `id` would be the quota's.
 */
export function drawsOnQuotaSql(table: "participants" | "order_items"): SQL {
  const row = sql.raw(table);
  return sql`${row}.ticket_id in (select quota_tickets.ticket_id from quota_tickets where quota_tickets.quota_id = quotas.id)
    and (quotas.date_id is null or ${row}.date_id = quotas.date_id
      or (${row}.date_id is null and exists (select 1 from ticket_dates where ticket_dates.ticket_id = ${row}.ticket_id and ticket_dates.date_id = quotas.date_id)))`;
}

/** The places sold on the quota of the current `quotas` row: its participants, counted as the triggers count them. */
export const quotaSoldCountSql: SQL<number> = sql<number>`(select count(*) from participants where participants.event_id = quotas.event_id and participants.organization_id = quotas.organization_id and ${drawsOnQuotaSql("participants")})`;

/**
 * The places of tickets (not add-ons) sold on the date of the current `event_dates` row, passes covering it
 * included: `event_dates.sold` as the triggers keep it, for a recount.
 */
export const dateSoldCountSql: SQL<number> = sql<number>`(select count(*) from participants where participants.event_id = event_dates.event_id and participants.organization_id = event_dates.organization_id and participants.ticket_type = 'ticket'
  and (participants.date_id = event_dates.id
    or (participants.date_id is null and exists (select 1 from ticket_dates where ticket_dates.ticket_id = participants.ticket_id and ticket_dates.date_id = event_dates.id))))`;
