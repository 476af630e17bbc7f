import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import { getPublicOrder, type PublicOrderJson } from "../booking/get-public-order";
import { distinctDates, getOrderTicketDates, type TicketDate } from "../event-dates/order-dates";
import { eventSlug } from "../events/event-slug";
import { notFound } from "../shared/app-error";
import type { SigningEnv } from "../shared/signing-secret";

export type OrderPage = {
  order: PublicOrderJson;
  event: {
    id: number;
    title: string;
    slug: string;
    startAt: Date | null;
    endAt: Date | null;
    timezone: string;
    addressName: string;
    addressLabel: string;
    /** The short description, in the "add to my calendar" entries. */
    smallDescription: string;
    primaryColor: string;
    theme: "light" | "dark";
    /** Shown after purchase (spec §1 personalized messages). */
    confirmationPageMessage: string;
    /** The public page is linked only while it is public (a private link's `t` is not the buyer's to keep). */
    publicPage: boolean;
    /** The event's Meta pixel (digits only, or empty): the Purchase pixel, with the buyer's consent. */
    metaPixelId: string;
  };
  /**
   * On a multi-date event (decision 0068): the dates the order's tickets are for, and each participant's (its date,
   * or a pass's dates) by participant id. Empty on a single-date event.
   */
  dates: TicketDate[];
  participantDates: Record<number, TicketDate[]>;
};

/**
 * The order / tickets page (`/orders/:id?token=`): the order as GET /api/public/orders/:id answers it (H1's
 * getPublicOrder: a wrong token is not_found) and the event's confirmation message.
 */
export async function getOrderPage(
  db: Database,
  env: SigningEnv,
  input: { orderId: number; token: string | null },
): Promise<OrderPage> {
  const order = await getPublicOrder(db, env, input);
  const [[event], byParticipant] = await Promise.all([
    db.select().from(events).where(eq(events.id, order.event_id)).limit(1),
    getOrderTicketDates(db, order.id),
  ]);
  if (!event) throw notFound("booking:errors.order-not-found");
  const ticketIds = new Set(order.participants.filter((p) => p.ticket_type === "ticket").map((p) => p.id));
  return {
    order,
    event: {
      id: event.id,
      title: event.title,
      slug: eventSlug(event.title),
      startAt: event.startAt,
      endAt: event.endAt,
      timezone: event.timezone,
      addressName: event.addressName,
      addressLabel: event.addressLabel,
      smallDescription: event.smallDescription,
      primaryColor: event.primaryColor,
      theme: event.theme,
      confirmationPageMessage: event.confirmationPageMessage,
      publicPage: event.status === "published" && event.visibility === "public",
      metaPixelId: /^\d{1,32}$/.test(event.metaPixelId) ? event.metaPixelId : "",
    },
    dates: distinctDates([...byParticipant].filter(([id]) => ticketIds.has(id)).map(([, dates]) => dates)),
    participantDates: Object.fromEntries(byParticipant),
  };
}
