import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseFromEnv } from "#db/from-env";
import * as schema from "#db/schema";
import { updateEventReminders } from "#domain/reminders/update-event-reminders";
import { handleScheduled, MINUTE_CRON } from "../../workers/scheduled";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrder,
  insertOrganization,
  insertTicket,
  insertUser,
  unique,
} from "../support/fixtures";

const MINUTE = 60_000;

async function mailbox(to: string): Promise<{ subject: string }[]> {
  const response = await exports.default.fetch(`http://localhost/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return response.json();
}

async function runMinuteCron() {
  const ctx = createExecutionContext();
  await handleScheduled(createScheduledController({ cron: MINUTE_CRON, scheduledTime: Date.now() }), env, ctx);
  return waitOnExecutionContext(ctx);
}

describe("the reminders' cron (D1 + queue + dev mailbox)", () => {
  it("sends a due reminder through the queue to the buyers who ordered by its time, once", async () => {
    const db = databaseFromEnv(env);
    const organization = await insertOrganization(db, { title: "Théâtre du Port" });
    const owner = await insertUser(db, { email: `${unique("owner")}@orga.test` });
    await insertMember(db, organization.id, owner.id, "owner");
    // Starts in 23 h 30: the reminder 24 hours before was due 30 minutes ago, within the hour it may be late.
    const now = Date.now();
    const event = await insertEvent(db, organization.id, {
      title: "Le Misanthrope",
      status: "published",
      timezone: "Europe/Paris",
      startAt: new Date(now + 23 * 60 * MINUTE + 30 * MINUTE),
    });
    await updateEventReminders(db, actorOf(owner, organization.id, "owner"), {
      eventId: event.id,
      reminders: [{ offset_value: 24, offset_unit: "hours", subject: "", body: "", enabled: true }],
    });
    const ticket = await insertTicket(db, event, { title: "Parterre" });
    const buyers = {
      before: `${unique("avant")}@exemple.test`,
      english: `${unique("before")}@example.test`,
      after: `${unique("apres")}@exemple.test`,
    };
    for (const [email, locale, placedAt] of [
      [buyers.before, "fr", now - 2 * 60 * MINUTE],
      [buyers.english, "en", now - 40 * MINUTE],
      [buyers.after, "fr", now - 10 * MINUTE],
    ] as const) {
      const { order } = await insertOrder(db, event, {
        status: "paid",
        places: [{ ticket, count: 1 }],
        createdAt: new Date(placedAt),
      });
      await db.update(schema.orders).set({ email, locale }).where(eq(schema.orders.id, order.id));
      await db.update(schema.participants).set({ email }).where(eq(schema.participants.orderId, order.id));
    }

    await runMinuteCron();
    let french: { subject: string }[] = [];
    let english: { subject: string }[] = [];
    for (let i = 0; i < 100 && (french.length === 0 || english.length === 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [french, english] = await Promise.all([mailbox(buyers.before), mailbox(buyers.english)]);
    }
    expect(french.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Rappel : Le Misanthrope, /)]);
    expect(english.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Reminder: Le Misanthrope, /)]);

    let message: typeof schema.attendeeMessages.$inferSelect | undefined;
    for (let i = 0; i < 100 && message?.status !== "sent"; i++) {
      [message] = await db.select().from(schema.attendeeMessages).where(eq(schema.attendeeMessages.eventId, event.id));
      if (message?.status !== "sent") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(message).toMatchObject({ kind: "reminder", status: "sent", recipientCount: 2 });

    // The next minute's run sends nothing again; the order placed after the reminder's time never got it.
    await runMinuteCron();
    expect(
      await db.select().from(schema.attendeeMessages).where(eq(schema.attendeeMessages.eventId, event.id)),
    ).toHaveLength(1);
    expect(await mailbox(buyers.before)).toHaveLength(1);
    expect(await mailbox(buyers.after)).toEqual([]);
  });
});
