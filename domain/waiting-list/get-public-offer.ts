import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets } from "#db/schema";
import type { PublicEvent } from "../public-events/get-public-event";
import { checkOfferError, readOffer } from "./redeem-waiting-list-offer";

/**
 * A waiting-list offer as the offer link's pages show it (`?offer=<access token>`): open (its places are held for
 * the person until `expiresAt`), or why it cannot be booked (the booking's own message key).
 */
export type PublicOffer =
  | { state: "open"; token: string; ticketId: number; quantity: number; expiresAt: number }
  | { state: "closed"; messageKey: string };

/** The offer the link names, for this event, at `now`; null without a token. */
export async function getPublicOffer(
  db: Database,
  input: { eventId: number; token: string | null; now?: number },
): Promise<PublicOffer | null> {
  const token = input.token?.trim().slice(0, 100);
  if (!token) return null;
  const now = input.now ?? Date.now();
  const row = await readOffer(db, token);
  // Checked as the booking will check it, with the offered places as the order's.
  const error = checkOfferError(row, {
    eventId: input.eventId,
    lines: row ? [{ ticketId: row.ticketId, quantity: 1 }] : [],
    now,
  });
  if (error || !row || !row.offerExpiresAt) return { state: "closed", messageKey: error?.messageKey ?? "" };
  // The ticket's own sale window still applies: an offer does not reopen sales that ended.
  const [ticket] = await db
    .select({ sellStartAt: tickets.sellStartAt, sellEndAt: tickets.sellEndAt, visibility: tickets.visibility })
    .from(tickets)
    .where(eq(tickets.id, row.ticketId))
    .limit(1);
  const onSale =
    ticket !== undefined &&
    ticket.visibility !== "deleted" &&
    (ticket.sellStartAt === null || ticket.sellStartAt.getTime() <= now) &&
    (ticket.sellEndAt === null || ticket.sellEndAt.getTime() > now);
  if (!onSale) return { state: "closed", messageKey: "booking:errors.not-on-sale" };
  return {
    state: "open",
    token,
    ticketId: row.ticketId,
    quantity: row.offeredQuantity,
    expiresAt: row.offerExpiresAt.getTime(),
  };
}

/**
 * The event as the person holding an open offer may book it: the offered ticket on sale for them, up to the places
 * held (its other limits kept), since the places their offer holds are counted as taken for everyone else. Not once
 * the event has started: selling stops then, offer or not.
 */
export function eventWithOffer<E extends Pick<PublicEvent, "tickets" | "startAt">>(
  event: E,
  offer: PublicOffer | null,
  now: number = Date.now(),
): E {
  if (offer?.state !== "open") return event;
  if (event.startAt && event.startAt.getTime() <= now) return event;
  return {
    ...event,
    tickets: event.tickets.map((ticket) =>
      ticket.id !== offer.ticketId
        ? ticket
        : {
            ...ticket,
            minPerOrder: Math.min(ticket.minPerOrder, offer.quantity),
            maxPerOrder: Math.min(ticket.maxPerOrder, offer.quantity),
            remaining: offer.quantity,
            sale:
              ticket.sale.status === "sold_out"
                ? { status: "on_sale" as const, explanation: null, color: "green" as const }
                : ticket.sale,
          },
    ),
  };
}
