import { env, exports } from "cloudflare:workers";
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { encodeBase64 } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createEmailSender } from "#adapters/email";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { receiveEmailProviderEvent } from "#domain/attendee-messages/receive-email-provider-event";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket, unique, type Ticket } from "../support/fixtures";

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let event: Awaited<ReturnType<typeof insertEvent>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

beforeAll(async () => {
  world = await insertEventsWorld(db);
  event = await insertEvent(db, world.organization.id, {
    title: "Festival des Lumières",
    status: "published",
    timezone: "Europe/Paris",
    startAt: new Date("2027-06-20T18:00:00Z"),
  });
  for (const [key, user] of Object.entries(world.users)) tokens[key] = (await createSession(db, user.id)).token;
});

afterEach(() => vi.restoreAllMocks());

async function buyer(ticket: Ticket, email: string, locale: "fr" | "en", firstName: string) {
  const { order } = await insertOrder(db, event, { status: "paid", places: [{ ticket, count: 1 }] });
  await db.update(schema.orders).set({ email, locale, firstName }).where(eq(schema.orders.id, order.id));
  await db.update(schema.participants).set({ email, firstName }).where(eq(schema.participants.orderId, order.id));
  return order;
}

async function mailbox(to: string): Promise<{ subject: string; text: string }[]> {
  const response = await exports.default.fetch(`http://localhost/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  return response.json();
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return read();
}

describe("messages to attendees over the API (issue 27 §7)", () => {
  it("writes, sends through the queue in each buyer's language, and reports the deliveries", async () => {
    const fosse = await insertTicket(db, event, { title: "Fosse" });
    const balcon = await insertTicket(db, event, { title: "Balcon" });
    const tag = unique("m");
    await buyer(fosse, `fr-${tag}@exemple.test`, "fr", "Léa");
    await buyer(fosse, `en-${tag}@example.test`, "en", "John");
    await buyer(balcon, `other-${tag}@exemple.test`, "fr", "Zoé");

    const created = await call(`/events/${event.id}/messages`, {
      method: "POST",
      body: {
        subject: "{event_title} : infos pour {first_name}",
        body: "<p>Bonjour {first_name}, votre place {ticket_title}.</p><script>alert(1)</script>",
        segment: { type: "tickets", ticket_ids: [fosse.id] },
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: "draft", kind: "message", segment: { type: "tickets" } });
    expect(created.json.body).not.toContain("<script>");

    const sent = await call(`/events/${event.id}/messages/${created.json.id}/send`, { method: "POST", body: {} });
    expect(sent.status).toBe(202);
    expect(sent.json).toMatchObject({ status: "sending", recipient_count: 2, send_count: 1 });

    const [fr] = await waitFor(
      () => mailbox(`fr-${tag}@exemple.test`),
      (rows) => rows.length > 0,
    );
    expect(fr!.subject).toBe("Festival des Lumières : infos pour Léa");
    expect(fr!.text).toContain("Bonjour Léa, votre place Fosse.");
    const [en] = await waitFor(
      () => mailbox(`en-${tag}@example.test`),
      (rows) => rows.length > 0,
    );
    expect(en!.text).toContain("You are receiving this email from");
    expect(await mailbox(`other-${tag}@exemple.test`)).toEqual([]);

    const detail = await waitFor(
      () => call(`/events/${event.id}/messages/${created.json.id}`),
      (answer) => answer.json.status === "sent",
    );
    expect(detail.json.counts).toEqual({ queued: 0, sending: 0, sent: 2, failed: 0, bounced: 0 });
    expect(detail.json.recipients.map((r: { email: string }) => r.email).sort()).toEqual([
      `en-${tag}@example.test`,
      `fr-${tag}@exemple.test`,
    ]);

    const again = await call(`/events/${event.id}/messages/${created.json.id}/send`, { method: "POST", body: {} });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("message_already_sent");
    const edit = await call(`/events/${event.id}/messages/${created.json.id}`, {
      method: "PUT",
      body: { subject: "Trop tard" },
    });
    expect(edit.status).toBe(409);

    const list = await call(`/events/${event.id}/messages`);
    expect(list.json.data[0]).toMatchObject({ id: created.json.id, counts: { sent: 2 } });
  });

  it("schedules a send and refuses one past the quota with what is left", async () => {
    const ticket = await insertTicket(db, event, { title: "Pass" });
    const created = await call(`/events/${event.id}/messages`, {
      method: "POST",
      body: { subject: "Plus tard", body: "<p>Texte</p>", segment: { type: "tickets", ticket_ids: [ticket.id] } },
    });
    const none = await call(`/events/${event.id}/messages/${created.json.id}/send`, { method: "POST", body: {} });
    expect(none.status).toBe(409);
    expect(none.json.code).toBe("message_no_recipients");

    await buyer(ticket, `${unique("q")}@exemple.test`, "fr", "Ana");
    const scheduledAt = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await call(`/events/${event.id}/messages/${created.json.id}/send`, {
      method: "POST",
      body: { scheduled_at: scheduledAt },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json).toMatchObject({ status: "scheduled", scheduled_at: scheduledAt });

    const quotaEvent = await insertEvent(db, world.organization.id, { status: "published", title: "Quota" });
    const quotaTicket = await insertTicket(db, quotaEvent);
    for (let i = 0; i < 3; i++) {
      const { order } = await insertOrder(db, quotaEvent, {
        status: "paid",
        places: [{ ticket: quotaTicket, count: 1 }],
      });
      await db
        .update(schema.participants)
        .set({ email: `${unique("z")}@x.test` })
        .where(eq(schema.participants.orderId, order.id));
    }
    const [usage] = await db
      .select()
      .from(schema.emailQuotaUsage)
      .where(eq(schema.emailQuotaUsage.organizationId, world.organization.id));
    await db
      .update(schema.organizations)
      .set({ dailyEmailQuota: (usage?.sent ?? 0) + 2 })
      .where(eq(schema.organizations.id, world.organization.id));
    const big = await call(`/events/${quotaEvent.id}/messages`, {
      method: "POST",
      body: { subject: "Tous", body: "<p>Texte</p>", segment: { type: "all" } },
    });
    const refused = await call(`/events/${quotaEvent.id}/messages/${big.json.id}/send`, { method: "POST", body: {} });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("email_quota_reached");
    const rows = await db
      .select()
      .from(schema.attendeeMessageRecipients)
      .where(eq(schema.attendeeMessageRecipients.messageId, big.json.id));
    expect(rows).toEqual([]);
    await db
      .update(schema.organizations)
      .set({ dailyEmailQuota: null })
      .where(eq(schema.organizations.id, world.organization.id));
  });

  it("binds one parameter for a hundred tickets and for a page of a hundred sent messages (D1 binds at most 100)", async () => {
    const many = await insertEvent(db, world.organization.id, { status: "published", title: "Beaucoup" });
    const ticket = await insertTicket(db, many, { title: "Un des cent" });
    const { order } = await insertOrder(db, many, { status: "paid", places: [{ ticket, count: 1 }] });
    await db
      .update(schema.participants)
      .set({ email: `${unique("cent")}@exemple.test` })
      .where(eq(schema.participants.orderId, order.id));
    const ticketIds = [ticket.id, ...Array.from({ length: 99 }, (_, i) => 900_000_000 + i)];
    const created = await call(`/events/${many.id}/messages`, {
      method: "POST",
      body: { subject: "Cent", body: "<p>Texte</p>", segment: { type: "tickets", ticket_ids: ticketIds } },
    });
    expect(created.status).toBe(201);
    const sent = await call(`/events/${many.id}/messages/${created.json.id}/send`, { method: "POST", body: {} });
    expect(sent.status).toBe(202);
    expect(sent.json.recipient_count).toBe(1);

    for (let i = 0; i < 60; i += 10)
      await db.insert(schema.attendeeMessages).values(
        Array.from({ length: 10 }, (_, j) => ({
          organizationId: many.organizationId,
          eventId: many.id,
          subject: `Envoyé ${i + j}`,
          status: "sent" as const,
          sendCount: 1,
        })),
      );
    const page = await call(`/events/${many.id}/messages?limit=100`);
    expect(page.status).toBe(200);
    expect(page.json.data).toHaveLength(61);
  });

  it("keeps validators and other organizations out", async () => {
    const forValidator = await call(`/events/${world.event.id}/messages`, { as: "guestValidator" });
    expect(forValidator.status).toBe(404);
    const forTeamManager = await call(`/events/${world.event.id}/messages`, { as: "guestManager" });
    expect(forTeamManager.status).toBe(200);
    const forOther = await call(`/events/${event.id}/messages`, { as: "foreignOwner" });
    expect(forOther.status).toBe(404);
  });
});

describe("the email provider", () => {
  it("sends a batch to Resend's batch endpoint with one idempotency key, and reads per-email refusals", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ data: [{ id: "re_1" }], errors: [{ index: 1, message: "Invalid `to` field" }] }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
    const sender = createEmailSender({ db, resendApiKey: "re_test", from: "Guichet <no-reply@guichet.test>" });
    const results = await sender.sendBatch!(
      [
        { to: "a@x.test", subject: "A", text: "a", html: "<p>a</p>", replyTo: "orga@x.test" },
        { to: "not-an-address", subject: "B", text: "b", html: "<p>b</p>" },
      ],
      { idempotencyKey: "attendee-message/1/1/abc" },
    );
    expect(results).toEqual([
      { ok: true, providerId: "re_1" },
      { ok: false, error: "Invalid `to` field" },
    ]);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe("https://api.resend.com/emails/batch");
    const headers = new Headers(init!.headers);
    expect(headers.get("Idempotency-Key")).toBe("attendee-message/1/1/abc");
    expect(headers.get("x-batch-validation")).toBe("permissive");
    const body = JSON.parse(String(init!.body)) as { to: string[]; reply_to?: string[] | string }[];
    expect(body.map((email) => email.to)).toEqual([["a@x.test"], ["not-an-address"]]);
  });

  it("marks a bounce Resend reports with a valid signature, and refuses an unsigned one", async () => {
    const ticket = await insertTicket(db, event, { title: "Bounce" });
    const order = await buyer(ticket, `${unique("b")}@exemple.test`, "fr", "Bo");
    const [message] = await db
      .insert(schema.attendeeMessages)
      .values({ organizationId: event.organizationId, eventId: event.id, subject: "x", status: "sent", sendCount: 1 })
      .returning();
    await db.insert(schema.attendeeMessageRecipients).values({
      organizationId: event.organizationId,
      eventId: event.id,
      messageId: message!.id,
      sendNumber: 1,
      dedupeKey: `order:${order.id}`,
      orderId: order.id,
      email: order.email,
      status: "sent",
      providerMessageId: "re_bounce_1",
    });
    const secret = `whsec_${encodeBase64(new TextEncoder().encode("resend-test-secret-32-bytes-long!"))}`;
    const body = JSON.stringify({
      type: "email.bounced",
      data: { email_id: "re_bounce_1", bounce: { message: "Mailbox full" } },
    });
    const now = new Date();
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const key = new TextEncoder().encode("resend-test-secret-32-bytes-long!");
    const signature = `v1,${encodeBase64(hmac(SHA256, key, new TextEncoder().encode(`msg_1.${timestamp}.${body}`)))}`;

    expect(
      await receiveEmailProviderEvent(db, { secret, headers: { id: "msg_1", timestamp, signature: "v1,AAAA" }, body }),
    ).toEqual({ status: 400, error: "invalid_signature" });
    expect(
      await receiveEmailProviderEvent(db, { secret, headers: { id: "msg_1", timestamp, signature }, body }),
    ).toEqual({ status: 200, outcome: "bounced" });
    const [row] = await db
      .select()
      .from(schema.attendeeMessageRecipients)
      .where(eq(schema.attendeeMessageRecipients.messageId, message!.id));
    expect(row).toMatchObject({ status: "bounced", lastError: "Mailbox full" });

    const unconfigured = await exports.default.fetch("http://localhost/webhooks/resend", { method: "POST", body });
    expect(unconfigured.status).toBe(503);
  });
});
