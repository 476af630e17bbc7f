import { randomUUID } from "node:crypto";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { decodeQrFromRects, readPdf } from "../support/pdf-reading";
import { uniqueEmail, waitForMail, type DevMail } from "./support/mailbox";
import { signIn } from "./support/sign-in";

// Issue 10's "Done when", end to end in the browser and the Worker: a buyer books (free, then paid with a promo code
// through the demo checkout), sees the confirmation page, the confirmation email reaches the dev mailbox through the
// queue with the PDF tickets attached, and the QR code read back from that PDF is a ticket token the check-in API
// accepts once ("ok") and then answers "already_in".

const expect = baseExpect.configure({ timeout: 30_000 });
const DAY = 86_400_000;

type PublicEvent = { id: number; slug: string; title: string };
type PublicOrder = {
  id: number;
  status: string;
  participants: { id: number; ticket_id: number; ticket_type: string; first_name: string; ticket_token: string }[];
};
type CheckInOutcome = {
  result: string;
  participant: { id: number; first_name: string; last_name: string; is_in: boolean } | null;
  ticket: { id: number; title: string } | null;
};

async function findPublicEvent(request: APIRequestContext, title: string): Promise<PublicEvent> {
  for (let id = 1; id <= 20; id++) {
    const response = await request.get(`/api/public/events/${id}`);
    if (!response.ok()) continue;
    const event = (await response.json()) as PublicEvent;
    if (event.title === title) return event;
  }
  throw new Error(`no published event titled ${title}`);
}

async function fillNames(page: Page, prefix: string, first: string, last: string, email: string) {
  await page.locator(`[name="${prefix}.first_name"]`).fill(first);
  await page.locator(`[name="${prefix}.last_name"]`).fill(last);
  await page.locator(`[name="${prefix}.email"]`).fill(email);
}

/** The order id and access token of the order page the browser is on (`/orders/:id?token=`). */
function orderOfPage(page: Page): { orderId: number; token: string } {
  const url = new URL(page.url());
  const orderId = Number(/^\/orders\/(\d+)$/.exec(url.pathname)?.[1]);
  const token = url.searchParams.get("token") ?? "";
  expect(orderId).toBeGreaterThan(0);
  expect(token).not.toBe("");
  return { orderId, token };
}

