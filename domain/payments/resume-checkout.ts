import { eq } from "drizzle-orm";
import { demoCheckoutPath, demoPaymentsAllowed, type PaymentProvider, type PaymentsEnv } from "#adapters/payments";
import type { Database } from "#db/database";
import { orders } from "#db/schema";

/**
 * Where a buyer who left the checkout ("back" on Stripe Checkout, "Annuler" on the demo page) resumes paying: the
 * order's own checkout session while the order is pending and payable_until is ahead
 * (docs/decisions/0035-checkout-cancel.md). Stripe keeps an open session's address; it is asked for rather than
 * stored, so a session that has ended meanwhile offers nothing. Null when there is nothing to resume.
 */
export async function checkoutResumeUrl(
  db: Database,
  deps: { env: Pick<PaymentsEnv, "ENVIRONMENT">; provider: PaymentProvider; now?: number },
  input: { orderId: number },
): Promise<string | null> {
  const now = deps.now ?? Date.now();
  const [order] = await db
    .select({
      status: orders.status,
      paidAt: orders.paidAt,
      payableUntil: orders.payableUntil,
      sessionId: orders.stripeCheckoutSessionId,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .limit(1);
  if (!order || order.status !== "pending" || order.paidAt || !order.sessionId) return null;
  if (!order.payableUntil || order.payableUntil.getTime() <= now) return null;

  if (deps.provider.mode === "demo") {
    return demoPaymentsAllowed(deps.env) && order.sessionId.startsWith("cs_demo_")
      ? demoCheckoutPath(order.sessionId)
      : null;
  }
  const stripe = deps.provider.stripe;
  if (!stripe) return null;
  try {
    const session = await stripe.checkout.sessions.retrieve(order.sessionId);
    return session.status === "open" && session.url ? session.url : null;
  } catch (error) {
    // Stripe unreachable: the page still shows the order, without the link.
    console.error("checkout session lookup failed", error);
    return null;
  }
}
