import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import * as v from "valibot";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { webhookDeliveries, webhookEndpoints } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { deliverWebhook } from "#domain/webhooks/deliver-webhook";
import type { WebhookEventType } from "#domain/webhooks/webhook-event-types";
import { webhookEnvelopeSchema } from "#domain/webhooks/webhook-payloads";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertTicket, type User } from "../support/fixtures";

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users) as [string, User][]) {
    tokens[key] = (await createSession(db, user.id)).token;
  }
});

// Every delivery these tests record is held to the schema the public event-types page documents (issue 26 §6).
const typesChecked = new Set<string>();
afterEach(async () => {
  for (const delivery of await db.select().from(webhookDeliveries)) {
    const result = v.safeParse(
      webhookEnvelopeSchema(delivery.eventType as WebhookEventType),
      JSON.parse(delivery.payload),
    );
    expect(
      result.issues?.map((issue) => `${delivery.eventType} ${v.getDotPath(issue)}: ${issue.message}`) ?? [],
    ).toEqual([]);
    typesChecked.add(delivery.eventType);
  }
});
afterAll(() => {
  expect([...typesChecked].sort()).toEqual(
    expect.arrayContaining([
      "check_in.created",
      "event.published",
      "order.created",
      "participant.created",
      "participant.deleted",
      "participant.updated",
      "webhook.test",
    ]),
  );
});

const endpointBody = { url: "https://hooks.example.org/guichet", description: "CRM", event_types: [], enabled: true };

