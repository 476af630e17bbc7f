import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmailSender } from "#adapters/email";
import { recordingSender } from "../../tests/support/recording-sender";
import { devMailbox, orderEmailDeliveries } from "#db/schema";
import type { Job } from "../shared/jobs";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertConfirmedOrder } from "../../tests/support/order-documents-fixtures";
import { decodeQrFromRects, readPdf } from "../../tests/support/pdf-reading";
import { AppError } from "../shared/app-error";
import { resendOrderConfirmation } from "./resend-order-confirmation";
import { DELIVERY_CLAIM_LEASE_MS, sendOrderConfirmation } from "./send-order-confirmation";

const env = { ENVIRONMENT: "test", APP_URL: "https://billets.example.org" };

/** The queue boundary: records what would be enqueued. */
function recordingQueue() {
  const jobs: Job[] = [];
  return {
    jobs,
    async sendBatch(messages: Iterable<{ body: Job }>) {
      for (const message of messages) jobs.push(message.body);
    },
  };
}

describe("order confirmation email", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => t.close());

  it("sends the buyer's email with the tickets link, the organizer's message and the PDF attached", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id })).toBe("sent");
    expect(sender.sent).toHaveLength(1);
    const email = sender.sent[0]!;
    const link = `https://billets.example.org/orders/${scenario.order.id}?token=${scenario.order.accessToken}`;
    expect(email.to).toBe(scenario.order.email);
    expect(email.subject).toBe("Vos billets pour Événement à l'Opéra");
    expect(email.text).toContain("Bonjour Léa,");
    expect(email.text).toContain(`commande n° ${scenario.order.id}`);
    expect(email.text).toContain("Date : ven. 12 mars 2027, 20:00 – 23:30");
    expect(email.text).toContain("Plein tarif — Noël Dupré");
    expect(email.text).toContain("Présentez ce billet à l'entrée, avec une pièce d'identité.");
    expect(email.text).toContain(link);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain("Ouverture des portes à 19 h 30.");
    expect(email.idempotencyKey).toBe(`order-confirmation:${scenario.order.id}`);
    expect(email.attachments).toHaveLength(1);
    const attachment = email.attachments![0]!;
    expect(attachment).toMatchObject({
      filename: `billets-commande-${scenario.order.id}.pdf`,
      contentType: "application/pdf",
    });
    const { pages } = await readPdf(attachment.content as Uint8Array);
    expect(pages).toHaveLength(2);
    expect(decodeQrFromRects(pages[0]!.rects)).toMatch(new RegExp(`^G1\\.${scenario.event.id}\\.`));

    const [delivery] = await t.db.select().from(orderEmailDeliveries);
    expect(delivery).toMatchObject({ orderId: scenario.order.id, status: "sent", attempts: 1 });
    expect(delivery!.sentAt).toBeInstanceOf(Date);
  });

  it("writes in English for an English order", async () => {
    const scenario = await insertConfirmedOrder(t.db, { locale: "en" });
    const sender = recordingSender();
    await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id });
    expect(sender.sent[0]!.subject).toBe("Your tickets for Événement à l'Opéra");
    expect(sender.sent[0]!.text).toContain("Hello Léa,");
    expect(sender.sent[0]!.html).toContain('lang="en"');
    expect(sender.sent[0]!.attachments![0]!.filename).toBe(`tickets-order-${scenario.order.id}.pdf`);
  });

  it("sends nothing more when the same job is delivered again", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id })).toBe("sent");
    expect(await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id })).toBe("already-sent");
    expect(sender.sent).toHaveLength(1);
  });

  it("sends nothing for an order without tickets", async () => {
    const scenario = await insertConfirmedOrder(t.db, { status: "pending" });
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id })).toBe("not-confirmed");
    expect(await sendOrderConfirmation(t.db, { env, sender }, { orderId: 999_999 })).toBe("not-confirmed");
    expect(sender.sent).toHaveLength(0);
    expect(await t.db.select().from(orderEmailDeliveries)).toHaveLength(0);
  });

  it("sends nothing for an order without a usable address", async () => {
    const scenario = await insertConfirmedOrder(t.db, { status: "manual", email: "" });
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id })).toBe("no-recipient");
    expect(sender.sent).toHaveLength(0);
  });

  it("releases the claim when the send fails, so the retry sends", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const sender = recordingSender();
    sender.failNext = true;
    await expect(sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id })).rejects.toThrow(
      "mail service unavailable",
    );
    const [failed] = await t.db.select().from(orderEmailDeliveries);
    expect(failed).toMatchObject({ status: "failed", lastError: "mail service unavailable", sentAt: null });
    expect(await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id })).toBe("sent");
    expect(sender.sent).toHaveLength(1);
    const [sent] = await t.db.select().from(orderEmailDeliveries);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("leaves a fresh claim to its consumer and takes over a stale one", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const now = Date.now();
    // Another consumer claimed the delivery and has not finished.
    await t.db.insert(orderEmailDeliveries).values({
      organizationId: scenario.organization.id,
      eventId: scenario.event.id,
      orderId: scenario.order.id,
      key: `order-confirmation:${scenario.order.id}`,
      claimedAt: new Date(now - 1000),
    });
    const sender = recordingSender();
    expect(await sendOrderConfirmation(t.db, { env, sender, now }, { orderId: scenario.order.id })).toBe("in-progress");
    expect(sender.sent).toHaveLength(0);
    const later = now + DELIVERY_CLAIM_LEASE_MS;
    expect(await sendOrderConfirmation(t.db, { env, sender, now: later }, { orderId: scenario.order.id })).toBe("sent");
    expect(sender.sent).toHaveLength(1);
  });

  it("runs one send when two consumers get the same job at once", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const sender = recordingSender();
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id })),
    );
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(sender.sent).toHaveLength(1);
  });

  it("stores the PDF in the dev mailbox", async () => {
    const scenario = await insertConfirmedOrder(t.db, { email: "Lea.Martin@Exemple.test" });
    const sender = createEmailSender({ db: t.db, from: "Guichet <no-reply@guichet.test>" });
    await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id });
    const [mail] = await t.db.select().from(devMailbox).where(eq(devMailbox.to, "lea.martin@exemple.test"));
    const [stored] = JSON.parse(mail!.attachments!) as { filename: string; contentType: string; content: string }[];
    expect(stored).toMatchObject({
      filename: `billets-commande-${scenario.order.id}.pdf`,
      contentType: "application/pdf",
    });
    const bytes = Uint8Array.from(atob(stored!.content), (char) => char.charCodeAt(0));
    expect((await readPdf(bytes)).pages).toHaveLength(2);
  });
});

