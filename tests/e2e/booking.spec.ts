import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { privateEventHash } from "../../domain/events/private-event-link";
import { demoPassword } from "../../scripts/lib/demo-logins";
import { signIn } from "./support/sign-in";

// Booking on the public page (issue 10 §1): the ticket choice, the booking page's forms, the order call, the demo
// checkout and the order page with its QR codes. Plain HTML pages (no JavaScript): every step is a page load.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function findEvent(request: APIRequestContext, title: string) {
  for (let id = 1; id <= 20; id++) {
    const response = await request.get(`/api/public/events/${id}`);
    if (!response.ok()) continue;
    const event = (await response.json()) as { id: number; slug: string; title: string };
    if (event.title === title) return event;
  }
  throw new Error(`no published event titled ${title}`);
}

/** A free ticket on sale, made through the organizer API (the demo's free events are sold out by their sales). */
async function addFreeTicket(
  request: APIRequestContext,
  eventId: number,
  title: string,
  amount = -1,
  price = 0,
  organizer = "theatre@guichet.test",
) {
  const login = await request.post("/auth/login", { data: { email: organizer, password: demoPassword } });
  expect(login.ok()).toBe(true);
  const token = (await login.json()) as string;
  const created = await request.post(`/api/events/${eventId}/tickets`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, price, ticket_type: "ticket", max_per_order: 4, amount },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function fillNames(page: Page, prefix: string, first: string, last: string, email: string) {
  await page.locator(`[name="${prefix}.first_name"]`).fill(first);
  await page.locator(`[name="${prefix}.last_name"]`).fill(last);
  await page.locator(`[name="${prefix}.email"]`).fill(email);
}

test("a buyer books a free ticket and sees the confirmation page with the ticket's QR code", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const event = await findEvent(request, "Le Misanthrope, de Molière");
  const title = `Répétition publique ${Date.now().toString(36)}`;
  const ticketId = await addFreeTicket(request, event.id, title);

  await page.goto(`/events/${event.id}/${event.slug}`);
  await page.getByLabel(`Quantité pour ${title}`).selectOption("2");
  await page.getByRole("button", { name: "Réserver" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}/${event.slug}/book\\?q\\d+=`));
  await expect(page.getByTestId("summary-total")).toHaveText("Gratuit");
  await expect(page.getByTestId("participant-fieldset")).toHaveCount(2);

  // Nothing filled in: refused, each error next to its field, the summary focused and announced.
  await page.getByTestId("booking-submit").click();
  await expect(page.getByTestId("booking-errors")).toBeFocused();
  await expect(page.locator('[name="buyer.email"]')).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#f-participants-1-first_name-error")).toBeVisible();
  // The first ticket's holder is the buyer: the buyer's errors are named once, not again for "Billet 1".
  await expect(page.getByTestId("booking-errors").locator('a[href^="#f-participants-0-"]')).toHaveCount(0);
  await expect(page.getByTestId("booking-errors").locator('a[href="#f-participants-1-first_name"]')).toHaveCount(1);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/booking-same-as-buyer-${width}.png`, fullPage: true });
  }

  await fillNames(page, "buyer", "Camille", "Martin", "camille.martin@example.test");
  // The first ticket is the buyer's (« Même que l'acheteur », checked by default), the second someone else's.
  await expect(page.getByTestId("same-as-buyer").first()).toBeChecked();
  await expect(page.getByTestId("same-as-buyer").nth(1)).not.toBeChecked();
  await expect(page.locator('[name="participants.0.first_name"]')).toBeHidden();
  await fillNames(page, "participants.1", "Louis", "Bernard", "louis.bernard@example.test");
  // Enter in a field places the order (not the promo box's "Appliquer", which belongs to the same form).
  await page.locator('[name="participants.1.email"]').press("Enter");

  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(page.getByTestId("order-status")).toHaveText("Confirmée");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Merci Camille !");
  const tickets = page.getByTestId("order-ticket");
  await expect(tickets).toHaveCount(2);
  await expect(tickets.nth(0)).toContainText("Camille Martin");
  await expect(tickets.nth(1)).toContainText("Louis Bernard");
  await expect(page.getByRole("img", { name: "QR code du billet de Louis Bernard" })).toBeVisible();
  await expect(page.getByTestId("download-tickets")).toHaveAttribute("href", /\/orders\/\d+\/tickets\.pdf\?token=/);

  // The same order through the public API: the QR holds the participant's signed ticket token.
  const url = new URL(page.url());
  const order = (await (
    await request.get(`/api/public/orders/${url.pathname.split("/")[2]}?token=${url.searchParams.get("token")}`)
  ).json()) as { participants: { ticket_id: number; ticket_token: string }[] };
  expect(order.participants.map((participant) => participant.ticket_id)).toEqual([ticketId, ticketId]);
  await expect(tickets.first().locator("svg[data-token]")).toHaveAttribute(
    "data-token",
    order.participants[0]!.ticket_token,
  );

  // A wrong token is not found.
  const wrong = await page.goto(`${url.pathname}?token=wrong`);
  expect(wrong?.status()).toBe(404);
});

