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
  insertEventAccess,
  insertMember,
  insertOrder,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../../tests/support/fixtures";
import { deliverAttendeeMessage } from "../attendee-messages/deliver-attendee-message";
import type { AttendeeMessageJob } from "../attendee-messages/start-attendee-message-send";
import type { Actor } from "../shared/actor";
import { offerChangeNotice, sendChangeNotice } from "./change-notice";
import { updateEvent } from "./update-event";

function memoryQueue() {
  const jobs: Job[] = [];
  return {
    async sendBatch(messages: Iterable<{ body: Job }>) {
      for (const message of messages) jobs.push(message.body);
    },
    take: () => jobs.splice(0).filter((job): job is AttendeeMessageJob => job.type === "send-attendee-message"),
  };
}

describe("the change notice (issue 27 §3)", () => {
  let test: LibsqlTestDatabase;
  let db: Database;
  let owner: Actor;
  let event: typeof schema.events.$inferSelect;

  beforeEach(async () => {
    test = await createLibsqlTestDatabase();
    db = test.db;
    const organization = await insertOrganization(db, { title: "Les Nuits Sonores" });
    const user = await insertUser(db, { email: "owner@orga.test" });
    await insertMember(db, organization.id, user.id, "owner");
    owner = actorOf(user, organization.id, "owner");
    event = await insertEvent(db, organization.id, {
      title: "Concert du Nouvel An",
      status: "published",
      timezone: "Europe/Paris",
      startAt: new Date("2027-01-15T19:30:00Z"),
      addressName: "Le Trianon",
    });
  });
  afterEach(() => test.close());

  it("offers the prefilled notice after a published event moves, and sends it to every participant", async () => {
    const ticket = await insertTicket(db, event, { title: "Fosse" });
    const { order } = await insertOrder(db, event, { status: "paid", places: [{ ticket, count: 1 }] });
    await db
      .update(schema.orders)
      .set({ firstName: "Léa", email: "lea@exemple.test" })
      .where(eq(schema.orders.id, order.id));
    await db
      .update(schema.participants)
      .set({ firstName: "Léa", email: "lea@exemple.test" })
      .where(eq(schema.participants.orderId, order.id));

    const moved = await updateEvent(db, owner, {
      eventId: event.id,
      changes: { startAt: new Date("2027-01-22T19:30:00Z") },
    });
    const offer = await offerChangeNotice(db, owner, { event: moved, locale: "fr" });
    expect(offer).toEqual({
      recipients: 1,
      subject: "Changement : Concert du Nouvel An",
      body:
        "<p>Bonjour {first_name},</p><p>L'événement <strong>Concert du Nouvel An</strong> change :</p>" +
        "<ul><li>Date : ven. 15 janv. 2027, 20:30 → ven. 22 janv. 2027, 20:30</li></ul>" +
        "<p>Votre commande : {order_link}</p>",
    });

    const queue = memoryQueue();
    const sent = await sendChangeNotice(db, owner, queue, {
      eventId: event.id,
      subject: `${offer!.subject} (nouvelle date)`,
      body: offer!.body,
    });
    expect(sent).toMatchObject({ kind: "change", status: "sending", recipientCount: 1, segment: { type: "all" } });
    const sender = createEmailSender({ db, from: "billetterie@guichet.test" });
    for (const job of queue.take()) {
      await deliverAttendeeMessage(
        db,
        { env: { APP_URL: "https://billetterie.test", ENVIRONMENT: "test" }, sender },
        job,
      );
    }
    const [mail, ...others] = await db.select().from(schema.devMailbox);
    expect(others).toEqual([]);
    expect(mail!.to).toBe("lea@exemple.test");
    expect(mail!.subject).toBe("Changement : Concert du Nouvel An (nouvelle date)");
    expect(mail!.text).toContain("Bonjour Léa,");
    expect(mail!.text).toContain("Date : ven. 15 janv. 2027, 20:30 → ven. 22 janv. 2027, 20:30");
    expect(mail!.text).toContain(`https://billetterie.test/orders/${order.id}?token=`);
  });

  it("offers nothing without participants, for a title change, or to an editor who may not write to participants", async () => {
    const moved = await updateEvent(db, owner, {
      eventId: event.id,
      changes: { startAt: new Date("2027-01-22T19:30:00Z") },
    });
    expect(moved.scheduleChanges).toHaveLength(1);
    expect(await offerChangeNotice(db, owner, { event: moved, locale: "fr" })).toBeNull();

    await insertOrder(db, event, { status: "paid", tickets: 1 });
    const retitled = await updateEvent(db, owner, { eventId: event.id, changes: { title: "Concert" } });
    expect(await offerChangeNotice(db, owner, { event: retitled, locale: "fr" })).toBeNull();

    // A validator may not write to participants (event:message-attendees): no offer for them.
    const guest = await insertUser(db, { email: "guest@orga.test" });
    await insertMember(db, event.organizationId, guest.id, "");
    await insertEventAccess(db, event, guest, ["validator"]);
    const validator = actorOf(guest, event.organizationId, "");
    const relocated = await updateEvent(db, owner, { eventId: event.id, changes: { addressName: "La Cigale" } });
    expect(await offerChangeNotice(db, validator, { event: relocated, locale: "fr" })).toBeNull();
    expect((await offerChangeNotice(db, owner, { event: relocated, locale: "en" }))?.subject).toBe("Change: Concert");
  });
});
