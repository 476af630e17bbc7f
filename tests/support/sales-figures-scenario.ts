import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import {
  orderFigureChanges,
  orderFiguresDelta,
  participantsFiguresDelta,
  salesFigureStatements,
} from "#domain/sales-figures/sales-figures";
import { insertEvent, insertOrganization, insertTicket, unique, type Ticket } from "./fixtures";

/**
 * Sales figures kept incrementally the way the booking, payment, participant and manual-order code keeps them (each
 * change in the batch of the write it goes with, guarded by the status it leaves), on whichever driver `db` is: the
 * same scenario runs on libSQL (unit) and D1 (worker).
 */

type EventRow = typeof schema.events.$inferSelect;
type Place = { ticket: Ticket; count: number };

export type FiguresSnapshot = {
  totals: { participants: number; orders: number; gross: number; fees: number; net: number }[];
  days: { day: string; participants: number; orders: number; gross: number; fees: number; net: number }[];
};

export async function readFigures(db: Database, eventId: number): Promise<FiguresSnapshot> {
  const totals = await db
    .select({
      participants: schema.salesFigures.participants,
      orders: schema.salesFigures.orders,
      gross: schema.salesFigures.gross,
      fees: schema.salesFigures.fees,
      net: schema.salesFigures.net,
    })
    .from(schema.salesFigures)
    .where(eq(schema.salesFigures.eventId, eventId));
  const days = await db
    .select({
      day: schema.salesFigureDays.day,
      participants: schema.salesFigureDays.participants,
      orders: schema.salesFigureDays.orders,
      gross: schema.salesFigureDays.gross,
      fees: schema.salesFigureDays.fees,
      net: schema.salesFigureDays.net,
    })
    .from(schema.salesFigureDays)
    .where(eq(schema.salesFigureDays.eventId, eventId))
    .orderBy(asc(schema.salesFigureDays.day));
  // A day whose figures all went back to zero says the same as no row: compare without them.
  return {
    totals,
    days: days.filter((d) => d.participants !== 0 || d.orders !== 0 || d.gross !== 0 || d.fees !== 0 || d.net !== 0),
  };
}

/** The same figures counted from the rows with plain SQL, independently of domain/sales-figures. */
export async function recountTotals(db: Database, eventId: number) {
  const [row] = await db.all<{ participants: number; orders: number; gross: number; fees: number; net: number }>(sql`
    select
      (select count(*) from participants p join orders o on o.id = p.order_id
        where p.event_id = ${eventId} and p.ticket_type = 'ticket' and o.status in ('paid', 'manual', 'pending')) as participants,
      (select count(*) from orders where event_id = ${eventId} and status in ('paid', 'manual')) as orders,
      (select coalesce(sum(amount), 0) from orders where event_id = ${eventId} and status in ('paid', 'manual')) as gross,
      (select coalesce(sum(fees), 0) from orders where event_id = ${eventId} and status in ('paid', 'manual')) as fees,
      (select coalesce(sum(net_amount), 0) from orders where event_id = ${eventId} and status in ('paid', 'manual')) as net`);
  return {
    participants: Number(row!.participants),
    orders: Number(row!.orders),
    gross: Number(row!.gross),
    fees: Number(row!.fees),
    net: Number(row!.net),
  };
}