/** The confirmation email's one attachment, downloaded from the dev mailbox: the PDF tickets, one page per ticket. */
async function ticketsPdfOf(request: APIRequestContext, mail: DevMail, orderId: number) {
  expect(mail.attachments).toHaveLength(1);
  const [attachment] = mail.attachments;
  expect(attachment).toMatchObject({ content_type: "application/pdf", filename: `billets-commande-${orderId}.pdf` });
  const response = await request.get(attachment!.url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const bytes = new Uint8Array(await response.body());
  expect(bytes.length).toBe(attachment!.size);
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  return readPdf(bytes);
}

async function checkIn(request: APIRequestContext, eventId: number, token: string): Promise<CheckInOutcome> {
  const response = await request.post(`/api/events/${eventId}/check-ins`, {
    data: { token, direction: "in", id: randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CheckInOutcome;
}

async function publicOrder(request: APIRequestContext, orderId: number, token: string): Promise<PublicOrder> {
  const response = await request.get(`/api/public/orders/${orderId}?token=${encodeURIComponent(token)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as PublicOrder;
}

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

test("a free ticket booked on the public page arrives by email as a PDF whose QR code checks in once", async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The organizer (owner of Les Nuits Sonores) in this browser context: page.request carries the session cookie.
  await signIn(page, "owner@guichet.test");
  const start = Date.now() + 30 * DAY;
  const title = `Apéro-concert gratuit ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/events", {
    data: {
      title,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  const ticket = await page.request.post(`/api/events/${eventId}/tickets`, {
    data: { title: "Entrée libre", price: 0, ticket_type: "ticket", max_per_order: 4 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const ticketId = ((await ticket.json()) as { id: number }).id;
  const messages = await page.request.put(`/api/events/${eventId}/messages`, {
    data: {
      confirmation_page_message: "<p>Merci, <strong>à très vite</strong> au bord de l'eau !</p>",
      email_pdf_message: "<p>Entrée par la porte B, à partir de 19 h.</p>",
    },
  });
  expect(messages.status(), await messages.text()).toBe(200);
  const published = await page.request.put(`/api/events/${eventId}/status/published`);
  expect(published.status(), await published.text()).toBe(200);
  const event = await findPublicEvent(page.request, title);
  expect(event.id).toBe(eventId);

  // The buyer books on the public page.
  const buyer = uniqueEmail("billet-gratuit");
  await page.goto(`/events/${event.id}/${event.slug}`);
  await page.getByLabel("Quantité pour Entrée libre").selectOption("1");
  await page.getByRole("button", { name: "Réserver" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}/${event.slug}/book\\?`));
  await expect(page.getByTestId("summary-total")).toHaveText("Gratuit");
  await fillNames(page, "buyer", "Margaux", "Lefèvre", buyer);
  // The one ticket's holder is the buyer: « Même que l'acheteur » is checked for the first ticket.
  await expect(page.getByTestId("same-as-buyer")).toBeChecked();
  await page.getByTestId("booking-submit").click();

  // The confirmation page.
  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(page.getByTestId("order-status")).toHaveText("Confirmée");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Merci Margaux !");
  // The organizer's message is rendered as the rich text it is, never shown as HTML source.
  const message = page.getByTestId("confirmation-message");
  await expect(message).toHaveText("Merci, à très vite au bord de l'eau !");
  await expect(message.locator("strong")).toHaveText("à très vite");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/order-confirmation-message-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId("order-ticket")).toHaveCount(1);
  const { orderId, token: accessToken } = orderOfPage(page);
  const shownToken = await page.getByTestId("order-ticket").locator("svg[data-token]").getAttribute("data-token");
  const order = await publicOrder(page.request, orderId, accessToken);
  expect(order.participants.map((participant) => participant.ticket_id)).toEqual([ticketId]);

  // The confirmation email, sent by the queue consumer: French, the organizer's message, the tickets link, the
  // buyer's footer, and the PDF tickets attached.
  const mail = await waitForMail(page.request, buyer, new RegExp(`^Vos billets pour ${title}$`), {
    timeout: 150_000,
  });
  expect(mail.text).toContain("Bonjour Margaux,");
  expect(mail.text).toContain(`Merci pour votre commande n° ${orderId} pour « ${title} ».`);
  expect(mail.text).toContain("Entrée par la porte B, à partir de 19 h.");
  expect(mail.text).toContain("- Entrée libre — Margaux Lefèvre");
  expect(mail.text).toContain(`Vous recevez cet email car vous avez commandé des billets pour « ${title} ».`);
  expect(mail.text).not.toContain("suite à une action sur votre compte");
  const { pages } = await ticketsPdfOf(page.request, mail, orderId);
  expect(pages).toHaveLength(1);
  expect(pages[0]!.text.join(" ")).toContain("Margaux Lefèvre");
  expect(pages[0]!.text.join(" ")).toContain("Entrée libre");

  // The QR code read back from the PDF is the participant's signed ticket token, the one the order page shows.
  const scanned = decodeQrFromRects(pages[0]!.rects);
  expect(scanned).not.toBeNull();
  expect(scanned).toBe(order.participants[0]!.ticket_token);
  expect(scanned).toBe(shownToken);

  // The buyer reopens the order page from the email's link.
  const link = /https?:\/\/\S+\/orders\/\d+\?token=\S+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  expect(new URL(link!).pathname).toBe(`/orders/${orderId}`);
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByTestId("order-status")).toHaveText("Confirmée");

  // The organizer scans it: accepted once, then already in.
  const first = await checkIn(page.request, eventId, scanned!);
  expect(first.result).toBe("ok");
  expect(first.participant).toMatchObject({ first_name: "Margaux", last_name: "Lefèvre", is_in: true });
  expect(first.ticket).toMatchObject({ id: ticketId, title: "Entrée libre" });
  const second = await checkIn(page.request, eventId, scanned!);
  expect(second.result).toBe("already_in");
  // The signature is what the server trusts: the same ids with one character of the MAC changed are refused.
  const macAt = scanned!.lastIndexOf(".") + 1;
  const forged = scanned!.slice(0, macAt) + (scanned![macAt] === "A" ? "B" : "A") + scanned!.slice(macAt + 1);
  expect((await checkIn(page.request, eventId, forged)).result).toBe("invalid");
});

test("a paid order with a promo code, paid through the demo checkout, arrives by email with a QR code that checks in", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@guichet.test");
  const event = await findPublicEvent(page.request, "Festival Nuits Sonores");
  const buyer = uniqueEmail("billet-payant");

  await page.goto(`/events/${event.id}/${event.slug}`);
  await page.getByLabel(/Quantité pour Pass 2 nuits$/).selectOption("1");
  await page.getByRole("button", { name: "Réserver" }).click();
  await expect(page.getByTestId("summary-total")).toHaveText(/75,00\s€/);
  await page.getByLabel("Code promo").fill("adherent10");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByTestId("promo-status")).toHaveText(/Code ADHERENT10 appliqué : 10,00\s€ de réduction\./);
  await expect(page.getByTestId("summary-total")).toHaveText(/65,00\s€/);

  // Both forms: the order form once, the participant form for the pass.
  await fillNames(page, "buyer", "Yanis", "Girard", buyer);
  const orderForm = page.getByRole("group", { name: "Informations de commande" });
  await orderForm.getByLabel("Réseaux sociaux").check();
  await orderForm.getByLabel("Code postal").fill("69007");
  await orderForm.getByLabel(/J'accepte le règlement intérieur du lieu/).check();
  const participant = page.getByTestId("participant-fieldset");
  await expect(participant).toHaveCount(1);
  await participant.getByLabel("Tranche d'âge").selectOption({ index: 2 });
  await participant.getByLabel("House").check();
  await page.getByTestId("booking-submit").click();

  // The demo checkout in Stripe's place.
  await expect(page).toHaveURL(/\/demo-checkout\//);
  await expect(page.getByTestId("demo-checkout-banner")).toBeVisible();
  await expect(page.getByTestId("demo-checkout-total")).toHaveText(/65,00\s€/);
  await page.getByRole("button", { name: /^Payer/ }).click();

  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(page.getByTestId("order-status")).toHaveText("Payée");
  await expect(page.getByTestId("confirmation-message")).toContainText("Merci pour votre commande !");
  await expect(page.getByTestId("order-ticket")).toHaveCount(1);
  const { orderId, token: accessToken } = orderOfPage(page);
  const order = await publicOrder(page.request, orderId, accessToken);
  expect(order.status).toBe("paid");
  expect(order.participants).toHaveLength(1);

  const mail = await waitForMail(page.request, buyer, /^Vos billets pour Festival Nuits Sonores$/, {
    timeout: 150_000,
  });
  expect(mail.text).toContain("Bonjour Yanis,");
  expect(mail.text).toContain("- Pass 2 nuits — Yanis Girard");
  expect(mail.text).toContain(
    "Présentez ce billet (imprimé ou sur votre téléphone) à l'entrée, avec une pièce d'identité.",
  );
  expect(mail.text).toContain(`/orders/${orderId}?token=${accessToken}`);
  expect(mail.text).toContain(
    "Vous recevez cet email car vous avez commandé des billets pour « Festival Nuits Sonores ».",
  );
  const { pages } = await ticketsPdfOf(page.request, mail, orderId);
  expect(pages).toHaveLength(1);
  expect(pages[0]!.text.join(" ")).toContain("Yanis Girard");
  const scanned = decodeQrFromRects(pages[0]!.rects);
  expect(scanned).toBe(order.participants[0]!.ticket_token);

  const first = await checkIn(page.request, event.id, scanned!);
  expect(first.result).toBe("ok");
  expect(first.participant).toMatchObject({ first_name: "Yanis", last_name: "Girard", is_in: true });
  expect(first.ticket?.title).toBe("Pass 2 nuits");
  const second = await checkIn(page.request, event.id, scanned!);
  expect(second.result).toBe("already_in");
});
