import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmailSender } from "#adapters/email";
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
import { deliverAttendeeMessage } from "../attendee-messages/deliver-attendee-message";
import type { AttendeeMessageJob } from "../attendee-messages/start-attendee-message-send";
import type { Actor } from "../shared/actor";
import { sendDueReminders } from "./send-due-reminders";
import { updateEventReminders } from "./update-event-reminders";

const env = { APP_URL: "https://billetterie.test", ENVIRONMENT: "test" };
const MINUTE = 60_000;

/** The JOBS queue as the Worker's binding takes messages; the test hands its jobs to the real consumer. */
function memoryQueue() {
  const jobs: Job[] = [];
  return {
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

describe("sendDueReminders", () => {
  let test: LibsqlTestDatabase;
  let db: Database;
  let actor: Actor;
  let event: typeof schema.events.$inferSelect;
  // Friday 15 January 2027 20:30 in Paris; the default reminder is due 24 hours before.
  const start = new Date("2027-01-15T19:30:00Z");
  const due = new Date("2027-01-14T19:30:00Z");

  beforeEach(async () => {
    test = await createLibsqlTestDatabase();
    db = test.db;
    const organization = await insertOrganization(db, { title: "Les Nuits Sonores" });
    const owner = await insertUser(db, { email: "owner@orga.test" });
    await insertMember(db, organization.id, owner.id, "owner");
    actor = actorOf(owner, organization.id, "owner");
    event = await insertEvent(db, organization.id, {
      title: "Concert du Nouvel An",
      status: "published",
      timezone: "Europe/Paris",
      startAt: start,
    });
    await updateEventReminders(db, actor, {
      eventId: event.id,
      reminders: [{ offset_value: 24, offset_unit: "hours", subject: "", body: "", enabled: true }],
      now: new Date("2027-01-01T10:00:00Z"),
    });
  });
  afterEach(() => test.close());

  async function order(
    createdAt: Date,
    buyer: { email: string; firstName: string; locale: "fr" | "en" },
    status: "paid" | "cancelled" = "paid",
  ) {
    const ticket = await insertTicket(db, event, { title: "Fosse" });
    const placed = await insertOrder(db, event, { status, places: [{ ticket, count: 1 }], createdAt });
    await db
      .update(schema.orders)
      .set({ locale: buyer.locale, email: buyer.email, firstName: buyer.firstName })
      .where(eq(schema.orders.id, placed.order.id));
    await db
      .update(schema.participants)
      .set({ email: buyer.email, firstName: buyer.firstName })
      .where(eq(schema.participants.orderId, placed.order.id));
  }

  async function deliver(queue: ReturnType<typeof memoryQueue>) {
    const sender = createEmailSender({ db, from: "billetterie@guichet.test" });
    for (const job of queue.take()) await deliverAttendeeMessage(db, { env, sender }, job);
    return db.select().from(schema.devMailbox).orderBy(schema.devMailbox.id);
  }

  it("emails the participants whose order was placed by the reminder's time, in their language, once", async () => {
    await order(new Date("2027-01-05T10:00:00Z"), { email: "lea@exemple.test", firstName: "Léa", locale: "fr" });
    await order(new Date(due.getTime() - MINUTE), { email: "john@example.test", firstName: "John", locale: "en" });
    // Placed after the reminder's time: it does not get it late.
    await order(new Date(due.getTime() + 5 * MINUTE), { email: "zoe@exemple.test", firstName: "Zoé", locale: "fr" });
    await order(
      new Date("2027-01-05T10:00:00Z"),
      { email: "annule@exemple.test", firstName: "Annulé", locale: "fr" },
      "cancelled",
    );

    const queue = memoryQueue();
    const now = new Date(due.getTime() + 20 * MINUTE);
    expect(await sendDueReminders(db, queue, now)).toEqual({ claimed: 1, started: 1, recipients: 2 });
    const mails = await deliver(queue);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ["lea@exemple.test", "Rappel : Concert du Nouvel An, ven. 15 janv. 2027, 20:30"],
      ["john@example.test", "Reminder: Concert du Nouvel An, Fri, 15 Jan 2027, 20:30"],
    ]);
    expect(mails[0]!.html).toContain("Bonjour Léa");
    expect(mails[1]!.html).toContain("Hello John");
    const [message] = await db
      .select()
      .from(schema.attendeeMessages)
      .where(eq(schema.attendeeMessages.eventId, event.id));
    expect(message).toMatchObject({ kind: "reminder", status: "sent", recipientCount: 2, sendCount: 1 });

    // The next minutes send nothing more.
    expect(await sendDueReminders(db, queue, new Date(now.getTime() + MINUTE))).toEqual({
      claimed: 0,
      started: 0,
      recipients: 0,
    });
    expect(await deliver(queue)).toHaveLength(2);
  });

  it("sends the organizer's own text with the variables filled", async () => {
    const [reminder] = await db.select().from(schema.eventReminders).where(eq(schema.eventReminders.eventId, event.id));
    await updateEventReminders(db, actor, {
      eventId: event.id,
      reminders: [
        {
          id: reminder!.id,
          offset_value: 24,
          offset_unit: "hours",
          subject: "Demain : {event_title}",
          body: "<p>Bonjour {first_name}, votre place en {ticket_title} vous attend.</p>",
          enabled: true,
        },
      ],
      now: new Date("2027-01-02T10:00:00Z"),
    });
    await order(new Date("2027-01-05T10:00:00Z"), { email: "lea@exemple.test", firstName: "Léa", locale: "fr" });
    const queue = memoryQueue();
    await sendDueReminders(db, queue, due);
    const [mail, ...others] = await deliver(queue);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ to: "lea@exemple.test", subject: "Demain : Concert du Nouvel An" });
    expect(mail!.html).toContain("Bonjour Léa, votre place en Fosse vous attend.");
  });

  it("sends once when two cron runs start at the same minute", async () => {
    await order(new Date("2027-01-05T10:00:00Z"), { email: "lea@exemple.test", firstName: "Léa", locale: "fr" });
    const queue = memoryQueue();
    const runs = await Promise.all([sendDueReminders(db, queue, due), sendDueReminders(db, queue, due)]);
    expect(runs.map((run) => run.started).sort()).toEqual([0, 1]);
    expect(await deliver(queue)).toHaveLength(1);
  });
});
