import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { describeViolations, seriousViolations } from "./support/axe";
import { uniqueEmail } from "./support/mailbox";
import { signIn } from "./support/sign-in";

// Issue 28 §2 (decision 0058): the organizer refunds one ticket of a paid order (demo checkout) from the order page.
// The dialog states the amount before the confirmation; the page then shows what was refunded and what is left, the
// ticket's place is back on sale, and the finance ledger shows the refund. Screens at 1280 and 390 px.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

type PublicTicket = { id: number; status: string };

async function ticketStatus(request: APIRequestContext, eventId: number, ticketId: number): Promise<string> {
  const response = await request.get(`/api/public/events/${eventId}`);
  expect(response.status(), await response.text()).toBe(200);
  const event = (await response.json()) as { tickets: PublicTicket[] };
  return event.tickets.find((ticket) => ticket.id === ticketId)!.status;
}

test("the organizer refunds one of two tickets: the amount in the dialog, the place back, the refund in finance", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, "owner@guichet.test");
  const suffix = Date.now().toString(36);
  const start = Date.UTC(2031, 8, 20, 19, 0);
  const created = await page.request.post("/api/events", {
    data: {
      title: `Récital ${suffix}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 2 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  // Two places only: the sale sells the ticket out, the refund puts one back on sale. Fees included (0.55 € a ticket).
  const ticket = await page.request.post(`/api/events/${eventId}/tickets`, {
    data: { title: "Plein tarif", price: 2000, amount: 2, ticket_type: "ticket", max_per_order: 2 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const ticketId = ((await ticket.json()) as { id: number }).id;
  const published = await page.request.put(`/api/events/${eventId}/status/published`);
  expect(published.status(), await published.text()).toBe(200);

  // The buyer takes both places and pays through the demo checkout.
  const buyer = { first_name: "Inès", last_name: "Morel", email: uniqueEmail("partiel") };
  const placed = await page.request.post(`/api/public/events/${eventId}/orders`, {
    data: {
      items: [{ ticket_id: ticketId, quantity: 2 }],
      buyer,
      participants: [
        { ticket_id: ticketId, ...buyer },
        { ticket_id: ticketId, first_name: "Paul", last_name: "Morel", email: uniqueEmail("paul") },
      ],
      locale: "fr",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number; checkout_url: string };
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(new URL(order.checkout_url).pathname);
  await buyerPage.getByRole("button", { name: /^Payer/ }).click();
  await expect(buyerPage.getByTestId("order-status")).toHaveText("Payée");
  await buyerContext.close();
  expect(await ticketStatus(page.request, eventId, ticketId)).toBe("sold_out");

  // The partial refund dialog: Paul's ticket, with and without the fees; the amount is stated before confirming.
  await page.goto(`/event/${eventId}/orders/${order.id}`);
  await expect(page.getByRole("heading", { name: `Commande n° ${order.id}` })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Remboursement partiel" }).click();
  const dialog = page.getByTestId("refund-dialog");
  await expect(dialog.getByRole("heading", { name: "Remboursement partiel" })).toBeVisible();
  await expect(dialog.getByTestId("refund-summary")).toHaveText("Choisissez au moins un billet.");
  await expect(dialog.getByTestId("refund-confirm")).toBeDisabled();
  await dialog.getByRole("checkbox", { name: /Paul Morel/ }).click();
  await expect(dialog.getByTestId("refund-summary")).toContainText("Montant remboursé : 20,00\u00a0€");
  await expect(dialog.getByTestId("refund-summary")).toContainText("Reste à rembourser ensuite : 20,00\u00a0€");
  await dialog.getByLabel("Rembourser aussi les frais de service").click();
  await expect(dialog.getByTestId("refund-summary")).toContainText("Montant remboursé : 19,45\u00a0€");
  await dialog.getByLabel("Rembourser aussi les frais de service").click();
  await expect(dialog.getByTestId("refund-confirm")).toHaveText("Rembourser 20,00\u00a0€");
  // An amount above what is left is refused before anything is sent.
  await dialog.getByLabel("Un montant").click();
  await dialog.getByLabel("Montant (€)").fill("45");
  await expect(dialog.getByTestId("refund-summary")).toHaveText("Le montant dépasse ce qu'il reste à rembourser.");
  await expect(dialog.getByTestId("refund-confirm")).toBeDisabled();
  await dialog.getByLabel("Des billets").click();
  await expect(dialog.getByRole("checkbox", { name: /Paul Morel/ })).toBeChecked();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(dialog.getByTestId("refund-confirm")).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/order-partial-refund-dialog-${width}.png` });
  }
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByTestId("refund-confirm").click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Remboursement de 20,00\u00a0€ effectué" }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The order page: still paid, what was refunded and what is left, Paul gone, Inès kept.
  await expect(page.getByTestId("order-refunded")).toHaveText(/-20,00\s€/);
  await expect(page.getByTestId("order-left-to-refund")).toHaveText(/20,00\s€/);
  await expect(page.getByTestId("order-refunds")).toContainText("1 billet");
  await expect(page.getByRole("link", { name: /Paul Morel/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Inès Morel/ })).toBeVisible();
  await expect(page.getByText("Payée").first()).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByTestId("order-refunded")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SCREENS}/order-partial-refund-order-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Paul's place is back on sale.
  expect(await ticketStatus(page.request, eventId, ticketId)).toBe("on_sale");

  // The finance ledger, searched by the order's number: its payment of 40 € and the refund of 20 €.
  await page.goto("/finance/transactions");
  await page.waitForLoadState("networkidle");
  await page.getByTestId("data-table-search").fill(String(order.id));
  await expect(page).toHaveURL(new RegExp(`search.*${order.id}`));
  const rows = page.getByTestId("data-table").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Remboursement" })).toContainText(/-20,00\s€/);
  await expect(rows.filter({ hasText: "Paiement" })).toContainText(/40,00\s€/);
  await page.screenshot({ path: `${SCREENS}/order-partial-refund-finance-1280.png`, fullPage: true });
});
