import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmailMessage } from "#adapters/email";
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from "#db/schema";
import { insertEventsWorld } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { failure } from "../../tests/support/failure";
import { createWebhookEndpoint } from "./create-webhook-endpoint";
import { deleteWebhookEndpoint } from "./delete-webhook-endpoint";
import { deliverWebhook, RESPONSE_READ_LIMIT_BYTES } from "./deliver-webhook";
import { dispatchDueWebhookDeliveries, takeDueWebhookDeliveries } from "./dispatch-due-webhook-deliveries";
import { listWebhookDeliveries } from "./list-webhook-deliveries";
import { listWebhookEndpoints } from "./list-webhook-endpoints";
import { notifyWebhookEndpointDisabled } from "./notify-webhook-endpoint-disabled";
import { replayWebhookDelivery } from "./replay-webhook-delivery";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS } from "./retry-schedule";
import { rotateWebhookSecret } from "./rotate-webhook-secret";
import { sendTestWebhook } from "./send-test-webhook";
import { updateWebhookEndpoint } from "./update-webhook-endpoint";
import { recordWebhookEvent } from "./webhook-event-statement";
import { allowLocalWebhookUrls, webhookUrlProblem } from "./webhook-url";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const production = { allowLocal: false };

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());

/** A receiver at the fetch boundary: records what it got and answers what the test says. */
function receiver(answer: (call: number) => number | Error) {
  const received: { url: string; headers: Record<string, string>; body: string }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const outcome = answer(received.length + 1);
    received.push({ url, headers: init.headers as Record<string, string>, body: String(init.body) });
    if (outcome instanceof Error) throw outcome;
    return new Response(outcome < 300 ? "ok" : "receiver says no", { status: outcome });
  }) as unknown as typeof globalThis.fetch;
  return { received, fetch };
}

async function newEndpoint(eventTypes: ("order.paid" | "order.created")[] = []) {
  return createWebhookEndpoint(
    test.db,
    world.actors.owner,
    { url: "https://hooks.example.org/guichet", description: "CRM", eventTypes, enabled: true },
    production,
  );
}

