/**
 * A small Stripe behind the global fetch (the network boundary), for the out-of-order webhook tests: checkout sessions
 * and refunds as Stripe holds them *now*, which is what our handlers re-read when an event arrives, however late.
 */
// Module-wide: session ids are unique in orders, and each test makes its own FakeStripe.
let sequence = 0;

export class FakeStripe {
  sessions = new Map<string, { orderId: string; amount: number; status: "open" | "complete" | "expired" }>();
  refunds = new Map<string, { id: string; amount: number; status: string }[]>();

  handle = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.hostname !== "api.stripe.com") throw new Error(`unexpected fetch ${url}`);
    // Stripe's SDK sends its form body as a string.
    const body = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const id = `cs_test_faults_${++sequence}`;
      const amount = Number(body.get("line_items[0][price_data][unit_amount]") ?? 0);
      this.sessions.set(id, { orderId: body.get("metadata[order_id]")!, amount, status: "open" });
      return json({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}`, status: "open" });
    }
    const session = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (request.method === "GET" && session) {
      const id = session[1]!;
      const found = this.sessions.get(id);
      if (!found) return json({ error: { type: "invalid_request_error", message: "No such session" } }, 404);
      return json(this.sessionObject(id));
    }
    if (request.method === "GET" && url.pathname === "/v1/refunds") {
      const paymentIntent = url.searchParams.get("payment_intent")!;
      const data = (this.refunds.get(paymentIntent) ?? []).map((refund) => ({
        ...refund,
        object: "refund",
        payment_intent: paymentIntent,
      }));
      return json({ object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    return json(
      { error: { type: "invalid_request_error", message: `No route ${request.method} ${url.pathname}` } },
      404,
    );
  };

  paymentIntentOf(sessionId: string): string {
    return `pi_for_${sessionId}`;
  }

  sessionObject(id: string) {
    const found = this.sessions.get(id)!;
    const paid = found.status === "complete";
    return {
      id,
      object: "checkout.session",
      status: found.status,
      payment_status: paid ? "paid" : "unpaid",
      payment_intent: paid ? this.paymentIntentOf(id) : null,
      client_reference_id: found.orderId,
      metadata: { order_id: found.orderId },
      amount_total: found.amount,
    };
  }

  /** The buyer paid: the session is complete. */
  pay(sessionId: string) {
    this.sessions.get(sessionId)!.status = "complete";
  }

  /** A refund made in Stripe's dashboard. */
  refund(sessionId: string, amount: number) {
    const paymentIntent = this.paymentIntentOf(sessionId);
    const refund = { id: `re_faults_${++sequence}`, amount, status: "succeeded" };
    this.refunds.set(paymentIntent, [...(this.refunds.get(paymentIntent) ?? []), refund]);
    return refund;
  }
}

let eventSequence = 0;

/** A Stripe event envelope (what POST /webhooks/stripe receives). */
export function stripeEvent(type: string, object: Record<string, unknown>, created: number, account?: string) {
  return {
    id: `evt_faults_${++eventSequence}`,
    object: "event",
    type,
    ...(account ? { account } : {}),
    created,
    livemode: false,
    api_version: "2025-01-27.acacia",
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** Every distinct ordering of `items` (equal items are interchangeable: each distinct ordering comes once). */
export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  const out: T[][] = [];
  const seen = new Set<T>();
  items.forEach((item, index) => {
    if (seen.has(item)) return;
    seen.add(item);
    for (const rest of permutations([...items.slice(0, index), ...items.slice(index + 1)])) out.push([item, ...rest]);
  });
  return out;
}
