import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import { assertReservedSends, draftEventSendRefused, spendReservedSendsStatement } from "../emails/email-quota";
import { queueOrderEmails } from "../order-documents/queue-order-emails";
import type { JobQueue } from "../shared/jobs";
import { loadManualOrderContext } from "../manual-orders/load-manual-order-context";
import { manualOrdersStatements, type ManualOrder } from "../manual-orders/manual-orders-statements";
import { runManualOrdersBatch } from "../manual-orders/place-manual-orders";
import type { Actor } from "../shared/actor";
import { errorFields, logger } from "../shared/logger";
import { AppError } from "../shared/app-error";
import { checkImportRows, IMPORT_CHUNK_ROWS, type ImportRowError } from "./import-rows";

export type ImportResult = { imported: number; participants: number; errors: ImportRowError[] };

/**
 * One chunk of the CSV import (issue 11 §3; the page checked the whole file and its totals with checkImportCapacity
 * first). The rows (header removed; `firstLine` is the file line of the first one) are checked again with the page's
 * rules; any row error answers the errors and writes nothing. Otherwise every row becomes a manual order of `quantity`
 * participants, the chunk written in ONE atomic batch whose stock guards count the places like a sale: a chunk that
 * would oversell is refused whole (conflict participant-import:errors.sold-out). With `sendEmail`, the chunk's emails
 * (one per row) are spent from the sends its check call reserved (`emailReservation`, checkImportCapacity) in the same
 * batch; without enough reserved, or on a draft event, the chunk is refused and nothing is written
 * (docs/decisions/0038-email-quota.md).
 * docs/decisions/0018-check-ins-and-participant-import.md.
 */
export async function importParticipants(
  db: Database,
  actor: Actor,
  input: {
    eventId: number;
    records: string[][];
    firstLine?: number;
    sendEmail?: boolean;
    emailReservation?: string;
    now?: number;
  },
  deps: { queue?: JobQueue } = {},
): Promise<ImportResult> {
  const context = await loadManualOrderContext(db, actor, input.eventId);
  if (input.records.length > IMPORT_CHUNK_ROWS * 2)
    throw new AppError("validation", "participant-import:errors.too-many-rows");
  const checked = checkImportRows(input.records, new Set(context.ticketsById.keys()), input.firstLine ?? 2);
  if (checked.errors.length > 0) return { imported: 0, participants: 0, errors: checked.errors };
  if (checked.rows.length === 0) throw new AppError("validation", "participant-import:errors.invalid-file");
  // The file has no date column (spec §3): on a multi-date event, a ticket sold per date is added date by date from
  // the participants page instead, so that every place counts on its date (decision 0068).
  if (
    context.dates.length > 0 &&
    checked.rows.some(
      (row) =>
        context.ticketsById.get(row.ticketId)?.ticketType === "ticket" && !context.passTicketIds.has(row.ticketId),
    )
  )
    throw new AppError("validation", "participant-import:errors.dated-event");

  const manualOrders: ManualOrder[] = checked.rows.map((row) => {
    const person = { firstName: row.firstName, lastName: row.lastName, email: row.email };
    return {
      buyer: person,
      participants: Array.from({ length: row.quantity }, () => ({ ...person, ticketId: row.ticketId })),
    };
  });
  const now = input.now ?? Date.now();
  const organizationId = context.event.organizationId;
  const sends = { token: input.emailReservation ?? "", organizationId, eventId: context.event.id };
  if (input.sendEmail) {
    if (context.event.status === "draft") throw draftEventSendRefused();
    await assertReservedSends(db, { ...sends, count: manualOrders.length });
  }
  const { statements, orderTokens } = manualOrdersStatements(
    db,
    context.event,
    context.ticketsById,
    manualOrders,
    now,
    {
      confirmationsDue: input.sendEmail === true,
      emailQuota: spendReservedSendsStatement(db, { ...sends, count: manualOrders.length }),
    },
  );
  await runManualOrdersBatch(db, statements, { organizationId, now });

  if (input.sendEmail && deps.queue) {
    // The chunk is written: an error from here on must not be answered, or the organizer's retry would import the
    // same rows twice (docs/decisions/0029-fault-tolerance.md). The emails are due in the outbox already: one that
    // could not be queued here is handed over by the sweep.
    try {
      const ids: number[] = [];
      for (let i = 0; i < orderTokens.length; i += 90) {
        const rows = await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.eventId, context.event.id), inArray(orders.accessToken, orderTokens.slice(i, i + 90))));
        ids.push(...rows.map((row) => row.id));
      }
      await queueOrderEmails({ JOBS: deps.queue }, ids);
    } catch (error) {
      logger.error("participant import: confirmation emails not queued", {
        event_id: context.event.id,
        orders: orderTokens.length,
        ...errorFields(error),
      });
    }
  }
  return {
    imported: manualOrders.length,
    participants: manualOrders.reduce((sum, order) => sum + order.participants.length, 0),
    errors: [],
  };
}
