import { manualConfirmationsDueStatement } from "../order-documents/order-email-outbox";
import { getTableColumns, is, sql, SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { orders, participants, tickets } from "#db/schema";
import { clearGuards, guardStatement, stockAllows } from "../booking/stock-sql";
import { searchTextOf } from "../participants/word-start";
import {
  FIGURE_COUNTERS,
  orderFigureChanges,
  salesFigureStatements,
  type SalesFigureChange,
} from "../sales-figures/sales-figures";
import { ordersWebhookStatement, participantsWebhookStatement } from "../webhooks/sales-webhook-statements";
import { generateRandomToken } from "../shared/crypto";

export type ManualOrderPerson = { firstName: string; lastName: string; email: string };
export type ManualOrder = {
  buyer: ManualOrderPerson;
  /** `dateId`: the participant's date on a multi-date event (decision 0068), checked by placeManualOrders. */
  participants: (ManualOrderPerson & { ticketId: number; dateId?: number | null })[];
};
export type ManualOrderTicket = {
  id: number;
  title: string;
  price: number;
  ticketType: "ticket" | "addon";
};
export type ManualOrderEvent = {
  id: number;
  organizationId: number;
  timezone: string;
  /** The event's dates by id (their start): a multi-date event's guards check the dates too (decision 0068). */
  dateStarts?: ReadonlyMap<number, number>;
};

/**
 * Orders per INSERT … SELECT FROM json_each(?) statement: one bound parameter carries the rows (D1 binds at most 100
 * parameters per statement, but a parameter may hold up to 2 MB), so 10,000 imported rows make a handful of
 * statements instead of thousands.
 */
const ORDERS_PER_STATEMENT = 2000;

/**
 * The SELECT list of `INSERT INTO table SELECT …` for every column of the table in its declared order (drizzle's
 * insert-select names them all): the given expression, else the column's own default, else NULL. Columns other
 * helpers add later simply take their defaults.
 */
function selectList(table: SQLiteTable, values: Record<string, SQL>): SQL {
  const columns = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
  return sql.join(
    columns.map(([key, column]) => {
      const value = values[key];
      if (value) return value;
      if (column.default !== undefined)
        return is(column.default, SQL) ? column.default : sql`${column.mapToDriverValue(column.default)}`;
      return sql`null`;
    }),
    sql`, `,
  );
}

const field = (name: string) => sql.raw(`json_extract(j.value, '$.${name}')`);

/** The date every participant of the order is for, when they share one (orders.date_id). */
function sharedDateOf(order: ManualOrder): number | null {
  const first = order.participants[0]?.dateId ?? null;
  return first !== null && order.participants.every((p) => (p.dateId ?? null) === first) ? first : null;
}

/**
 * One atomic batch that writes manual orders (status manual, nothing paid through us: amount 0, checkout_time 0) and
 * their participants, counting each ticket into `purchased` under the same conditional rules as a sale: for each
 * ticket, a guard checks that its quantity fits the ticket's stock and (tickets only) the event capacity with the
 * earlier tickets of the batch already counted, then adds it. A failed guard rolls back the whole batch: the import
 * or the order is refused whole. The sales figures change in the same batch.
 */
export function manualOrdersStatements(
  db: Database,
  event: ManualOrderEvent,
  ticketsById: ReadonlyMap<number, ManualOrderTicket>,
  input: ManualOrder[],
  now: number,
  options: {
    confirmationsDue?: boolean;
    /** The statement that counts the confirmations against the email quota (domain/emails/email-quota.ts). */
    emailQuota?: BatchItem<"sqlite">;
  } = {},
): { statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]; orderTokens: string[] } {
  const createdAt = new Date(now);
  // Per ticket and date: a multi-date event's guards check each date's room (decision 0068).
  const quantities = new Map<string, { ticketId: number; dateId: number | null; quantity: number }>();
  for (const order of input)
    for (const participant of order.participants) {
      const dateId = participant.dateId ?? null;
      const key = `${participant.ticketId}:${dateId ?? ""}`;
      const line = quantities.get(key) ?? { ticketId: participant.ticketId, dateId, quantity: 0 };
      line.quantity += 1;
      quantities.set(key, line);
    }

  const stock: BatchItem<"sqlite">[] = [];
  // Tickets first, then add-ons: each guard sees the places the earlier statements of the batch added.
  const typeOf = (id: number) => (ticketsById.get(id)!.ticketType === "ticket" ? 0 : 1);
  const ordered = [...quantities.values()].sort(
    (a, b) => typeOf(a.ticketId) - typeOf(b.ticketId) || a.ticketId - b.ticketId || (a.dateId ?? 0) - (b.dateId ?? 0),
  );
  const dated = (event.dateStarts?.size ?? 0) > 0;
  for (const { ticketId, dateId, quantity } of ordered) {
    stock.push(guardStatement(db, stockAllows({ ticketId, eventId: event.id, dateId, dated }, quantity, now)));
    stock.push(
      db
        .update(tickets)
        .set({ purchased: sql`${tickets.purchased} + ${quantity}`, updatedAt: createdAt })
        .where(sql`${tickets.id} = ${ticketId} and ${tickets.eventId} = ${event.id}`),
    );
  }

  const orderTokens = input.map(() => generateRandomToken());
  const writes: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < input.length; start += ORDERS_PER_STATEMENT) {
    const slice = input.slice(start, start + ORDERS_PER_STATEMENT);
    const orderJson = JSON.stringify(
      slice.map((order, i) => ({
        t: orderTokens[start + i],
        f: order.buyer.firstName,
        l: order.buyer.lastName,
        e: order.buyer.email,
        d: sharedDateOf(order),
      })),
    );
    writes.push(
      db.insert(orders).select(
        sql`select ${selectList(orders, {
          id: sql`null`,
          organizationId: sql`${event.organizationId}`,
          eventId: sql`${event.id}`,
          firstName: field("f"),
          lastName: field("l"),
          email: field("e"),
          amount: sql`0`,
          fees: sql`0`,
          netAmount: sql`0`,
          status: sql`'manual'`,
          checkoutTime: sql`0`,
          accessToken: field("t"),
          createdAt: sql`${now}`,
          updatedAt: sql`${now}`,
          dateId: field("d"),
        })} from json_each(${orderJson}) j`,
      ),
    );
    const participantJson = JSON.stringify(
      slice.flatMap((order, i) =>
        order.participants.map((p) => {
          const ticket = ticketsById.get(p.ticketId)!;
          return {
            o: orderTokens[start + i],
            k: ticket.id,
            tt: ticket.title,
            ty: ticket.ticketType,
            pr: ticket.price,
            f: p.firstName,
            l: p.lastName,
            e: p.email,
            s: searchTextOf(p),
            a: generateRandomToken(),
            d: p.dateId ?? null,
            ed: p.dateId ? (event.dateStarts?.get(p.dateId) ?? null) : null,
          };
        }),
      ),
    );
    writes.push(
      db.insert(participants).select(
        sql`select ${selectList(participants, {
          id: sql`null`,
          organizationId: sql`${event.organizationId}`,
          eventId: sql`${event.id}`,
          orderId: sql`o.id`,
          ticketId: field("k"),
          firstName: field("f"),
          lastName: field("l"),
          email: field("e"),
          searchText: field("s"),
          ticketTitle: field("tt"),
          ticketType: field("ty"),
          price: field("pr"),
          accessToken: field("a"),
          createdAt: sql`${now}`,
          updatedAt: sql`${now}`,
          dateId: field("d"),
          eventDate: field("ed"),
        })} from json_each(${participantJson}) j
          join orders o on o.access_token = json_extract(j.value, '$.o')`,
      ),
    );
  }

  // Every order and participant here is dated `now`: their figure changes add up to one change (one day to compute).
  const total: SalesFigureChange = { at: createdAt, participants: 0, orders: 0, gross: 0, fees: 0, net: 0 };
  for (const order of input)
    for (const change of orderFigureChanges(
      { status: "manual", amount: 0, fees: 0, netAmount: 0, paidAt: null, createdAt },
      order.participants.map((p) => ({ createdAt, ticketType: ticketsById.get(p.ticketId)!.ticketType })),
    ))
      for (const counter of FIGURE_COUNTERS) total[counter] = (total[counter] ?? 0) + (change[counter] ?? 0);
  const figures = salesFigureStatements(db, {
    organizationId: event.organizationId,
    eventId: event.id,
    timezone: event.timezone,
    changes: [total],
  });

  // Outgoing webhooks for what this batch wrote (docs/decisions/0019-outgoing-webhooks.md).
  const tokens = sql`(select value from json_each(${JSON.stringify(orderTokens)}))`;
  const reported = [
    ordersWebhookStatement(db, {
      type: "order.created",
      where: sql`o.event_id = ${event.id} and o.access_token in ${tokens}`,
      occurredAt: createdAt,
    }),
    participantsWebhookStatement(db, {
      type: "participant.created",
      organizationId: event.organizationId,
      where: sql`p.order_id in (select id from orders where event_id = ${event.id} and access_token in ${tokens})`,
      occurredAt: createdAt,
    }),
  ];

  // The outbox (docs/decisions/0016-order-email-outbox.md): the confirmations asked for are due with the orders.
  const emails = options.confirmationsDue
    ? [
        manualConfirmationsDueStatement(db, { eventId: event.id, accessTokens: orderTokens, at: createdAt }),
        ...(options.emailQuota ? [options.emailQuota] : []),
      ]
    : [];

  const [first, ...rest] = [...stock, ...writes, ...figures, ...reported, ...emails, clearGuards(db)];
  return { statements: [first!, ...rest], orderTokens };
}
