import { type PaymentsEnv, signDemoWebhookPayload } from "#adapters/payments";
import { demoSessionEvent } from "#domain/payments/demo-checkout";
import {
  type BuyerPlan,
  type LoadEvent,
  type OrderBody,
  planBuyer,
  rebookAfterSoldOut,
  rushArrivals,
  steadyArrivals,
  withMistake,
} from "./load-scenario";
import { type Outcome, outcomeOf, type RequestKind, type Sample } from "./load-stats";

/*
 * The traffic of `npm run load`. The rush is an open schedule: buyers and visitors arrive at their planned times
 * whatever the server's speed, and a cap on requests in flight (shared by everyone) keeps the client from eating the
 * machine; a request that waits for a slot is counted, and its latency is taken from when it is sent. The ceiling
 * phase is closed: a fixed number of buyers, each booking again as soon as answered, for a fixed time.
 */

/** At most `max` requests at once; the others wait in arrival order. Once closed, waiting requests are not sent. */
export class InFlightCap {
  active = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  waited = 0;
  maxWaitMs = 0;
  constructor(readonly max: number) {}

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` in a slot, or returns null without running it when the cap was closed meanwhile. */
  async run<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.closed) return null;
    if (this.active >= this.max) {
      const since = performance.now();
      this.waited++;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      this.maxWaitMs = Math.max(this.maxWaitMs, performance.now() - since);
      if (this.closed) return null;
    }
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  close() {
    this.closed = true;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

const REQUEST_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; text: string; doneAt: number; outcome: Outcome };

/** The answer of a request never sent: the phase ended while it waited for a slot. */
const NOT_SENT: Answer = { status: -1, text: "", doneAt: 0, outcome: "cut" };

class Recorder {
  readonly samples: Sample[] = [];
  readonly startedAt = performance.now();
  /** Aborts the requests still in flight when the phase's time is up. */
  private readonly abort = new AbortController();
  closed = false;
  notSent = 0;
  constructor(
    readonly cap: InFlightCap,
    /** The payment step's own lane (see `CheckoutMode`), so that paying buyers do not queue behind new arrivals. */
    readonly paymentLane: InFlightCap = new InFlightCap(8),
  ) {}

  /**
   * One request, timed from send to last byte: a thrown fetch is a "network" answer, one past REQUEST_TIMEOUT_MS a
   * "timeout", one aborted at the end of the phase "cut". `lane`: the shared in-flight cap, the payment lane, or none.
   */
  async request(
    kind: RequestKind,
    url: string,
    init: RequestInit = {},
    lane: "shared" | "payment" | "none" = "shared",
  ): Promise<Answer> {
    if (this.closed) return NOT_SENT;
    const send = async (): Promise<Answer> => {
      if (this.closed) return NOT_SENT;
      const begin = performance.now();
      let status: number;
      let text = "";
      let failure: Outcome = "network";
      try {
        const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
        const response = await fetch(url, { ...init, signal });
        status = response.status;
        text = await response.text();
      } catch (error) {
        status = 0;
        if (this.abort.signal.aborted) failure = "cut";
        else if (error instanceof Error && error.name === "TimeoutError") failure = "timeout";
      }
      const end = performance.now();
      const outcome: Outcome = status === 0 ? failure : outcomeOf(status, text);
      this.samples.push({ kind, sentAt: begin - this.startedAt, ms: end - begin, outcome, status });
      return { status, text, doneAt: end - this.startedAt, outcome };
    };
    const answer =
      lane === "shared"
        ? await this.cap.run(send)
        : lane === "payment"
          ? await this.paymentLane.run(send)
          : await send();
    if (answer === null || answer === NOT_SENT) {
      this.notSent++;
      return NOT_SENT;
    }
    return answer;
  }

  /** No new request from now on; those in flight are aborted after `graceMs`. */
  async close(graceMs: number, inFlight: () => number) {
    this.closed = true;
    this.cap.close();
    this.paymentLane.close();
    const until = performance.now() + graceMs;
    while (inFlight() > 0 && performance.now() < until) await sleep(100);
    this.abort.abort();
  }
}

/** Every 10 s: what the phase has done so far, so a slow machine shows as it happens. */
function progress(recorder: Recorder, accepted: () => number, inFlight: () => number) {
  const timer = setInterval(() => {
    const bookings = recorder.samples.filter((sample) => sample.kind === "booking").length;
    console.log(
      `  t=${String(Math.round((performance.now() - recorder.startedAt) / 1000)).padStart(3)} s  booking answers ${String(bookings).padStart(5)} (accepted ${String(accepted()).padStart(5)})  ` +
        `requests answered ${String(recorder.samples.length).padStart(5)}  in flight ${String(inFlight()).padStart(3)}  waiting for a slot ${recorder.cap.queued}`,
    );
  }, 10_000);
  return () => clearInterval(timer);
}

export type AcceptedOrder = { id: number; status: "paid" | "pending"; doneAt: number; places: number };

/** "not served": the phase's time ran out before the buyer's booking was answered. */
export type BuyerOutcome = "booked" | "sold out" | "refused" | "error" | "not served";

export type PhaseResult = {
  label: string;
  samples: Sample[];
  accepted: AcceptedOrder[];
  /** From the phase's start to the last answer received. */
  wallMs: number;
  buyers: Record<BuyerOutcome, number>;
  /** Booking attempts per buyer beyond the first (corrections after a 422, rebookings after a 409). */
  retries: number;
  checkout: {
    paid: number;
    cancelled: number;
    left: number;
    failed: number;
    unfinished: number;
    firstFailure: string | null;
  };
  cap: { max: number; waited: number; maxWaitMs: number };
  /** Requests never sent: the phase ended while they waited for a slot. */
  notSent: number;
  /** The phase was cut at its deadline with work left (requests aborted, buyers not served). */
  cut: boolean;
  firstUnexpected: string | null;
};

type PhaseContext = {
  base: string;
  checkoutMode: CheckoutMode;
  event: LoadEvent;
  recorder: Recorder;
  accepted: AcceptedOrder[];
  buyers: Record<BuyerOutcome, number>;
  checkout: PhaseResult["checkout"];
  retries: number;
  firstUnexpected: string | null;
  /** Headers a booking carries besides its own (the waiting room's pass), asked for before each booking. */
  bookingHeaders?: (ip: string) => Promise<Record<string, string>>;
};

async function orderRequest(ctx: PhaseContext, body: OrderBody, ip: string) {
  const extra = ctx.bookingHeaders ? await ctx.bookingHeaders(ip) : {};
  return ctx.recorder.request("booking", `${ctx.base}/api/public/events/${ctx.event.eventId}/orders`, {
    method: "POST",
    // Buyers come from many networks; the booking's rate limits key on email and this address.
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, ...extra },
    body: JSON.stringify(body),
  });
}

function noteUnexpected(ctx: PhaseContext, what: string) {
  ctx.firstUnexpected ??= what.slice(0, 400);
}

const phaseOver = (answer: Answer) => answer.outcome === "cut";

/**
 * How a paid order is paid. "webhook" (the default): the buyer pays at the provider, off this server, as with Stripe
 * Checkout in production, and the provider's signed event reaches POST /webhooks/stripe; the load plays the provider
 * exactly as the demo checkout's buttons do (domain/payments/demo-checkout.ts: a Stripe-shaped
 * checkout.session.completed or .expired, signed with the demo secret). "page": the buyer opens the demo checkout page
 * on this server and presses "Payer" or "Annuler" (a plain form post), which sends the same event server-side.
 */
export type CheckoutMode = "webhook" | "page";

/** The server's local mode: no Stripe keys, so the demo checkout signs its events with the demo secret. */
const LOCAL_PAYMENTS: PaymentsEnv = { ENVIRONMENT: "development" };

/** The event and its Stripe-Signature header, made and signed exactly as the demo checkout's buttons do. */
export async function signedSessionEvent(
  order: { sessionId: string; orderId: number; eventId: number; amount: number },
  type: "checkout.session.completed" | "checkout.session.expired",
  now = Date.now(),
): Promise<{ payload: string; signature: string }> {
  const payload = JSON.stringify(demoSessionEvent(order, type, now));
  return { payload, signature: await signDemoWebhookPayload(LOCAL_PAYMENTS, payload, now) };
}

type PlacedOrder = { id: number; amount: number; checkout_url: string };

/** A paid order's payment step: pays (most), cancels, or closes the tab and lets the hold run out. */
async function checkoutJourney(ctx: PhaseContext, plan: BuyerPlan, placed: PlacedOrder) {
  await sleep(plan.thinkMs[0]);
  if (ctx.checkoutMode === "page") {
    const page = await ctx.recorder.request("checkout-page", placed.checkout_url, {}, "payment");
    if (phaseOver(page)) {
      ctx.checkout.unfinished++;
      return;
    }
    if (page.status !== 200) {
      ctx.checkout.failed++;
      ctx.checkout.firstFailure ??= `checkout page HTTP ${page.status}: ${page.text.slice(0, 200)}`;
      return;
    }
  }
  await sleep(plan.thinkMs[1]);
  if (plan.checkout === "leave") {
    ctx.checkout.left++;
    return;
  }
  let answer: Answer;
  if (ctx.checkoutMode === "page") {
    answer = await ctx.recorder.request(
      "checkout-pay",
      placed.checkout_url,
      {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: new URL(placed.checkout_url).origin,
          "Sec-Fetch-Site": "same-origin",
        },
        body: new URLSearchParams({ intent: plan.checkout }).toString(),
      },
      "payment",
    );
  } else {
    const sessionId = decodeURIComponent(new URL(placed.checkout_url).pathname.split("/").pop() ?? "");
    const { payload, signature } = await signedSessionEvent(
      { sessionId, orderId: placed.id, eventId: ctx.event.eventId, amount: placed.amount },
      plan.checkout === "pay" ? "checkout.session.completed" : "checkout.session.expired",
    );
    answer = await ctx.recorder.request(
      "webhook",
      `${ctx.base}/webhooks/stripe`,
      { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: payload },
      "payment",
    );
  }
  const expected = plan.checkout === "pay" ? "confirmed" : "expired";
  const done =
    ctx.checkoutMode === "page"
      ? answer.status >= 300 && answer.status < 400
      : answer.status === 200 && answer.text.includes(`"outcome":"${expected}"`);
  if (done) {
    if (plan.checkout === "pay") ctx.checkout.paid++;
    else ctx.checkout.cancelled++;
  } else if (phaseOver(answer)) {
    ctx.checkout.unfinished++;
  } else {
    ctx.checkout.failed++;
    ctx.checkout.firstFailure ??= `${plan.checkout}: HTTP ${answer.status} (${answer.outcome}) ${answer.text.slice(0, 200)}`;
  }
}

/**
 * One buyer of the rush: books; after a 422 corrects the slip once; after a 409 refreshes the event and rebooks what
 * is still on sale (at most 3 times); after a paid order goes through the demo checkout.
 */
async function rushBuyer(ctx: PhaseContext, plan: BuyerPlan) {
  let body = withMistake(plan, ctx.event);
  let corrected = plan.mistake === "none";
  for (let attempt = 0; attempt < 5; attempt++) {
    if (attempt > 0) ctx.retries++;
    const answer = await orderRequest(ctx, body, plan.ip);
    if (phaseOver(answer)) {
      ctx.buyers["not served"]++;
      return;
    }
    if (answer.status === 201) {
      const placed = JSON.parse(answer.text) as {
        id: number;
        status: "paid" | "pending";
        amount: number;
        checkout_url: string | null;
      };
      const places = body.items.reduce((sum, item) => sum + item.quantity, 0);
      ctx.accepted.push({ id: placed.id, status: placed.status, doneAt: answer.doneAt, places });
      ctx.buyers.booked++;
      if (placed.status === "pending") {
        if (placed.checkout_url) await checkoutJourney(ctx, plan, { ...placed, checkout_url: placed.checkout_url });
        else noteUnexpected(ctx, `pending order ${placed.id} without checkout_url`);
      }
      return;
    }
    if (answer.status === 422 && !corrected) {
      corrected = true;
      await sleep(1500);
      body = structuredClone(plan.body);
      if (plan.mistake === "promo-on-free") delete body.promo_code;
      continue;
    }
    if (answer.outcome === "409 sold_out" && attempt < 4) {
      const soldOut = JSON.parse(answer.text) as { ticket_id?: number };
      const page = await ctx.recorder.request("event-json", `${ctx.base}/api/public/events/${ctx.event.eventId}`);
      if (phaseOver(page)) {
        ctx.buyers["not served"]++;
        return;
      }
      const onSale =
        page.status === 200
          ? (JSON.parse(page.text) as { tickets: { id: number; status: string }[] }).tickets
              .filter((ticket) => ticket.status === "on_sale")
              .map((ticket) => ticket.id)
          : [];
      const next = rebookAfterSoldOut(body, soldOut.ticket_id ?? null, onSale, ctx.event);
      if (!next) {
        ctx.buyers["sold out"]++;
        return;
      }
      body = next;
      await sleep(800);
      continue;
    }
    if (answer.outcome === "409 sold_out") ctx.buyers["sold out"]++;
    else if (answer.status === 422 || answer.status === 429 || answer.outcome === "409 other") {
      ctx.buyers.refused++;
      noteUnexpected(ctx, `booking HTTP ${answer.status}: ${answer.text}`);
    } else {
      ctx.buyers.error++;
      noteUnexpected(ctx, `booking ${answer.outcome} (HTTP ${answer.status}): ${answer.text}`);
    }
    return;
  }
}

/** A visitor of the public page: the page, its event JSON, and for some a reload a few seconds later. */
async function visitor(ctx: PhaseContext, index: number) {
  const url = `${ctx.base}${ctx.event.path}`;
  const page = await ctx.recorder.request("page", url, {
    headers: { "Accept-Language": index % 7 === 0 ? "en" : "fr" },
  });
  if (phaseOver(page)) return;
  await ctx.recorder.request("event-json", `${ctx.base}/api/public/events/${ctx.event.eventId}`);
  if (index % 3 === 0) {
    await sleep(2000 + (index % 5) * 800);
    await ctx.recorder.request("page", url);
  }
}

/**
 * The health endpoint, one request every `everyMs` (outside the cap, at most 8 outstanding, so that a slow answer
 * does not thin the samples): what the server answers with no work at all, under the same load as the phase.
 */
function healthProbe(recorder: Recorder, base: string, everyMs: number) {
  const outstanding = new Set<Promise<unknown>>();
  const timer = setInterval(() => {
    if (recorder.closed || outstanding.size >= 8) return;
    const request = recorder.request("health", `${base}/api/health`, {}, "none");
    outstanding.add(request);
    void request.finally(() => outstanding.delete(request));
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await Promise.all(outstanding);
  };
}

function newContext(
  base: string,
  event: LoadEvent,
  recorder: Recorder,
  checkoutMode: CheckoutMode = "webhook",
): PhaseContext {
  return {
    base,
    checkoutMode,
    event,
    recorder,
    accepted: [],
    buyers: { booked: 0, "sold out": 0, refused: 0, error: 0, "not served": 0 },
    checkout: { paid: 0, cancelled: 0, left: 0, failed: 0, unfinished: 0, firstFailure: null },
    retries: 0,
    firstUnexpected: null,
  };
}

function finish(label: string, ctx: PhaseContext, cap: InFlightCap, cut: boolean): PhaseResult {
  const samples = ctx.recorder.samples;
  // From the phase's start (the opening of the sale) to its last answer.
  const last = Math.max(0, ...samples.map((sample) => sample.sentAt + sample.ms));
  return {
    label,
    samples,
    accepted: ctx.accepted,
    wallMs: last,
    buyers: ctx.buyers,
    retries: ctx.retries,
    checkout: ctx.checkout,
    cap: { max: cap.max, waited: cap.waited, maxWaitMs: cap.maxWaitMs },
    notSent: ctx.recorder.notSent,
    cut,
    firstUnexpected: ctx.firstUnexpected,
  };
}

/**
 * Runs `work` until it ends or `deadlineMs` (from the recorder's start) passes; then closes the recorder: nothing new
 * is sent, and what is still in flight after `graceMs` more is aborted. Returns whether the deadline cut it.
 */
async function withDeadline(
  recorder: Recorder,
  work: Promise<unknown>,
  deadlineMs: number,
  graceMs: number,
  inFlight: () => number = () => recorder.cap.active,
) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), Math.max(0, deadlineMs - (performance.now() - recorder.startedAt)));
  });
  const first = await Promise.race([work.then(() => "done" as const), deadline]);
  clearTimeout(timer);
  if (first === "deadline") {
    await recorder.close(graceMs, inFlight);
    await work;
  } else recorder.closed = true;
  return first === "deadline";
}

export type RushOptions = {
  buyers: number;
  durationMs: number;
  visitorsPerSecond: number;
  maxInFlight: number;
  /** After the last arrival: how long the late buyers are still served before the phase is cut. */
  graceMs: number;
  checkoutMode: CheckoutMode;
};

/** The on-sale rush: `buyers` over `durationMs` (front-loaded Poisson arrivals) and the browsing crowd meanwhile. */
export async function runRush(base: string, event: LoadEvent, options: RushOptions): Promise<PhaseResult> {
  const cap = new InFlightCap(options.maxInFlight);
  const recorder = new Recorder(cap);
  const ctx = newContext(base, event, recorder, options.checkoutMode);
  const stopHealth = healthProbe(recorder, base, 250);
  const stopProgress = progress(
    recorder,
    () => ctx.accepted.length,
    () => cap.active + recorder.paymentLane.active,
  );
  const buyerArrivals = rushArrivals(options.buyers, options.durationMs, "load-rush-arrivals");
  const visitorArrivals = steadyArrivals(options.visitorsPerSecond, options.durationMs, "load-rush-visitors");
  const at = (ms: number) => sleep(Math.max(0, ms - (performance.now() - recorder.startedAt)));
  const work = Promise.all([
    ...buyerArrivals.map(async (arrival, index) => {
      const plan = planBuyer(event, index, "rush");
      await at(arrival);
      await rushBuyer(ctx, plan);
    }),
    ...visitorArrivals.map(async (arrival, index) => {
      await at(arrival);
      await visitor(ctx, index);
    }),
  ]);
  const cut = await withDeadline(
    recorder,
    work,
    options.durationMs + options.graceMs,
    5_000,
    () => cap.active + recorder.paymentLane.active,
  );
  stopProgress();
  await stopHealth();
  return finish("rush", ctx, cap, cut);
}

/**
 * The ceiling: `concurrency` buyers booking back to back for `durationMs` on an event with room for all of them (the
 * same bodies as the rush, no slips, no checkout), with the health probe alongside.
 */
export async function runCeiling(
  base: string,
  event: LoadEvent,
  options: {
    durationMs: number;
    concurrency: number;
    bookingHeaders?: PhaseContext["bookingHeaders"];
    /** Several phases at once (one per event): one health probe for all is enough. */
    healthProbe?: boolean;
    quiet?: boolean;
  },
): Promise<PhaseResult> {
  const cap = new InFlightCap(options.concurrency);
  const recorder = new Recorder(cap);
  const ctx = { ...newContext(base, event, recorder), bookingHeaders: options.bookingHeaders };
  const stopHealth = options.healthProbe === false ? async () => {} : healthProbe(recorder, base, 250);
  const stopProgress = options.quiet
    ? () => {}
    : progress(
        recorder,
        () => ctx.accepted.length,
        () => cap.active,
      );
  let next = 0;
  const buyer = async () => {
    while (performance.now() - recorder.startedAt < options.durationMs && !recorder.closed) {
      const plan = planBuyer(event, next++, "ceiling");
      let answer = await orderRequest(ctx, plan.body, plan.ip);
      // The promo code's 50 uses go in the first seconds: its later buyers book again without it, as in the rush.
      if (answer.outcome === "409 sold_out" && plan.body.promo_code && !answer.text.includes("ticket_id")) {
        ctx.retries++;
        const { promo_code: _dropped, ...body } = plan.body;
        answer = await orderRequest(ctx, body, plan.ip);
      }
      if (phaseOver(answer)) ctx.buyers["not served"]++;
      else if (answer.status === 201) {
        const placed = JSON.parse(answer.text) as { id: number; status: "paid" | "pending" };
        const places = plan.body.items.reduce((sum, item) => sum + item.quantity, 0);
        ctx.accepted.push({ id: placed.id, status: placed.status, doneAt: answer.doneAt, places });
        ctx.buyers.booked++;
      } else if (answer.outcome === "409 sold_out") ctx.buyers["sold out"]++;
      else {
        ctx.buyers[answer.status <= 0 || answer.status >= 500 ? "error" : "refused"]++;
        noteUnexpected(ctx, `booking ${answer.outcome} (HTTP ${answer.status}): ${answer.text}`);
      }
    }
  };
  const work = Promise.all(Array.from({ length: options.concurrency }, buyer));
  const cut = await withDeadline(recorder, work, options.durationMs + 10_000, 5_000);
  stopProgress();
  await stopHealth();
  return finish("ceiling", ctx, cap, cut);
}

/** Quiet baseline before any load: `count` health requests one after the other. */
export async function quietHealth(base: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const begin = performance.now();
    await (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })).arrayBuffer();
    times.push(performance.now() - begin);
  }
  return times;
}
