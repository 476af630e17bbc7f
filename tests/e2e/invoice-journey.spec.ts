import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { readPdf } from "../support/pdf-reading";
import { registerWithOrganization } from "./support/accounts";
import { uniqueEmail } from "./support/mailbox";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 29 "Done when", in the browser: the seller's details and a 5.5 % rate on a ticket, 20 % on an add-on; a buyer
// books both with a promo code and a company's billing details; the invoice read back from its PDF (net, VAT by rate,
// total equal to the amount charged); the organizer refunds the add-on and the credit note reverses exactly it; once
// the organization says it is not VAT-registered, the next invoice carries its mention.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const DAY = 86_400_000;

async function toast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

/** The PDF behind a link, as text (pdf.js reads no-break spaces back as spaces). */
async function pdfText(request: APIRequestContext, href: string): Promise<string> {
  const response = await request.get(href);
  expect(response.status(), href).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const bytes = await response.body();
  expect(bytes.byteLength).toBeLessThan(100_000);
  const { pages } = await readPdf(new Uint8Array(bytes));
  return pages
    .flatMap((page) => page.text)
    .join("\n")
    .normalize("NFC")
    .replace(/[\u00a0\u202f]/g, " ");
}

async function bookAndPay(page: Page, event: { id: number; path: string }, buyer: { first: string; email: string }) {
  await page.goto(event.path);
  await page.getByLabel("Quantité pour Concert du soir").selectOption("1");
  await page.getByLabel("Quantité pour Dîner d'après-concert").selectOption("1");
  await page.getByRole("button", { name: "Réserver" }).click();
  await page.locator('[name="buyer.first_name"]').fill(buyer.first);
  await page.locator('[name="buyer.last_name"]').fill("Kowalska");
  await page.locator('[name="buyer.email"]').fill(buyer.email);
  await page.getByLabel("Code promo").fill("amis10");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByTestId("promo-status")).toContainText("AMIS10");
  // 21,10 € + 30,00 € less 10 %: 18,99 € + 27,00 €.
  await expect(page.getByTestId("summary-total")).toHaveText(/45,99\s€/);
  const billing = page.getByRole("group", { name: "Facturation" });
  await billing.getByLabel("Société").fill("Studio Łódź Sp. z o.o.");
  await billing.getByLabel("Adresse").fill("ul. Piotrkowska 12");
  await billing.getByLabel("Code postal").fill("90-001");
  await billing.getByLabel("Ville").fill("Łódź");
  await billing.getByLabel("Pays").selectOption("PL");
  await billing.getByLabel("Numéro de TVA").fill("PL5260250995");
  await expect(billing.getByText("Une facture vous sera envoyée après le paiement.")).toBeVisible();
  await page.getByTestId("booking-submit").click();
  await expect(page).toHaveURL(/\/demo-checkout\//);
  await expect(page.getByTestId("demo-checkout-total")).toHaveText(/45,99\s€/);
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(page.getByTestId("order-status")).toHaveText("Payée");
  return Number(/\/orders\/(\d+)/.exec(page.url())![1]);
}

