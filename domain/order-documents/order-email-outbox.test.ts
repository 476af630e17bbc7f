import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmailSender } from "#adapters/email";
import * as schema from "#db/schema";
import { devMailbox, orderEmailDeliveries } from "#db/schema";
import type { OrderConfirmationJob } from "../shared/jobs";
import { insertEvent, insertEventsWorld, insertOrganization, insertTicket } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertConfirmedOrder } from "../../tests/support/order-documents-fixtures";
import { recordingSender } from "../../tests/support/recording-sender";
import { confirmOrder } from "../booking/confirm-order";
import { placeManualOrders } from "../manual-orders/place-manual-orders";
import { reserveEmailSends } from "../emails/email-quota";
import { importParticipants } from "../participant-import/import-participants";
import { placeOrder } from "../booking/place-order";
import {
  DELIVERY_CLAIM_LEASE_MS,
  DUE_EMAIL_SWEEP_AGE_MS,
  FAILED_EMAIL_SWEEP_AGE_MS,
  MAX_EMAIL_DELIVERY_ATTEMPTS,
  sweepDueOrderEmails,
  takeDueOrderEmails,
} from "./order-email-outbox";
import { confirmationDeliveryKey, MISSING_APP_URL_ERROR, sendOrderConfirmation } from "./send-order-confirmation";

const env = { ENVIRONMENT: "test", APP_URL: "https://billets.example.org" };
const MINUTE = 60_000;

function recordingQueue() {
  const jobs: OrderConfirmationJob[] = [];
  return {
    jobs,
    async sendBatch(messages: { body: OrderConfirmationJob }[]) {
      for (const message of messages) jobs.push(message.body);
    },
  };
}

