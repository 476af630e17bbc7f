import { env, exports } from "cloudflare:workers";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { emailQuotaUsage, events, orderEmailDeliveries, orders, organizations, participants } from "#db/schema";
import { setOrganizationEmailQuota } from "#domain/admin/set-organization-email-quota";
import { createSession } from "#domain/auth/sessions";
import { DEFAULT_DAILY_EMAIL_QUOTA, getEmailQuota, reserveEmailSends } from "#domain/emails/email-quota";
import { hasConfirmationEmail } from "#domain/order-documents/has-confirmation-email";
import { resendOrderConfirmation } from "#domain/order-documents/resend-order-confirmation";
import { isAppError } from "#domain/shared/app-error";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertOrganization, insertTicket } from "../support/fixtures";

/** docs/decisions/0038-email-quota.md: per-organization daily email quota, refusals whole, nothing half-sent. */
const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);
const noQueue = { sendBatch: async () => {} };

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users)) tokens[key] = (await createSession(db, user.id)).token;
});

const setQuota = (organizationId: number, quota: number | null) =>
  db.update(organizations).set({ dailyEmailQuota: quota }).where(eq(organizations.id, organizationId));
const clearUsage = (organizationId: number) =>
  db.delete(emailQuotaUsage).where(eq(emailQuotaUsage.organizationId, organizationId));
const dueEmails = async (eventId: number) =>
  (await db.select({ n: count() }).from(orderEmailDeliveries).where(eq(orderEmailDeliveries.eventId, eventId)))[0]!.n;
const orderCount = async (eventId: number) =>
  (await db.select({ n: count() }).from(orders).where(eq(orders.eventId, eventId)))[0]!.n;
const participantCount = async (eventId: number) =>
  (await db.select({ n: count() }).from(participants).where(eq(participants.eventId, eventId)))[0]!.n;

const person = (first: string) => ({
  first_name: first,
  last_name: "Martin",
  email: `${first.toLowerCase()}@exemple.fr`,
});

async function publishedEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const event = await insertEvent(db, world.organization.id, {
    status: "published",
    startAt: FUTURE,
    endAt: FUTURE,
    ...values,
  });
  const ticket = await insertTicket(db, event, { title: "Invitation", price: 0 });
  return { event, ticket };
}

function manualOrders(eventId: number, ticketId: number, names: string[], sendEmail = true) {
  return call(`/events/${eventId}/manual-orders`, {
    method: "POST",
    body: {
      orders: names.map((name) => ({ buyer: person(name), participants: [{ ticket_id: ticketId, ...person(name) }] })),
      send_email: sendEmail,
    },
    as: "manager",
  });
}

