import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { signIn } from "./support/sign-in";

// Outgoing webhooks (issue 12 §6) end to end: an endpoint made in /settings/tracking pointing at a receiver in this
// test process; the Worker's queue delivers signed events to it, retries a refused one, and replays on demand.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

type Received = { headers: IncomingHttpHeaders; body: string; answered: number };

function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const answered = answers.shift() ?? 200;
      received.push({ headers: request.headers, body, answered });
      response.writeHead(answered, { "content-type": "text/plain" });
      response.end(answered < 300 ? "merci" : "indisponible");
    });
  });
  return new Promise<{ url: string; received: Received[]; answers: number[]; close: () => void }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks`, received, answers, close: () => server.close() });
    });
  });
}

const headersOf = (request: Received) =>
  Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));

test("webhooks: create an endpoint, receive signed events, see a failure retried, replay a delivery, then a real order", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  try {
    await signIn(page, "owner@guichet.test");
    await page.goto("/settings/tracking");
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();

    // A bad URL is refused with its message and creates nothing.
    await page.getByRole("button", { name: "Ajouter un endpoint" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("URL de l'endpoint").fill("ftp://example.org/hooks");
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    await expect(dialog.getByText("L'URL doit commencer par https://.")).toBeVisible();

    await dialog.getByLabel("URL de l'endpoint").fill(receiver.url);
    await dialog.getByLabel("Description").fill("Receveur de test");
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    const secretDialog = page.getByRole("dialog", { name: "Secret de signature" });
    await expect(secretDialog).toBeVisible();
    const secret = (await secretDialog.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.screenshot({ path: `${SCREENS}/webhooks-secret.png` });
    await secretDialog.getByRole("button", { name: "J'ai copié le secret" }).click();

    const card = page.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
    await expect(card).toBeVisible();
    await expect(card.getByText(secret.slice(-4))).toBeVisible();

    // A test event arrives, signed so that the standardwebhooks package verifies it.
    await card.getByRole("button", { name: `Actions pour ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Envoyer un événement de test" }).click();
    await expect(page.getByText("Événement de test envoyé")).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(1);
    const first = receiver.received[0]!;
    expect(new Webhook(secret).verify(first.body, headersOf(first))).toMatchObject({ type: "webhook.test" });

    // The next one is refused once (500), then retried on the schedule (5 s later) and accepted.
    receiver.answers.push(500);
    await card.getByRole("button", { name: `Actions pour ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Envoyer un événement de test" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 90_000 }).toBe(3);
    expect(receiver.received.map((r) => r.answered)).toEqual([200, 500, 200]);
    expect(receiver.received[2]!.headers["webhook-id"]).toBe(receiver.received[1]!.headers["webhook-id"]);

    // The log shows both deliveries; the retried one with its two attempts.
    await card.getByRole("link", { name: "Journal des envois" }).click();
    await expect(page.getByRole("heading", { name: "Journal des envois" })).toBeVisible();
    await expect(page.getByTestId("delivery-status")).toHaveText(["Réussi", "Réussi"]);
    await page.getByTestId("delivery-open").first().click();
    await expect(page.getByTestId("delivery-attempt")).toHaveCount(2);
    await expect(page.getByText("Réponse 500")).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/webhooks-log.png` });
    await page.keyboard.press("Escape");

    // Manual replay sends the same message again.
    await page.getByRole("button", { name: "Renvoyer" }).last().click();
    await expect(page.getByText("Envoi relancé")).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(4);
    expect(receiver.received[3]!.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(new Webhook(secret).verify(receiver.received[3]!.body, headersOf(receiver.received[3]!))).toBeTruthy();

    // A real sale: publishing an event and booking a free ticket through the public API reach the endpoint, signed.
    const start = Date.now() + 30 * 86_400_000;
    const created = await page.request.post("/api/events", {
      data: {
        title: `Webhook live ${Date.now().toString(36)}`,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 3 * 3_600_000).toISOString(),
        timezone: "Europe/Paris",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const eventId = ((await created.json()) as { id: number }).id;
    const ticket = await page.request.post(`/api/events/${eventId}/tickets`, {
      data: { title: "Entrée libre", price: 0, ticket_type: "ticket" },
    });
    expect(ticket.status(), await ticket.text()).toBe(201);
    const ticketId = ((await ticket.json()) as { id: number }).id;
    expect((await page.request.put(`/api/events/${eventId}/status/published`)).status()).toBe(200);
    const order = await page.request.post(`/api/public/events/${eventId}/orders`, {
      data: {
        items: [{ ticket_id: ticketId, quantity: 1 }],
        buyer: { first_name: "Nina", last_name: "Garnier", email: "nina.webhook@exemple.test" },
        participants: [
          { ticket_id: ticketId, first_name: "Nina", last_name: "Garnier", email: "nina.webhook@exemple.test" },
        ],
      },
    });
    expect(order.status(), await order.text()).toBe(201);
    const orderId = ((await order.json()) as { id: number }).id;
    const typesAfter = () => receiver.received.slice(4).map((r) => (JSON.parse(r.body) as { type: string }).type);
    await expect
      .poll(() => typesAfter().sort(), { timeout: 90_000 })
      .toEqual(expect.arrayContaining(["event.published", "order.created", "order.paid", "participant.created"]));
    for (const request of receiver.received.slice(4)) {
      const payload = new Webhook(secret).verify(request.body, headersOf(request)) as {
        type: string;
        data: { id: number; payment?: number };
      };
      if (payload.type === "order.paid") expect(payload.data.id).toBe(orderId);
      if (payload.type === "participant.created") expect(payload.data.payment).toBe(orderId);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/settings/tracking");
    await page.screenshot({ path: `${SCREENS}/webhooks-mobile.png`, fullPage: true });
  } finally {
    receiver.close();
  }
});
