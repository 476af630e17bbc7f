import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmailSender, EmailDeliveryError, type EmailMessage } from "#adapters/email";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import type { Job } from "#domain/shared/jobs";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrder,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../../tests/support/fixtures";
import type { Actor } from "../shared/actor";
import { sha256Hex } from "../shared/crypto";
import { createAttendeeMessage } from "./create-attendee-message";
import { deliverAttendeeMessage } from "./deliver-attendee-message";
import { getAttendeeMessage } from "./get-attendee-message";
import { optOutUrl, readOptOutLink } from "./opt-out-link";
import { optOutOfEventMessages } from "./opt-out-of-event-messages";
import { recordEmailBounce } from "./record-email-bounce";
import { retryMessageRecipient } from "./retry-message-recipient";
import { countMessageRecipients, sendAttendeeMessage } from "./send-attendee-message";
import { sendDueScheduledMessages, sweepAttendeeMessageRecipients } from "./sweep-attendee-messages";
import type { AttendeeMessageJob } from "./start-attendee-message-send";
import { updateAttendeeMessage } from "./update-attendee-message";

const env = { APP_URL: "https://billetterie.test", ENVIRONMENT: "test" };

function memoryQueue() {
  const jobs: Job[] = [];
  return {
    jobs,
    async sendBatch(messages: Iterable<{ body: Job }>) {
      for (const message of messages) jobs.push(message.body);
    },
    take(): AttendeeMessageJob[] {
      const taken = jobs.filter((job): job is AttendeeMessageJob => job.type === "send-attendee-message");
      jobs.length = 0;
      return taken;
    },
  };
}

async function mailbox(db: Database) {
  return db.select().from(schema.devMailbox).orderBy(schema.devMailbox.id);
}

