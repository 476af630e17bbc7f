import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import {
  confirmationEmailDueStatement,
  DELIVERY_CLAIM_LEASE_MS,
  takeDueOrderEmails,
} from "#domain/order-documents/order-email-outbox";
import { orderConfirmationJob } from "../../domain/shared/jobs";
import { countingD1 } from "../support/counting-d1";
import { consume, testEnv } from "../support/fault-worker";
import { faultyD1 } from "../support/faulty-d1";
import { insertConfirmedOrder } from "../support/order-documents-fixtures";
import { readPdf } from "../support/pdf-reading";

// Issue 31 §3 (docs/decisions/0067-batched-confirmation-emails.md): a queue batch of confirmation emails costs the
// same few D1 round trips whatever its size. Real D1 under a counting binding; only the network (Resend) is stubbed.
const db = createD1Database(env.DB);
const counting = countingD1(env.DB);
const faulty = faultyD1(env.DB);

type ResendCall = { to: string; idempotencyKey: string | null; attachments: { filename: string }[] };
let resendCalls: ResendCall[];
/** Recipients Resend refuses (a 500 answer), each once. */
let refuseOnce: Set<string>;

beforeEach(() => {
  counting.reset();
  resendCalls = [];
  refuseOnce = new Set();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== "https://api.resend.com/emails") throw new Error(`unexpected fetch ${request.url}`);
    const body = (await request.json()) as { to: string[]; attachments?: { filename: string }[] };
    const to = body.to[0]!;
    if (refuseOnce.delete(to))
      return Response.json({ name: "internal_server_error", message: "try later" }, { status: 500 });
    resendCalls.push({
      to,
      idempotencyKey: request.headers.get("Idempotency-Key"),
      attachments: body.attachments ?? [],
    });
    return Response.json({ id: `re_${resendCalls.length}` });
  });
});
afterEach(() => {
  faulty.clear();
  vi.restoreAllMocks();
});

/** `count` confirmed orders whose confirmation the sale recorded "due", as the booking batch does. */
async function dueOrders(count: number, label: string, options: { holders?: boolean } = {}) {
  const orders = [];
  for (let index = 0; index < count; index++) {
    const scenario = await insertConfirmedOrder(db, { email: `${label}-${index}@exemple.test` });
    if (options.holders)
      await db
        .update(schema.participants)
        .set({ email: `${label}-${index}.invite@exemple.test` })
        .where(eq(schema.participants.id, scenario.participants[1]!.id));
    await db.batch([confirmationEmailDueStatement(db, { orderRef: scenario.order.id, at: new Date() })]);
    orders.push(scenario.order);
  }
  return orders;
}

const mailsTo = (emails: string[]) =>
  db
    .select({ to: schema.devMailbox.to, attachments: schema.devMailbox.attachments })
    .from(schema.devMailbox)
    .where(inArray(schema.devMailbox.to, emails));

const statusesOf = async (orderIds: number[]) =>
  (
    await db
      .select({ status: schema.orderEmailDeliveries.status })
      .from(schema.orderEmailDeliveries)
      .where(inArray(schema.orderEmailDeliveries.orderId, orderIds))
  ).map((row) => row.status);

/** The D1 round trips of one queue batch holding a confirmation job per order. */
async function roundTrips(orders: { id: number }[], overrides: Record<string, unknown> = {}, attempts = 1) {
  counting.reset();
  const result = await consume(
    testEnv({ DB: counting.binding, ...overrides }),
    orders.map((order) => orderConfirmationJob(order.id)),
    attempts,
  );
  expect(result.retryMessages).toEqual([]);
  expect(result.explicitAcks).toHaveLength(orders.length);
  return counting.calls;
}