describe("webhooks API (issue 12 §6)", () => {
  it("owners create endpoints and see the secret once; other roles are refused; other organizations get 404", async () => {
    const org = world.organization.id;
    const created = await call(`/organizers/${org}/webhooks`, { method: "POST", body: endpointBody });
    expect(created.status).toBe(201);
    expect(created.json.secret).toMatch(/^whsec_/);
    const listed = await call(`/organizers/${org}/webhooks`);
    expect(listed.json.find((e: { id: number }) => e.id === created.json.id)).toMatchObject({
      url: endpointBody.url,
      secret_hint: `whsec_…${(created.json.secret as string).slice(-4)}`,
    });
    expect(JSON.stringify(listed.json)).not.toContain(created.json.secret);

    expect((await call(`/organizers/${org}/webhooks`, { as: "manager" })).status).toBe(403);
    const foreign = await call(`/organizers/${world.foreignOrganization.id}/webhooks`, {
      method: "POST",
      body: endpointBody,
    });
    expect(foreign.status).toBe(404);
    const stolen = await call(`/organizers/${org}/webhooks/${created.json.id}`, {
      method: "DELETE",
      as: "foreignOwner",
    });
    expect(stolen.status).toBe(404);
    expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.json.id))).toHaveLength(1);
  });

  it("rotates the secret with a grace period: 24 hours unless told, none on request, a period not offered refused", async () => {
    const org = world.organization.id;
    const created = await call(`/organizers/${org}/webhooks`, { method: "POST", body: endpointBody });
    const rotate = (body?: unknown) =>
      call(`/organizers/${org}/webhooks/${created.json.id}/rotate-secret`, { method: "POST", body });
    const before = Date.now();
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    const until = Date.parse(rotated.json.previous_secret_expires_at);
    expect(until - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 5_000);
    expect(until - before).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    const listed = await call(`/organizers/${org}/webhooks`);
    expect(listed.json.find((e: { id: number }) => e.id === created.json.id).previous_secret_expires_at).toBe(
      rotated.json.previous_secret_expires_at,
    );

    const refused = await rotate({ expires_in_hours: 5 });
    expect(refused.status).toBe(400);
    const [unchanged] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.json.id));
    expect(unchanged!.secret.split(" ").at(-1)).toBe(rotated.json.secret);

    const atOnce = await rotate({ expires_in_hours: 0 });
    expect(atOnce.json.previous_secret_expires_at).toBeNull();
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.json.id));
    expect(row!.secret).toBe(atOnce.json.secret);
  });

  it("refuses a private address with the field named, and writes nothing", async () => {
    const before = (await db.select().from(webhookEndpoints)).length;
    const refused = await call(`/organizers/${world.organization.id}/webhooks`, {
      method: "POST",
      body: { ...endpointBody, url: "https://169.254.169.254/latest" },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toEqual({ url: "url_private_address" });
    expect(await db.select().from(webhookEndpoints)).toHaveLength(before);
  });

  it("wants https on port 443 with a public host name, each refusal with its own field message", async () => {
    const before = (await db.select().from(webhookEndpoints)).length;
    for (const [url, message] of [
      ["https://hooks.example.org:8443/guichet", "url_port_not_allowed"],
      ["https://93.184.215.14/guichet", "url_ip_address"],
      ["https://hooks/guichet", "url_private_address"],
      ["https://crm.internal/guichet", "url_private_address"],
      ["http://hooks.example.org/guichet", "url_https_required"],
    ]) {
      const refused = await call(`/organizers/${world.organization.id}/webhooks`, {
        method: "POST",
        body: { ...endpointBody, url },
      });
      expect(refused.status, url).toBe(400);
      expect(refused.json.fields, url).toEqual({ url: message });
    }
    expect(await db.select().from(webhookEndpoints)).toHaveLength(before);
  });

  it("publishing an event over the API records a signed event.published delivery (D1 batch)", async () => {
    const created = await call(`/organizers/${world.organization.id}/webhooks`, {
      method: "POST",
      body: { ...endpointBody, event_types: ["event.published"] },
    });
    const event = await insertEvent(db, world.organization.id, {
      title: "Festival d'hiver",
      startAt: new Date("2027-01-20T19:00:00Z"),
    });
    const published = await call(`/events/${event.id}/status/published`, { method: "PUT" });
    expect(published.status).toBe(200);
    const deliveries = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, created.json.id));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ eventType: "event.published", status: "pending" });

    const received: { body: string; headers: Record<string, string> }[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      received.push({ body: String(init.body), headers: init.headers as Record<string, string> });
      return new Response(null, { status: 204 });
    }) as unknown as typeof globalThis.fetch;
    await deliverWebhook(db, { deliveryId: deliveries[0]!.id, attempt: 1 }, { fetch });
    const payload = new Webhook(created.json.secret).verify(received[0]!.body, received[0]!.headers);
    expect(payload).toMatchObject({ type: "event.published", data: { id: event.id, status: "published" } });

    // Publishing again changes nothing and records nothing more.
    await call(`/events/${event.id}/status/published`, { method: "PUT" });
    expect(
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.json.id)),
    ).toHaveLength(1);
  });

  it("test event, delivery log and replay", async () => {
    const org = world.organization.id;
    const created = await call(`/organizers/${org}/webhooks`, { method: "POST", body: endpointBody });
    expect((await call(`/organizers/${org}/webhooks/${created.json.id}/test`, { method: "POST" })).status).toBe(202);
    const log = await call(`/organizers/${org}/webhooks/${created.json.id}/deliveries`);
    expect(log.json.total).toBe(1);
    expect(log.json.rows[0]).toMatchObject({ event_type: "webhook.test", status: "pending", attempts: 0 });
    const deliveryId = log.json.rows[0].id as number;
    // A pending delivery cannot be replayed; a finished one can.
    const early = await call(`/organizers/${org}/webhooks/${created.json.id}/deliveries/${deliveryId}/replay`, {
      method: "POST",
    });
    expect(early.status).toBe(409);
    await db.update(webhookDeliveries).set({ status: "failed" }).where(eq(webhookDeliveries.id, deliveryId));
    const replay = await call(`/organizers/${org}/webhooks/${created.json.id}/deliveries/${deliveryId}/replay`, {
      method: "POST",
    });
    expect(replay.status).toBe(202);
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(row!.status).toBe("pending");
  });

  it("manual orders and check-ins are reported in the batches that write them, a replayed scan only once", async () => {
    const org = world.organization.id;
    const created = await call(`/organizers/${org}/webhooks`, {
      method: "POST",
      body: { ...endpointBody, event_types: ["order.created", "participant.created", "check_in.created"] },
    });
    const event = await insertEvent(db, org, { title: "Concert d'automne", status: "published" });
    const ticket = await insertTicket(db, event, { title: "Placement libre", price: 1200, amount: 10 });
    const placed = await call(`/events/${event.id}/manual-orders`, {
      method: "POST",
      body: {
        orders: [
          {
            buyer: { first_name: "Inès", last_name: "Roy", email: "ines@exemple.test" },
            participants: [{ ticket_id: ticket.id, first_name: "Inès", last_name: "Roy", email: "ines@exemple.test" }],
          },
        ],
        send_email: false,
      },
    });
    expect(placed.status).toBe(201);
    const participantId = placed.json.participant_ids[0] as number;
    const scan = { participant_id: participantId, direction: "in", id: crypto.randomUUID() };
    expect((await call(`/events/${event.id}/check-ins`, { method: "POST", body: scan })).json.result).toBe("ok");
    expect((await call(`/events/${event.id}/check-ins`, { method: "POST", body: scan })).json.result).toBe("ok");
    const recorded = (
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.json.id))
    ).map((d) => ({ type: d.eventType, data: (JSON.parse(d.payload) as { data: Record<string, unknown> }).data }));
    expect(recorded).toEqual([
      { type: "order.created", data: expect.objectContaining({ id: placed.json.order_ids[0], status: "manual" }) },
      { type: "participant.created", data: expect.objectContaining({ id: participantId, first_name: "Inès" }) },
      {
        type: "check_in.created",
        data: expect.objectContaining({ is_in: true, participant: expect.objectContaining({ id: participantId }) }),
      },
    ]);
  });

  it("editing and deleting a participant are reported; the deletion before the row goes", async () => {
    const org = world.organization.id;
    const created = await call(`/organizers/${org}/webhooks`, {
      method: "POST",
      body: { ...endpointBody, event_types: ["participant.updated", "participant.deleted"] },
    });
    const event = await insertEvent(db, org, { title: "Atelier gratuit", status: "published" });
    const ticket = await insertTicket(db, event, { title: "Entrée libre", price: 0, isFree: true, amount: 10 });
    const placed = await call(`/events/${event.id}/manual-orders`, {
      method: "POST",
      body: {
        orders: [
          {
            buyer: { first_name: "Léo", last_name: "Blanc", email: "leo@exemple.test" },
            participants: [{ ticket_id: ticket.id, first_name: "Léo", last_name: "Blanc", email: "leo@exemple.test" }],
          },
        ],
        send_email: false,
      },
    });
    const participantId = placed.json.participant_ids[0] as number;
    const edited = await call(`/events/1/participant-ticket/${participantId}`, {
      method: "PUT",
      body: { first_name: "Léon", last_name: "Blanc", email: "leon@exemple.test" },
    });
    expect(edited.status).toBe(200);
    expect((await call(`/events/1/participant-ticket/${participantId}`, { method: "DELETE" })).status).toBeLessThan(
      300,
    );
    const recorded = (
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.json.id))
    ).map((d) => ({ type: d.eventType, data: (JSON.parse(d.payload) as { data: Record<string, unknown> }).data }));
    expect(recorded).toEqual([
      { type: "participant.updated", data: expect.objectContaining({ id: participantId, first_name: "Léon" }) },
      { type: "participant.deleted", data: expect.objectContaining({ id: participantId, email: "leon@exemple.test" }) },
    ]);
  });
});
