import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { signIn } from "./support/sign-in";

// Outgoing webhooks (issue 12 §6) end to end: an endpoint made in /settings/tracking pointing at a receiver in this
// test process; the Worker's queue delivers signed events to it, retries a refused one, and replays on demand.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

type Received = { headers: IncomingHttpHeaders; body: string; answered: number };

// The endpoint belongs to the demo organization, which other specs running beside this one also publish and sell in:
// their deliveries reach this receiver too. Every check therefore picks the test events by type and webhook-id, never by
// arrival order.
function startReceiver() {
  const received: Received[] = [];
  const state = { refuseNextTestEvent: false };
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const isTestEvent = typeOf(body) === "webhook.test";
      const answered = isTestEvent && state.refuseNextTestEvent ? 500 : 200;
      if (answered === 500) state.refuseNextTestEvent = false;
      received.push({ headers: request.headers, body, answered });
      response.writeHead(answered, { "content-type": "text/plain" });
      response.end(answered < 300 ? "merci" : "indisponible");
    });
  });
  return new Promise<{ url: string; received: Received[]; state: typeof state; close: () => void }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks`, received, state, close: () => server.close() });
    });
  });
}

function typeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { type?: string }).type;
  } catch {
    return undefined;
  }
}

const idOf = (request: Received) => String(request.headers["webhook-id"]);
const testEvents = (received: Received[]) => received.filter((request) => typeOf(request.body) === "webhook.test");
const deliveriesOf = (received: Received[], webhookId: string) =>
  received.filter((request) => idOf(request) === webhookId);

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
    await expect.poll(() => testEvents(receiver.received).length, { timeout: 60_000 }).toBe(1);
    const first = testEvents(receiver.received)[0]!;
    expect(new Webhook(secret).verify(first.body, headersOf(first))).toMatchObject({ type: "webhook.test" });

    // The next one is refused once (500), then retried on the schedule (5 s later) with the same webhook-id, and accepted.
    receiver.state.refuseNextTestEvent = true;
    await card.getByRole("button", { name: `Actions pour ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Envoyer un événement de test" }).click();
    await expect.poll(() => testEvents(receiver.received).length, { timeout: 90_000 }).toBe(3);
    const refused = testEvents(receiver.received).find((request) => request.answered === 500)!;
    expect(idOf(refused)).not.toBe(idOf(first));
    expect(deliveriesOf(receiver.received, idOf(refused)).map((request) => request.answered)).toEqual([500, 200]);

    // The log shows both test deliveries as successful; the retried one with its two attempts.
    await card.getByRole("link", { name: "Journal des envois" }).click();
    await expect(page.getByRole("heading", { name: "Journal des envois" })).toBeVisible();
    const testRows = page.getByRole("row").filter({ hasText: "webhook.test" });
    await expect(testRows.getByTestId("delivery-status")).toHaveText(["Réussi", "Réussi"]);
    const retriedRow = testRows.filter({ has: page.getByRole("cell", { name: "2", exact: true }) });
    const firstRow = testRows.filter({ has: page.getByRole("cell", { name: "1", exact: true }) });
    await retriedRow.getByTestId("delivery-open").click();
    await expect(page.getByTestId("delivery-attempt")).toHaveCount(2);
    await expect(page.getByText("Réponse 500")).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/webhooks-log.png` });
    await page.keyboard.press("Escape");

    // Manual replay of the first test event sends the same message again.
    await firstRow.getByRole("button", { name: "Renvoyer" }).click();
    await expect(page.getByText("Envoi relancé")).toBeVisible();
    await expect.poll(() => deliveriesOf(receiver.received, idOf(first)).length, { timeout: 60_000 }).toBe(2);
    const replayed = deliveriesOf(receiver.received, idOf(first))[1]!;
    expect(new Webhook(secret).verify(replayed.body, headersOf(replayed))).toBeTruthy();
    const seenBeforeSale = new Set(receiver.received);

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
    const afterSale = () => receiver.received.filter((request) => !seenBeforeSale.has(request));
    const typesAfter = () => afterSale().map((request) => typeOf(request.body));
    await expect
      .poll(() => typesAfter().sort(), { timeout: 90_000 })
      .toEqual(expect.arrayContaining(["event.published", "order.created", "order.paid", "participant.created"]));
    const payloads = afterSale().map(
      (request) =>
        new Webhook(secret).verify(request.body, headersOf(request)) as {
          type: string;
          data: { id: number; payment?: number };
        },
    );
    expect(payloads.filter((p) => p.type === "order.paid").map((p) => p.data.id)).toContain(orderId);
    expect(payloads.filter((p) => p.type === "participant.created").map((p) => p.data.payment)).toContain(orderId);

    // Rotating the secret: the old one keeps signing for the period chosen (24 hours by default), beside the new.
    await page.goto("/settings/tracking");
    await card.getByRole("button", { name: `Actions pour ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Régénérer le secret" }).click();
    const rotateDialog = page.getByRole("alertdialog", { name: "Régénérer le secret ?" });
    await expect(rotateDialog.getByTestId("webhook-rotate-grace")).toHaveText("Pendant 24 heures");
    await page.screenshot({ path: `${SCREENS}/webhooks-rotate.png` });
    await rotateDialog.getByRole("button", { name: "Régénérer" }).click();
    await expect(secretDialog).toBeVisible();
    const newSecret = (await secretDialog.getByTestId("webhook-secret").textContent())!.trim();
    expect(newSecret).not.toBe(secret);
    await secretDialog.getByRole("button", { name: "J'ai copié le secret" }).click();
    await expect(card.getByTestId("webhook-previous-secret")).toContainText("L'ancien secret signe aussi jusqu'au");
    const seenBeforeRotation = new Set(receiver.received);
    await card.getByRole("button", { name: `Actions pour ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Envoyer un événement de test" }).click();
    await expect
      .poll(() => testEvents(receiver.received.filter((r) => !seenBeforeRotation.has(r))).length, { timeout: 60_000 })
      .toBe(1);
    const signedTwice = testEvents(receiver.received.filter((r) => !seenBeforeRotation.has(r)))[0]!;
    expect(new Webhook(secret).verify(signedTwice.body, headersOf(signedTwice))).toBeTruthy();
    expect(new Webhook(newSecret).verify(signedTwice.body, headersOf(signedTwice))).toBeTruthy();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/settings/tracking");
    await page.screenshot({ path: `${SCREENS}/webhooks-mobile.png`, fullPage: true });
  } finally {
    receiver.close();
  }
});
