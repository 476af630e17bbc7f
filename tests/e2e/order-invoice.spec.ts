import { expect as baseExpect, test } from "@playwright/test";
import { describeViolations, seriousViolations } from "./support/axe";
import { uniqueEmail } from "./support/mailbox";
import { signIn } from "./support/sign-in";

// Issue 29 §3–4 (decision 0065): invoices on request. A buyer pays through the demo checkout, asks for an invoice from
// the order page (« Demander une facture »), downloads it (a PDF naming the seller and its number); the organizer's
// order page lists it with its download. Screens at 1280 and 390 px.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

test("the buyer asks for an invoice from the order page and downloads it; the organizer sees it on the order", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, "owner@guichet.test");
  const suffix = Date.now().toString(36);
  const start = Date.UTC(2031, 9, 14, 18, 30);
  const created = await page.request.post("/api/events", {
    data: {
      title: `Quatuor ${suffix}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 2 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: number; organizer: number };
  const billing = await page.request.put(`/api/organizers/${event.organizer}/billing`, {
    data: {
      legal_name: "Compagnie Guichet Démo SAS",
      address: "8 rue des Arts",
      postal_code: "69001",
      city: "Lyon",
      country: "FR",
      vat_number: "FR40303265045",
      company_number: "303 265 045 RCS Lyon",
      invoice_prefix: "GD-",
      legal_mentions: "Pénalités de retard : trois fois le taux d'intérêt légal.",
      vat_registered: true,
      vat_exemption_mention: "",
      invoice_mode: "on-request",
    },
  });
  expect(billing.status(), await billing.text()).toBeLessThan(300);
  const ticket = await page.request.post(`/api/events/${event.id}/tickets`, {
    data: { title: "Plein tarif", price: 2500, amount: 20, ticket_type: "ticket", max_per_order: 2 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const ticketId = ((await ticket.json()) as { id: number }).id;
  const published = await page.request.put(`/api/events/${event.id}/status/published`);
  expect(published.status(), await published.text()).toBe(200);

  const buyer = { first_name: "Agnieszka", last_name: "Nowak", email: uniqueEmail("facture") };
  const placed = await page.request.post(`/api/public/events/${event.id}/orders`, {
    data: {
      items: [{ ticket_id: ticketId, quantity: 1 }],
      buyer,
      participants: [{ ticket_id: ticketId, ...buyer }],
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

  // On request: no invoice yet, the button says until when it may be asked for.
  const section = buyerPage.getByRole("region", { name: "Facture" });
  await expect(section.getByText(/Vous pouvez demander une facture jusqu’au/)).toBeVisible();
  await expect(buyerPage.getByTestId("order-invoice-download")).toHaveCount(0);
  for (const width of [1280, 390]) {
    await buyerPage.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await buyerPage.screenshot({ path: `${SCREENS}/order-invoice-request-${width}.png`, fullPage: true });
  }
  await buyerPage.setViewportSize({ width: 1280, height: 900 });
  await buyerPage.getByRole("button", { name: "Demander une facture" }).click();
  await expect(buyerPage.getByText("Votre facture est prête.")).toBeVisible();
  const download = buyerPage.getByRole("link", { name: "Télécharger la facture" });
  await expect(download).toBeVisible();
  await expect(buyerPage.getByTestId("order-invoice-request")).toHaveCount(0);
  // The tickets' own messages (edit, transfer, cancel) say nothing about it.
  await expect(buyerPage.getByText(/Billet transféré|Participant modifié/)).toHaveCount(0);
  const number = (await section.getByText(/^Facture n° GD-\d{4}-\d{4}$/).textContent())!.replace("Facture n° ", "");
  for (const width of [1280, 390]) {
    await buyerPage.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    expect(await buyerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await buyerPage.screenshot({ path: `${SCREENS}/order-invoice-issued-${width}.png`, fullPage: true });
  }
  const violations = await seriousViolations(buyerPage);
  expect(violations, describeViolations(violations)).toEqual([]);

  // The link is the PDF itself, with the order's token.
  const href = (await download.getAttribute("href"))!;
  expect(href).toMatch(new RegExp(`^/orders/${order.id}/invoice\\.pdf\\?token=`));
  const pdf = await buyerPage.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.byteLength).toBeLessThan(100_000);
  expect((await buyerPage.request.get(`/orders/${order.id}/invoice.pdf?token=wrong`)).status()).toBe(404);
  await buyerContext.close();

  // The organizer's order page lists it, with its number and its download.
  await page.goto(`/event/${event.id}/orders/${order.id}`);
  await expect(page.getByRole("heading", { name: `Commande n° ${order.id}` })).toBeVisible();
  const invoices = page.getByTestId("order-invoices");
  await expect(invoices).toContainText(`Facture n° ${number}`);
  const organizerPdf = await page.request.get((await page.getByTestId("order-invoice-pdf").getAttribute("href"))!);
  expect(organizerPdf.status()).toBe(200);
  expect(organizerPdf.headers()["content-type"]).toBe("application/pdf");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await invoices.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SCREENS}/order-invoice-organizer-${width}.png` });
  }
});
