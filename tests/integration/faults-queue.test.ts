import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { recordWebhookEvent } from "#domain/webhooks/webhook-event-statement";
import { orderConfirmationJob } from "../../domain/shared/jobs";
import { consume, recordingQueue, testEnv } from "../support/fault-worker";
import { faultyD1, type Fault } from "../support/faulty-d1";
import { insertOrganization } from "../support/fixtures";
import { insertConfirmedOrder } from "../support/order-documents-fixtures";

// Issue 14 §4: the queue delivering a job twice (a lost ack, two consumers at once, a retry) sends one email and one
// outgoing webhook; a D1 error in the middle of a webhook delivery or an email send leaves nothing half-written and
// the queue's retry of the same message finishes it once. Real D1 throughout; only the network (fetch) is stubbed.
const db = createD1Database(env.DB);
const faulty = faultyD1(env.DB);
const HOOK_URL = "https://hooks.exemple.test/faults";

let calls: { url: string; id: string | null; body: string }[];
let answers: number[];

beforeEach(() => {
  calls = [];
  answers = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== HOOK_URL) throw new Error(`unexpected fetch ${request.url}`);
    calls.push({ url: request.url, id: request.headers.get("webhook-id"), body: await request.text() });
    return new Response("ok", { status: answers.shift() ?? 200 });
  });
});
afterEach(() => {
  faulty.clear();
  vi.restoreAllMocks();
});

/** One pending outgoing webhook delivery of a fresh organization, and its first job. */
async function pendingDelivery() {
  const organization = await insertOrganization(db);
  const [endpoint] = await db
    .insert(schema.webhookEndpoints)
    .values({ organizationId: organization.id, url: HOOK_URL, secret: "whsec_ZmF1bHRzLXF1ZXVlLXNlY3JldC1mYXVsdHM=" })
    .returning();
  await recordWebhookEvent(db, {
    organizationId: organization.id,
    type: "order.created",
    data: { id: 4242, status: "pending" },
  });
  const [delivery] = await db
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.endpointId, endpoint!.id));
  return {
    endpoint: endpoint!,
    delivery: delivery!,
    job: { type: "deliver-webhook" as const, deliveryId: delivery!.id, attempt: 1 },
  };
}

async function deliveryState(deliveryId: number, endpointId: number) {
  const [[delivery], attempts, [endpoint]] = await db.batch([
    db
      .select({ status: schema.webhookDeliveries.status, attempts: schema.webhookDeliveries.attempts })
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.id, deliveryId)),
    db
      .select({
        attempt: schema.webhookDeliveryAttempts.attempt,
        status: schema.webhookDeliveryAttempts.responseStatus,
      })
      .from(schema.webhookDeliveryAttempts)
      .where(eq(schema.webhookDeliveryAttempts.deliveryId, deliveryId))
      .orderBy(asc(schema.webhookDeliveryAttempts.id)),
    db
      .select({ failures: schema.webhookEndpoints.consecutiveFailures, enabled: schema.webhookEndpoints.enabled })
      .from(schema.webhookEndpoints)
      .where(eq(schema.webhookEndpoints.id, endpointId)),
  ]);
  return { delivery, attempts, endpoint };
}

const delivered = (attempts: number) => ({
  delivery: { status: "succeeded", attempts },
  endpoint: { failures: 0, enabled: true },
});

