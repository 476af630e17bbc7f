import { and, eq, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders, participants } from "#db/schema";
import { ADMITTED_ORDER_STATUSES } from "../orders/order-status";
import type { SigningEnv } from "../shared/signing-secret";
import { signTicketToken } from "../tickets/ticket-token";
import { ticketTokenHash } from "./token-hash";

/** What a scanner knows of one participant: enough to validate their ticket offline and to show who it is. */
export type CheckInListParticipant = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  ticket_id: number;
  ticket_title: string;
  is_in: boolean;
  last_validation_at: number | null;
  /** The order was cancelled, refunded or expired: the ticket answers "cancelled". */
  cancelled: boolean;
  token_hash: string;
  updated_at: number;
  /** The participant's date on a multi-date event (decision 0068); null for a single date or a pass. */
  date_id: number | null;
};

/** The columns every scanner query reads (participants joined to their order), in CheckInParticipantRow's shape. */
export const checkInParticipantColumns = {
  id: participants.id,
  eventId: participants.eventId,
  firstName: participants.firstName,
  lastName: participants.lastName,
  email: participants.email,
  ticketId: participants.ticketId,
  ticketTitle: participants.ticketTitle,
  isIn: participants.isIn,
  lastValidationAt: participants.lastValidationAt,
  accessToken: participants.accessToken,
  orderStatus: orders.status,
  updatedAt: participants.updatedAt,
  dateId: participants.dateId,
};

export type CheckInParticipantRow = {
  id: number;
  eventId: number;
  firstName: string;
  lastName: string;
  email: string;
  ticketId: number;
  ticketTitle: string;
  isIn: boolean;
  lastValidationAt: Date | null;
  accessToken: string;
  orderStatus: string;
  updatedAt: Date;
  dateId: number | null;
};

export async function toCheckInParticipant(
  env: SigningEnv,
  row: CheckInParticipantRow,
): Promise<CheckInListParticipant & { token: string }> {
  const token = signTicketToken(env, { eventId: row.eventId, participantId: row.id, accessToken: row.accessToken });
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    ticket_id: row.ticketId,
    ticket_title: row.ticketTitle,
    is_in: row.isIn,
    last_validation_at: row.lastValidationAt?.getTime() ?? null,
    cancelled: !(ADMITTED_ORDER_STATUSES as readonly string[]).includes(row.orderStatus),
    token_hash: await ticketTokenHash(token),
    updated_at: row.updatedAt.getTime(),
    date_id: row.dateId,
    token,
  };
}

/** The scanner's participants of one event (tenant-scoped), joined to their orders, that also match `conditions`. */
export function selectCheckInParticipants(
  db: Database,
  event: { id: number; organizationId: number },
  ...conditions: (SQL | undefined)[]
) {
  return db
    .select(checkInParticipantColumns)
    .from(participants)
    .innerJoin(orders, eq(orders.id, participants.orderId))
    .where(
      and(eq(participants.eventId, event.id), eq(participants.organizationId, event.organizationId), ...conditions),
    );
}

/** A participant as the scanner's list and search answer it: without the signed token, which only a scan needs. */
export async function toListedCheckInParticipant(
  env: SigningEnv,
  row: CheckInParticipantRow,
): Promise<CheckInListParticipant> {
  const { token: _token, ...participant } = await toCheckInParticipant(env, row);
  return participant;
}
