import { expect as baseExpect, test } from "@playwright/test";
import { uniqueEmail, waitForMail } from "./support/mailbox";
import { describeViolations, seriousViolations } from "./support/axe";
import { signIn } from "./support/sign-in";

// Issue 25 §4: a refund tells the buyer. The organizer refunds a paid order (demo checkout) from its page; the buyer
// receives the refund notice through the order-email outbox and the queue, and the order page keeps the refunded
// lines, each marked "Remboursé". Screens at 1280 and 390 px.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

test("a refunded order emails the buyer and its page keeps the refunded lines", async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signIn(page, "owner@guichet.test");
  const suffix = Date.now().toString(36);
  const title = `Gala remboursé ${suffix}`;
  const start = Date.UTC(2031, 5, 14, 18, 30);
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
  const addTicket = async (data: Record<string, unknown>) => {
    const response = await page.request.post(`/api/events/${eventId}/tickets`, { data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const ticketId = await addTicket({ title: "Plein tarif", price: 2500, ticket_type: "ticket", max_per_order: 4 });
  const addonId = await addTicket({ title: "Vestiaire", price: 300, ticket_type: "addon", max_per_order: 4 });
  const published = await page.request.put(`/api/events/${eventId}/status/published`);
  expect(published.status(), await published.text()).toBe(200);

  // The buyer orders two tickets and the cloakroom add-on, and pays through the demo checkout.
  const buyerEmail = uniqueEmail("remboursement");
  const buyer = { first_name: "Inès", last_name: "Morel", email: buyerEmail };
  const placed = await page.request.post(`/api/public/events/${eventId}/orders`, {
    data: {
      items: [
        { ticket_id: ticketId, quantity: 2 },
        { ticket_id: addonId, quantity: 1 },
      ],
      buyer,
      participants: [
        { ticket_id: ticketId, ...buyer },
        { ticket_id: ticketId, first_name: "Paul", last_name: "Morel", email: uniqueEmail("paul") },
      ],
      locale: "fr",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number; access_token: string; checkout_url: string };
  const orderPage = `/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`;
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(new URL(order.checkout_url).pathname);
  await buyerPage.getByRole("button", { name: /^Payer/ }).click();
  await expect(buyerPage).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(buyerPage.getByTestId("order-status")).toHaveText("Payée");
  // Two tickets and the add-on, each with its own card before the refund.
  await expect(buyerPage.getByTestId("order-ticket")).toHaveCount(3);

  // The organizer refunds it.
  await page.goto(`/event/${eventId}/orders/${order.id}`);
  await page.getByRole("button", { name: "Rembourser" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByText("Commande remboursée")).toBeVisible();

  // The buyer's refund notice, sent by the queue consumer, in French.
  const mail = await waitForMail(
    page.request,
    buyerEmail,
    new RegExp(`^Remboursement de votre commande pour ${title}$`),
    {
      timeout: 150_000,
    },
  );
  expect(mail.text).toContain("Bonjour Inès,");
  expect(mail.text).toContain(`Votre commande n° ${order.id} pour « ${title} » a été remboursée.`);
  expect(mail.text).toContain("Montant remboursé : 53,00\u00a0€");
  expect(mail.text).toContain("Ce remboursement couvre :\n- 2 × Plein tarif\n- 1 × Vestiaire (option)");
  expect(mail.text).toContain("Il s'agit d'une commande de démonstration");
  expect(mail.text).toContain(`/orders/${order.id}?token=`);

  // The order page: refunded, the lines still there, each marked "Remboursé", no ticket left to show.
  for (const width of [1280, 390]) {
    await buyerPage.setViewportSize({ width, height: 900 });
    await buyerPage.goto(orderPage);
    await expect(buyerPage.getByTestId("order-status")).toHaveText("Remboursée");
    await expect(buyerPage.getByTestId("order-refunded-amount")).toHaveText("Montant remboursé : 53,00\u00a0€");
    const lines = buyerPage.getByTestId("order-refunded-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText("2 × Plein tarif");
    await expect(lines.nth(0)).toContainText("50,00\u00a0€");
    await expect(lines.nth(0)).toContainText("Remboursé");
    await expect(lines.nth(1)).toContainText("1 × Vestiaire");
    await expect(lines.nth(1)).toContainText("Option");
    await expect(lines.nth(1)).toContainText("Remboursé");
    await expect(buyerPage.getByTestId("order-ticket")).toHaveCount(0);
    expect(await buyerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await buyerPage.screenshot({ path: `${SCREENS}/order-refunded-buyer-${width}.png`, fullPage: true });
    const violations = await seriousViolations(buyerPage);
    expect(violations, describeViolations(violations)).toEqual([]);
  }
  await buyerContext.close();
});