describe("a queue batch of order confirmation emails", () => {
  it("costs the same D1 round trips for 1 and for 20 emails (dev mailbox), each with its PDF tickets", async () => {
    const one = await dueOrders(1, "lot-un");
    const twenty = await dueOrders(20, "lot-vingt");
    const calls = { one: await roundTrips(one), twenty: await roundTrips(twenty) };
    // Claim and load in one batch; the dev mailbox's one insert batch; the sent marks in one batch.
    expect(calls).toEqual({ one: 3, twenty: 3 });

    const mails = await mailsTo(twenty.map((order) => order.email));
    expect(mails.map((mail) => mail.to).sort()).toEqual(twenty.map((order) => order.email).sort());
    const [attachment] = JSON.parse(mails[0]!.attachments!) as { content: string; contentType: string }[];
    expect(attachment!.contentType).toBe("application/pdf");
    const bytes = Uint8Array.from(atob(attachment!.content), (char) => char.charCodeAt(0));
    expect((await readPdf(bytes)).pages).toHaveLength(2);
    expect(await statusesOf([...one, ...twenty].map((order) => order.id))).toEqual(Array(21).fill("sent"));
  });

  it("costs the same D1 round trips for 1 and for 20 emails through Resend, one call and key per email", async () => {
    const resend = { RESEND_API_KEY: "re_test" };
    const one = await dueOrders(1, "resend-un");
    const twenty = await dueOrders(20, "resend-vingt");
    const calls = { one: await roundTrips(one, resend), twenty: await roundTrips(twenty, resend) };
    expect(calls).toEqual({ one: 2, twenty: 2 });
    expect(resendCalls).toHaveLength(21);
    expect(resendCalls.map((call) => call.idempotencyKey)).toEqual(
      [...one, ...twenty].map((order) => `order-confirmation:${order.id}`),
    );
    expect(resendCalls.every((call) => call.attachments.length === 1)).toBe(true);
    expect(resendCalls[1]!.attachments[0]!.filename).toBe(`billets-commande-${twenty[0]!.id}.pdf`);
  });

  it("with ticket holders to write to, still the same D1 round trips for 1 and for 20 orders", async () => {
    const resend = { RESEND_API_KEY: "re_test" };
    const one = await dueOrders(1, "titulaire-un", { holders: true });
    const twenty = await dueOrders(20, "titulaire-vingt", { holders: true });
    const calls = { one: await roundTrips(one, resend), twenty: await roundTrips(twenty, resend) };
    // The holders' rows are recorded and claimed with the buyers' sent marks; their own marks are one more batch.
    expect(calls).toEqual({ one: 3, twenty: 3 });
    expect(resendCalls).toHaveLength(42);
    // Each holder hears after their buyer.
    const order = twenty[3]!;
    const buyerCall = resendCalls.findIndex((call) => call.to === order.email);
    const holderCall = resendCalls.findIndex((call) => call.to === order.email.replace("@", ".invite@"));
    expect(buyerCall).toBeGreaterThanOrEqual(0);
    expect(holderCall).toBeGreaterThan(buyerCall);
    expect(resendCalls[holderCall]!.idempotencyKey).toMatch(new RegExp(`^holder-ticket:${order.id}:\\d+$`));
  });

  it("sends nothing twice when the whole batch is delivered again, in one D1 round trip", async () => {
    const resend = { RESEND_API_KEY: "re_test" };
    const orders = await dueOrders(20, "redelivery", { holders: true });
    await roundTrips(orders, resend);
    expect(resendCalls).toHaveLength(40);
    expect(await roundTrips(orders, resend, 2)).toBe(1);
    expect(resendCalls).toHaveLength(40);
    expect(await statusesOf(orders.map((order) => order.id))).toEqual(Array(40).fill("sent"));
  });

  it("retries only the message whose send failed, with the same idempotency key, and sends it once", async () => {
    const resend = { RESEND_API_KEY: "re_test" };
    const orders = await dueOrders(5, "un-refus");
    refuseOnce.add(orders[2]!.email);
    const jobs = orders.map((order) => orderConfirmationJob(order.id));
    const first = await consume(testEnv(resend), jobs);
    expect(first.retryMessages.map((message) => message.msgId)).toEqual(["m3"]);
    expect(first.explicitAcks).toEqual(["m1", "m2", "m4", "m5"]);
    const [failed] = await db
      .select()
      .from(schema.orderEmailDeliveries)
      .where(eq(schema.orderEmailDeliveries.orderId, orders[2]!.id));
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed!.lastError).toContain("Resend refused the email");

    // The queue's retry, and the rest of the batch delivered again with it: only the failed one goes, once.
    expect((await consume(testEnv(resend), jobs, 2)).explicitAcks).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    const [a, b, refused, d, e] = orders.map((order) => order.email);
    expect(resendCalls.map((call) => call.to)).toEqual([a, b, d, e, refused]);
    expect(resendCalls.at(-1)!.idempotencyKey).toBe(`order-confirmation:${orders[2]!.id}`);
    expect(await statusesOf(orders.map((order) => order.id))).toEqual(Array(5).fill("sent"));
  });
});

