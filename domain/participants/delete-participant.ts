import { participantsWebhookStatement } from "../webhooks/sales-webhook-statements";
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { orderItems, orders, participants, tickets } from "#db/schema";
import { DELETE_CONFIRMATION_WORD } from "../events/event-input-schema";
import { countsAsSale } from "../orders/order-status";
import { participantsFiguresDelta, salesFigureStatements } from "../sales-figures/sales-figures";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { loadParticipantForActor } from "./participant-access";

/**
 * Spec §5: only a free ticket (price 0) can be deleted ('Vous ne pouvez supprimer que des tickets gratuits.'). One
 * batch, every statement conditioned on the participant still existing (a second delete changes nothing): the figures
 * go down, the ticket's `purchased` and its order line follow, then the row goes (its entries and answers cascade).
 * The page sends the typed `confirmation`, which must be exactly DELETE (spec §5: no trimming, as for events); the
 * participant-ticket API of spec §7 sends none.
 */
export async function deleteParticipant(
  db: Database,
  actor: Actor,
  input: { participantId: number; eventId?: number; confirmation?: string },
): Promise<{ deleted: true; eventId: number }> {
  const { participant } = await loadParticipantForActor(
    db,
    actor,
    input.participantId,
    "event:edit-participants",
    input.eventId,
  );
  if (input.confirmation !== undefined && input.confirmation !== DELETE_CONFIRMATION_WORD) {
    throw new AppError("validation", "participants:errors.delete-confirmation", {
      fields: { confirmation: "participants:errors.delete-confirmation" },
    });
  }
  if (participant.price !== 0) {
    throw new AppError("conflict", "participants:errors.only-free");
  }
  const [[order], [line], delta] = await Promise.all([
    db.select({ status: orders.status }).from(orders).where(eq(orders.id, participant.orderId)).limit(1),
    db
      .select({ id: orderItems.id, quantity: orderItems.quantity })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, participant.orderId), eq(orderItems.ticketId, participant.ticketId)))
      .orderBy(sql`${orderItems.quantity} desc`)
      .limit(1),
    participantsFiguresDelta(db, { participantIds: [participant.id] }),
  ]);
  const stillThere = sql`exists (select 1 from ${participants} where ${participants.id} = ${participant.id})`;
  const statements: BatchItem<"sqlite">[] = [
    ...(delta ? salesFigureStatements(db, { ...delta, onlyIf: stillThere }) : []),
  ];
  if (order && countsAsSale(order.status)) {
    statements.push(
      db
        .update(tickets)
        .set({ purchased: sql`max(${tickets.purchased} - 1, 0)` })
        .where(and(eq(tickets.id, participant.ticketId), stillThere)),
    );
  }
  if (line) {
    statements.push(
      line.quantity > 1
        ? db
            .update(orderItems)
            .set({ quantity: sql`${orderItems.quantity} - 1` })
            .where(and(eq(orderItems.id, line.id), sql`${orderItems.quantity} > 1`, stillThere))
        : db.delete(orderItems).where(and(eq(orderItems.id, line.id), stillThere)),
    );
  }
  // Reported before the row goes, in the same batch (docs/decisions/0019-outgoing-webhooks.md).
  statements.push(
    participantsWebhookStatement(db, {
      type: "participant.deleted",
      organizationId: participant.organizationId,
      where: sql`p.id = ${participant.id}`,
    }),
    db.delete(participants).where(eq(participants.id, participant.id)),
  );
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { deleted: true, eventId: participant.eventId };
}