describe("messages to attendees", () => {
  let test: LibsqlTestDatabase;
  let db: Database;
  let actor: Actor;
  let event: typeof schema.events.$inferSelect;
  let organization: typeof schema.organizations.$inferSelect;

  beforeEach(async () => {
    test = await createLibsqlTestDatabase();
    db = test.db;
    organization = await insertOrganization(db, { title: "Les Nuits Sonores" });
    const owner = await insertUser(db, { email: "owner@orga.test" });
    await insertMember(db, organization.id, owner.id, "owner");
    actor = actorOf(owner, organization.id, "owner");
    event = await insertEvent(db, organization.id, {
      title: "Concert du Nouvel An",
      status: "published",
      timezone: "Europe/Paris",
      startAt: new Date("2027-01-15T19:30:00Z"),
      contactEmail: "contact@orga.test",
    });
  });
  afterEach(() => test.close());

  async function setLocaleAndEmails(orderId: number, locale: "fr" | "en", email: string, firstName: string) {
    await db.update(schema.orders).set({ locale, email, firstName }).where(eq(schema.orders.id, orderId));
    await db.update(schema.participants).set({ email, firstName }).where(eq(schema.participants.orderId, orderId));
  }

  /** `count` paid orders of one ticket each, by French buyers `<prefix>0@x.test`, `<prefix>1@x.test`… */
  async function paidBuyers(count: number, prefix: string) {
    const ticket = await insertTicket(db, event);
    for (let i = 0; i < count; i++) {
      const { order } = await insertOrder(db, event, { status: "paid", places: [{ ticket, count: 1 }] });
      await setLocaleAndEmails(order.id, "fr", `${prefix}${i}@x.test`, `${prefix.toUpperCase()}${i}`);
    }
  }

  /** A draft to every participant, with a one-paragraph body. */
  function draftToAll(subject: string) {
    return createAttendeeMessage(db, actor, {
      eventId: event.id,
      subject,
      body: "<p>Texte</p>",
      segment: { type: "all" },
    });
  }

  async function runJobs(queue: ReturnType<typeof memoryQueue>, sender = createEmailSender({ db, from: "x@y.z" })) {
    const jobs = queue.take();
    for (const job of jobs) await deliverAttendeeMessage(db, { env, sender }, job);
    return jobs;
  }

  it("sends one email per address with the variables filled in each recipient's language", async () => {
    const fosse = await insertTicket(db, event, { title: "Fosse" });
    const balcon = await insertTicket(db, event, { title: "Balcon" });
    const a = await insertOrder(db, event, { status: "paid", places: [{ ticket: fosse, count: 2 }] });
    await setLocaleAndEmails(a.order.id, "fr", "lea@exemple.test", "Léa");
    const b = await insertOrder(db, event, { status: "paid", places: [{ ticket: balcon, count: 1 }] });
    await setLocaleAndEmails(b.order.id, "en", "john@example.test", "John");

    const queue = memoryQueue();
    const message = await createAttendeeMessage(db, actor, {
      eventId: event.id,
      subject: "Infos pour {first_name}",
      body: "<p>Bonjour {first_name}, votre billet {ticket_title} pour {event_title} le {event_date}.</p><p>{order_link}</p>",
      segment: { type: "all" },
    });
    expect((await countMessageRecipients(db, actor, { eventId: event.id, segment: { type: "all" } })).recipients).toBe(
      2,
    );
    const sent = await sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id });
    expect(sent.status).toBe("sending");
    expect(sent.recipientCount).toBe(2);
    await runJobs(queue);

    const emails = await mailbox(db);
    expect(emails.map((e) => e.to).sort()).toEqual(["john@example.test", "lea@exemple.test"]);
    const lea = emails.find((e) => e.to === "lea@exemple.test")!;
    expect(lea.subject).toBe("Infos pour Léa");
    expect(lea.text).toContain(
      "Bonjour Léa, votre billet Fosse pour Concert du Nouvel An le ven. 15 janv. 2027, 20:30.",
    );
    expect(lea.text).toContain(`https://billetterie.test/orders/${a.order.id}?token=`);
    expect(lea.text).toContain("Vous recevez cet email de Les Nuits Sonores car vous avez une commande");
    expect(lea.replyTo).toBe("contact@orga.test");
    const john = emails.find((e) => e.to === "john@example.test")!;
    expect(john.text).toMatch(/Fri,? 15 Jan 2027, 20:30/);
    expect(john.text).toContain("You are receiving this email from Les Nuits Sonores");

    const detail = await getAttendeeMessage(db, actor, { eventId: event.id, messageId: message.id });
    expect(detail.message.status).toBe("sent");
    expect(detail.counts).toMatchObject({ sent: 2, queued: 0, failed: 0 });
  });

  it("marks a recipient as opted out only when that address stopped this event's messages", async () => {
    const fosse = await insertTicket(db, event, { title: "Fosse" });
    const a = await insertOrder(db, event, { status: "paid", places: [{ ticket: fosse, count: 1 }] });
    await setLocaleAndEmails(a.order.id, "fr", "lea@exemple.test", "Léa");
    const b = await insertOrder(db, event, { status: "paid", places: [{ ticket: fosse, count: 1 }] });
    await setLocaleAndEmails(b.order.id, "en", "john@example.test", "John");
    const queue = memoryQueue();
    const message = await createAttendeeMessage(db, actor, {
      eventId: event.id,
      subject: "Infos",
      body: "<p>Bonjour {first_name}</p>",
      segment: { type: "all" },
    });
    await sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id });
    await runJobs(queue);
    // Léa stopped another event's messages, John this one's, after the send.
    const other = await insertEvent(db, organization.id, { title: "Autre soirée", status: "published" });
    await optOutOfEventMessages(db, { eventId: other.id, email: "lea@exemple.test" });
    await optOutOfEventMessages(db, { eventId: event.id, email: "john@example.test" });

    const { recipients } = await getAttendeeMessage(db, actor, { eventId: event.id, messageId: message.id });
    expect(recipients.map((r) => [r.email, r.optedOut]).sort()).toEqual([
      ["john@example.test", true],
      ["lea@exemple.test", false],
    ]);
  });

  it("picks recipients by segment: buyers, tickets, order status, check-in, a selection", async () => {
    const fosse = await insertTicket(db, event, { title: "Fosse" });
    const vestiaire = await insertTicket(db, event, { title: "Vestiaire", ticketType: "addon" });
    const one = await insertOrder(db, event, {
      status: "paid",
      places: [
        { ticket: fosse, count: 2, checkedIn: 1 },
        { ticket: vestiaire, count: 1 },
      ],
    });
    await setLocaleAndEmails(one.order.id, "fr", "a@x.test", "A");
    await db
      .update(schema.participants)
      .set({ email: "holder@x.test" })
      .where(eq(schema.participants.id, one.participants[1]!.id));
    const two = await insertOrder(db, event, { status: "manual", places: [{ ticket: fosse, count: 1 }] });
    await setLocaleAndEmails(two.order.id, "fr", "b@x.test", "B");
    const refunded = await insertOrder(db, event, { status: "refunded", places: [{ ticket: fosse, count: 1 }] });
    await setLocaleAndEmails(refunded.order.id, "fr", "gone@x.test", "G");
    const pending = await db
      .insert(schema.orders)
      .values({
        organizationId: event.organizationId,
        eventId: event.id,
        status: "pending",
        email: "wait@x.test",
        accessToken: "pending-token",
        payableUntil: new Date(Date.now() + 3600_000),
      })
      .returning();

    const count = async (segment: Parameters<typeof countMessageRecipients>[2]["segment"]) =>
      (await countMessageRecipients(db, actor, { eventId: event.id, segment })).recipients;
    expect(await count({ type: "all" })).toBe(3); // a@, holder@, b@ — not the refunded order
    expect(await count({ type: "buyers" })).toBe(3); // orders one, two and the pending one
    expect(await count({ type: "tickets", ticket_ids: [vestiaire.id] })).toBe(1);
    expect(await count({ type: "order_status", statuses: ["pending"] })).toBe(1);
    expect(await count({ type: "order_status", statuses: ["paid", "manual"] })).toBe(2);
    expect(await count({ type: "check_in", checked_in: true })).toBe(1);
    expect(await count({ type: "participants", participant_ids: [one.participants[1]!.id] })).toBe(1);
    expect(pending[0]!.id).toBeGreaterThan(0);

    // An opted-out address leaves the organizer's messages, not the essential ones.
    await optOutOfEventMessages(db, { eventId: event.id, email: "B@x.test" });
    expect(await count({ type: "all" })).toBe(2);
    expect(
      (await countMessageRecipients(db, actor, { eventId: event.id, segment: { type: "all" }, kind: "change" }))
        .recipients,
    ).toBe(3);
  });

  it("sends nothing twice when the queue redelivers a job", async () => {
    await paidBuyers(3, "p");
    const queue = memoryQueue();
    const message = await draftToAll("Bonjour");
    await sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id });
    const jobs = queue.take();
    const sender = createEmailSender({ db, from: "x@y.z" });
    for (const job of [...jobs, ...jobs]) await deliverAttendeeMessage(db, { env, sender }, job);
    expect(await mailbox(db)).toHaveLength(3);
  });

  it("refuses a send past the day's quota before anything goes out, and a second send without confirmation", async () => {
    await paidBuyers(3, "q");
    await db
      .update(schema.organizations)
      .set({ dailyEmailQuota: 2 })
      .where(eq(schema.organizations.id, organization.id));
    const queue = memoryQueue();
    const message = await draftToAll("Bonjour");
    await expect(
      sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id }),
    ).rejects.toMatchObject({ reason: "email_quota_reached", details: { remaining: 2, recipients: 3 } });
    expect(queue.jobs).toHaveLength(0);
    expect(await db.select().from(schema.attendeeMessageRecipients)).toHaveLength(0);
    expect((await getAttendeeMessage(db, actor, { eventId: event.id, messageId: message.id })).message).toMatchObject({
      status: "failed",
      failureReason: "email_quota",
    });

    await db
      .update(schema.organizations)
      .set({ dailyEmailQuota: 10 })
      .where(eq(schema.organizations.id, organization.id));
    await sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id });
    await runJobs(queue);
    await expect(
      sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id }),
    ).rejects.toMatchObject({ reason: "message_already_sent" });
    const again = await sendAttendeeMessage(db, actor, queue, {
      eventId: event.id,
      messageId: message.id,
      confirmResend: true,
    });
    expect(again.sendCount).toBe(2);
    await runJobs(queue);
    expect(await mailbox(db)).toHaveLength(6);
    // 3 + 3 counted today; the refused send counted nothing.
    const [usage] = await db.select().from(schema.emailQuotaUsage);
    expect(usage!.sent).toBe(6);
  });

  it("records a provider failure per recipient, retries by hand, and marks bounces", async () => {
    await paidBuyers(2, "r");
    const queue = memoryQueue();
    const message = await draftToAll("Bonjour");
    await sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id });
    let call = 0;
    const sent: EmailMessage[] = [];
    const flaky = {
      mode: "resend" as const,
      async send() {},
      async sendBatch(messages: EmailMessage[]) {
        call++;
        sent.push(...messages);
        return messages.map((m, i) =>
          call === 1 && i === 1
            ? { ok: false as const, error: "invalid address" }
            : { ok: true as const, providerId: `re_${m.to}` },
        );
      },
    };
    await runJobs(queue, flaky);
    let detail = await getAttendeeMessage(db, actor, { eventId: event.id, messageId: message.id });
    expect(detail.counts).toMatchObject({ sent: 1, failed: 1 });
    const failed = detail.recipients.find((r) => r.status === "failed")!;
    expect(failed.lastError).toBe("invalid address");
    // Each sent row keeps its own provider id (the bounce webhook finds the row by it).
    const stored = await db
      .select({ email: schema.attendeeMessageRecipients.email, id: schema.attendeeMessageRecipients.providerMessageId })
      .from(schema.attendeeMessageRecipients)
      .where(eq(schema.attendeeMessageRecipients.status, "sent"));
    expect(stored.map((row) => row.id)).toEqual(stored.map((row) => `re_${row.email}`));

    await retryMessageRecipient(db, actor, queue, { eventId: event.id, messageId: message.id, recipientId: failed.id });
    await runJobs(queue, flaky);
    detail = await getAttendeeMessage(db, actor, { eventId: event.id, messageId: message.id });
    expect(detail.counts).toMatchObject({ sent: 2, failed: 0 });
    expect(detail.message.status).toBe("sent");

    expect(await recordEmailBounce(db, { providerMessageId: "re_r0@x.test", reason: "Mailbox does not exist" })).toBe(
      true,
    );
    expect(await recordEmailBounce(db, { providerMessageId: "re_unknown", reason: "x" })).toBe(false);
    detail = await getAttendeeMessage(db, actor, { eventId: event.id, messageId: message.id });
    expect(detail.counts).toMatchObject({ sent: 1, bounced: 1 });
  });

  it("sends a scheduled message once its time has come, and a lost hand-off through the sweep", async () => {
    const ticket = await insertTicket(db, event);
    const { order } = await insertOrder(db, event, { status: "paid", places: [{ ticket, count: 1 }] });
    await setLocaleAndEmails(order.id, "fr", "s@x.test", "S");
    const queue = memoryQueue();
    const message = await draftToAll("Plus tard");
    const now = new Date();
    const at = new Date(now.getTime() + 120_000);
    const scheduled = await sendAttendeeMessage(db, actor, queue, {
      eventId: event.id,
      messageId: message.id,
      scheduledAt: at,
      now,
    });
    expect(scheduled.status).toBe("scheduled");
    // Still editable until it leaves.
    await updateAttendeeMessage(db, actor, {
      eventId: event.id,
      messageId: message.id,
      changes: { subject: "Plus tard (modifié)" },
    });
    expect(await sendDueScheduledMessages(db, queue, new Date(at.getTime() - 1000))).toBe(0);
    expect(await sendDueScheduledMessages(db, queue, at)).toBe(1);
    expect(await sendDueScheduledMessages(db, queue, at)).toBe(0);
    // The queue lost the hand-off: the sweep finds the rows five minutes later.
    queue.take();
    expect(await sweepAttendeeMessageRecipients(db, queue, new Date(at.getTime() + 60_000))).toBe(0);
    expect(await sweepAttendeeMessageRecipients(db, queue, new Date(at.getTime() + 6 * 60_000))).toBe(1);
    await runJobs(queue);
    const emails = await mailbox(db);
    expect(emails.map((e) => e.subject)).toEqual(["Plus tard (modifié)"]);
  });

  it("starts one send when two clicks on « Envoyer » race", async () => {
    await paidBuyers(4, "c");
    const queue = memoryQueue();
    const message = await draftToAll("Une fois");
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await runJobs(queue);
    expect(await mailbox(db)).toHaveLength(4);
    const [usage] = await db.select().from(schema.emailQuotaUsage);
    expect(usage!.sent).toBe(4);
  });

  it("signs opt-out links so nobody can opt somebody else out", () => {
    const url = new URL(optOutUrl(env, 12, "Lea@Exemple.test"));
    const params = Object.fromEntries(url.searchParams);
    expect(readOptOutLink(env, params)).toEqual({ eventId: 12, email: "lea@exemple.test" });
    expect(readOptOutLink(env, { ...params, e: "13" })).toBeNull();
    const other = new URL(optOutUrl(env, 12, "other@exemple.test")).searchParams.get("a");
    expect(readOptOutLink(env, { ...params, a: other })).toBeNull();
  });

  it("keeps another organization's messages out of reach, for every use-case", async () => {
    const other = await insertOrganization(db);
    const stranger = await insertUser(db, { email: "stranger@x.test" });
    await insertMember(db, other.id, stranger.id, "owner");
    const message = await createAttendeeMessage(db, actor, {
      eventId: event.id,
      subject: "Privé",
      body: "<p>x</p>",
      segment: { type: "all" },
    });
    const strangerActor = actorOf(stranger, other.id, "owner");
    const ids = { eventId: event.id, messageId: message.id };
    const queue = memoryQueue();
    for (const attempt of [
      () => getAttendeeMessage(db, strangerActor, ids),
      () => updateAttendeeMessage(db, strangerActor, { ...ids, changes: { subject: "Volé" } }),
      () => sendAttendeeMessage(db, strangerActor, queue, ids),
      () => retryMessageRecipient(db, strangerActor, queue, { ...ids, recipientId: 1 }),
      () =>
        createAttendeeMessage(db, strangerActor, {
          eventId: event.id,
          subject: "x",
          body: "<p>x</p>",
          segment: { type: "all" },
        }),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: "not_found" });
    const [row] = await db.select().from(schema.attendeeMessages).where(eq(schema.attendeeMessages.id, message.id));
    expect(row).toMatchObject({ subject: "Privé", status: "draft" });
    expect(queue.jobs).toEqual([]);
  });

  it("finishes a message whose provider refused every call, and leaves its recipients to retry by hand", async () => {
    await paidBuyers(3, "f");
    const queue = memoryQueue();
    const message = await draftToAll("Bonjour");
    await sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id });
    const [job] = queue.take();
    const down = {
      mode: "resend" as const,
      async send() {},
      async sendBatch(): Promise<never> {
        throw new Error("Resend refused the batch (internal_server_error)");
      },
    };
    // The queue redelivers the failing job until the rows run out of attempts.
    for (let i = 0; i < 7; i++) await deliverAttendeeMessage(db, { env, sender: down }, job!).catch(() => undefined);
    const detail = await getAttendeeMessage(db, actor, { eventId: event.id, messageId: message.id });
    expect(detail.message.status).toBe("sent");
    expect(detail.counts).toMatchObject({ failed: 3, queued: 0, sending: 0 });
    expect(detail.recipients.every((r) => r.attempts === 5 && r.lastError?.includes("internal_server_error"))).toBe(
      true,
    );
    // The sweep leaves rows that ran out of attempts alone; a retry by hand sends one.
    expect(await sweepAttendeeMessageRecipients(db, queue, new Date(Date.now() + 3600_000))).toBe(0);
    await retryMessageRecipient(db, actor, queue, {
      eventId: event.id,
      messageId: message.id,
      recipientId: detail.recipients[0]!.id,
    });
    await runJobs(queue);
    expect((await mailbox(db)).map((m) => m.to)).toEqual([detail.recipients[0]!.email]);
  });

  it("sends rows whose outcome is unknown again as the same call, with the same idempotency key", async () => {
    await paidBuyers(4, "u");
    const queue = memoryQueue();
    const message = await draftToAll("Bonjour");
    await sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id });
    queue.take();
    const calls: { to: string[]; key: string | undefined }[] = [];
    const provider = {
      mode: "resend" as const,
      async send() {},
      async sendBatch(messages: EmailMessage[], options?: { idempotencyKey?: string }) {
        calls.push({ to: messages.map((m) => m.to), key: options?.idempotencyKey });
        return messages.map(() => ({ ok: true as const, providerId: null }));
      },
    };
    // The provider took three emails, then the consumer died before writing "sent": those rows stay claimed. The
    // fourth row's hand-off was lost: still queued. A sweep that mixed them would change the call and its key.
    const claimedAt = new Date();
    const rows = await db
      .select()
      .from(schema.attendeeMessageRecipients)
      .where(eq(schema.attendeeMessageRecipients.messageId, message.id))
      .orderBy(schema.attendeeMessageRecipients.id);
    const stuck = rows.slice(0, 3);
    for (const row of stuck)
      await db
        .update(schema.attendeeMessageRecipients)
        .set({ status: "sending", claimedAt, attempts: 1 })
        .where(eq(schema.attendeeMessageRecipients.id, row.id));
    await db
      .update(schema.attendeeMessageRecipients)
      .set({ claimedAt: new Date(claimedAt.getTime() - 60_000) })
      .where(eq(schema.attendeeMessageRecipients.id, rows[3]!.id));
    await provider.sendBatch(
      stuck.map((r) => ({ to: r.email, subject: "", text: "", html: "" })),
      { idempotencyKey: `attendee-message/${message.id}/1/${sha256Hex(stuck.map((r) => r.id).join(","))}` },
    );
    // Within the lease nothing touches the claimed rows.
    expect(await sweepAttendeeMessageRecipients(db, queue, new Date(claimedAt.getTime() + 5 * 60_000))).toBe(1);
    queue.take();
    // Past the lease the sweep hands the very same rows back, as one call under the same key.
    const later = new Date(claimedAt.getTime() + 11 * 60_000);
    expect(await sweepAttendeeMessageRecipients(db, queue, later)).toBe(2);
    for (const next of queue.take()) await deliverAttendeeMessage(db, { env, sender: provider }, next, later);
    expect(calls.filter((call) => call.key === calls[0]!.key)).toEqual([calls[0], calls[0]]);
    expect(calls.flatMap((call) => call.to).sort()).toEqual([
      "u0@x.test",
      "u0@x.test",
      "u1@x.test",
      "u1@x.test",
      "u2@x.test",
      "u2@x.test",
      "u3@x.test",
    ]);
    const detail = await getAttendeeMessage(db, actor, { eventId: event.id, messageId: message.id });
    expect(detail.counts).toMatchObject({ sent: 4 });
    expect(detail.message.status).toBe("sent");
  });

  it("puts a rate-limited call back without spending an attempt", async () => {
    const ticket = await insertTicket(db, event);
    const { order } = await insertOrder(db, event, { status: "paid", places: [{ ticket, count: 1 }] });
    await setLocaleAndEmails(order.id, "fr", "rl@x.test", "R");
    const queue = memoryQueue();
    const message = await draftToAll("Bonjour");
    await sendAttendeeMessage(db, actor, queue, { eventId: event.id, messageId: message.id });
    const [job] = queue.take();
    const limited = {
      mode: "resend" as const,
      async send() {},
      async sendBatch(): Promise<never> {
        throw new EmailDeliveryError("Resend refused the batch (rate_limit_exceeded)", { rateLimited: true });
      },
    };
    expect(await deliverAttendeeMessage(db, { env, sender: limited }, job!)).toBe("rate-limited");
    const [row] = await db
      .select()
      .from(schema.attendeeMessageRecipients)
      .where(eq(schema.attendeeMessageRecipients.messageId, message.id));
    expect(row).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("does not send a scheduled message once its event went back to draft, and says why", async () => {
    const ticket = await insertTicket(db, event);
    const { order } = await insertOrder(db, event, { status: "paid", places: [{ ticket, count: 1 }] });
    await setLocaleAndEmails(order.id, "fr", "d@x.test", "D");
    const queue = memoryQueue();
    const message = await draftToAll("Plus tard");
    const now = new Date();
    await sendAttendeeMessage(db, actor, queue, {
      eventId: event.id,
      messageId: message.id,
      scheduledAt: new Date(now.getTime() + 60_000),
      now,
    });
    await db.update(schema.events).set({ status: "draft" }).where(eq(schema.events.id, event.id));
    expect(await sendDueScheduledMessages(db, queue, new Date(now.getTime() + 120_000))).toBe(0);
    const [row] = await db.select().from(schema.attendeeMessages).where(eq(schema.attendeeMessages.id, message.id));
    expect(row).toMatchObject({ status: "failed", failureReason: "event_not_published", sendCount: 0 });
    expect(queue.jobs).toEqual([]);
  });
});