describe("order email outbox", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => t.close());

  const deliveries = () => t.db.select().from(orderEmailDeliveries).orderBy(orderEmailDeliveries.id);

  /** A due row as the sale's batch writes it, `age` ms before `now`. */
  async function dueOrder(now: number, age: number, options: Parameters<typeof insertConfirmedOrder>[1] = {}) {
    const scenario = await insertConfirmedOrder(t.db, options);
    await t.db.insert(orderEmailDeliveries).values({
      organizationId: scenario.organization.id,
      eventId: scenario.event.id,
      orderId: scenario.order.id,
      key: confirmationDeliveryKey(scenario.order.id),
      status: "due",
      attempts: 0,
      claimedAt: new Date(now - age),
    });
    return scenario;
  }

  it("is written by the sale's own batch, for a paid and for a free order, once", async () => {
    const now = Date.now();
    const organizationId = (await insertOrganization(t.db)).id;
    const future = new Date(now + 30 * 86_400_000);
    const event = await insertEvent(t.db, organizationId, { status: "published", startAt: future, endAt: future });
    const paid = await insertTicket(t.db, event, { title: "Pass", price: 7500 });
    const free = await insertTicket(t.db, event, { title: "Invitation", price: 0 });
    const deps = { env: { ...env, SESSION_SECRET: "order-documents-secret-0123456789" }, now };
    const body = (ticketId: number) => ({
      items: [{ ticket_id: ticketId, quantity: 1 }],
      buyer: { first_name: "Léa", last_name: "Martin", email: "lea@exemple.test" },
      answers: {},
      locale: "fr" as const,
    });

    const pending = await placeOrder(t.db, deps, { eventId: event.id, body: body(paid.id) });
    expect(await deliveries()).toEqual([]);
    expect(await confirmOrder(t.db, { orderId: pending.id, paidAt: now, now })).toMatchObject({
      outcome: "confirmed",
    });
    const placedFree = await placeOrder(t.db, deps, { eventId: event.id, body: body(free.id) });
    expect(placedFree.status).toBe("paid");
    // A second delivery of the payment confirms nothing and records nothing.
    expect(await confirmOrder(t.db, { orderId: pending.id, paidAt: now, now })).toMatchObject({
      outcome: "already_confirmed",
    });

    const rows = await deliveries();
    expect(
      rows.map(({ orderId, key, status, attempts, claimedAt, organizationId: org }) => ({
        orderId,
        key,
        status,
        attempts,
        claimedAt: claimedAt.getTime(),
        org,
      })),
    ).toEqual([
      {
        orderId: pending.id,
        key: `order-confirmation:${pending.id}`,
        status: "due",
        attempts: 0,
        claimedAt: now,
        org: organizationId,
      },
      {
        orderId: placedFree.id,
        key: `order-confirmation:${placedFree.id}`,
        status: "due",
        attempts: 0,
        claimedAt: now,
        org: organizationId,
      },
    ]);

    // The queue's fast path sends it and marks it sent; the sweep then has nothing to do.
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender, now }, { orderId: pending.id })).toBe("sent");
    const [sent] = await deliveries();
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    const later = new Date(now + DUE_EMAIL_SWEEP_AGE_MS);
    expect(await takeDueOrderEmails(t.db, later)).toEqual([
      { type: "send-order-confirmation", orderId: placedFree.id, key: `order-confirmation:${placedFree.id}` },
    ]);
  });

  it("is written with manual orders and imports when their confirmation is asked for, and only then", async () => {
    const world = await insertEventsWorld(t.db);
    // Emails go out for published events only (decision 0038).
    const event = await insertEvent(t.db, world.organization.id, {
      title: "Soirée des bénévoles",
      status: "published",
    });
    const ticket = await insertTicket(t.db, event, { title: "Invitation", price: 0 });
    const guest = (name: string) => ({
      firstName: name,
      lastName: "Martin",
      email: `${name.toLowerCase()}@exemple.test`,
    });
    const order = (name: string) => ({ buyer: guest(name), participants: [{ ...guest(name), ticketId: ticket.id }] });
    const owner = world.actors.owner;

    const silent = await placeManualOrders(t.db, owner, {
      eventId: event.id,
      orders: [order("Alix")],
      sendEmail: false,
    });
    const asked = await placeManualOrders(t.db, owner, {
      eventId: event.id,
      orders: [order("Basile"), order("Chloé")],
      sendEmail: true,
    });
    await importParticipants(t.db, owner, {
      eventId: event.id,
      records: [["Dora", "Martin", "dora@exemple.test", String(ticket.id), "2"]],
      sendEmail: true,
      emailReservation: await reserveEmailSends(t.db, {
        organizationId: world.organization.id,
        eventId: event.id,
        count: 1,
      }),
    });
    await importParticipants(t.db, owner, {
      eventId: event.id,
      records: [["Émile", "Martin", "emile@exemple.test", String(ticket.id), "1"]],
      sendEmail: false,
    });
    const imported = await t.db
      .select({ id: schema.orders.id })
      .from(schema.orders)
      .where(eq(schema.orders.email, "dora@exemple.test"));

    const rows = await deliveries();
    expect(rows.map((row) => [row.orderId, row.key, row.status, row.attempts])).toEqual(
      [...asked.orderIds, imported[0]!.id].map((id) => [id, confirmationDeliveryKey(id), "due", 0]),
    );
    expect(rows.some((row) => row.orderId === silent.orderIds[0])).toBe(false);
  });

  it("hands over a due email whose queue message was lost, once per sweep age, and the consumer marks it sent", async () => {
    const now = Date.now();
    const young = await dueOrder(now, DUE_EMAIL_SWEEP_AGE_MS - 1);
    const lost = await dueOrder(now, DUE_EMAIL_SWEEP_AGE_MS);
    const queue = recordingQueue();

    expect(await sweepDueOrderEmails(t.db, queue, new Date(now))).toBe(1);
    expect(queue.jobs).toEqual([
      { type: "send-order-confirmation", orderId: lost.order.id, key: confirmationDeliveryKey(lost.order.id) },
    ]);
    // Handed over just now: the next sweep leaves it to the queue.
    expect(await sweepDueOrderEmails(t.db, queue, new Date(now + MINUTE))).toBe(1);
    expect(queue.jobs.map((job) => job.orderId)).toEqual([lost.order.id, young.order.id]);

    const sender = recordingSender();
    const job = queue.jobs[0]!;
    expect(await sendOrderConfirmation(t.db, { env, sender, now }, { orderId: job.orderId, key: job.key })).toBe(
      "sent",
    );
    expect(sender.sent.map((message) => message.to)).toEqual([lost.order.email]);
    const [row] = await t.db.select().from(orderEmailDeliveries).where(eq(orderEmailDeliveries.orderId, lost.order.id));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(await sweepDueOrderEmails(t.db, queue, new Date(now + 2 * FAILED_EMAIL_SWEEP_AGE_MS))).toBe(1);
    expect(queue.jobs.at(-1)!.orderId).toBe(young.order.id);
  });

  it("retries a failed send from the sweep once the queue's own retries had their time, keeping the last error", async () => {
    const now = Date.now();
    const scenario = await dueOrder(now, 0);
    const sender = recordingSender();
    sender.failNext = true;
    await expect(sendOrderConfirmation(t.db, { env, sender, now }, { orderId: scenario.order.id })).rejects.toThrow(
      "mail service unavailable",
    );
    const [failed] = await deliveries();
    expect(failed).toMatchObject({ status: "failed", attempts: 1, lastError: "mail service unavailable" });

    const queue = recordingQueue();
    expect(await sweepDueOrderEmails(t.db, queue, new Date(now + FAILED_EMAIL_SWEEP_AGE_MS - 1))).toBe(0);
    expect(await sweepDueOrderEmails(t.db, queue, new Date(now + FAILED_EMAIL_SWEEP_AGE_MS))).toBe(1);
    const [handedOver] = await deliveries();
    expect(handedOver).toMatchObject({ status: "failed", lastError: "mail service unavailable" });
    expect(handedOver!.claimedAt.getTime()).toBe(now + FAILED_EMAIL_SWEEP_AGE_MS);

    const retryAt = now + FAILED_EMAIL_SWEEP_AGE_MS + 1000;
    const job = queue.jobs[0]!;
    expect(
      await sendOrderConfirmation(t.db, { env, sender, now: retryAt }, { orderId: job.orderId, key: job.key }),
    ).toBe("sent");
    const [sent] = await deliveries();
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(sender.sent).toHaveLength(1);
  });

  it("takes over a send whose consumer died, after the claim's lease", async () => {
    const now = Date.now();
    const scenario = await insertConfirmedOrder(t.db);
    await t.db.insert(orderEmailDeliveries).values({
      organizationId: scenario.organization.id,
      eventId: scenario.event.id,
      orderId: scenario.order.id,
      key: confirmationDeliveryKey(scenario.order.id),
      status: "sending",
      attempts: 1,
      claimedAt: new Date(now - DELIVERY_CLAIM_LEASE_MS),
    });
    const queue = recordingQueue();
    expect(await sweepDueOrderEmails(t.db, queue, new Date(now - 1))).toBe(0);
    expect(await sweepDueOrderEmails(t.db, queue, new Date(now))).toBe(1);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "failed", lastError: "the sending attempt did not finish" });
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender, now }, { orderId: scenario.order.id })).toBe("sent");
    expect(sender.sent).toHaveLength(1);
  });

  it("gives up after the last attempt, leaving the row with its last error", async () => {
    const now = Date.now();
    const scenario = await insertConfirmedOrder(t.db);
    await t.db.insert(orderEmailDeliveries).values({
      organizationId: scenario.organization.id,
      eventId: scenario.event.id,
      orderId: scenario.order.id,
      key: confirmationDeliveryKey(scenario.order.id),
      status: "failed",
      attempts: MAX_EMAIL_DELIVERY_ATTEMPTS,
      claimedAt: new Date(now - 10 * FAILED_EMAIL_SWEEP_AGE_MS),
      lastError: "Resend refused the email (validation_error): bad sender",
    });
    const queue = recordingQueue();
    expect(await sweepDueOrderEmails(t.db, queue, new Date(now))).toBe(0);
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender, now }, { orderId: scenario.order.id })).toBe("gave-up");
    expect(sender.sent).toEqual([]);
    const [row] = await deliveries();
    expect(row).toMatchObject({
      status: "failed",
      attempts: MAX_EMAIL_DELIVERY_ATTEMPTS,
      lastError: "Resend refused the email (validation_error): bad sender",
    });
  });

  it("keeps an email due without APP_URL, with the reason, and sends it once APP_URL is set", async () => {
    const now = Date.now();
    const scenario = await dueOrder(now, 0);
    const sender = recordingSender();
    const unconfigured = { ...env, APP_URL: "" };
    for (const at of [now, now + MINUTE])
      expect(
        await sendOrderConfirmation(t.db, { env: unconfigured, sender, now: at }, { orderId: scenario.order.id }),
      ).toBe("not-configured");
    expect(sender.sent).toEqual([]);
    const [waiting] = await deliveries();
    expect(waiting).toMatchObject({ status: "due", attempts: 0, lastError: MISSING_APP_URL_ERROR });

    // A resend asked for meanwhile is recorded due as well, rather than lost.
    const resendKey = `${confirmationDeliveryKey(scenario.order.id)}:resend:1`;
    expect(
      await sendOrderConfirmation(
        t.db,
        { env: unconfigured, sender, now },
        { orderId: scenario.order.id, key: resendKey },
      ),
    ).toBe("not-configured");

    const queue = recordingQueue();
    expect(await sweepDueOrderEmails(t.db, queue, new Date(now + DUE_EMAIL_SWEEP_AGE_MS))).toBe(2);
    for (const job of queue.jobs)
      expect(await sendOrderConfirmation(t.db, { env, sender, now }, { orderId: job.orderId, key: job.key })).toBe(
        "sent",
      );
    expect(sender.sent).toHaveLength(2);
    expect((await deliveries()).map((row) => row.status)).toEqual(["sent", "sent"]);
  });

  it("closes a due email that has nothing to send, so the sweep stops handing it over", async () => {
    const now = Date.now();
    const scenario = await dueOrder(now, DUE_EMAIL_SWEEP_AGE_MS, { email: "not an address" });
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender, now }, { orderId: scenario.order.id })).toBe(
      "no-recipient",
    );
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "skipped", lastError: "no-recipient" });
    expect(await sweepDueOrderEmails(t.db, recordingQueue(), new Date(now + FAILED_EMAIL_SWEEP_AGE_MS))).toBe(0);
  });

  it("sends the receipt with the organizer's response address as Reply-To, which the dev mailbox records", async () => {
    const now = Date.now();
    const organizationId = (await insertOrganization(t.db)).id;
    const future = new Date("2027-03-12T19:00:00.000Z");
    const event = await insertEvent(t.db, organizationId, {
      title: "Festival du Port",
      status: "published",
      startAt: future,
      allowBilling: true,
      emailPdfEmailResponse: " billetterie@festival.test ",
    });
    const pass = await insertTicket(t.db, event, { title: "Pass", price: 7500, feesType: "added" });
    const addon = await insertTicket(t.db, event, { title: "Parking", price: 500, ticketType: "addon" });
    await t.db.insert(schema.promoCodes).values({
      organizationId,
      eventId: event.id,
      code: "MOINS10",
      discountType: "amount",
      discountValue: 1000,
    });
    const placed = await placeOrder(
      t.db,
      { env: { ...env, SESSION_SECRET: "order-documents-secret-0123456789" }, now },
      {
        eventId: event.id,
        body: {
          items: [
            { ticket_id: pass.id, quantity: 2 },
            { ticket_id: addon.id, quantity: 1 },
          ],
          buyer: { first_name: "Léa", last_name: "Martin", email: "lea.recu@exemple.test" },
          answers: {},
          promo_code: "moins10",
          billing: {
            name: "Léa Martin",
            company: "Atelier Martin",
            address: "3 quai des Chartrons",
            postal_code: "33000",
            city: "Bordeaux",
            country: "France",
            vat_number: "FR12345678901",
          },
          locale: "fr" as const,
        },
      },
    );
    await confirmOrder(t.db, { orderId: placed.id, paidAt: now, now });
    const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, placed.id));
    // 2 × 75 € less 2 × 10 €, plus the parking (the code applies to it too), plus the platform fee added to each pass.
    const items = await t.db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, placed.id));
    const discount = items.reduce((sum, item) => sum + item.discount, 0);
    const addedFees = items.reduce((sum, item) => sum + (item.feesType === "added" ? item.fees : 0), 0);
    expect(order!.amount).toBe(15_000 + 500 - discount + addedFees);

    const sender = createEmailSender({ db: t.db, from: "Guichet <billets@guichet.test>" });
    expect(await sendOrderConfirmation(t.db, { env, sender, now }, { orderId: placed.id })).toBe("sent");
    const [mail] = await t.db.select().from(devMailbox).where(eq(devMailbox.to, "lea.recu@exemple.test"));
    expect(mail!.replyTo).toBe("billetterie@festival.test");
    const money = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€`;
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain("Récapitulatif de la commande :");
      expect(part).toContain(`2 × Pass : ${money(15_000)}`);
      expect(part).toContain(`1 × Parking : ${money(500)}`);
      expect(part).toContain(`Réduction (code MOINS10) : −${money(discount)}`);
      expect(part).toContain(`Frais de service : ${money(addedFees)}`);
      expect(part).toContain(`Total payé : ${money(order!.amount)}`);
      expect(part).toContain("Coordonnées de facturation :");
      expect(part).toContain("Atelier Martin");
      expect(part).toContain("33000 Bordeaux");
      expect(part).toContain("N° de TVA : FR12345678901");
      expect(part).toContain("Une question ? Répondez à cet email pour écrire à l");
    }
  });

  it("sets no Reply-To and no billing block when the event has no response address and the buyer gave none", async () => {
    const scenario = await insertConfirmedOrder(t.db, { locale: "en" });
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id })).toBe("sent");
    const email = sender.sent[0]!;
    expect(email.replyTo).toBeUndefined();
    expect(email.text).toContain("Order summary:");
    expect(email.text).toContain(
      "- 2 × Plein tarif: 24.00\u00a0€\n- 1 × Vestiaire: 3.00\u00a0€\n- Total paid: 27.00\u00a0€",
    );
    expect(email.text).not.toContain("Discount");
    expect(email.text).not.toContain("Billing details:");
    expect(email.text).not.toContain("Reply to this email");
  });
});