async function deliveriesOf(endpointId: number) {
  return test.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

describe("endpoint URLs", () => {
  it("refuses plain http, private, loopback and link-local hosts outside development", () => {
    expect(webhookUrlProblem("https://hooks.example.org/x", production)).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.org/x", production)).toBe("https-required");
    for (const url of [
      "https://localhost/x",
      "https://127.0.0.1/x",
      "https://10.1.2.3/x",
      "https://172.20.0.1/x",
      "https://192.168.1.1/x",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/x",
      "https://[fd00::1]/x",
      "https://[fe80::1]/x",
      "https://printer.local/x",
      // Written to slip past a check of the host as typed.
      "https://localhost./x",
      "https://metadata.google.internal./computeMetadata/v1",
      "https://127.0.0.1./x",
      "https://2130706433/x",
      "https://0x7f.1/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[::ffff:169.254.169.254]/latest/meta-data",
      "https://[::ffff:7f00:1]/x",
      "https://[0:0:0:0:0:ffff:a01:203]/x",
      "https://[::127.0.0.1]/x",
      "https://[64:ff9b::a9fe:a9fe]/x",
      "https://[2002:a9fe:a9fe::1]/x",
      "https://[fec0::1]/x",
      "https://[ff02::1]/x",
      "https://[::]/x",
    ])
      expect(webhookUrlProblem(url, production), url).toBe("private-address");
    expect(webhookUrlProblem("https://hooks.example.org./x", production)).toBeNull();
    expect(webhookUrlProblem("https://hooks.example.org:443/x", production)).toBeNull();
    expect(webhookUrlProblem("not a url", production)).toBe("invalid");
    expect(webhookUrlProblem("https://user:pw@hooks.example.org/", production)).toBe("invalid");
    expect(webhookUrlProblem("http://localhost:9999/hook", { allowLocal: true })).toBeNull();
  });

  it("wants a public host name on port 443: no IP address, no single-label or private name", () => {
    // Public addresses written as the host: a name is required.
    for (const url of ["https://93.184.215.14/x", "https://[2606:4700:4700::1111]/x", "https://1.1.1.1./x"])
      expect(webhookUrlProblem(url, production), url).toBe("ip-address");
    for (const url of [
      "https://hooks.example.org:8443/x",
      "https://hooks.example.org:80/x",
      "https://a.example.org:1/",
    ])
      expect(webhookUrlProblem(url, production), url).toBe("port-not-allowed");
    for (const url of [
      "https://intranet/x",
      "https://hooks/x",
      "https://db.internal/x",
      "https://nas.lan/x",
      "https://router.home.arpa/x",
      "https://api.localhost/x",
      "https://box.localdomain/x",
      "https://hooks.invalid/x",
    ])
      expect(webhookUrlProblem(url, production), url).toBe("private-address");
    expect(webhookUrlProblem(`https://hooks.example.org/${"a".repeat(2_001)}`, production)).toBe("invalid");
    // The escape is only for development and test runs that ask for it.
    expect(allowLocalWebhookUrls({ ENVIRONMENT: "test", WEBHOOK_ALLOW_LOCAL_URLS: "true" })).toBe(true);
    expect(allowLocalWebhookUrls({ ENVIRONMENT: "development", WEBHOOK_ALLOW_LOCAL_URLS: "1" })).toBe(true);
    expect(allowLocalWebhookUrls({ ENVIRONMENT: "production", WEBHOOK_ALLOW_LOCAL_URLS: "true" })).toBe(false);
    expect(allowLocalWebhookUrls({ WEBHOOK_ALLOW_LOCAL_URLS: "true" })).toBe(false);
    expect(allowLocalWebhookUrls({ ENVIRONMENT: "development" })).toBe(false);
  });

  it("a refused URL creates nothing", async () => {
    const before = (await listWebhookEndpoints(test.db, world.actors.owner)).length;
    const error = await failure(
      createWebhookEndpoint(
        test.db,
        world.actors.owner,
        { url: "https://10.0.0.1/hook", description: "", eventTypes: [], enabled: true },
        production,
      ),
    );
    expect(error).toMatchObject({ code: "validation", fields: { url: "webhooks:url-private-address" } });
    expect(await listWebhookEndpoints(test.db, world.actors.owner)).toHaveLength(before);
  });
});

describe("endpoints", () => {
  it("only owners and admins manage them; another organization's endpoint is 404", async () => {
    const { endpoint, secret } = await newEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint.secretHint).toBe(`whsec_…${secret.slice(-4)}`);
    expect(JSON.stringify(await listWebhookEndpoints(test.db, world.actors.owner))).not.toContain(secret);
    for (const actor of [world.actors.manager, world.actors.guestManager, world.actors.guestValidator])
      expect(await failure(listWebhookEndpoints(test.db, actor))).toMatchObject({ code: "forbidden" });
    expect(await failure(deleteWebhookEndpoint(test.db, world.actors.foreignOwner, endpoint.id))).toMatchObject({
      code: "not_found",
    });
    expect(await failure(rotateWebhookSecret(test.db, world.actors.foreignOwner, endpoint.id))).toMatchObject({
      code: "not_found",
    });
    await updateWebhookEndpoint(
      test.db,
      world.actors.admin,
      endpoint.id,
      { url: "https://hooks.example.org/v2", description: "CRM v2", eventTypes: ["order.paid"], enabled: true },
      production,
    );
    const [row] = await test.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ url: "https://hooks.example.org/v2", eventTypes: '["order.paid"]' });
  });
});

