import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { orderEmailDeliveries } from "#db/schema";
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
 * The order's ticket holders to write to, from its participant rows (in id order, the first names the delivery): one
 * per distinct valid address that is not the buyer's, with the rows that carry it.
 */
export function ticketHoldersOf(
  buyerEmail: string,
  rows: readonly { id: number; email: string; firstName: string }[],
): TicketHolder[] {
  const buyer = normalizeEmail(buyerEmail);
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
 * The "due" rows of holder emails not recorded yet (`keys`), to place in a batch: a free order's count against the
 * organization's daily quota, each row written only while the quota allows it.
 */
export function holderTicketDueStatements(
  db: Database,
  input: {
    order: { id: number; organizationId: number; eventId: number; amount: number };
    keys: string[];
    now: number;
  },
) {
  const { order, now } = input;
  const free = order.amount === 0;
  const day = quotaDay(now);
  return input.keys.flatMap((key) => {
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
}
