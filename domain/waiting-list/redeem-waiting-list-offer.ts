import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { waitingListEntries } from "#db/schema";
import { guardStatement } from "../booking/stock-sql";
import { AppError } from "../shared/app-error";

/** An offer as the booking reads it by its token. */
export type OfferRow = {
  token: string;
  id: number;
  eventId: number;
  ticketId: number;
  status: string;
  offeredQuantity: number;
  offerExpiresAt: Date | null;
};

/** The offer a booking redeems: checked against the order's lines, redeemed in the order's batch. */
export type OfferToRedeem = { token: string; entryId: number; ticketId: number; eventId: number; quantity: number };

export async function readOffer(db: Database, token: string): Promise<OfferRow | null> {
  const [row] = await db
    .select({
      id: waitingListEntries.id,
      eventId: waitingListEntries.eventId,
      ticketId: waitingListEntries.ticketId,
      status: waitingListEntries.status,
      offeredQuantity: waitingListEntries.offeredQuantity,
      offerExpiresAt: waitingListEntries.offerExpiresAt,
    })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.accessToken, token))
    .limit(1);
  return row ? { ...row, token } : null;
}

type OrderLines = { eventId: number; lines: { ticketId: number; quantity: number }[]; now: number };

/**
 * Why the order cannot book this offer, or null when it can: an unknown token or one of another event (offer-invalid),
 * an offer already booked (offer-used), one past its deadline or moved on (offer-expired), an order without the
 * offered ticket (offer-ticket) or with more of it than offered (offer-quantity).
 */
export function checkOfferError(row: OfferRow | null, order: OrderLines): AppError | null {
  if (!row || row.eventId !== order.eventId || row.status === "removed")
    return new AppError("validation", "booking:errors.offer-invalid", {
      fields: { waiting_list_offer: "booking:errors.offer-invalid" },
    });
  if (row.status === "booked") return new AppError("conflict", "booking:errors.offer-used");
  const expired =
    row.status === "expired" || (row.status === "offered" && (row.offerExpiresAt?.getTime() ?? 0) <= order.now);
  if (expired) return new AppError("conflict", "booking:errors.offer-expired");
  if (row.status !== "offered")
    return new AppError("validation", "booking:errors.offer-invalid", {
      fields: { waiting_list_offer: "booking:errors.offer-invalid" },
    });
  const quantity = order.lines
    .filter((line) => line.ticketId === row.ticketId)
    .reduce((sum, line) => sum + line.quantity, 0);
  if (quantity === 0) return new AppError("validation", "booking:errors.offer-ticket");
  if (quantity > row.offeredQuantity)
    return new AppError("validation", "booking:errors.offer-quantity", {
      fields: { items: "booking:errors.offer-quantity" },
    });
  return null;
}

/** The offer the order books, or the AppError of `checkOfferError`. */
export function checkOffer(row: OfferRow | null, order: OrderLines): OfferToRedeem {
  const error = checkOfferError(row, order);
  if (error) throw error;
  const offer = row!;
  const quantity = order.lines
    .filter((line) => line.ticketId === offer.ticketId)
    .reduce((sum, line) => sum + line.quantity, 0);
  return { token: offer.token, entryId: offer.id, ticketId: offer.ticketId, eventId: offer.eventId, quantity };
}

/**
 * The redemption, to place in the order's batch BEFORE its stock guards: the entry becomes `booked` (with the order)
 * only while its token names an offered, unexpired entry of that ticket for at least the order's quantity; the guard
 * right after it (SQLite's changes() reports the previous statement of the batch) fails the whole batch otherwise.
 * Booked, the entry no longer holds its places, so the order's own conditional inserts take them in the same batch.
 */
export function redeemOfferStatement(
  db: Database,
  offer: OfferToRedeem,
  input: { orderRef: SQL; now: number },
): BatchItem<"sqlite">[] {
  return [
    db
      .update(waitingListEntries)
      .set({ status: "booked", orderId: sql`${input.orderRef}`, updatedAt: new Date(input.now) })
      .where(
        sql`${waitingListEntries.accessToken} = ${offer.token} and ${waitingListEntries.status} = 'offered'
          and ${waitingListEntries.offerExpiresAt} > ${input.now} and ${waitingListEntries.ticketId} = ${offer.ticketId}
          and ${waitingListEntries.eventId} = ${offer.eventId} and ${waitingListEntries.offeredQuantity} >= ${offer.quantity}`,
      ),
    guardStatement(db, sql`changes() = 1`),
  ];
}