describe("events and deliveries", () => {
  it("records one delivery per subscribed endpoint, signed so that standardwebhooks verifies it", async () => {
    const all = await newEndpoint();
    const paidOnly = await newEndpoint(["order.paid"]);
    await recordWebhookEvent(test.db, {
      organizationId: world.organization.id,
      type: "order.created",
      data: { id: 41, status: "pending" },
    });
    expect(await deliveriesOf(all.endpoint.id)).toHaveLength(1);
    expect(await deliveriesOf(paidOnly.endpoint.id)).toHaveLength(0);
    // Another organization's events never reach these endpoints.
    await recordWebhookEvent(test.db, {
      organizationId: world.foreignOrganization.id,
      type: "order.created",
      data: { id: 1 },
    });
    expect(await deliveriesOf(all.endpoint.id)).toHaveLength(1);

    const [delivery] = await deliveriesOf(all.endpoint.id);
    const { received, fetch } = receiver(() => 200);
    expect(await deliverWebhook(test.db, { deliveryId: delivery!.id, attempt: 1 }, { fetch })).toMatchObject({
      outcome: "succeeded",
    });
    const [request] = received;
    const verified = new Webhook(all.secret).verify(request!.body, request!.headers) as Record<string, unknown>;
    expect(verified).toMatchObject({ type: "order.created", data: { id: 41, status: "pending" } });
    expect(request!.headers["webhook-id"]).toBe(delivery!.messageId);
    const [after] = await deliveriesOf(all.endpoint.id);
    expect(after).toMatchObject({ status: "succeeded", attempts: 1, lastResponseStatus: 200 });
  });

  it("a queue message delivered twice makes one HTTP call", async () => {
    const { endpoint } = await newEndpoint();
    await sendTestWebhook(test.db, world.actors.owner, endpoint.id);
    const [delivery] = await deliveriesOf(endpoint.id);
    const { received, fetch } = receiver(() => 200);
    const job = { deliveryId: delivery!.id, attempt: 1 };
    const outcomes = await Promise.all([
      deliverWebhook(test.db, job, { fetch }),
      deliverWebhook(test.db, job, { fetch }),
      deliverWebhook(test.db, job, { fetch }),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["skipped", "skipped", "succeeded"]);
    expect(received).toHaveLength(1);
  });

  it("an endpoint answering 500 is retried on the schedule, every attempt logged, then fails for good", async () => {
    const { endpoint } = await newEndpoint();
    await sendTestWebhook(test.db, world.actors.owner, endpoint.id);
    const [delivery] = await deliveriesOf(endpoint.id);
    const { received, fetch } = receiver(() => 500);
    let clock = new Date("2026-11-26T10:00:00Z");
    const delays: number[] = [];
    let attempt = 1;
    for (;;) {
      const outcome = await deliverWebhook(test.db, { deliveryId: delivery!.id, attempt }, { fetch, now: () => clock });
      if (outcome.outcome !== "retry") {
        expect(outcome).toMatchObject({ outcome: "failed", endpointDisabled: false });
        break;
      }
      const [row] = await deliveriesOf(endpoint.id);
      expect(row!.nextAttemptAt!.getTime() - clock.getTime()).toBe(outcome.delaySeconds * 1000);
      delays.push(outcome.delaySeconds);
      clock = new Date(clock.getTime() + outcome.delaySeconds * 1000);
      attempt = outcome.nextAttempt;
    }
    expect(delays).toEqual(WEBHOOK_RETRY_DELAYS_SECONDS.slice(1));
    expect(received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const totalHours = delays.reduce((a, b) => a + b, 0) / 3600;
    expect(totalHours).toBeGreaterThan(60);
    const log = await test.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.deliveryId, delivery!.id));
    expect(log.map((a) => a.attempt)).toEqual(Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, i) => i + 1));
    expect(log.every((a) => a.responseStatus === 500 && a.responseExcerpt === "receiver says no")).toBe(true);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: "failed", attempts: WEBHOOK_MAX_ATTEMPTS, nextAttemptAt: null });

    // Manual replay sends the same message again, and this time it goes through.
    await replayWebhookDelivery(test.db, world.actors.owner, delivery!.id);
    const ok = receiver(() => 200);
    expect(
      await deliverWebhook(
        test.db,
        { deliveryId: delivery!.id, attempt: WEBHOOK_MAX_ATTEMPTS + 1 },
        { fetch: ok.fetch },
      ),
    ).toMatchObject({ outcome: "succeeded" });
    expect(ok.received[0]!.headers["webhook-id"]).toBe(row!.messageId);
    const page = await listWebhookDeliveries(test.db, world.actors.owner, {
      endpointId: endpoint.id,
      page: 0,
      pageSize: 10,
    });
    expect(page.rows[0]).toMatchObject({ status: "succeeded", attempts: WEBHOOK_MAX_ATTEMPTS + 1 });
    expect(page.rows[0]!.attemptLog).toHaveLength(WEBHOOK_MAX_ATTEMPTS + 1);
  });

  it("reads at most 4 KiB of the receiver's answer and cancels the rest of the stream", async () => {
    const { endpoint } = await newEndpoint();
    await sendTestWebhook(test.db, world.actors.owner, endpoint.id);
    const [delivery] = await deliveriesOf(endpoint.id);
    let pulled = 0;
    let cancelled = false;
    // An endless body of 1 KiB chunks: reading it all would never end.
    const fetch = (async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled++;
            controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
          },
          cancel() {
            cancelled = true;
          },
        }),
        { status: 200 },
      )) as unknown as typeof globalThis.fetch;
    const outcome = await deliverWebhook(test.db, { deliveryId: delivery!.id, attempt: 1 }, { fetch });
    expect(outcome).toMatchObject({ outcome: "succeeded", status: 200 });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(RESPONSE_READ_LIMIT_BYTES / 1024 + 1);
    const [attempt] = await test.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.deliveryId, delivery!.id));
    expect(attempt!.responseExcerpt).toBe("x".repeat(500));
  });

  it("checks the URL again before delivering: a URL the rules refuse fails at once, with its reason and no call", async () => {
    const { endpoint } = await newEndpoint();
    // Saved before the rules (or by hand in the database): a non-standard port.
    await test.db
      .update(webhookEndpoints)
      .set({ url: "https://hooks.example.org:8443/guichet" })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await sendTestWebhook(test.db, world.actors.owner, endpoint.id);
    const [delivery] = await deliveriesOf(endpoint.id);
    const { received, fetch } = receiver(() => 200);
    const outcome = await deliverWebhook(test.db, { deliveryId: delivery!.id, attempt: 1 }, { fetch });
    expect(outcome).toMatchObject({ outcome: "failed", status: null });
    expect(received).toEqual([]);
    const [after] = await deliveriesOf(endpoint.id);
    expect(after).toMatchObject({ status: "failed", lastError: "url-refused: port-not-allowed", nextAttemptAt: null });
    // The same endpoint with a local receiver, allowed only by the test-only escape.
    await test.db
      .update(webhookEndpoints)
      .set({ url: "http://127.0.0.1:9/hooks" })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await sendTestWebhook(test.db, world.actors.owner, endpoint.id);
    const [, second] = await deliveriesOf(endpoint.id);
    expect(
      await deliverWebhook(test.db, { deliveryId: second!.id, attempt: 1 }, { fetch, allowLocalUrls: true }),
    ).toMatchObject({ outcome: "succeeded" });
    expect(received.map((r) => r.url)).toEqual(["http://127.0.0.1:9/hooks"]);
  });

  it("410 Gone disables the endpoint at once and its owners are emailed", async () => {
    const { endpoint } = await newEndpoint();
    await sendTestWebhook(test.db, world.actors.owner, endpoint.id);
    const [delivery] = await deliveriesOf(endpoint.id);
    const { fetch } = receiver(() => 410);
    const outcome = await deliverWebhook(test.db, { deliveryId: delivery!.id, attempt: 1 }, { fetch });
    expect(outcome).toMatchObject({ outcome: "failed", endpointDisabled: true });
    const [row] = await test.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: "gone" });
    const sent: EmailMessage[] = [];
    const count = await notifyWebhookEndpointDisabled(
      test.db,
      { mode: "dev-mailbox", send: async (message) => void sent.push(message) },
      { endpointId: endpoint.id, appUrl: "https://billetterie.example.org" },
    );
    expect(count).toBe(1);
    expect(sent[0]).toMatchObject({ to: world.users.owner.email });
    expect(sent[0]!.text).toContain("https://billetterie.example.org/settings/tracking");
    // A disabled endpoint gets no new events.
    await recordWebhookEvent(test.db, { organizationId: world.organization.id, type: "order.paid", data: {} });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it("the sweep hands each due delivery to the queue once, and again only when its attempt was lost", async () => {
    const { endpoint } = await newEndpoint();
    const start = new Date("2026-11-26T12:00:00Z");
    await sendTestWebhook(test.db, world.actors.owner, endpoint.id, start);
    const sent: unknown[] = [];
    const queue = {
      sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body)),
    };
    const later = new Date(start.getTime() + 1000);
    expect(await dispatchDueWebhookDeliveries(test.db, queue, later)).toBeGreaterThanOrEqual(1);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(sent).toContainEqual({ type: "deliver-webhook", deliveryId: delivery!.id, attempt: 1 });
    expect(delivery!.enqueuedAt).not.toBeNull();
    const again = await takeDueWebhookDeliveries(test.db, later);
    expect(again.some((job) => job.deliveryId === delivery!.id)).toBe(false);
    // Its attempt is claimed and then lost (the worker died): after the lease it is handed off again.
    await test.db
      .update(webhookDeliveries)
      .set({ attempts: 1, nextAttemptAt: new Date(later.getTime() + 10 * 60_000) })
      .where(and(eq(webhookDeliveries.id, delivery!.id)));
    const muchLater = new Date(later.getTime() + 25 * 60_000);
    const rescued = await takeDueWebhookDeliveries(test.db, muchLater);
    expect(rescued).toContainEqual({ type: "deliver-webhook", deliveryId: delivery!.id, attempt: 2 });
    // Just handed off again: the next writes do not hand it off once more, however long ago it fell due.
    for (const minutes of [1, 5, 9]) {
      const soon = new Date(muchLater.getTime() + minutes * 60_000);
      expect((await takeDueWebhookDeliveries(test.db, soon)).some((j) => j.deliveryId === delivery!.id)).toBe(false);
    }
  });

  it("a queue that refuses leaves the deliveries for the next sweep", async () => {
    const { endpoint } = await newEndpoint();
    const start = new Date("2026-11-27T12:00:00Z");
    await sendTestWebhook(test.db, world.actors.owner, endpoint.id, start);
    const broken = {
      sendBatch: async () => {
        throw new Error("queue unavailable");
      },
    };
    const at = new Date(start.getTime() + 1000);
    await expect(dispatchDueWebhookDeliveries(test.db, broken, at)).rejects.toThrow("queue unavailable");
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.enqueuedAt).toBeNull();
    expect((await takeDueWebhookDeliveries(test.db, at)).some((j) => j.deliveryId === delivery!.id)).toBe(true);
  });

  it("rotation keeps the old secret signing for the grace period chosen, then only the new one signs", async () => {
    const { endpoint, secret: first } = await newEndpoint();
    const rotatedAt = new Date();
    const { secret: second, previousSecretExpiresAt } = await rotateWebhookSecret(
      test.db,
      world.actors.owner,
      endpoint.id,
      { graceHours: 1, now: rotatedAt },
    );
    expect(previousSecretExpiresAt).toEqual(new Date(rotatedAt.getTime() + 3_600_000));
    const signedAt = async (at: Date) => {
      await sendTestWebhook(test.db, world.actors.owner, endpoint.id, at);
      const deliveries = await deliveriesOf(endpoint.id);
      const { received, fetch } = receiver(() => 204);
      await deliverWebhook(test.db, { deliveryId: deliveries.at(-1)!.id, attempt: 1 }, { fetch, now: () => at });
      const request = received[0]!;
      const verifies = (secret: string) => {
        try {
          return Boolean(new Webhook(secret).verify(request.body, request.headers));
        } catch {
          return false;
        }
      };
      return { first: verifies(first), second: verifies(second) };
    };
    // The receiver's replay window is checked against the real clock: deliver "now" and 30 s before the end.
    expect(await signedAt(new Date())).toEqual({ first: true, second: true });
    const [row] = await test.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    await test.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, row!.id));
    expect(await signedAt(new Date())).toEqual({ first: false, second: true });
  });

  it("a rotation without grace stops the old secret at once", async () => {
    const { endpoint } = await newEndpoint();
    const { secret, previousSecretExpiresAt } = await rotateWebhookSecret(test.db, world.actors.owner, endpoint.id, {
      graceHours: 0,
    });
    expect(previousSecretExpiresAt).toBeNull();
    const [row] = await test.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secret).toBe(secret);
  });

  it("rotation shows the new secret once and signs with both until the next rotation", async () => {
    const { endpoint, secret: first } = await newEndpoint();
    const { secret: second } = await rotateWebhookSecret(test.db, world.actors.owner, endpoint.id);
    await sendTestWebhook(test.db, world.actors.owner, endpoint.id);
    const [delivery] = await deliveriesOf(endpoint.id);
    const { received, fetch } = receiver(() => 204);
    await deliverWebhook(test.db, { deliveryId: delivery!.id, attempt: 1 }, { fetch });
    const request = received[0]!;
    expect(new Webhook(first).verify(request.body, request.headers)).toBeTruthy();
    expect(new Webhook(second).verify(request.body, request.headers)).toBeTruthy();
    const { secret: third } = await rotateWebhookSecret(test.db, world.actors.owner, endpoint.id);
    const [row] = await test.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secret.split(" ")).toEqual([second, third]);
  });
});