describe("a D1 error in a batch of confirmation emails", () => {
  const resend = { RESEND_API_KEY: "re_test" };

  it("in the claim-and-load batch: nothing is claimed or sent; the queue's retry sends each email once", async () => {
    const orders = await dueOrders(3, "panne-chargement");
    const jobs = orders.map((order) => orderConfirmationJob(order.id));
    faulty.inject({ match: /^update "order_email_deliveries" set "status" = \?, "attempts"/i });
    const failed = await consume(testEnv({ DB: faulty.binding, ...resend }), jobs);
    expect(failed.retryMessages.map((message) => message.msgId)).toEqual(["m1", "m2", "m3"]);
    expect(resendCalls).toEqual([]);
    expect(await statusesOf(orders.map((order) => order.id))).toEqual(["due", "due", "due"]);

    expect((await consume(testEnv({ DB: faulty.binding, ...resend }), jobs, 2)).explicitAcks).toHaveLength(3);
    expect(resendCalls.map((call) => call.to)).toEqual(orders.map((order) => order.email));
  });

  it("whose marks commit but whose answer is lost: the buyers' emails are not sent again, the holders' go once", async () => {
    const orders = await dueOrders(2, "reponse-perdue", { holders: true });
    const jobs = orders.map((order) => orderConfirmationJob(order.id));
    faulty.inject({ match: /^update "order_email_deliveries" set "status" = \?, "sent_at"/i, timing: "after" });
    const first = await consume(testEnv({ DB: faulty.binding, ...resend }), jobs);
    // The holders' part is left to the retry (its quota count is not written twice).
    expect(first.retryMessages.map((message) => message.msgId)).toEqual(["m1", "m2"]);
    expect(resendCalls.map((call) => call.to)).toEqual(orders.map((order) => order.email));

    // The retry finds the buyers' emails sent and the holders' rows claimed by the lost batch: nothing goes now.
    expect((await consume(testEnv(resend), jobs, 2)).explicitAcks).toEqual(["m1", "m2"]);
    expect(resendCalls).toHaveLength(2);
    // After the claim's lease the sweep hands the holders' emails over, and each is sent once.
    const swept = await takeDueOrderEmails(db, new Date(Date.now() + DELIVERY_CLAIM_LEASE_MS));
    const holderJobs = swept.filter((job) => orders.some((order) => order.id === job.orderId));
    expect(holderJobs).toHaveLength(2);
    expect((await consume(testEnv(resend), holderJobs)).explicitAcks).toEqual(["m1", "m2"]);
    expect(resendCalls.slice(2).map((call) => call.to)).toEqual(
      orders.map((order) => order.email.replace("@", ".invite@")),
    );
    expect(await statusesOf(orders.map((order) => order.id))).toEqual(Array(4).fill("sent"));
  });
});