test("invoices and VAT: rates per ticket, an invoice read back, a credit note for a refunded add-on, a VAT-exempt seller", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const password = "Factures-Parcours-2026";
  const organizer = await registerWithOrganization(page.request, "facturation", "Nadia", "Salle Pleyel Est", password);
  await signIn(page, organizer, password, { fresh: true });

  // Paid tickets need a valid payment account: the demo onboarding, then Stripe's review simulated.
  await page.goto("/finance");
  await waitForHydration(page);
  const account = page.getByTestId("payment-account");
  await account.getByRole("button", { name: "Connecter le compte de paiement" }).click();
  await expect(page).toHaveURL(/\/demo-connect\//);
  await page.getByRole("button", { name: "Envoyer les informations" }).click();
  await expect(page).toHaveURL(/\/finance$/);
  await waitForHydration(page);
  await account.getByRole("button", { name: "Simuler la vérification de Stripe" }).click();
  await expect(account).toHaveAttribute("data-status", "valid_conected");

  // The seller's details, an invoice for every paid order, and France's rates.
  await page.goto("/organization/billing");
  await page.waitForLoadState("networkidle");
  const seller = page.getByRole("form", { name: "Vendeur" });
  await seller.getByLabel("Raison sociale").fill("Salle Pleyel Est SAS");
  await seller.getByLabel("Adresse").fill("252 rue du Faubourg Saint-Honoré");
  await seller.getByLabel("Code postal").fill("75008");
  await seller.getByLabel("Ville").fill("Paris");
  await seller.getByLabel("Numéro de TVA intracommunautaire").fill("FR40 303 265 045");
  await seller.getByLabel("Préfixe des numéros de facture").fill("SPE-");
  await seller.getByLabel("Une facture pour chaque commande payée").check();
  await seller.getByRole("button", { name: "Enregistrer" }).click();
  await toast(page, "Coordonnées de facturation enregistrées");
  const rates = page.getByRole("form", { name: "Taux de TVA" });
  await rates.getByRole("button", { name: "Ajouter les taux de France" }).click();
  await rates.getByRole("button", { name: "Enregistrer les taux" }).click();
  await toast(page, "Taux de TVA enregistrés");
  const organizationId = ((await (await page.request.get("/api/me/organizers")).json()) as { organizer: number }[])[0]!
    .organizer;
  const rateList = (await (await page.request.get(`/api/organizers/${organizationId}/tax-rates`)).json()) as {
    rates: { id: number; rate: number }[];
  };
  const rateId = (rate: number) => rateList.rates.find((entry) => entry.rate === rate)!.id;

  // The event: a ticket at 5.5 %, an add-on at 20 % (the forms' select has its own spec), a 10 % code, billing asked.
  const start = Date.now() + 40 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: `Concert facturé ${Date.now().toString(36)}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: number; slug: string };
  for (const data of [
    { title: "Concert du soir", price: 2110, ticket_type: "ticket", tax_rate_id: rateId(550), max_per_order: 2 },
    { title: "Dîner d'après-concert", price: 3000, ticket_type: "addon", tax_rate_id: rateId(2000), max_per_order: 2 },
  ]) {
    const ticket = await page.request.post(`/api/events/${event.id}/tickets`, { data });
    expect(ticket.status(), await ticket.text()).toBe(201);
  }
  const promo = await page.request.put(`/api/events/${event.id}/promo-code/AMIS10/AMIS10/bulk`, {
    data: [{ key: "AMIS10", discount_type: "percent", discount: 10 }],
  });
  expect(promo.status(), await promo.text()).toBe(200);
  const settings = await page.request.put(`/api/events/${event.id}/settings`, { data: { allow_billing: true } });
  expect(settings.status(), await settings.text()).toBe(200);
  const published = await page.request.put(`/api/events/${event.id}/status/published`);
  expect(published.status(), await published.text()).toBe(200);
  const eventPath = `/events/${event.id}/${event.slug}`;

  // The buyer books in another browser, with the company's details, and pays through the demo checkout.
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  const orderId = await bookAndPay(
    buyerPage,
    { id: event.id, path: eventPath },
    {
      first: "Agnieszka",
      email: uniqueEmail("facture-tva"),
    },
  );
  const invoiceLink = buyerPage.getByTestId("order-invoice-download");
  await expect(invoiceLink).toBeVisible();
  await expect(buyerPage.getByText(/SPE-\d{4}-0001/)).toBeVisible();
  for (const width of [1280, 390]) {
    await buyerPage.setViewportSize({ width, height: 900 });
    await invoiceLink.scrollIntoViewIfNeeded();
    await buyerPage.screenshot({ path: `${SCREENS}/invoice-journey-order-${width}.png`, fullPage: true });
  }

  // The invoice, read back: the seller, the buyer, each line's rate, net and VAT, the VAT per rate, the totals.
  const invoice = await pdfText(buyerPage.request, (await invoiceLink.getAttribute("href"))!);
  for (const expected of [
    "Facture",
    "SPE-",
    "-0001",
    "Salle Pleyel Est SAS",
    "FR40303265045",
    "Studio Łódź Sp. z o.o.",
    "PL5260250995",
    "Pologne",
    "Concert du soir",
    "Dîner d'après-concert",
    "5,5 %",
    "20 %",
    // 18,99 € at 5.5 %: VAT 0,99 €, net 18,00 €; 27,00 € at 20 %: VAT 4,50 €, net 22,50 €.
    "18,99 €",
    "0,99 €",
    "18,00 €",
    "27,00 €",
    "4,50 €",
    "22,50 €",
    // Totals: net 40,50 €, VAT 5,49 €, 45,99 € charged.
    "40,50 €",
    "5,49 €",
    "45,99 €",
  ])
    expect(invoice, expected).toContain(expected);

  // The organizer refunds the add-on from the order page, without the fees.
  await page.goto(`/event/${event.id}/orders/${orderId}`);
  await expect(page.getByRole("heading", { name: `Commande n° ${orderId}` })).toBeVisible();
  await expect(page.getByTestId("order-invoices")).toContainText(/SPE-\d{4}-0001/);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Remboursement partiel" }).click();
  const dialog = page.getByTestId("refund-dialog");
  await dialog.getByRole("checkbox", { name: /Dîner d'après-concert/ }).click();
  await expect(dialog.getByTestId("refund-confirm")).toHaveText("Rembourser 27,00\u00a0€");
  await dialog.getByTestId("refund-confirm").click();
  await toast(page, "Remboursement de 27,00\u00a0€ effectué");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("order-invoices")).toContainText(/SPE-\d{4}-0002/);
  // The buyer's billing details in the checkout's words, the country by its name.
  const billingCard = page.locator("dl").filter({ hasText: "Studio Łódź" });
  await expect(billingCard).toContainText("Société");
  await expect(billingCard).toContainText("Pologne");
  await expect(billingCard).toContainText("Numéro de TVA");
  await page.screenshot({ path: `${SCREENS}/invoice-journey-organizer-order.png`, fullPage: true });

  // The credit note: same series, the invoice it corrects, exactly the add-on reversed at 20 %.
  await buyerPage.setViewportSize({ width: 1280, height: 900 });
  await buyerPage.reload();
  const creditLink = buyerPage.getByTestId("order-credit-note-download");
  await expect(creditLink).toHaveCount(1);
  const credit = await pdfText(buyerPage.request, (await creditLink.getAttribute("href"))!);
  for (const expected of [
    "Avoir",
    "-0002",
    "-0001",
    "Dîner d'après-concert",
    "20 %",
    "-27,00 €",
    "-4,50 €",
    "-22,50 €",
  ])
    expect(credit, expected).toContain(expected);
  expect(credit).not.toContain("Concert du soir");
  expect(credit).not.toContain("5,5 %");

  // Not VAT-registered any more: the next order's invoice carries France's mention and no VAT.
  await page.goto("/organization/billing");
  await page.waitForLoadState("networkidle");
  await seller.getByRole("switch", { name: "Assujetti à la TVA" }).click();
  await expect(seller.getByLabel("Mention d'exonération de TVA")).toHaveValue("TVA non applicable, art. 293 B du CGI");
  await seller.getByRole("button", { name: "Enregistrer" }).click();
  await toast(page, "Coordonnées de facturation enregistrées");
  await buyerPage.goto("about:blank");
  const second = await bookAndPay(
    buyerPage,
    { id: event.id, path: eventPath },
    {
      first: "Zofia",
      email: uniqueEmail("facture-franchise"),
    },
  );
  expect(second).not.toBe(orderId);
  const exempt = await pdfText(
    buyerPage.request,
    (await buyerPage.getByTestId("order-invoice-download").getAttribute("href"))!,
  );
  expect(exempt).toContain("TVA non applicable, art. 293 B du CGI");
  expect(exempt).toContain("-0003");
  expect(exempt).toContain("45,99 €");
  expect(exempt).not.toContain("TVA par taux");
  await buyerContext.close();

  // The accounting page lists the three documents.
  await page.goto("/finance/invoices");
  await expect(page.getByTestId("invoices-table")).toContainText(/SPE-\d{4}-0003/);
  await expect(page.getByTestId("invoices-table")).toContainText(/SPE-\d{4}-0002/);
  await page.screenshot({ path: `${SCREENS}/invoice-journey-accounting.png`, fullPage: true });
});
