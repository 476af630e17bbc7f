import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { formAnswers, participants } from "#db/schema";
import { searchTextOf } from "../participants/word-start";
import { readHolder } from "../booking/order-input-schema";
import { transferredTicketDeliveryKey, transferredTicketEmailStatement } from "../order-documents/holder-ticket-emails";
import { AppError } from "../shared/app-error";
import { generateRandomToken } from "../shared/crypto";
import { normalizeEmail } from "../shared/email";
import type { SigningEnv } from "../shared/signing-secret";
import { signTicketToken } from "../tickets/ticket-token";
import { orderWebhookStatement, participantsWebhookStatement } from "../webhooks/sales-webhook-statements";
import { isCheckedIn, loadParticipantForBuyer, SELF_SERVICE_BLOCK_KEYS } from "./load-buyer-order";
import { participantChangeStatement } from "./record-participant-change";

export type TransferResult = {
  participantId: number;
  /** The ticket's new signed token (its new QR code); the old one no longer matches at check-in. */
  ticketToken: string;
  /** The outbox key of the new holder's email, or null when the new holder is the buyer (the order page has it). */
  emailKey: string | null;
};

/**
 * The buyer gives one ticket to someone else (issue 28 §2): the new holder's names and email, checked by the booking
 * form's rules, and a NEW access token, so a new QR code; the old token's signature no longer matches the participant
 * and the scanner refuses it (domain/tickets/ticket-token.ts). The previous holder's answers to the participant form
 * are removed (they were about someone else). A ticket scanned at the entrance cannot be transferred: the update is
 * conditioned on it not having been scanned, so a scan between the read and the write wins. In the same batch: the
 * history row, the participant.transferred webhook and the new holder's email in the outbox.
 */
export async function transferOrderParticipant(
  db: Database,
  env: SigningEnv,
  input: { orderId: number; token: string | null | undefined; participantId: number; body: unknown; now?: number },
): Promise<TransferResult> {
  const now = input.now ?? Date.now();
  const { order, participant } = await loadParticipantForBuyer(db, { ...input, now }, "transfer");
  const { holder, invalid } = readHolder(input.body, false);
  if (Object.keys(invalid).length > 0) throw new AppError("validation", "errors:invalid-input", { fields: invalid });

  const person = { firstName: holder.first_name, lastName: holder.last_name, email: holder.email };
  const accessToken = generateRandomToken();
  const at = new Date(now);
  // Every statement after the update runs only if the update took (the participant now carries the new token).
  const transferred = sql`exists (select 1 from participants where id = ${participant.id} and access_token = ${accessToken})`;
  const emailsNewHolder = normalizeEmail(person.email) !== normalizeEmail(order.email);
  const [updated] = await db.batch([
    db
      .update(participants)
      .set({ ...person, searchText: searchTextOf(person), accessToken, updatedAt: at })
      .where(
        and(
          eq(participants.id, participant.id),
          eq(participants.organizationId, participant.organizationId),
          eq(participants.accessToken, participant.accessToken),
          eq(participants.isIn, false),
          isNull(participants.lastValidationAt),
        ),
      )
      .returning({ id: participants.id }),
    db
      .delete(formAnswers)
      .where(
        and(
          eq(formAnswers.participantId, participant.id),
          eq(formAnswers.organizationId, participant.organizationId),
          eq(formAnswers.formType, "before-tickets"),
          transferred,
        ),
      ),
    participantChangeStatement(db, {
      organizationId: participant.organizationId,
      eventId: participant.eventId,
      orderId: order.id,
      participantId: participant.id,
      kind: "transfer",
      previous: participant,
      current: person,
      answersChanged: false,
      at: now,
      onlyIf: transferred,
    }),
    participantsWebhookStatement(db, {
      type: "participant.transferred",
      organizationId: participant.organizationId,
      where: sql`p.id = ${participant.id} and p.access_token = ${accessToken}`,
      occurredAt: at,
    }),
    // The order after the change (docs/decisions/0060), only if the transfer took.
    orderWebhookStatement(db, {
      type: "order.updated",
      orderId: sql`(select ${order.id} where ${transferred})`,
      organizationId: order.organizationId,
      occurredAt: at,
    }),
    ...(emailsNewHolder
      ? [
          transferredTicketEmailStatement(db, {
            organizationId: participant.organizationId,
            eventId: participant.eventId,
            orderId: order.id,
            participantId: participant.id,
            at: now,
            onlyIf: transferred,
          }),
        ]
      : []),
  ]);
  if (updated.length === 0) {
    const [current] = await db
      .select({ isIn: participants.isIn, lastValidationAt: participants.lastValidationAt })
      .from(participants)
      .where(eq(participants.id, participant.id))
      .limit(1);
    throw new AppError(
      "conflict",
      current && isCheckedIn(current)
        ? SELF_SERVICE_BLOCK_KEYS.transfer["checked-in"]
        : "booking:self-service.errors.changed-meanwhile",
    );
  }
  return {
    participantId: participant.id,
    ticketToken: signTicketToken(env, { eventId: participant.eventId, participantId: participant.id, accessToken }),
    emailKey: emailsNewHolder ? transferredTicketDeliveryKey(order.id, participant.id, now) : null,
  };
}