describe("event changes", () => {
  it("publishing records event.published and an edit event.updated, in the same batch as the change", async () => {
    const { changeEventStatus } = await import("../events/change-event-status");
    const { updateEvent } = await import("../events/update-event");
    const { insertEvent } = await import("../../tests/support/fixtures");
    const { endpoint } = await newEndpoint();
    const event = await insertEvent(test.db, world.organization.id, {
      title: "Nuit du jazz",
      startAt: new Date("2027-02-01T20:00:00Z"),
    });
    await changeEventStatus(test.db, world.actors.owner, { eventId: event.id, action: "publish" });
    await updateEvent(test.db, world.actors.owner, { eventId: event.id, changes: { title: "Nuit du jazz (complet)" } });
    const recorded = (await deliveriesOf(endpoint.id)).map((d) => ({
      type: d.eventType,
      data: (JSON.parse(d.payload) as { data: { id: number; status: string; title: string } }).data,
    }));
    expect(recorded).toEqual([
      { type: "event.published", data: expect.objectContaining({ id: event.id, status: "published" }) },
      { type: "event.updated", data: expect.objectContaining({ title: "Nuit du jazz (complet)" }) },
    ]);
    // A transition that loses (already published) records nothing.
    await failure(changeEventStatus(test.db, world.actors.owner, { eventId: event.id, action: "unarchive" }));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(2);
  });
});