function runBatch(db: Database, statements: BatchItem<"sqlite">[]) {
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

async function placePending(db: Database, event: EventRow, amount: number, fees: number, at: Date) {
  const [order] = await db
    .insert(schema.orders)
    .values({
      organizationId: event.organizationId,
      eventId: event.id,
      email: "buyer@exemple.test",
      amount,
      fees,
      netAmount: amount - fees,
      status: "pending",
      accessToken: unique("order"),
      payableUntil: new Date(at.getTime() + 30 * 60_000),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return order!;
}

function participantRows(event: EventRow, orderId: number, places: Place[], at: Date) {
  return places.flatMap((place) =>
    Array.from({ length: place.count }, () => ({
      organizationId: event.organizationId,
      eventId: event.id,
      orderId,
      ticketId: place.ticket.id,
      ticketTitle: place.ticket.title,
      ticketType: place.ticket.ticketType,
      price: place.ticket.price,
      accessToken: unique("participant"),
      createdAt: at,
      updatedAt: at,
    })),
  );
}

/** pending → paid with its participants, in one batch guarded by "still pending" (what confirmOrder does). */
export async function confirm(db: Database, event: EventRow, orderId: number, places: Place[], at: Date) {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  const rows = participantRows(event, orderId, places, at);
  const stillPending = sql`exists (select 1 from "orders" where "id" = ${orderId} and "status" = 'pending')`;
  const statements: BatchItem<"sqlite">[] = [
    ...salesFigureStatements(db, {
      organizationId: event.organizationId,
      eventId: event.id,
      timezone: event.timezone,
      onlyIf: stillPending,
      changes: orderFigureChanges({ ...order!, status: "paid", paidAt: at }, rows),
    }),
  ];
  // Participants only when the order really moves out of pending (a second confirmation inserts nothing). Inlined
  // parameters: drizzle's D1 batch binds none on raw statements.
  for (const row of rows)
    statements.push(
      db.run(
        sql`insert into "participants" ("organization_id", "event_id", "order_id", "ticket_id", "ticket_title", "ticket_type", "price", "access_token", "created_at", "updated_at")
        select ${row.organizationId}, ${row.eventId}, ${row.orderId}, ${row.ticketId}, ${row.ticketTitle}, ${row.ticketType}, ${row.price}, ${row.accessToken}, ${at.getTime()}, ${at.getTime()}
        where ${stillPending}`.inlineParams(),
      ),
    );
  statements.push(
    db
      .update(schema.orders)
      .set({ status: "paid", paidAt: at, updatedAt: at })
      .where(and(eq(schema.orders.id, orderId), eq(schema.orders.status, "pending"))),
  );
  await runBatch(db, statements);
}

/** A paid or manual order leaves the figures (refund, cancellation), guarded by the status it leaves. */
export async function leave(db: Database, orderId: number, to: "refunded" | "cancelled") {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  const delta = await orderFiguresDelta(db, { orderId });
  const still = sql`exists (select 1 from "orders" where "id" = ${orderId} and "status" = ${order!.status})`;
  await runBatch(db, [
    ...(delta ? salesFigureStatements(db, { ...delta, onlyIf: still }) : []),
    db
      .update(schema.orders)
      .set({ status: to })
      .where(and(eq(schema.orders.id, orderId), eq(schema.orders.status, order!.status))),
  ]);
}

export async function deleteParticipants(db: Database, participantIds: number[]) {
  const delta = await participantsFiguresDelta(db, { participantIds });
  await runBatch(db, [
    ...(delta ? salesFigureStatements(db, delta) : []),
    db.delete(schema.participants).where(inArray(schema.participants.id, participantIds)),
  ]);
}

/** A manual order entered by the organizer: its participants and its figures in one batch (H7's add-by-hand). */
export async function addManual(db: Database, event: EventRow, places: Place[], at: Date) {
  const [order] = await db
    .insert(schema.orders)
    .values({
      organizationId: event.organizationId,
      eventId: event.id,
      status: "manual",
      accessToken: unique("order"),
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const rows = participantRows(event, order!.id, places, at);
  await runBatch(db, [
    ...salesFigureStatements(db, {
      organizationId: event.organizationId,
      eventId: event.id,
      timezone: event.timezone,
      changes: orderFigureChanges(order!, rows),
    }),
    db.insert(schema.participants).values(rows),
  ]);
  return order!;
}

/**
 * Confirmations across local midnight and the spring DST change in Paris, a webhook delivered twice, refunds (one
 * repeated), a cancellation of a manual order, deletions of a free participant and of an add-on, an expired order.
 */
export async function runFiguresScenario(db: Database, options: { organizationId?: number } = {}) {
  const organizationId = options.organizationId ?? (await insertOrganization(db)).id;
  const event = await insertEvent(db, organizationId, { title: "Festival des figures", timezone: "Europe/Paris" });
  const paidTicket = await insertTicket(db, event, { title: "Plein tarif", price: 2500 });
  const freeTicket = await insertTicket(db, event, { title: "Invitation", price: 0, isFree: true });
  const addon = await insertTicket(db, event, { title: "Vestiaire", price: 300, ticketType: "addon" });

  // 23:30 in Paris on 28 March (winter time), then 00:30 on 30 March (summer time).
  const lateEvening = new Date("2026-03-28T22:30:00Z");
  const afterDst = new Date("2026-03-29T22:30:00Z");
  const noon = new Date("2026-04-02T10:00:00Z");

  const first = await placePending(db, event, 5300, 105, lateEvening);
  await confirm(
    db,
    event,
    first.id,
    [
      { ticket: paidTicket, count: 2 },
      { ticket: addon, count: 1 },
    ],
    lateEvening,
  );
  // The same payment delivered twice: nothing more.
  await confirm(db, event, first.id, [{ ticket: paidTicket, count: 2 }], lateEvening);

  const second = await placePending(db, event, 2500, 63, afterDst);
  await confirm(db, event, second.id, [{ ticket: paidTicket, count: 1 }], afterDst);

  const free = await placePending(db, event, 0, 0, noon);
  await confirm(db, event, free.id, [{ ticket: freeTicket, count: 3 }], noon);

  const third = await placePending(db, event, 2800, 67, noon);
  await confirm(
    db,
    event,
    third.id,
    [
      { ticket: paidTicket, count: 1 },
      { ticket: addon, count: 1 },
    ],
    noon,
  );

  // Never paid: no participants, no figures.
  const abandoned = await placePending(db, event, 2500, 63, noon);
  await db.update(schema.orders).set({ status: "expired" }).where(eq(schema.orders.id, abandoned.id));

  const manual = await addManual(db, event, [{ ticket: freeTicket, count: 2 }], noon);

  await leave(db, second.id, "refunded");
  await leave(db, second.id, "refunded");
  await leave(db, manual.id, "cancelled");

  const freeParticipants = await db
    .select({ id: schema.participants.id })
    .from(schema.participants)
    .where(eq(schema.participants.orderId, free.id));
  await deleteParticipants(db, [freeParticipants[0]!.id]);
  const addonRows = await db
    .select({ id: schema.participants.id })
    .from(schema.participants)
    .where(and(eq(schema.participants.orderId, third.id), eq(schema.participants.ticketType, "addon")));
  await deleteParticipants(
    db,
    addonRows.map((row) => row.id),
  );

  return { event, orders: { first, second, free, third, manual, abandoned } };
}
