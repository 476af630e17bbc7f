import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseFromEnv } from "#db/from-env";
import * as schema from "#db/schema";
import { DUE_EMAIL_SWEEP_AGE_MS } from "#domain/order-documents/order-email-outbox";
import { confirmationDeliveryKey, MISSING_APP_URL_ERROR } from "#domain/order-documents/send-order-confirmation";
import { HOLDS_CRON, handleScheduled } from "../../workers/scheduled";
import { confirmOrder } from "#domain/booking/confirm-order";
import { placeOrder } from "#domain/booking/place-order";
import { insertEvent, insertOrganization, insertTicket } from "../support/fixtures";
import { insertConfirmedOrder } from "../support/order-documents-fixtures";

async function mailbox(to: string): Promise<{ subject: string }[]> {
  const response = await exports.default.fetch(`http://localhost/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return response.json();
}

/** A sale whose queue hand-off was lost: its confirmation is due since `age` ms, and no message carries it. */
async function lostConfirmation(email: string, age: number) {
  const db = databaseFromEnv(env);
  const scenario = await insertConfirmedOrder(db, { email });
  await db.insert(schema.orderEmailDeliveries).values({
    organizationId: scenario.organization.id,
    eventId: scenario.event.id,
    orderId: scenario.order.id,
    key: confirmationDeliveryKey(scenario.order.id),
    status: "due",
    attempts: 0,
    claimedAt: new Date(Date.now() - age),
  });
  return scenario;
}

async function runHoldsCron(runEnv: Env) {
  const ctx = createExecutionContext();
  await handleScheduled(createScheduledController({ cron: HOLDS_CRON, scheduledTime: Date.now() }), runEnv, ctx);
  return waitOnExecutionContext(ctx);
}

describe("the scheduled sweep of order emails (D1 + queue)", () => {
  it("records the confirmation as due in the sale's D1 batch, for a paid and for a free order", async () => {
    const db = databaseFromEnv(env);
    const now = Date.now();
    const organizationId = (await insertOrganization(db)).id;
    const future = new Date(now + 30 * 86_400_000);
    const event = await insertEvent(db, organizationId, { status: "published", startAt: future, endAt: future });
    const paid = await insertTicket(db, event, { title: "Pass", price: 7500 });
    const free = await insertTicket(db, event, { title: "Invitation", price: 0 });
    const body = (ticketId: number) => ({
      items: [{ ticket_id: ticketId, quantity: 1 }],
      buyer: { first_name: "Léa", last_name: "Martin", email: "lea.d1@exemple.test" },
      answers: {},
      locale: "fr" as const,
    });
    const bookingEnv = { ENVIRONMENT: "test", SESSION_SECRET: "outbox-test-secret-0123456789abcdef" };
    const pending = await placeOrder(db, { env: bookingEnv, now }, { eventId: event.id, body: body(paid.id) });
    expect(await confirmOrder(db, { orderId: pending.id, paidAt: now, now })).toMatchObject({ outcome: "confirmed" });
    const placedFree = await placeOrder(db, { env: bookingEnv, now }, { eventId: event.id, body: body(free.id) });
    const rows = await db
      .select({ key: schema.orderEmailDeliveries.key, status: schema.orderEmailDeliveries.status })
      .from(schema.orderEmailDeliveries)
      .where(eq(schema.orderEmailDeliveries.eventId, event.id))
      .orderBy(schema.orderEmailDeliveries.id);
    expect(rows).toEqual([
      { key: confirmationDeliveryKey(pending.id), status: "due" },
      { key: confirmationDeliveryKey(placedFree.id), status: "due" },
    ]);
  });

  it("hands a due confirmation to the queue, whose consumer sends it and marks it sent", async () => {
    const db = databaseFromEnv(env);
    const scenario = await lostConfirmation("sweep.lost@exemple.test", DUE_EMAIL_SWEEP_AGE_MS + 1000);
    await runHoldsCron(env);

    let rows: { subject: string }[] = [];
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await mailbox("sweep.lost@exemple.test");
    }
    expect(rows.map((row) => row.subject)).toEqual(["Vos billets pour Événement à l'Opéra"]);
    let delivery: typeof schema.orderEmailDeliveries.$inferSelect | undefined;
    for (let i = 0; i < 100 && delivery?.status !== "sent"; i++) {
      [delivery] = await db
        .select()
        .from(schema.orderEmailDeliveries)
        .where(eq(schema.orderEmailDeliveries.orderId, scenario.order.id));
      if (delivery?.status !== "sent") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(delivery).toMatchObject({ status: "sent", attempts: 1 });

    // The next run finds nothing to hand over: one email.
    await runHoldsCron(env);
    expect(await mailbox("sweep.lost@exemple.test")).toHaveLength(1);
  });

  it("without APP_URL, fails the sweep task loudly and keeps the email due", async () => {
    const db = databaseFromEnv(env);
    const scenario = await lostConfirmation("sweep.unconfigured@exemple.test", DUE_EMAIL_SWEEP_AGE_MS + 1000);
    await expect(runHoldsCron({ ...env, APP_URL: "" })).rejects.toThrow(MISSING_APP_URL_ERROR);
    const [delivery] = await db
      .select()
      .from(schema.orderEmailDeliveries)
      .where(eq(schema.orderEmailDeliveries.orderId, scenario.order.id));
    expect(delivery).toMatchObject({ status: "due", attempts: 0 });
    expect(await mailbox("sweep.unconfigured@exemple.test")).toEqual([]);
  });
});
