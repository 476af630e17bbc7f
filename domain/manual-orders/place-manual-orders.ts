import { and, eq, inArray } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { orders, participants } from "#db/schema";
import {
  countEmailsStatement,
  draftEventSendRefused,
  emailQuotaReached,
  isEmailQuotaFailure,
} from "../emails/email-quota";
import { queueOrderEmails } from "../order-documents/queue-order-emails";
import type { JobQueue } from "../shared/jobs";
import { isGuardFailure } from "../booking/stock-sql";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { isValidEmail, normalizeEmail } from "../shared/email";
import { idSchema } from "../shared/ids";
import { loadManualOrderContext } from "./load-manual-order-context";
import { manualOrdersStatements, type ManualOrder } from "./manual-orders-statements";

export type ManualOrderInput = ManualOrder;

/** Orders per call; the CSV import goes through importParticipants. */
const MAX_MANUAL_ORDERS = 100;
const MAX_MANUAL_PARTICIPANTS = 1000;

const person = {
  first_name: v.pipe(v.string(), v.maxLength(200)),
  last_name: v.pipe(v.string(), v.maxLength(200)),
  email: v.pipe(v.string(), v.maxLength(254)),
};

/** The JSON body of POST /api/events/:id/manual-orders. */
export const manualOrdersBodySchema = v.object({
  orders: v.pipe(
    v.array(
      v.object({
        buyer: v.object(person),
        participants: v.pipe(
          v.array(v.object({ ticket_id: idSchema, ...person, date_id: v.optional(v.nullable(idSchema)) })),
          v.maxLength(MAX_MANUAL_PARTICIPANTS),
        ),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_MANUAL_ORDERS),
  ),
  send_email: v.optional(v.boolean(), false),
});

export function manualOrdersFromBody(body: v.InferOutput<typeof manualOrdersBodySchema>): ManualOrderInput[] {
  const personOf = (p: { first_name: string; last_name: string; email: string }) => ({
    firstName: p.first_name,
    lastName: p.last_name,
    email: p.email,
  });
  return body.orders.map((order) => ({
    buyer: personOf(order.buyer),
    participants: order.participants.map((p) => ({
      ...personOf(p),
      ticketId: p.ticket_id,
      ...(p.date_id ? { dateId: p.date_id } : {}),
    })),
  }));
}

const QUERY_IDS_PER_STATEMENT = 90;

/**
 * Adds participants by hand (issue 11 §2): each order is written with status manual (amount 0: nothing was paid
 * through us; checkout_time 0), its participants carry their ticket's price. Everything is one atomic batch whose
 * guards count the places like a sale (ticket stock and event capacity): refused whole when anything would oversell
 * (conflict participant-import:errors.sold-out). With `sendEmail`, each order's confirmation email is queued (H5) and
 * counted against the organization's daily email quota in the same batch: past the quota, or on a draft event, the
 * whole call is refused and nothing is written (docs/decisions/0038-email-quota.md).
 */
export async function placeManualOrders(
  db: Database,
  actor: Actor,
  input: { eventId: number; orders: ManualOrderInput[]; sendEmail: boolean; now?: number },
  deps: { queue?: JobQueue } = {},
): Promise<{ orderIds: number[]; participantIds: number[] }> {
  const context = await loadManualOrderContext(db, actor, input.eventId);
  const fields: Record<string, string> = {};
  // A multi-date event (decision 0068): a ticket sold per date needs a date of the event that is not cancelled; a
  // pass takes none; an add-on may have one.
  const datesById = new Map(context.dates.map((date) => [date.id, date]));
  const checkDate = (dateId: number | null, ticket: { id: number; ticketType: string } | undefined, path: string) => {
    if (context.dates.length === 0 || !ticket || context.passTicketIds.has(ticket.id)) {
      if (dateId !== null && context.dates.length === 0) fields[`${path}.date_id`] = "booking:errors.date-invalid";
      return null;
    }
    if (dateId === null) {
      if (ticket.ticketType === "ticket") fields[`${path}.date_id`] = "booking:errors.date-required";
      return null;
    }
    const date = datesById.get(dateId);
    if (!date) fields[`${path}.date_id`] = "booking:errors.date-invalid";
    else if (date.status === "cancelled") fields[`${path}.date_id`] = "booking:errors.date-not-on-sale";
    return dateId;
  };
  const clean = (p: { firstName: string; lastName: string; email: string }, path: string) => {
    const cleaned = { firstName: p.firstName.trim(), lastName: p.lastName.trim(), email: normalizeEmail(p.email) };
    if (!cleaned.firstName || !cleaned.lastName)
      fields[`${path}.first_name`] = "participant-import:errors.name-missing";
    if (!isValidEmail(cleaned.email)) fields[`${path}.email`] = "participant-import:errors.email-invalid";
    return cleaned;
  };
  const orderList = input.orders.map((order, o) => {
    if (order.participants.length === 0)
      fields[`orders.${o}.participants`] = "participant-import:errors.no-participants";
    return {
      buyer: clean(order.buyer, `orders.${o}.buyer`),
      participants: order.participants.map((p, i) => {
        const path = `orders.${o}.participants.${i}`;
        const ticket = context.ticketsById.get(p.ticketId);
        if (!ticket) fields[`${path}.ticket_id`] = "participant-import:errors.ticket-unknown";
        return { ...clean(p, path), ticketId: p.ticketId, dateId: checkDate(p.dateId ?? null, ticket, path) };
      }),
    };
  });
  if (orderList.length === 0) fields.orders = "participant-import:errors.no-participants";
  if (Object.keys(fields).length > 0) {
    const first = Object.values(fields)[0]!;
    throw new AppError("validation", first, { fields });
  }

  if (input.sendEmail && context.event.status === "draft") throw draftEventSendRefused();

  const now = input.now ?? Date.now();
  const organizationId = context.event.organizationId;
  const { statements, orderTokens } = manualOrdersStatements(db, context.event, context.ticketsById, orderList, now, {
    confirmationsDue: input.sendEmail,
    emailQuota: countEmailsStatement(db, { organizationId, count: orderList.length, at: now }),
  });
  await runManualOrdersBatch(db, statements, { organizationId, now });

  const orderIds: number[] = [];
  const participantIds: number[] = [];
  for (let i = 0; i < orderTokens.length; i += QUERY_IDS_PER_STATEMENT) {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.eventId, context.event.id),
          inArray(orders.accessToken, orderTokens.slice(i, i + QUERY_IDS_PER_STATEMENT)),
        ),
      );
    orderIds.push(...rows.map((row) => row.id).sort((a, b) => a - b));
  }
  for (let i = 0; i < orderIds.length; i += QUERY_IDS_PER_STATEMENT) {
    const rows = await db
      .select({ id: participants.id })
      .from(participants)
      .where(
        and(
          eq(participants.eventId, context.event.id),
          inArray(participants.orderId, orderIds.slice(i, i + QUERY_IDS_PER_STATEMENT)),
        ),
      );
    participantIds.push(...rows.map((row) => row.id).sort((a, b) => a - b));
  }
  if (input.sendEmail && deps.queue) await queueOrderEmails({ JOBS: deps.queue }, orderIds);
  return { orderIds, participantIds };
}

/**
 * Runs the batch; a failed email quota or stock guard (it rolled everything back) is the quota or sold-out refusal.
 */
export async function runManualOrdersBatch(
  db: Database,
  statements: Parameters<Database["batch"]>[0],
  quota: { organizationId: number; now: number },
): Promise<void> {
  try {
    await db.batch(statements);
  } catch (error) {
    if (isEmailQuotaFailure(error)) throw await emailQuotaReached(db, quota.organizationId, quota.now);
    if (isGuardFailure(error))
      throw new AppError("conflict", "participant-import:errors.sold-out", { reason: "sold_out" });
    throw error;
  }
}