describe("resending an order confirmation", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => t.close());

  const actorOf = (user: { id: number; email: string }, organizationId: number) => ({
    userId: user.id,
    email: user.email,
    isAdmin: false,
    organizationId,
    role: "owner" as const,
  });

  it("queues a new delivery that is sent even though the first one was", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const sender = recordingSender();
    await sendOrderConfirmation(t.db, { env, sender }, { orderId: scenario.order.id });
    const queue = recordingQueue();
    const actor = actorOf(scenario.owner, scenario.organization.id);
    expect(await resendOrderConfirmation(t.db, actor, { orderId: scenario.order.id }, queue)).toEqual({ queued: true });
    expect(queue.jobs).toHaveLength(1);
    const job = queue.jobs[0]!;
    expect(job).toMatchObject({ type: "send-order-confirmation", orderId: scenario.order.id });
    if (job.type !== "send-order-confirmation") throw new Error("unexpected job");
    expect(job.key).toMatch(new RegExp(`^order-confirmation:${scenario.order.id}:resend:`));
    expect(await sendOrderConfirmation(t.db, { env, sender }, job)).toBe("sent");
    expect(await sendOrderConfirmation(t.db, { env, sender }, job)).toBe("already-sent");
    expect(sender.sent).toHaveLength(2);
  });

  it("answers not found for another organization's order and conflict for an order without tickets", async () => {
    const scenario = await insertConfirmedOrder(t.db);
    const other = await insertConfirmedOrder(t.db);
    const pending = await insertConfirmedOrder(t.db, { status: "pending" });
    const queue = recordingQueue();
    const actor = actorOf(scenario.owner, scenario.organization.id);
    await expect(resendOrderConfirmation(t.db, actor, { orderId: other.order.id }, queue)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(resendOrderConfirmation(t.db, actor, { orderId: 999_999 }, queue)).rejects.toMatchObject({
      code: "not_found",
    });
    const pendingActor = actorOf(pending.owner, pending.organization.id);
    const refusal = resendOrderConfirmation(t.db, pendingActor, { orderId: pending.order.id }, queue);
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ code: "conflict", messageKey: "order-not-confirmed" });
    // A guest of the organization (no event rights) cannot resend.
    const guest = { ...actor, role: "" as const };
    await expect(resendOrderConfirmation(t.db, guest, { orderId: scenario.order.id }, queue)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(queue.jobs).toHaveLength(0);
  });
});
