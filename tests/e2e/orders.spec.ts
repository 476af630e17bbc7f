import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { uniqueEmail } from "./support/mailbox";
import { cellFits, tableFit } from "./support/table-fit";
import { signIn } from "./support/sign-in";

// Issue 11 §4 "Done when": refund an order and see the ticket back on sale. The only place of a paid ticket is bought
// on the public page through the demo checkout, the ticket is sold out, the organizer refunds the order from the order
// page, and the public page offers the ticket again.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const DAY = 86_400_000;

type PublicTicket = { id: number; status: string };

async function saleStatus(request: APIRequestContext, eventId: number, ticketId: number): Promise<string> {
  const response = await request.get(`/api/public/events/${eventId}`, { headers: { "cache-control": "no-cache" } });
  expect(response.status()).toBe(200);
  const event = (await response.json()) as { tickets: PublicTicket[] };
  return event.tickets.find((ticket) => ticket.id === ticketId)?.status ?? "missing";
}

test("a paid order refunded from the order page puts its ticket back on sale", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@guichet.test");
  const start = Date.now() + 30 * DAY;
  const title = `Concert remboursé ${Date.now().toString(36)}`;
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
    data: { title: "Place unique", price: 2500, amount: 1, ticket_type: "ticket", max_per_order: 1 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const ticketId = ((await ticket.json()) as { id: number }).id;
  const published = await page.request.put(`/api/events/${eventId}/status/published`);
  expect(published.status(), await published.text()).toBe(200);
  const publicEvent = (await (await page.request.get(`/api/public/events/${eventId}`)).json()) as { slug: string };

  // The buyer pays the only place through the demo checkout.
  const buyer = uniqueEmail("rembourse");
  await page.goto(`/events/${eventId}/${publicEvent.slug}`);
  await page.getByLabel("Quantité pour Place unique").selectOption("1");
  await page.getByRole("button", { name: "Réserver" }).click();
  await expect(page.getByTestId("summary-total")).toHaveText(/25,00\s€/);
  // The ticket's holder is the buyer (« Même que l'acheteur », checked for the first ticket).
  await page.locator(`[name="buyer.first_name"]`).fill("Inès");
  await page.locator(`[name="buyer.last_name"]`).fill("Morel");
  await page.locator(`[name="buyer.email"]`).fill(buyer);
  await page.getByTestId("booking-submit").click();
  await expect(page).toHaveURL(/\/demo-checkout\//);
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(page.getByTestId("order-status")).toHaveText("Payée");
  const orderId = Number(/\/orders\/(\d+)/.exec(page.url())?.[1]);
  expect(orderId).toBeGreaterThan(0);

  // Sold out.
  await expect.poll(() => saleStatus(page.request, eventId, ticketId)).toBe("sold_out");

  // The organizer refunds it from the order page.
  // Issue 11 (second audit): at 390 px the page fits the viewport, no sideways scroll.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/event/${eventId}/orders/${orderId}`);
  await expect(page.getByRole("heading", { name: `Commande n° ${orderId}` })).toBeVisible();
  await expect(page.getByRole("link", { name: /Inès Morel/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/order-detail-390.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
  await page.getByRole("button", { name: "Rembourser" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Rembourser cette commande ?");
  await expect(dialog).toContainText(/remboursé de 25,00\s€/);
  await expect(dialog).toContainText("irréversible");
  await expect(dialog).toContainText("remis en vente");
  await page.screenshot({ path: `${SCREENS}/order-refund-dialog.png` });
  await dialog.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByText("Commande remboursée")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Rembourser" })).toHaveCount(0);

  // The refund deleted the participants: their card says why it is empty, at both widths.
  const released = "Cette commande a été remboursée : ses billets ont été annulés et leurs places remises en vente.";
  await expect(page.getByTestId("order-participants-empty")).toHaveText(released);
  await expect(page.getByRole("link", { name: /Inès Morel/ })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/order-refunded-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("order-participants-empty")).toHaveText(released);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/order-refunded-390.png`, fullPage: true });
  if (desktop) await page.setViewportSize(desktop);

  // Back on sale: the public page offers the place again.
  await expect.poll(() => saleStatus(page.request, eventId, ticketId)).toBe("on_sale");
  await page.goto(`/events/${eventId}/${publicEvent.slug}`);
  await expect(page.getByLabel("Quantité pour Place unique")).toBeVisible();
});

test("orders table at 1280 px: every default column shows, and each order counts its own tickets", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@guichet.test");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/event/1/orders");
  const table = page.getByRole("table", { name: "Commandes" });
  await expect(table.locator("tbody tr")).toHaveCount(10);
  // The last default column ends inside the table's box, and neither the table nor the page scrolls sideways.
  const fit = await tableFit(table);
  expect(fit).toMatchObject({ last: "created_at", tableScrolls: false, pageScrolls: false, clipped: [] });
  expect(fit.lastRight).toBeLessThanOrEqual(fit.containerRight + 1);
  // A six-digit order number shows whole too.
  expect(await cellFits(table, "id", "123456")).toBe(true);
  const search = page.getByTestId("data-table-search");
  expect(await search.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/orders-1280.png` });

  // "Billets" counts each order's participants (the seed's orders hold 1 to 6 places), not 1 for all.
  const index = await table
    .locator("thead th")
    .evaluateAll((ths) => ths.findIndex((th) => th.getAttribute("data-column") === "participants"));
  const counts = await table
    .locator("tbody tr")
    .evaluateAll((rows, i) => rows.map((row) => Number((row.children[i] as HTMLElement).innerText)), index);
  expect(new Set(counts).size).toBeGreaterThan(1);
  const idIndex = await table
    .locator("thead th")
    .evaluateAll((ths) => ths.findIndex((th) => th.getAttribute("data-column") === "id"));
  const orderId = Number(await table.locator("tbody tr").first().locator("td").nth(idIndex).innerText());
  await page.goto(`/event/1/orders/${orderId}`);
  await expect(page.getByRole("heading", { name: `Commande n° ${orderId}` })).toBeVisible();
  await expect(page.locator('a[href^="/event/1/participants/"]')).toHaveCount(counts[0]!);
});
