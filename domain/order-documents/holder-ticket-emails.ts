import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, orderEmailDeliveries, orders, participants } from "#db/schema";
import { countEmailIfAllowedStatement, emailQuotaAllows, quotaDay } from "../emails/email-quota";
import { isValidEmail, normalizeEmail } from "../shared/email";

/*
 * Each ticket holder whose email differs from the buyer's gets their own tickets by email (issue 25 §7), unless the
 * event's organizer turned it off (events.send_holder_tickets, on by default). They go through the order-email outbox
 * (docs/decisions/0016-order-email-outbox.md) with one delivery key per holder address, recorded once the buyer's
 * confirmation is sent, so a holder never hears of an order before its buyer does.
 */

// A transferred ticket's email carries the transfer's time: one email per new holder, however often a ticket moves.
const HOLDER_KEY = /^holder-ticket:(\d{1,15}):(\d{1,15})(?::transfer-\d{1,15})?$/;

/** The delivery key of one holder's email: the order and the first of that holder's participant rows. */
export function holderTicketDeliveryKey(orderId: number, participantId: number): string {
  return `holder-ticket:${orderId}:${participantId}`;
}

/** The delivery key of the email a ticket's new holder gets once the buyer transferred it (domain/self-service). */
export function transferredTicketDeliveryKey(orderId: number, participantId: number, at: number): string {
  return `${holderTicketDeliveryKey(orderId, participantId)}:transfer-${at}`;
}

export function parseHolderTicketKey(key: string | undefined): { orderId: number; participantId: number } | null {
  const match = key ? HOLDER_KEY.exec(key) : null;
  return match ? { orderId: Number(match[1]), participantId: Number(match[2]) } : null;
}

export type TicketHolder = { email: string; firstName: string; participantIds: number[] };

/**
 * The order's ticket holders to write to: one per distinct valid address that is not the buyer's, with the participant
 * rows that carry it (in id order, the first names the delivery).
 */
export async function listTicketHolders(db: Database, orderId: number): Promise<TicketHolder[]> {
  const [order] = await db.select({ email: orders.email }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return [];
  const buyer = normalizeEmail(order.email);
  const rows = await db
    .select({ id: participants.id, email: participants.email, firstName: participants.firstName })
    .from(participants)
    .where(eq(participants.orderId, orderId))
    .orderBy(asc(participants.id));
  const holders = new Map<string, TicketHolder>();
  for (const row of rows) {
    const email = normalizeEmail(row.email);
    if (!isValidEmail(email) || email === buyer) continue;
    const holder = holders.get(email);
    if (holder) holder.participantIds.push(row.id);
    else holders.set(email, { email: row.email.trim(), firstName: row.firstName, participantIds: [row.id] });
  }
  return [...holders.values()];
}

/**
 * The holder a delivery key names: the address of its participant row, with every row of the order carrying it (a
 * transferred ticket's row need not be the first of its address).
 */
export async function findTicketHolder(
  db: Database,
  input: { orderId: number; participantId: number },
): Promise<TicketHolder | null> {
  const holders = await listTicketHolders(db, input.orderId);
  return holders.find((holder) => holder.participantIds.includes(input.participantId)) ?? null;
}

/**
 * The "due" outbox row of the email a transferred ticket's new holder gets, to place in the transfer's batch after
 * the participant's update: written only when `onlyIf` holds then (the transfer happened). The holder's email does
 * not depend on the event's `send_holder_tickets`: after a transfer, it is the new holder's only way to the ticket.
 */
export function transferredTicketEmailStatement(
  db: Database,
  input: { organizationId: number; eventId: number; orderId: number; participantId: number; at: number; onlyIf: SQL },
) {
  // insert…select lists every column in schema order; each gets its value by name.
  const values: Partial<Record<keyof typeof orderEmailDeliveries.$inferInsert, unknown>> = {
    organizationId: input.organizationId,
    eventId: input.eventId,
    orderId: input.orderId,
    key: transferredTicketDeliveryKey(input.orderId, input.participantId, input.at),
    kind: "holder-ticket",
    status: "due",
    attempts: 0,
    claimedAt: input.at,
    createdAt: input.at,
  };
  const selected = Object.keys(getTableColumns(orderEmailDeliveries)).map((name) =>
    name in values ? sql`${values[name as keyof typeof values]}` : sql`null`,
  );
  return db
    .insert(orderEmailDeliveries)
    .select(sql`select ${sql.join(selected, sql`, `)} where ${input.onlyIf}`)
    .onConflictDoNothing({ target: orderEmailDeliveries.key });
}

/**
 * Records a "due" delivery per ticket holder of a confirmed order whose event sends them (nothing when the setting is
 * off), and returns the keys still to send (due or failed). A free order's holder emails count against the
 * organization's daily quota like its confirmation does (docs/decisions/0038-email-quota.md): past it, they are not
 * recorded (the buyer has every ticket). Running it again records nothing new and counts nothing twice.
 */
export async function recordHolderTicketEmails(
  db: Database,
  input: { orderId: number; now?: number },
): Promise<string[]> {
  const now = input.now ?? Date.now();
  const [order] = await db
    .select({
      id: orders.id,
      organizationId: orders.organizationId,
      eventId: orders.eventId,
      amount: orders.amount,
      sendHolderTickets: events.sendHolderTickets,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, input.orderId))
    .limit(1);
  if (!order || !order.sendHolderTickets) return [];
  const holders = await listTicketHolders(db, order.id);
  if (holders.length === 0) return [];
  const keys = holders.map((holder) => holderTicketDeliveryKey(order.id, holder.participantIds[0]!));
  const existing = await db
    .select({ key: orderEmailDeliveries.key, status: orderEmailDeliveries.status })
    .from(orderEmailDeliveries)
    .where(and(eq(orderEmailDeliveries.orderId, order.id), inArray(orderEmailDeliveries.key, keys)));
  const known = new Set(existing.map((row) => row.key));
  const missing = keys.filter((key) => !known.has(key));
  if (missing.length > 0) {
    const free = order.amount === 0;
    const day = quotaDay(now);
    const statements = missing.flatMap((key) => {
      // insert…select lists every column in schema order; each gets its value by name.
      const values: Partial<Record<keyof typeof orderEmailDeliveries.$inferInsert, unknown>> = {
        organizationId: order.organizationId,
        eventId: order.eventId,
        orderId: order.id,
        key,
        kind: "holder-ticket",
        status: "due",
        attempts: 0,
        claimedAt: now,
        createdAt: now,
      };
      const selected = Object.keys(getTableColumns(orderEmailDeliveries)).map((name) =>
        name in values ? sql`${values[name as keyof typeof values]}` : sql`null`,
      );
      const insert = db
        .insert(orderEmailDeliveries)
        .select(
          sql`select ${sql.join(selected, sql`, `)} where ${free ? emailQuotaAllows(order.organizationId, day, 1) : sql`1`}`,
        )
        .onConflictDoNothing({ target: orderEmailDeliveries.key });
      return free
        ? [insert, countEmailIfAllowedStatement(db, { organizationId: order.organizationId, at: now })]
        : [insert];
    });
    await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  }
  const open = await db
    .select({ key: orderEmailDeliveries.key })
    .from(orderEmailDeliveries)
    .where(
      and(
        eq(orderEmailDeliveries.orderId, order.id),
        inArray(orderEmailDeliveries.key, keys),
        inArray(orderEmailDeliveries.status, ["due", "failed"]),
      ),
    )
    .orderBy(asc(orderEmailDeliveries.id));
  return open.map((row) => row.key);
}
