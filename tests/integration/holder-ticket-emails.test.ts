import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseFromEnv } from "#db/from-env";
import * as schema from "#db/schema";
import { takeDueOrderEmails } from "#domain/order-documents/order-email-outbox";
import { orderConfirmationJob } from "../../domain/shared/jobs";
import { handleQueueBatch } from "../../workers/queue";
import { insertConfirmedOrder } from "../support/order-documents-fixtures";
import { readPdf } from "../support/pdf-reading";

// Issue 25 §7: a ticket holder whose email differs from the buyer's gets their own ticket, through the order-email
// outbox, unless the event turned it off.
const BASE = "http://localhost";

type MailboxRow = {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; url: string }[];
};

async function mailbox(to: string): Promise<MailboxRow[]> {
  const response = await exports.default.fetch(`${BASE}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return response.json();
}

let message = 0;
async function deliver(body: unknown) {
  message += 1;
  const batch = createMessageBatch<unknown>("guichet-jobs", [
    { id: `holder-${message}`, timestamp: new Date(), attempts: 1, body },
  ]);
  const ctx = createExecutionContext();
  await handleQueueBatch(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

async function pdfText(url: string) {
  const download = await exports.default.fetch(`${BASE}${url}`);
  expect(download.status).toBe(200);
  const { pages } = await readPdf(new Uint8Array(await download.arrayBuffer()));
  return pages.map((page) => page.text.join(" "));
}

/** An order of two tickets: the first held by the buyer, the second by `holderEmail`. */
async function orderWithHolder(buyer: string, holderEmail: string, options: { sendHolderTickets?: boolean } = {}) {
  const db = databaseFromEnv(env);
  const scenario = await insertConfirmedOrder(db, { email: buyer });
  await db
    .update(schema.participants)
    .set({ email: holderEmail })
    .where(eq(schema.participants.id, scenario.participants[1]!.id));
  if (options.sendHolderTickets === false)
    await db.update(schema.events).set({ sendHolderTickets: false }).where(eq(schema.events.id, scenario.event.id));
  return { db, ...scenario };
}

describe("ticket holders' own emails", () => {
  it("sends the holder their ticket alone, after the buyer's confirmation, once", async () => {
    const { db, order, participants } = await orderWithHolder("lea.acheteuse@exemple.test", "noel.holder@exemple.test");
    const result = await deliver(orderConfirmationJob(order.id));
    expect(result.retryMessages).toEqual([]);

    const [buyerMail, ...moreToBuyer] = await mailbox("lea.acheteuse@exemple.test");
    expect(moreToBuyer).toEqual([]);
    expect(buyerMail!.subject).toBe("Vos billets pour Événement à l'Opéra");

    const [holderMail, ...moreToHolder] = await mailbox("noel.holder@exemple.test");
    expect(moreToHolder).toEqual([]);
    expect(holderMail!.subject).toBe("Votre billet pour Événement à l'Opéra");
    expect(holderMail!.text).toContain("Bonjour Noël,");
    expect(holderMail!.text).toContain("Léa Martin vous a réservé un billet pour");
    expect(holderMail!.text).toContain("- Plein tarif — Noël Dupré");
    expect(holderMail!.text).not.toContain("Léa Martin —");
    // No link to the buyer's order page: it shows the whole order and its receipt.
    expect(holderMail!.text).not.toContain(order.accessToken);
    expect(holderMail!.attachments).toHaveLength(1);
    const pages = await pdfText(holderMail!.attachments[0]!.url);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain("Noël Dupré");
    expect(pages[0]).not.toContain("Léa Martin");

    const deliveries = await db
      .select({ key: schema.orderEmailDeliveries.key, kind: schema.orderEmailDeliveries.kind })
      .from(schema.orderEmailDeliveries)
      .where(eq(schema.orderEmailDeliveries.orderId, order.id))
      .orderBy(schema.orderEmailDeliveries.id);
    expect(deliveries).toEqual([
      { key: `order-confirmation:${order.id}`, kind: "confirmation" },
      { key: `holder-ticket:${order.id}:${participants[1]!.id}`, kind: "holder-ticket" },
    ]);

    // The same job again (a lost ack) sends nothing more to anyone.
    await deliver(orderConfirmationJob(order.id));
    expect(await mailbox("lea.acheteuse@exemple.test")).toHaveLength(1);
    expect(await mailbox("noel.holder@exemple.test")).toHaveLength(1);
  });

  it("writes to nobody else when every holder has the buyer's address (whatever its case)", async () => {
    const { db, order } = await orderWithHolder("meme.adresse@exemple.test", "Meme.Adresse@Exemple.test");
    await deliver(orderConfirmationJob(order.id));
    expect(await mailbox("meme.adresse@exemple.test")).toHaveLength(1);
    const kinds = await db
      .select({ kind: schema.orderEmailDeliveries.kind })
      .from(schema.orderEmailDeliveries)
      .where(eq(schema.orderEmailDeliveries.orderId, order.id));
    expect(kinds).toEqual([{ kind: "confirmation" }]);
  });

  it("sends the holder nothing when the event turned the setting off", async () => {
    const { order } = await orderWithHolder("sans.envoi@exemple.test", "invite.sans.envoi@exemple.test", {
      sendHolderTickets: false,
    });
    await deliver(orderConfirmationJob(order.id));
    expect(await mailbox("sans.envoi@exemple.test")).toHaveLength(1);
    expect(await mailbox("invite.sans.envoi@exemple.test")).toHaveLength(0);
  });

  it("hands a failed holder email to the sweep, which sends that holder's email only", async () => {
    const { db, order, participants } = await orderWithHolder("relance@exemple.test", "invite.relance@exemple.test");
    // The mail service refuses everything: the buyer's email fails first, so no holder row exists yet.
    const failing = createMessageBatch<unknown>("guichet-jobs", [
      { id: "down", timestamp: new Date(), attempts: 1, body: orderConfirmationJob(order.id) },
    ]);
    const ctx = createExecutionContext();
    await handleQueueBatch(failing, { ...env, RESEND_API_KEY: "re_test" }, ctx);
    expect((await getQueueResult(failing, ctx)).retryMessages.map((m) => m.msgId)).toEqual(["down"]);
    expect(await mailbox("invite.relance@exemple.test")).toHaveLength(0);

    await deliver(orderConfirmationJob(order.id));
    expect(await mailbox("relance@exemple.test")).toHaveLength(1);
    expect(await mailbox("invite.relance@exemple.test")).toHaveLength(1);

    // A holder key handed again by the sweep (its row put back to failed) sends that holder's email, not the buyer's.
    const key = `holder-ticket:${order.id}:${participants[1]!.id}`;
    await db
      .update(schema.orderEmailDeliveries)
      .set({ status: "failed", claimedAt: new Date(0) })
      .where(eq(schema.orderEmailDeliveries.key, key));
    const jobs = await takeDueOrderEmails(db, new Date());
    expect(jobs).toContainEqual({ type: "send-order-confirmation", orderId: order.id, key });
    await deliver({ type: "send-order-confirmation", orderId: order.id, key });
    expect(await mailbox("relance@exemple.test")).toHaveLength(1);
    expect(await mailbox("invite.relance@exemple.test")).toHaveLength(2);
  });

  it("counts a free order's holder emails against the organization's daily quota, and sends none past it", async () => {
    const free = await orderWithHolder("gratuit@exemple.test", "invite.gratuit@exemple.test");
    await free.db.update(schema.orders).set({ amount: 0 }).where(eq(schema.orders.id, free.order.id));
    await deliver(orderConfirmationJob(free.order.id));
    expect(await mailbox("invite.gratuit@exemple.test")).toHaveLength(1);
    const [usage] = await free.db
      .select({ sent: schema.emailQuotaUsage.sent })
      .from(schema.emailQuotaUsage)
      .where(eq(schema.emailQuotaUsage.organizationId, free.organization.id));
    expect(usage!.sent).toBe(1);

    const full = await orderWithHolder("quota.atteint@exemple.test", "invite.quota@exemple.test");
    await full.db.update(schema.orders).set({ amount: 0 }).where(eq(schema.orders.id, full.order.id));
    await full.db
      .update(schema.organizations)
      .set({ dailyEmailQuota: 0 })
      .where(eq(schema.organizations.id, full.organization.id));
    await deliver(orderConfirmationJob(full.order.id));
    expect(await mailbox("quota.atteint@exemple.test")).toHaveLength(1);
    expect(await mailbox("invite.quota@exemple.test")).toHaveLength(0);
  });
});