test("a sold-out ticket is refused next to its line, and the refusal holds nothing", async ({ page, request }) => {
  test.setTimeout(120_000);
  const event = await findEvent(request, "Le Misanthrope, de Molière");
  const title = `Dernière place ${Date.now().toString(36)}`;
  await addFreeTicket(request, event.id, title, 1);

  await page.goto(`/events/${event.id}/${event.slug}`);
  await page.getByLabel(`Quantité pour ${title}`).selectOption("2");
  await page.getByRole("button", { name: "Réserver" }).click();
  await fillNames(page, "buyer", "Jeanne", "Petit", "jeanne.petit@example.test");
  await fillNames(page, "participants.1", "Paul", "Petit", "paul.petit@example.test");
  await page.getByTestId("booking-submit").click();

  await expect(page.getByTestId("booking-errors")).toBeFocused();
  await expect(page.locator('[id^="f-items-0-quantity"]')).toContainText(
    `${title} — Il ne reste plus assez de places pour ce billet.`,
  );
  // What was typed is kept.
  await expect(page.locator('[name="participants.1.first_name"]')).toHaveValue("Paul");
  await page.screenshot({ path: `${SCREENS}/booking-sold-out.png`, fullPage: true });

  // The refusal held nothing: the last place is still there for one.
  await page.goto(`/events/${event.id}/${event.slug}`);
  await page.getByLabel(`Quantité pour ${title}`).selectOption("1");
  await page.getByRole("button", { name: "Réserver" }).click();
  await fillNames(page, "buyer", "Jeanne", "Petit", "jeanne.petit@example.test");
  await page.getByTestId("booking-submit").click();
  await expect(page.getByTestId("order-status")).toHaveText("Confirmée");
});

