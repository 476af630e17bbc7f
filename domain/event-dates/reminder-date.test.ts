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
import { sendDueReminders } from "../reminders/send-due-reminders";
import { updateEventReminders } from "../reminders/update-event-reminders";

/*
 * Issue 30 §3: a reminder of a multi-date event names, in `{event_date}`, the date the recipient's order is for
 * (orders.date_id, decision 0068), not the run's first evening.
 */

const env = { APP_URL: "https://billetterie.test", ENVIRONMENT: "test" };

describe("a multi-date event's reminder", () => {
  let test: LibsqlTestDatabase;
  let db: Database;
  beforeEach(async () => {
    test = await createLibsqlTestDatabase();
    db = test.db;
  });
  afterEach(() => test.close());

  it("names the date of the recipient's order", async () => {
    const organization = await insertOrganization(db, { title: "Théâtre du Port" });
    const owner = await insertUser(db, { email: "owner@theatre.test" });
    await insertMember(db, organization.id, owner.id, "owner");
    // The run's first evening, Friday 15 January 2027 20:30 in Paris: the reminder is due 24 hours before it.
    const start = new Date("2027-01-15T19:30:00Z");
    const event = await insertEvent(db, organization.id, {
      title: "Tartuffe",
      status: "published",
      timezone: "Europe/Paris",
      startAt: start,
      endAt: new Date("2027-01-22T21:30:00Z"),
    });
    await updateEventReminders(db, actorOf(owner, organization.id, "owner"), {
      eventId: event.id,
      reminders: [{ offset_value: 24, offset_unit: "hours", subject: "", body: "", enabled: true }],
      now: new Date("2027-01-01T10:00:00Z"),
    });
    const [, friday22] = await db
      .insert(schema.eventDates)
      .values([
        { organizationId: organization.id, eventId: event.id, startAt: start },
        { organizationId: organization.id, eventId: event.id, startAt: new Date("2027-01-22T19:30:00Z") },
      ])
      .returning();
    const ticket = await insertTicket(db, event, { title: "Plein tarif" });
    const placed = await insertOrder(db, event, {
      status: "paid",
      places: [{ ticket, count: 1 }],
      createdAt: new Date("2027-01-05T10:00:00Z"),
    });
    await db
      .update(schema.orders)
      .set({ email: "lea@exemple.test", firstName: "Léa", dateId: friday22!.id })
      .where(eq(schema.orders.id, placed.order.id));
    await db
      .update(schema.participants)
      .set({ email: "lea@exemple.test", firstName: "Léa", dateId: friday22!.id })
      .where(eq(schema.participants.orderId, placed.order.id));

    const jobs: Job[] = [];
    const queue = {
      async sendBatch(messages: Iterable<{ body: Job }>) {
        for (const message of messages) jobs.push(message.body);
      },
    };
    await sendDueReminders(db, queue, new Date("2027-01-14T19:40:00Z"));
    const sender = createEmailSender({ db, from: "billetterie@guichet.test" });
    for (const job of jobs.filter((job): job is AttendeeMessageJob => job.type === "send-attendee-message")) {
      await deliverAttendeeMessage(db, { env, sender }, job);
    }
    const mails = await db.select().from(schema.devMailbox);
    expect(mails.map((mail) => mail.subject)).toEqual(["Rappel : Tartuffe, ven. 22 janv. 2027, 20:30"]);
    expect(mails[0]!.html).toContain("a lieu le ven. 22 janv. 2027, 20:30");
  });
});