describe("daily email quota", () => {
  it("defaults to the documented 500 a day", async () => {
    const organization = await insertOrganization(db);
    expect(DEFAULT_DAILY_EMAIL_QUOTA).toBe(500);
    expect(await getEmailQuota(db, organization.id)).toEqual({ limit: 500, used: 0, remaining: 500 });
  });

  it("refuses manual orders whose emails pass the quota, whole: no order, no email row", async () => {
    await clearUsage(world.organization.id);
    await setQuota(world.organization.id, 3);
    const { event, ticket } = await publishedEvent();

    expect((await manualOrders(event.id, ticket.id, ["Alix", "Basile"])).status).toBe(201);
    const refused = await manualOrders(event.id, ticket.id, ["Chloé", "Dora"]);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      type: "conflict",
      code: "email_quota_reached",
    });
    expect(await orderCount(event.id)).toBe(2);
    expect(await participantCount(event.id)).toBe(2);
    expect(await dueEmails(event.id)).toBe(2);
    expect(await getEmailQuota(db, world.organization.id)).toEqual({ limit: 3, used: 2, remaining: 1 });

    // Without emails the same orders go through; the last email of the day still fits.
    expect((await manualOrders(event.id, ticket.id, ["Chloé", "Dora"], false)).status).toBe(201);
    expect((await manualOrders(event.id, ticket.id, ["Émile"])).status).toBe(201);
    expect(await dueEmails(event.id)).toBe(3);
    expect((await getEmailQuota(db, world.organization.id)).remaining).toBe(0);
    await setQuota(world.organization.id, null);
  });

  it("refuses to send for a draft event, writing nothing", async () => {
    await clearUsage(world.organization.id);
    const { event, ticket } = await publishedEvent({ status: "draft" });
    const refused = await manualOrders(event.id, ticket.id, ["Alix"]);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      type: "conflict",
      code: "event_not_published",
    });
    expect(await orderCount(event.id)).toBe(0);
    const check = await call(`/events/${event.id}/participant-import/check`, {
      method: "POST",
      body: { totals: [{ ticket_id: ticket.id, quantity: 1 }], emails: 1 },
      as: "manager",
    });
    expect(check.json).toMatchObject({ code: "event_not_published" });
    expect((await getEmailQuota(db, world.organization.id)).used).toBe(0);
    // Adding participants to a draft without emails stays allowed.
    expect((await manualOrders(event.id, ticket.id, ["Alix"], false)).status).toBe(201);
  });

  it("reserves an import's N emails at its check or refuses it whole; chunks spend only what was reserved", async () => {
    await clearUsage(world.organization.id);
    await setQuota(world.organization.id, 4);
    const { event, ticket } = await publishedEvent();
    const rows = ["Alix", "Basile", "Chloé"].map((name) => [
      name,
      "Martin",
      `${name}@exemple.fr`,
      String(ticket.id),
      "1",
    ]);
    const check = (emails: number) =>
      call(`/events/${event.id}/participant-import/check`, {
        method: "POST",
        body: { totals: [{ ticket_id: ticket.id, quantity: 3 }], emails },
        as: "manager",
      });
    const chunk = (reservation?: string) =>
      call(`/events/${event.id}/participant-import`, {
        method: "POST",
        body: { rows, send_email: true, email_reservation: reservation },
        as: "manager",
      });

    const tooMany = await check(5);
    expect(tooMany.status).toBe(409);
    expect(tooMany.json).toMatchObject({ code: "email_quota_reached" });
    expect((await getEmailQuota(db, world.organization.id)).used).toBe(0);

    // A chunk that asks for emails without a reservation is refused and writes nothing.
    expect((await chunk()).json).toMatchObject({ code: "email_quota_reached" });
    expect(await orderCount(event.id)).toBe(0);

    const reserved = await check(3);
    expect(reserved.status).toBe(200);
    expect(reserved.json.email_reservation).toMatch(/^[a-z2-7]{32}$/);
    expect(await getEmailQuota(db, world.organization.id)).toEqual({ limit: 4, used: 3, remaining: 1 });
    expect((await chunk(reserved.json.email_reservation)).status).toBe(200);
    expect(await dueEmails(event.id)).toBe(3);
    // The reservation is spent: the same chunk again (a replay) sends nothing more.
    expect((await chunk(reserved.json.email_reservation)).json).toMatchObject({ code: "email_quota_reached" });
    expect(await orderCount(event.id)).toBe(3);
    await setQuota(world.organization.id, null);
  });

  it("never lets concurrent sends pass the quota", async () => {
    await clearUsage(world.organization.id);
    await setQuota(world.organization.id, 5);
    const { event, ticket } = await publishedEvent();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => manualOrders(event.id, ticket.id, [`Invité${i}`])),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(await dueEmails(event.id)).toBe(5);
    expect(await orderCount(event.id)).toBe(5);

    await clearUsage(world.organization.id);
    const reservations = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        reserveEmailSends(db, { organizationId: world.organization.id, eventId: event.id, count: 2 }),
      ),
    );
    expect(reservations.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(
      reservations.every(
        (r) => r.status === "fulfilled" || (isAppError(r.reason) && r.reason.reason === "email_quota_reached"),
      ),
    ).toBe(true);
    expect(await getEmailQuota(db, world.organization.id)).toEqual({ limit: 5, used: 4, remaining: 1 });
    await setQuota(world.organization.id, null);
  });

  it("counts free bookings; past the quota the booking goes through without its email", async () => {
    const organization = await insertOrganization(db);
    await setQuota(organization.id, 1);
    const event = await insertEvent(db, organization.id, { status: "published", startAt: FUTURE, endAt: FUTURE });
    const ticket = await insertTicket(db, event, { price: 0, isFree: true });
    const book = (email: string) =>
      exports.default.fetch(`http://localhost/api/public/events/${event.id}/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          buyer: { first_name: "Léa", last_name: "Roux", email },
          items: [{ ticket_id: ticket.id, quantity: 1 }],
        }),
      });
    const first = (await (await book("un@exemple.test")).json()) as { id: number };
    const second = (await (await book("deux@exemple.test")).json()) as { id: number };
    expect(await orderCount(event.id)).toBe(2);
    expect(await dueEmails(event.id)).toBe(1);
    expect(await getEmailQuota(db, organization.id)).toEqual({ limit: 1, used: 1, remaining: 0 });
    // The order page says an email was sent only when one was (app/routes/public/order-page.tsx).
    expect(await hasConfirmationEmail(db, first.id)).toBe(true);
    expect(await hasConfirmationEmail(db, second.id)).toBe(false);
  });

  it("counts a resend and refuses it past the quota", async () => {
    await clearUsage(world.organization.id);
    await setQuota(world.organization.id, 1);
    const { event, ticket } = await publishedEvent();
    const placed = await manualOrders(event.id, ticket.id, ["Alix"], false);
    const orderId = placed.json.order_ids[0] as number;
    const resend = () => resendOrderConfirmation(db, world.actors.owner, { orderId }, noQueue);
    await expect(resend()).resolves.toEqual({ queued: true });
    await expect(resend()).rejects.toMatchObject({ reason: "email_quota_reached" });
    await setQuota(world.organization.id, null);
  });

  it("is raised by a platform admin only, and the raise is audited", async () => {
    const organization = await insertOrganization(db);
    const admin = { userId: world.users.owner.id, email: "admin@guichet.test", isAdmin: true };
    await expect(
      setOrganizationEmailQuota(
        db,
        { ...admin, isAdmin: false },
        { organizationId: organization.id, dailyEmailQuota: 9 },
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    await setOrganizationEmailQuota(db, admin, { organizationId: organization.id, dailyEmailQuota: 2000 });
    expect(await getEmailQuota(db, organization.id)).toEqual({ limit: 2000, used: 0, remaining: 2000 });
    const [row] = await db
      .select()
      .from(organizations)
      .where(and(eq(organizations.id, organization.id)));
    expect(row!.dailyEmailQuota).toBe(2000);
  });
});