test("a paid order with a promo code answers both forms and pays through the demo checkout", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const event = await findEvent(request, "Festival Nuits Sonores");
  await page.goto(`/events/${event.id}/${event.slug}`);
  await page.getByLabel(/Quantité pour Pass 2 nuits$/).selectOption("1");
  await page.getByLabel("Quantité pour Navette retour vers Lyon centre").selectOption("1");
  await page.getByRole("button", { name: "Réserver" }).click();

  // 75,00 € + 6,00 €; the pass's fee is included in its price.
  await expect(page.getByTestId("summary-total")).toHaveText(/81,00\s€/);
  // A code applied after the buyer started typing keeps what was typed.
  await fillNames(page, "buyer", "Inès", "Moreau", "ines.moreau@example.test");
  await page.getByLabel("Code promo").fill("adherent10");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByTestId("promo-status")).toHaveText(/Code ADHERENT10 appliqué : 10,00\s€ de réduction\./);
  await expect(page.getByTestId("summary-discount")).toHaveText(/−10,00\s€/);
  await expect(page.getByTestId("summary-total")).toHaveText(/71,00\s€/);
  await expect(page.locator('[name="buyer.first_name"]')).toHaveValue("Inès");
  await expect(page.locator('[name="buyer.email"]')).toHaveValue("ines.moreau@example.test");
  await expect(page.getByTestId("booking-errors")).toHaveCount(0);
  // The order form, once.
  const orderForm = page.getByRole("group", { name: "Informations de commande" });
  await orderForm.getByLabel("Réseaux sociaux").check();
  await orderForm.getByLabel("Code postal").fill("69002");
  await orderForm.getByLabel(/J'accepte le règlement intérieur du lieu/).check();
  // The participant form of the one pass.
  const participant = page.getByTestId("participant-fieldset");
  await expect(participant).toHaveCount(1);
  await participant.getByLabel("Tranche d'âge").selectOption({ index: 2 });
  await participant.getByLabel("Techno").check();
  await page.getByTestId("booking-submit").click();

  await expect(page).toHaveURL(/\/demo-checkout\//);
  await expect(page.getByTestId("demo-checkout-total")).toHaveText(/71,00\s€/);
  await page.getByRole("button", { name: /^Payer/ }).click();

  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(page.getByTestId("order-status")).toHaveText("Payée");
  await expect(page.getByTestId("confirmation-message")).toContainText("Merci pour votre commande !");
  await expect(page.getByTestId("order-ticket")).toHaveCount(2);
  await expect(page.getByRole("img", { name: "QR code du billet de Inès Moreau" }).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/booking-order-paid.png`, fullPage: true });
});

test("a pending order's page says so without reloading itself, and turns to the confirmation once the payment arrives", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const event = await findEvent(request, "Le Misanthrope, de Molière");
  const title = `Place en attente ${Date.now().toString(36)}`;
  const ticketId = await addFreeTicket(request, event.id, title, -1, 1500);
  const buyer = { first_name: "Zoé", last_name: "Lambert", email: "zoe.lambert@example.test" };
  const placed = await request.post(`/api/public/events/${event.id}/orders`, {
    data: { items: [{ ticket_id: ticketId, quantity: 1 }], buyer, participants: [{ ticket_id: ticketId, ...buyer }] },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: number; access_token: string; checkout_url: string };

  // The buyer is on the order page before paying: the page states it, offers to resume the payment until
  // payable_until (time zone named), with a link that reloads it, and no meta refresh.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`);
  await expect(page.getByTestId("order-status")).toHaveText("Paiement en cours");
  await expect(page.getByRole("status")).toContainText("Votre paiement n'est pas terminé.");
  await expect(page.getByTestId("order-resume-payment")).toHaveAttribute("href", new URL(order.checkout_url).pathname);
  await expect(page.getByRole("link", { name: "Actualiser" })).toHaveAttribute(
    "href",
    `/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`,
  );
  await expect(page.locator('meta[http-equiv="refresh" i]')).toHaveCount(0);
  await expect(page.getByTestId("order-ticket")).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENS}/booking-order-pending-390.png`, fullPage: true });

  // The payment, from another window: the demo checkout posts the signed event to the webhook.
  const checkoutContext = await browser.newContext();
  const checkout = await checkoutContext.newPage();
  await checkout.goto(new URL(order.checkout_url).pathname);
  await checkout.getByRole("button", { name: /^Payer/ }).click();
  await expect(checkout).toHaveURL(/\/orders\/\d+\?token=/);
  await checkoutContext.close();

  // The first page asks the public API, reloads once by itself, and puts the focus on its new heading.
  await expect(page.getByTestId("order-status")).toHaveText("Payée");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Merci Zoé !");
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByTestId("order-ticket")).toHaveCount(1);
  await expect(page.getByTestId("download-tickets")).toBeVisible();
  await expect(page.getByTestId("order-refresh")).toHaveCount(0);
});

test("the booking page fits a 390 px screen", async ({ page, request }) => {
  const event = await findEvent(request, "Festival Nuits Sonores");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/events/${event.id}/${event.slug}`);
  await page.getByLabel("Quantité pour Pass 1 nuit — Samedi").selectOption("1");
  await page.getByRole("button", { name: "Réserver" }).click();
  await expect(page.getByTestId("booking-form")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENS}/booking-390.png`, fullPage: true });
});

test("the preview shows the ticket choice disabled and never books", async ({ page }) => {
  await signIn(page, "owner@guichet.test");
  await page.goto("/event/6");
  const href = await page.getByTestId("preview-button").getAttribute("href");
  await page.goto(href!);
  const picker = page.getByTestId("booking-picker");
  await expect(picker.locator("select").first()).toBeDisabled();
  expect(await picker.locator("select:not([disabled])").count()).toBe(0);
  await expect(picker.getByRole("button", { name: "Réserver" })).toBeDisabled();
  await expect(picker).toContainText("Réservation impossible depuis l'aperçu.");
});

test("a buyer who leaves the demo checkout is told the order holds places; « Annuler la commande » frees them", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A private event of its own (the seeded one asks questions this test need not answer), with one paid place.
  const login = await request.post("/auth/login", { data: { email: "owner@guichet.test", password: demoPassword } });
  const headers = { Authorization: `Bearer ${(await login.json()) as string}` };
  const startAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const created = await request.post("/api/events", {
    headers,
    data: { title: `Soirée privée ${Date.now().toString(36)}`, visibility: "private", start_at: startAt },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  const title = "Cocktail";
  const ticketId = await addFreeTicket(request, eventId, title, 1, 4000, "owner@guichet.test");
  expect((await request.put(`/api/events/${eventId}/status/published`, { headers })).status()).toBe(200);
  const hash = privateEventHash({ ENVIRONMENT: "development" }, eventId);
  const event = (await (await request.get(`/api/public/events/${eventId}?t=${hash}`)).json()) as { slug: string };
  const eventPath = `/events/${eventId}/${event.slug}?t=${hash}`;

  // Booked on the page, then left at the checkout with the browser's back button.
  await page.goto(eventPath);
  await expect(page.getByTestId("held-order-notice")).toHaveCount(0);
  await page.getByLabel(`Quantité pour ${title}`).selectOption("1");
  await page.getByRole("button", { name: "Réserver" }).click();
  await fillNames(page, "buyer", "Maël", "Girard", "mael.girard@example.test");
  await page.getByTestId("booking-submit").click();
  await expect(page).toHaveURL(/\/demo-checkout\/cs_demo_/);
  const checkoutPath = new URL(page.url()).pathname;
  await page.goBack();
  await expect(page.getByTestId("held-order-notice")).toContainText("n'est pas encore payée");

  // The event page says the order still holds its place, until when (zone named), and leads back to it.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(eventPath);
    const notice = page.getByTestId("held-order-notice");
    await expect(notice).toContainText(/Votre commande n° \d+ n'est pas encore payée/);
    await expect(notice).toContainText(/UTC[+−-]\d/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}/event-held-order-${width}.png`, fullPage: true });
  }
  await page.getByRole("link", { name: "Finaliser la commande" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  const orderPath = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.getByTestId("order-status")).toHaveText("Paiement en cours");
  await expect(page.getByTestId("order-pending-message")).toContainText("Votre paiement n'est pas terminé.");
  await page.screenshot({ path: `${SCREENS}/booking-order-resume-1280.png`, fullPage: true });

  // Its one place is still held: nobody else can take it meanwhile.
  const other = { first_name: "Lou", last_name: "Roux", email: "lou.roux@example.test" };
  const otherOrder = {
    data: {
      items: [{ ticket_id: ticketId, quantity: 1 }],
      buyer: other,
      participants: [{ ticket_id: ticketId, ...other }],
    },
  };
  expect((await request.post(`/api/public/events/${eventId}/orders?t=${hash}`, otherOrder)).status()).toBe(409);

  // "Reprendre le paiement" opens the same checkout, whose « Annuler la commande » cancels it and frees the place.
  await page.getByRole("link", { name: "Reprendre le paiement" }).click();
  await expect(page).toHaveURL(checkoutPath);
  await expect(page.getByText(/Annuler la commande.+l'annule et libère ses places aussitôt\./)).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/demo-checkout-${width}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Annuler la commande" }).click();
  await expect(page).toHaveURL(eventPath);
  await expect(page.getByText("Événement privé")).toBeVisible();
  await expect(page.getByTestId("held-order-notice")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/booking-checkout-cancelled-private.png`, fullPage: true });
  await page.goto(orderPath);
  await expect(page.getByTestId("order-status")).toHaveText("Annulée");
  await expect(page.getByTestId("order-resume-payment")).toHaveCount(0);
  expect((await request.post(`/api/public/events/${eventId}/orders?t=${hash}`, otherOrder)).status()).toBe(201);
});

test("the short link of an unknown or private event is the translated not-found page, not a bare null", async ({
  page,
  request,
}) => {
  for (const path of ["/events/999999", "/events/2"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["content-type"]).toMatch(/text\/html/);
    await expect(page.getByRole("heading", { name: "Événement introuvable" })).toBeVisible();
  }
  await page.screenshot({ path: `${SCREENS}/event-short-link-404.png`, fullPage: true });
  // With its t, a private event's short link leads to its page.
  const hash = privateEventHash({ ENVIRONMENT: "development" }, 2);
  const found = await request.get(`/events/2?t=${hash}`, { maxRedirects: 0 });
  expect(found.status()).toBe(302);
  expect(found.headers().location).toBe(`/events/2/soiree-partenaires-mecenes?t=${hash}`);
});
