import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/database";
import { events } from "../../db/schema";
import { DAY_MS, isValidTimeZone, offsetSegments } from "../events/event-time-zone";
import { PARTICIPANT_ORDER_STATUSES, SALE_ORDER_STATUSES } from "../orders/order-status";

/**
 * Recomputes the sales figures from the rows (orders, participants), for one event or every event that has orders or
 * figures. Each event is rewritten in one batch (delete, then aggregate in SQL), so a sale landing meanwhile is either
 * counted by the recount or added after it, never lost or counted twice. Days are the event's calendar days: the zone's
 * UTC offsets over the event's sales are computed here, split at the DST changes, and SQL groups by the shifted time.
 */
export async function rebuildSalesFigures(db: Database, input: { eventId?: number } = {}): Promise<{ events: number }> {
  const targets =
    input.eventId !== undefined
      ? await db
          .select({ id: events.id, organizationId: events.organizationId, timezone: events.timezone })
          .from(events)
          .where(eq(events.id, input.eventId))
      : await db.all<{ id: number; organizationId: number; timezone: string }>(
          sql`select "id", "organization_id" as "organizationId", "timezone" from "events" where "id" in (
            select "event_id" from "orders" union select "event_id" from "sales_figures"
            union select "event_id" from "sales_figure_days") order by "id"`,
        );
  for (const event of targets) await rebuildEvent(db, event);
  return { events: targets.length };
}

async function rebuildEvent(db: Database, event: { id: number; organizationId: number; timezone: string }) {
  const timezone = isValidTimeZone(event.timezone) ? event.timezone : "UTC";
  const holding = sql.join(
    PARTICIPANT_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const sale = sql.join(
    SALE_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [range] = await db.all<{
    first: number | null;
    last: number | null;
  }>(sql`select min("first") as "first", max("last") as "last" from (
      select min("created_at") as "first", max("created_at") as "last" from "participants" where "event_id" = ${event.id}
      union all
      select min(coalesce("paid_at", "created_at")), max(coalesce("paid_at", "created_at")) from "orders" where "event_id" = ${event.id})`);
  const first = range?.first === null || range?.first === undefined ? Date.now() : Number(range.first);
  const last = range?.last === null || range?.last === undefined ? Date.now() : Number(range.last);
  const segments = offsetSegments(timezone, first - DAY_MS, last + DAY_MS);
  const day = (column: string) => localDaySql(column, segments);

  const participantsOfEvent = sql`from "participants" inner join "orders" on "orders"."id" = "participants"."order_id"
    where "participants"."event_id" = ${event.id} and "participants"."organization_id" = ${event.organizationId}
    and "participants"."ticket_type" = 'ticket' and "orders"."status" in (${holding})`;
  const salesOfEvent = sql`from "orders" where "orders"."event_id" = ${event.id}
    and "orders"."organization_id" = ${event.organizationId} and "orders"."status" in (${sale})`;

  // Inlined parameters (numbers and constants computed here): drizzle's D1 batch binds none on raw statements.
  const run = (statement: SQL) => db.run(statement.inlineParams());
  await db.batch([
    run(sql`delete from "sales_figure_days" where "event_id" = ${event.id}`),
    run(sql`delete from "sales_figures" where "event_id" = ${event.id}`),
    run(sql`insert into "sales_figures" ("event_id", "organization_id", "participants", "orders", "gross", "fees", "net", "updated_at")
      select ${event.id}, ${event.organizationId}, (select count(*) ${participantsOfEvent}), "orders", "gross", "fees", "net", ${Date.now()}
      from (select count(*) as "orders", coalesce(sum("amount" - "refunded_amount"), 0) as "gross",
        coalesce(sum("fees" - "refunded_fees"), 0) as "fees",
        coalesce(sum("net_amount" - "refunded_amount" + "refunded_fees"), 0) as "net" ${salesOfEvent})
      where exists (select 1 from "orders" where "event_id" = ${event.id})`),
    run(sql`insert into "sales_figure_days" ("event_id", "day", "organization_id", "participants")
      select ${event.id}, ${day(`"participants"."created_at"`)} as "local_day", ${event.organizationId}, count(*)
      ${participantsOfEvent} group by "local_day"`),
    run(sql`insert into "sales_figure_days" ("event_id", "day", "organization_id", "orders", "gross", "fees", "net")
      select ${event.id}, ${day(`coalesce("orders"."paid_at", "orders"."created_at")`)} as "local_day", ${event.organizationId},
        count(*), sum("amount" - "refunded_amount"), sum("fees" - "refunded_fees"),
        sum("net_amount" - "refunded_amount" + "refunded_fees")
      ${salesOfEvent} group by "local_day"
      on conflict ("event_id", "day") do update set "orders" = excluded."orders", "gross" = excluded."gross",
        "fees" = excluded."fees", "net" = excluded."net"`),
  ]);
}

/**
 * SQL text of the "YYYY-MM-DD" local day of an epoch-ms column: (t + offset(t)) / DAY_MS, the offset picked from the
 * segments. The numbers are computed here, never user input, so they are inlined (D1 caps bound parameters).
 */
function localDaySql(column: string, segments: { from: number | null; offsetMs: number }[]): SQL {
  const offset =
    segments.length === 1
      ? String(segments[0]!.offsetMs)
      : `case ${segments
          .slice(1)
          .map((segment, index) => `when ${column} < ${segment.from} then ${segments[index]!.offsetMs}`)
          .join(" ")} else ${segments[segments.length - 1]!.offsetMs} end`;
  return sql.raw(`date(((${column}) + (${offset})) / ${DAY_MS} * 86400, 'unixepoch')`);
}
