import { eq } from "drizzle-orm";
import { PaymentsUnavailableError, type CheckoutLineItem, type PaymentProvider } from "#adapters/payments";
import type { Database } from "#db/database";
import { events, orders, organizations } from "#db/schema";
import { publicEventPath, type PrivateLinkEnv } from "../events/private-event-link";
import { returnedOrderFragment } from "../public-events/embed-return";
import type { CheckoutKnown } from "../booking/place-order";
import { AppError } from "../shared/app-error";

/** What booking (domain/booking/place-order.ts, `CheckoutRequest`) hands over for a pending paid order. */
export type BookingCheckoutRequest = {
  orderId: number;
  organizationId: number;
  eventId: number;
  /** What the buyer pays, cents (fees of `added` tickets included). */
  amount: number;
  /** The platform fee, cents. */
  fees: number;
  email: string;
  locale: "fr" | "en";
  payableUntil: number;
  accessToken: string;
  /** `amount`: the line's total, cents. */
  lines: { title: string; quantity: number; amount: number }[];
  /** What the event's inventory object holds already (decision 0078). */
  known?: CheckoutKnown;
};

const paymentUnavailable = () =>
  new AppError("conflict", "booking:errors.payment-unavailable", { reason: "payment_unavailable" });

/**
 * Line items whose total is exactly what the order costs: a line whose total does not divide by its quantity (a
 * rounded discount) is sold as one unit named "2 × …"; whatever the lines leave out (fees added to the price) becomes
 * one more line; lines that add up to more than the order (a discount not spread on them) collapse into one line.
 */
export function checkoutLineItems(
  request: Pick<BookingCheckoutRequest, "amount" | "lines" | "orderId">,
  labels: { fees: string; order: string },
): CheckoutLineItem[] {
  const items: CheckoutLineItem[] = request.lines
    .filter((line) => line.amount > 0 && line.quantity > 0)
    .map((line) =>
      line.amount % line.quantity === 0
        ? { name: line.title, unitAmount: line.amount / line.quantity, quantity: line.quantity }
        : { name: `${line.quantity} × ${line.title}`, unitAmount: line.amount, quantity: 1 },
    );
  const total = items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (total > request.amount) return [{ name: labels.order, unitAmount: request.amount, quantity: 1 }];
  if (total < request.amount) items.push({ name: labels.fees, unitAmount: request.amount - total, quantity: 1 });
  return items;
}

/**
 * Where "back" on the checkout leads: the event's own public page (slug, and a private event's `t`, without which a
 * private page is a 404). The order stays pending: the buyer may resume payment until payable_until
 * (docs/decisions/0035-checkout-cancel.md).
 */
function checkoutCancelPath(
  event: { id: number; title: string; visibility: "public" | "private"; privateLinkVersion: number } | undefined,
  eventId: number,
  env: PrivateLinkEnv | undefined,
): string {
  return event && env ? publicEventPath(env, event) : `/events/${eventId}`;
}

const lineLabels = {
  fr: { fees: "Frais de service", order: "Commande n° {id}" },
  en: { fees: "Service fee", order: "Order #{id}" },
} as const;

/** The organization's payment account and the event's link, in one round trip (the path of a paid booking). */
function readCheckoutRows(db: Database, request: Pick<BookingCheckoutRequest, "organizationId" | "eventId">) {
  return db.batch([
    db
      .select({
        connectedAccountId: organizations.connectedAccountId,
        isConnectedAccountValid: organizations.isConnectedAccountValid,
      })
      .from(organizations)
      .where(eq(organizations.id, request.organizationId))
      .limit(1),
    db
      .select({
        id: events.id,
        title: events.title,
        visibility: events.visibility,
        privateLinkVersion: events.privateLinkVersion,
      })
      .from(events)
      .where(eq(events.id, request.eventId))
      .limit(1),
  ]);
}

/**
 * Booking's `createCheckout` (PlaceOrderDeps): a checkout session for a pending paid order, paid to the organization's
 * connected account with the platform fee kept. With Stripe on, an organization without a valid connected account
 * cannot take a paid booking (conflict, and booking releases the hold).
 */
export function bookingCheckout(
  db: Database,
  provider: PaymentProvider,
  options: {
    appUrl: string;
    /** Keys a private event's `?t=` in the cancel address; without it the cancel address is the short link. */
    env?: PrivateLinkEnv;
    /**
     * The organizer's page that framed the booking widget (an http(s) address checked by the embed page): paying or
     * cancelling goes back there, the order in the fragment for the widget to show (docs/contracts/booking-widget.md).
     */
    returnTo?: string | null;
    now?: number;
  },
) {
  return async (request: BookingCheckoutRequest): Promise<{ url: string; sessionId: string }> => {
    const known = request.known;
    // An inventory object's copy is taken as it is when it allows the payment (the provider refuses an account that
    // stopped being valid since, and the object reads it again at least every 15 s); else D1 decides.
    const knownAccount = known?.organization;
    const [[organization], [event]] =
      knownAccount &&
      (provider.mode === "demo" || (knownAccount.connectedAccountId && knownAccount.isConnectedAccountValid))
        ? [[knownAccount], [known.event]]
        : await readCheckoutRows(db, request);
    if (!organization) throw paymentUnavailable();
    const connectedAccountId =
      organization.connectedAccountId && organization.isConnectedAccountValid ? organization.connectedAccountId : null;
    if (provider.mode === "stripe" && !connectedAccountId) throw paymentUnavailable();

    const appUrl = options.appUrl.replace(/\/+$/, "");
    if (options.returnTo) {
      // Kept on the order for the demo checkout, which sends the buyer back the way Stripe's success address does.
      await db.update(orders).set({ checkoutReturnUrl: options.returnTo }).where(eq(orders.id, request.orderId));
    }
    const labels = lineLabels[request.locale];
    try {
      const session = await provider.createCheckoutSession({
        orderId: request.orderId,
        eventId: request.eventId,
        organizationId: request.organizationId,
        lineItems: checkoutLineItems(request, {
          fees: labels.fees,
          order: labels.order.replace("{id}", String(request.orderId)),
        }),
        currency: "eur",
        applicationFeeAmount: Math.min(request.fees, request.amount),
        connectedAccountId,
        customerEmail: request.email,
        expiresAt: request.payableUntil,
        successUrl: options.returnTo
          ? `${options.returnTo}#${returnedOrderFragment({ eventId: request.eventId, orderId: request.orderId, accessToken: request.accessToken })}`
          : `${appUrl}/orders/${request.orderId}?token=${encodeURIComponent(request.accessToken)}`,
        cancelUrl: options.returnTo ?? `${appUrl}${checkoutCancelPath(event, request.eventId, options.env)}`,
        appOrigin: new URL(appUrl).origin,
        locale: request.locale,
        now: options.now,
      });
      return { url: session.url, sessionId: session.id };
    } catch (error) {
      if (error instanceof PaymentsUnavailableError) throw paymentUnavailable();
      throw error;
    }
  };
}