describe("an outgoing webhook delivered by the queue", () => {
  it("a job handed over twice in one batch, then by two consumers at once, calls the endpoint once", async () => {
    const first = await pendingDelivery();
    const workerEnv = testEnv();
    expect((await consume(workerEnv, [first.job, first.job])).explicitAcks).toEqual(["m1", "m2"]);
    expect(calls).toHaveLength(1);
    expect(await deliveryState(first.delivery.id, first.endpoint.id)).toEqual({
      ...delivered(1),
      attempts: [{ attempt: 1, status: 200 }],
    });

    const second = await pendingDelivery();
    await Promise.all([consume(workerEnv, [second.job]), consume(workerEnv, [second.job])]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.id).toBe(second.delivery.messageId);
    expect((await deliveryState(second.delivery.id, second.endpoint.id)).attempts).toHaveLength(1);
  });

  it("a failed attempt is retried as the next attempt; the old message coming back changes nothing", async () => {
    const { delivery, endpoint, job } = await pendingDelivery();
    const queue = recordingQueue();
    const workerEnv = testEnv({ JOBS: queue.binding });
    answers = [500];
    expect((await consume(workerEnv, [job])).explicitAcks).toEqual(["m1"]);
    const next = queue.ofType("deliver-webhook");
    expect(next).toEqual([{ ...job, attempt: 2 }]);

    await consume(workerEnv, [next[0], job, next[0]]);
    expect(calls.map((call) => call.id)).toEqual([delivery.messageId, delivery.messageId]);
    expect(await deliveryState(delivery.id, endpoint.id)).toEqual({
      ...delivered(2),
      attempts: [
        { attempt: 1, status: 500 },
        { attempt: 2, status: 200 },
      ],
    });
  });

  const faults: [string, Fault, number][] = [
    // [where D1 fails, the fault, endpoint calls made before the queue's retry]
    ["the attempt's claim", { match: /^update "webhook_deliveries" set "attempts"/i }, 0],
    ["the endpoint's read, after the claim", { match: /^select .* from "webhook_endpoints"/i }, 0],
  ];

  it.each(faults)("a D1 error at %s: nothing sent or recorded; the queue's retry delivers once", async (_l, fault) => {
    const { delivery, endpoint, job } = await pendingDelivery();
    const before = await deliveryState(delivery.id, endpoint.id);
    const workerEnv = testEnv({ DB: faulty.binding });
    faulty.inject(fault);
    const failed = await consume(workerEnv, [job]);
    expect(failed.retryMessages.map((message) => message.msgId)).toEqual(["m1"]);
    expect(calls).toEqual([]);
    expect(await deliveryState(delivery.id, endpoint.id)).toEqual(before);
    expect(before.delivery).toEqual({ status: "pending", attempts: 0 });

    expect((await consume(workerEnv, [job], 2)).explicitAcks).toEqual(["m1"]);
    expect(calls).toHaveLength(1);
    expect(await deliveryState(delivery.id, endpoint.id)).toEqual({
      ...delivered(1),
      attempts: [{ attempt: 1, status: 200 }],
    });
  });

  it.each([
    ["fails (the batch rolls back)", { match: /^insert into "webhook_delivery_attempts"/i } as Fault],
    [
      "commits but its answer is lost",
      { match: /^insert into "webhook_delivery_attempts"/i, timing: "after" } as Fault,
    ],
  ])("the result's batch %s after the endpoint answered: recorded once, no second call", async (_l, fault) => {
    const { delivery, endpoint, job } = await pendingDelivery();
    const workerEnv = testEnv({ DB: faulty.binding });
    const fired = faulty.fired;
    faulty.inject(fault);
    expect((await consume(workerEnv, [job])).explicitAcks).toEqual(["m1"]);
    expect(faulty.fired).toBe(fired + 1);
    expect(calls).toHaveLength(1);
    expect(await deliveryState(delivery.id, endpoint.id)).toEqual({
      ...delivered(1),
      attempts: [{ attempt: 1, status: 200 }],
    });
    // And the message coming back once more calls nothing.
    await consume(workerEnv, [job], 2);
    expect(calls).toHaveLength(1);
  });
});

describe("an order confirmation email delivered by the queue", () => {
  const mailsTo = (email: string) =>
    db.select({ subject: schema.devMailbox.subject }).from(schema.devMailbox).where(eq(schema.devMailbox.to, email));
  const deliveriesOf = (orderId: number) =>
    db
      .select({ status: schema.orderEmailDeliveries.status, attempts: schema.orderEmailDeliveries.attempts })
      .from(schema.orderEmailDeliveries)
      .where(eq(schema.orderEmailDeliveries.orderId, orderId));

  it("two consumers holding the same job at once send one email", async () => {
    const email = "deux.consommateurs@exemple.test";
    const { order } = await insertConfirmedOrder(db, { email });
    const job = orderConfirmationJob(order.id);
    const results = await Promise.all([consume(testEnv(), [job]), consume(testEnv(), [job])]);
    expect(await mailsTo(email)).toHaveLength(1);
    // The one that found the claim taken waits for the lease rather than sending (or acknowledges if it was sent).
    const retried = results.flatMap((result) => result.retryMessages);
    const acked = results.flatMap((result) => result.explicitAcks);
    expect(acked.length + retried.length).toBe(2);
    expect(await deliveriesOf(order.id)).toEqual([{ status: "sent", attempts: 1 }]);
    // Its retry, after the first has sent: acknowledged, nothing more.
    expect((await consume(testEnv(), [job], 2)).explicitAcks).toEqual(["m1"]);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("a D1 error storing the email releases the claim; the queue's retry sends it once", async () => {
    const email = "boite.en.panne@exemple.test";
    const { order } = await insertConfirmedOrder(db, { email });
    const job = orderConfirmationJob(order.id);
    const workerEnv = testEnv({ DB: faulty.binding });
    faulty.inject({ match: /^insert into "dev_mailbox"/i });
    expect((await consume(workerEnv, [job])).retryMessages.map((message) => message.msgId)).toEqual(["m1"]);
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await deliveriesOf(order.id)).toEqual([{ status: "failed", attempts: 1 }]);

    expect((await consume(workerEnv, [job], 2)).explicitAcks).toEqual(["m1"]);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await deliveriesOf(order.id)).toEqual([{ status: "sent", attempts: 2 }]);
  });

  it("a D1 error marking the email sent is written again at once: acknowledged, never sent twice", async () => {
    const email = "marque.envoyee@exemple.test";
    const { order } = await insertConfirmedOrder(db, { email });
    const job = orderConfirmationJob(order.id);
    const workerEnv = testEnv({ DB: faulty.binding });
    const fired = faulty.fired;
    faulty.inject({ match: /^update "order_email_deliveries" set "status" = \?, "sent_at"/i });
    expect((await consume(workerEnv, [job])).explicitAcks).toEqual(["m1"]);
    expect(faulty.fired).toBe(fired + 1);
    expect(await deliveriesOf(order.id)).toEqual([{ status: "sent", attempts: 1 }]);
    expect((await consume(workerEnv, [job, job], 2)).explicitAcks).toEqual(["m1", "m2"]);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});
