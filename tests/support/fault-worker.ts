import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { DEMO_WEBHOOK_SECRET } from "#adapters/payments";
import type { Job } from "../../domain/shared/jobs";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";
import { handleQueueBatch } from "../../workers/queue";

/**
 * The Worker's real Hono app and queue consumer, run with an env of the test's choosing: the D1 binding may be the
 * fault-injecting one (tests/support/faulty-d1.ts) and JOBS a recorder, so that a test sees exactly which jobs a
 * request queued (the Queues binding itself hands them to the test Worker's consumer at its own pace).
 */

export type RecordedQueue = {
  binding: Queue;
  /** Every message body sent, in order. */
  readonly jobs: Job[];
  ofType<T extends Job["type"]>(type: T): Extract<Job, { type: T }>[];
};

export function recordingQueue(): RecordedQueue {
  const jobs: Job[] = [];
  const binding = {
    async send(body: Job) {
      jobs.push(body);
    },
    async sendBatch(messages: Iterable<{ body: Job }>) {
      for (const message of messages) jobs.push(message.body);
    },
  } as unknown as Queue;
  return {
    binding,
    jobs,
    ofType: <T extends Job["type"]>(type: T) => jobs.filter((job) => job.type === type) as Extract<Job, { type: T }>[],
  };
}

const app = createHonoApp(async () => new Response("no React Router in this test", { status: 404 }), {
  messages: resources,
});

export type WorkerEnv = Env & Record<string, unknown>;

export function testEnv(overrides: { DB?: D1Database; JOBS?: Queue } & Record<string, unknown> = {}): WorkerEnv {
  return { ...env, ...overrides } as WorkerEnv;
}

/** An execution context whose waitUntil work can be awaited (the test Worker's own one is not reachable here). */
function executionContext() {
  const work: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (promise: Promise<unknown>) => void work.push(promise),
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext;
  return { ctx, settled: () => Promise.allSettled(work) };
}

/** One request through the real app, its waitUntil work (the outbox hand-off) awaited. */
export async function workerFetch(workerEnv: WorkerEnv, request: Request): Promise<Response> {
  const { ctx, settled } = executionContext();
  const response = await app.fetch(request, workerEnv, ctx);
  await settled();
  return response;
}

/** A Stripe-signed POST /webhooks/stripe of `event` (demo secret unless another is given). */
export async function stripeDelivery(event: unknown, secret = DEMO_WEBHOOK_SECRET): Promise<Request> {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return new Request("http://localhost/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

/**
 * Runs the real queue consumer on one delivery of each body, as the Queues runtime would (ids `m1`, `m2`…), and
 * says which messages it acknowledged and which it asked to be retried.
 */
export async function consume(workerEnv: WorkerEnv, bodies: unknown[], attempts = 1) {
  const explicitAcks: string[] = [];
  const retryMessages: { msgId: string; delaySeconds?: number }[] = [];
  const messages = bodies.map((body, index) => {
    const id = `m${index + 1}`;
    return {
      id,
      timestamp: new Date(),
      attempts,
      body,
      ack: () => void explicitAcks.push(id),
      retry: (options?: { delaySeconds?: number }) => void retryMessages.push({ msgId: id, ...options }),
    };
  });
  const batch = {
    queue: "guichet-jobs",
    messages,
    ackAll: () => messages.forEach((message) => message.ack()),
    retryAll: () => messages.forEach((message) => message.retry()),
  } as unknown as MessageBatch<unknown>;
  const { ctx, settled } = executionContext();
  await handleQueueBatch(batch, workerEnv, ctx);
  await settled();
  return { explicitAcks, retryMessages };
}
