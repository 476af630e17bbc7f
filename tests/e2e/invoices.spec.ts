import { expect as baseExpect, test } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { signIn } from "./support/sign-in";

// Issue 29 §2 and §5: a fresh organizer adds France's VAT rates, puts a ticket at 5.5 % and an add-on at 20 % (the
// API reads them back), then opens « Factures » under Finances: its empty state, its filters and its exports.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const DAY = 86_400_000;

test("a VAT rate per ticket and add-on, and the invoices page", async ({ page }) => {
  test.setTimeout(300_000);
  const password = "factures-e2e-2026!";
  const owner = await registerWithOrganization(
    page.request,
    "invoices",
    "Inès",
    `Salle Gaveau ${Date.now()}`,
    password,
  );
  await signIn(page, owner, password, { fresh: true });

  // France's rates, 20 % by default.
  await page.goto("/organization/billing");
  await page.waitForLoadState("networkidle");
  const rates = page.getByRole("form", { name: "Taux de TVA" });
  await rates.getByRole("button", { name: "Ajouter les taux de France" }).click();
  await rates.getByRole("button", { name: "Enregistrer les taux" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Taux de TVA enregistrés" }).first(),
  ).toBeVisible();
  const mine = (await (await page.request.get("/api/me/organizers")).json()) as { organizer: number }[];
  const organizationId = mine[0]!.organizer;
  const list = (await (await page.request.get(`/api/organizers/${organizationId}/tax-rates`)).json()) as {
    rates: { id: number; name: string; rate: number }[];
  };
  const idOf = (rate: number) => list.rates.find((entry) => entry.rate === rate)!.id;

  const start = Date.now() + 30 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: "Récital de piano",
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 2 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;

  // The ticket at 5.5 %, chosen in the creation sheet.
  await page.goto(`/event/${eventId}/tickets`);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("ticket-create").click();
  const sheet = page.getByTestId("ticket-sheet");
  await sheet.locator('input[name="title"]').fill("Plein tarif");
  await sheet.locator('input[name="price"]').fill("30");
  const rateSelect = sheet.getByLabel("Taux de TVA");
  await expect(rateSelect.locator("option").first()).toHaveText("Taux par défaut (TVA 20 %)");
  await rateSelect.selectOption({ label: "TVA 5,5 %" });
  await rateSelect.scrollIntoViewIfNeeded();
  await sheet.screenshot({ path: `${SCREENS}/ticket-tax-rate-sheet.png` });
  await sheet.getByTestId("ticket-submit").click();
  await expect(sheet).toBeHidden();

  // The add-on at 20 %, chosen explicitly rather than left to the default.
  await page.goto(`/event/${eventId}/addons`);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("ticket-create").click();
  await sheet.locator('input[name="title"]').fill("Vestiaire");
  await sheet.locator('input[name="price"]').fill("10");
  await sheet.getByLabel("Taux de TVA").selectOption({ label: "TVA 20 %" });
  await sheet.getByTestId("ticket-submit").click();
  await expect(sheet).toBeHidden();

  const tickets = (await (await page.request.get(`/api/events/${eventId}/tickets`)).json()) as {
    id: number;
    title: string;
    tax_rate_id: number | null;
  }[];
  const byTitle = (title: string) => tickets.find((ticket) => ticket.title === title)!;
  expect(byTitle("Plein tarif").tax_rate_id).toBe(idOf(550));
  expect(byTitle("Vestiaire").tax_rate_id).toBe(idOf(2000));

  // The edit page shows the chosen rate.
  await page.goto(`/event/${eventId}/tickets/${byTitle("Plein tarif").id}`);
  await expect(page.getByLabel("Taux de TVA").locator("option:checked")).toHaveText("TVA 5,5 %");
  await page.screenshot({ path: `${SCREENS}/ticket-tax-rate-edit.png`, fullPage: true });

  // « Factures » under Finances: nothing issued yet.
  await page.goto("/finance");
  await page.getByRole("link", { name: "Factures" }).click();
  await expect(page).toHaveURL(/\/finance\/invoices$/);
  await expect(page.getByRole("heading", { level: 2, name: "Factures" })).toBeVisible();
  await expect(page.getByTestId("invoices-empty")).toContainText("Aucune facture pour l'instant");
  await expect(page.getByTestId("invoice-rates-empty")).toBeVisible();
  await expect(page.getByTestId("invoices-export-zip")).toHaveAttribute(
    "href",
    new RegExp(`^/api/organizers/${organizationId}/invoices/export\\.zip\\?from=\\d{4}-\\d{2}-01&to=`),
  );
  await page.screenshot({ path: `${SCREENS}/invoices-empty.png`, fullPage: true });

  // The period and the type filter ride in the URL; the exports follow the period.
  await page.getByTestId("finance-period-select").click();
  await page.getByRole("option", { name: "Année en cours" }).click();
  await expect(page).toHaveURL(/%22period%22%2C%22value%22%3A%5B%22year%22%5D/);
  await expect(page.getByTestId("invoices-export-documents")).toHaveAttribute(
    "href",
    new RegExp(`/invoices/export\\.csv\\?period=year&lang=fr&kind=documents$`),
  );
  const documents = await page.request.get((await page.getByTestId("invoices-export-documents").getAttribute("href"))!);
  expect(documents.status()).toBe(200);
  expect(await documents.text()).toMatch(/^\uFEFFnumero,date,type,facture_referencee,/);
  const filters = [
    { id: "search", value: "FAC" },
    { id: "type", value: ["credit-note"] },
    { id: "period", value: ["year"] },
  ];
  await page.goto(`/finance/invoices?filters=${encodeURIComponent(JSON.stringify(filters))}`);
  await expect(page.getByRole("searchbox").or(page.getByPlaceholder("Numéro ou acheteur…"))).toHaveValue("FAC");
  await expect(page.getByTestId("invoices-empty")).toBeHidden();
  await expect(page.getByTestId("invoices-table").getByRole("table")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/invoices-filtered.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/finance/invoices");
  await expect(page.getByTestId("invoices-empty")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/invoices-mobile.png`, fullPage: true });
  await page.goto(`/event/${eventId}/tickets/${byTitle("Plein tarif").id}`);
  await expect(page.getByLabel("Taux de TVA")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/ticket-tax-rate-mobile.png`, fullPage: true });
});
