import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailSender } from "#adapters/email";
import * as schema from "#db/schema";
import type { Job } from "#domain/shared/jobs";
import { SCALE_EVENT_TITLE } from "../../scripts/lib/seed-catalog";
import { seedDatabase } from "../../scripts/lib/seed-data";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { actorOf } from "../../tests/support/fixtures";
import { createAttendeeMessage } from "./create-attendee-message";
import { deliverAttendeeMessage } from "./deliver-attendee-message";
import { sendAttendeeMessage } from "./send-attendee-message";
import { RECIPIENTS_PER_JOB, type AttendeeMessageJob } from "./start-attendee-message-send";

/**
 * Issue 27's "Done when": a message to the 10,000 participants of the seeded large event goes through the queue's
 * jobs, and every recipient gets exactly one email, also when the queue delivers a batch of jobs again.
 */
describe("a message to 10,000 participants", () => {
  let test: LibsqlTestDatabase;

  beforeAll(async () => {
    test = await createLibsqlTestDatabase();
    await seedDatabase(test.db, { now: new Date("2026-11-29T00:00:00Z"), participants: 10_000 });
  }, 240_000);
  afterAll(() => test?.close());

  it("delivers one email per recipient, none twice after a redelivery", async () => {
    const { db } = test;
    const [festival] = await db.select().from(schema.events).where(eq(schema.events.title, SCALE_EVENT_TITLE));
    const [participantCount] = await db
      .select({ n: sql<number>`count(*)` })
      .from(schema.participants)
      .where(eq(schema.participants.eventId, festival!.id));
    expect(Number(participantCount!.n)).toBeGreaterThanOrEqual(10_000);
    const [owner] = await db.select().from(schema.users).where(eq(schema.users.email, "owner@guichet.test"));
    await db
      .update(schema.organizations)
      .set({ dailyEmailQuota: 100_000 })
      .where(eq(schema.organizations.id, festival!.organizationId));
    await db.delete(schema.devMailbox);
    const actor = actorOf(owner!, festival!.organizationId, "owner");

    const jobs: Job[] = [];
    const queue = {
      async sendBatch(messages: Iterable<{ body: Job }>) {
        for (const message of messages) jobs.push(message.body);
      },
    };
    const message = await createAttendeeMessage(db, actor, {
      eventId: festival!.id,
      subject: "Infos pratiques pour {first_name}",
      body: "<p>Bonjour {first_name}, votre billet {ticket_title}.</p>",
      segment: { type: "all" },
    });
    const sending = await sendAttendeeMessage(db, actor, queue, { eventId: festival!.id, messageId: message.id });
    const recipients = sending.recipientCount;
    expect(recipients).toBeGreaterThan(1000);
    const messageJobs = jobs as AttendeeMessageJob[];
    expect(messageJobs).toHaveLength(Math.ceil(recipients / RECIPIENTS_PER_JOB));

    const sender = createEmailSender({ db, from: "Guichet <no-reply@guichet.test>" });
    const env = { APP_URL: "https://billetterie.test", ENVIRONMENT: "test" };
    // The queue delivers every job, then the first ten again (a consumer that crashed before acknowledging them).
    for (const job of [...messageJobs, ...messageJobs.slice(0, 10)])
      await deliverAttendeeMessage(db, { env, sender }, job);

    const [mail] = await db
      .select({ total: sql<number>`count(*)`, distinct: sql<number>`count(distinct "to")` })
      .from(schema.devMailbox);
    expect(Number(mail!.total)).toBe(recipients);
    expect(Number(mail!.distinct)).toBe(recipients);
    const states = await db
      .select({ status: schema.attendeeMessageRecipients.status, n: sql<number>`count(*)` })
      .from(schema.attendeeMessageRecipients)
      .where(eq(schema.attendeeMessageRecipients.messageId, message.id))
      .groupBy(schema.attendeeMessageRecipients.status);
    expect(states.map((row) => [row.status, Number(row.n)])).toEqual([["sent", recipients]]);
    const [after] = await db.select().from(schema.attendeeMessages).where(eq(schema.attendeeMessages.id, message.id));
    expect(after!.status).toBe("sent");
    // Every address of the event's live orders got it: the distinct addresses are the recipients.
    const [addresses] = await db.all<{
      n: number;
    }>(sql`select count(distinct lower(coalesce(nullif(p.email, ''), o.email))) as n
      from participants p join orders o on o.id = p.order_id
      where p.event_id = ${festival!.id} and (o.status in ('paid', 'manual')
        or (o.status = 'pending' and (o.payable_until is null or o.payable_until > ${Date.now()})))`);
    expect(Number(addresses!.n)).toBe(recipients);
  }, 300_000);
});
