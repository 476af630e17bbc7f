import { expect as baseExpect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/mailbox";
import { registerWithOrganization } from "./support/accounts";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 13 "Done when", in demo mode (no Stripe key): a new organization connects its payment account through the
// three states of spec §4, publishes a paid event, sells through the demo checkout, refunds one order, runs the payout
// job, and sees its transactions, the payout pending then paid, and an export of the current month.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const DAY = 86_400_000;
const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function screens(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(MOBILE);
  await page.screenshot({ path: `${SCREENS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
    } else cell += char;
  }
  if (cell !== "" || record.length > 0) records.push([...record, cell]);
  return records;
}

/** Buys `quantity` places on the public page and pays them on the demo checkout; returns the order id. */
async function buy(page: Page, eventId: number, slug: string, quantity: number) {
  const buyer = uniqueEmail("finance");
  await page.goto(`/events/${eventId}/${slug}`);
  await page.getByLabel("Quantité pour Plein tarif").selectOption(String(quantity));
  await page.getByRole("button", { name: "Réserver" }).click();
  // The first ticket is the buyer's (« Même que l'acheteur », checked by default); the others are typed.
  const prefixes = ["buyer", ...Array.from({ length: quantity - 1 }, (_, index) => `participants.${index + 1}`)];
  for (const prefix of prefixes) {
    await page.locator(`[name="${prefix}.first_name"]`).fill("Inès");
    await page.locator(`[name="${prefix}.last_name"]`).fill("Morel");
    await page.locator(`[name="${prefix}.email"]`).fill(buyer);
  }
  await page.getByTestId("booking-submit").click();
  await expect(page).toHaveURL(/\/demo-checkout\//);
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(page.getByTestId("order-status")).toHaveText("Payée");
  return Number(/\/orders\/(\d+)/.exec(page.url())?.[1]);
}

test("finance in demo mode: connect the payment account, sell, refund, pay out, export", async ({ page }) => {
  test.setTimeout(420_000);
  // An account of its own: switching organizations is remembered on the server for the user (issue 24 §2), and the
  // shared demo owner signs in for other specs at the same time.
  const password = "Finances-Demo-2026";
  const owner = await registerWithOrganization(
    page.request,
    "finance-owner",
    "Claire",
    `Compagnie ${Date.now()}`,
    password,
  );
  await signIn(page, owner, password, { fresh: true });

  // A new organization: no payment account yet. Its paid event cannot be published without one.
  const organizationTitle = `Finances ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/organizers", { data: { title: organizationTitle } });
  expect(created.status(), await created.text()).toBe(201);
  const organizationId = ((await created.json()) as { id: number }).id;
  const start = Date.now() + 2 * DAY;
  const end = start + 3 * 3_600_000;
  const event = await page.request.post("/api/events", {
    data: {
      organizer: organizationId,
      title: "Concert des finances",
      start_at: new Date(start).toISOString(),
      end_at: new Date(end).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(event.status(), await event.text()).toBe(201);
  const eventId = ((await event.json()) as { id: number }).id;
  const ticket = await page.request.post(`/api/events/${eventId}/tickets`, {
    data: { title: "Plein tarif", price: 2000, amount: 50, ticket_type: "ticket", max_per_order: 4 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);

  await open(page, `/event/${eventId}`);
  await page.getByTestId("event-other-organization").getByRole("button", { name: "Changer d'organisation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Concert des finances" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByTestId("publish-button").click();
  const publishDialog = page.getByTestId("publish-dialog");
  await publishDialog.getByRole("button", { name: "Publier" }).click();
  await expect(publishDialog.getByRole("heading", { name: "Reliez votre compte de paiement" })).toBeVisible();

  // The publish flow's prompt leads to the payment account card: not connected.
  await publishDialog.getByRole("link", { name: "Relier le compte de paiement" }).click();
  await expect(page).toHaveURL(/\/finance$/);
  const account = page.getByTestId("payment-account");
  await expect(account).toHaveAttribute("data-status", "not_connected");
  await expect(account.getByTestId("payment-account-status")).toHaveText("Non connecté");
  await expect(account).toContainText("les billets payants ne peuvent pas être vendus");
  // A new organization is paid weekly unless it chooses otherwise, and the page says so (issue 25 §8).
  await expect(page.getByTestId("payout-frequency")).toHaveAttribute("data-frequency", "weekly");
  await expect(page.getByTestId("payout-schedule")).toHaveText(
    "Virements hebdomadaires : chaque lundi, le solde disponible est versé sur votre compte bancaire.",
  );
  await expect(page.getByTestId("payout-frequency").getByLabel("Hebdomadaire")).toBeChecked();
  await expect(page.getByTestId("payout-frequency-manual-support")).toHaveCount(0);
  await waitForHydration(page);
  await screens(page, "finance-not-connected");

  // Connect: the demo onboarding stands where Stripe's would.
  await account.getByRole("button", { name: "Connecter le compte de paiement" }).click();
  await expect(page).toHaveURL(new RegExp(`/demo-connect/acct_demo_${organizationId}$`));
  await expect(page.getByTestId("demo-connect-banner")).toHaveText("Mode démonstration — aucun compte Stripe réel");
  await expect(page.getByRole("main")).toContainText(organizationTitle);
  await screens(page, "finance-demo-connect");

  // Leaving the onboarding unfinished: connected, details still missing.
  await page.getByRole("link", { name: "Revenir plus tard" }).click();
  await expect(page).toHaveURL(/\/finance$/);
  await expect(account).toHaveAttribute("data-status", "need_validation");
  await expect(account.getByTestId("payment-account-text")).toContainText("Stripe attend encore vos informations");
  await account.getByRole("button", { name: "Reprendre l'inscription" }).click();
  await expect(page).toHaveURL(/\/demo-connect\//);
  await page.getByRole("button", { name: "Envoyer les informations" }).click();

  // Back from the onboarding: under review, about 5 minutes.
  await expect(page).toHaveURL(/\/finance$/);
  await expect(account).toHaveAttribute("data-status", "need_validation");
  await expect(account.getByTestId("payment-account-status")).toHaveText("Validation en cours");
  await expect(account.getByTestId("payment-account-text")).toContainText("environ 5 minutes");
  await waitForHydration(page);
  await account.getByRole("button", { name: "Actualiser le statut" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Statut du compte de paiement mis à jour" }),
  ).toBeVisible();
  await expect(account).toHaveAttribute("data-status", "need_validation");
  await screens(page, "finance-need-validation");

  // Stripe's review, simulated: valid, with the way to Stripe's dashboard.
  await account.getByRole("button", { name: "Simuler la vérification de Stripe" }).click();
  await expect(account).toHaveAttribute("data-status", "valid_conected");
  await expect(account.getByTestId("payment-account-status")).toHaveText("Connecté");
  await expect(account.getByRole("button", { name: "Ouvrir le tableau de bord Stripe" })).toBeVisible();
  await expect(account.getByTestId("payment-account-demo")).toHaveCount(0);

  // Payout frequency: daily, saved for the organization.
  const frequency = page.getByTestId("payout-frequency");
  // A disabled save says why.
  await expect(frequency.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
  await expect(frequency.getByTestId("save-disabled-reason")).toHaveText(
    "Choisissez une autre fréquence pour l'enregistrer.",
  );
  await frequency.getByLabel("Quotidienne").check();
  await expect(frequency.getByTestId("save-disabled-reason")).toHaveCount(0);
  await expect(page.getByTestId("payout-frequency-manual-support")).toHaveCount(0);
  await frequency.getByRole("button", { name: "Enregistrer" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Fréquence des versements enregistrée" }),
  ).toBeVisible();
  await expect(frequency).toHaveAttribute("data-frequency", "daily");
  await expect(page.getByTestId("payout-schedule")).toHaveText(/^Virements quotidiens : chaque jour/);
  await expect(frequency).toContainText("Prochain versement prévu le");
  await screens(page, "finance-valid");

  const apiAccount = await page.request.get(`/api/organizers/${organizationId}/finance/account`);
  expect(await apiAccount.json()).toMatchObject({
    status: "valid_conected",
    is_connected_account_valid: true,
    payout_frequency: "daily",
  });

  // The dashboard link (demo: the onboarding page, now saying the account is validated).
  await account.getByRole("button", { name: "Ouvrir le tableau de bord Stripe" }).click();
  await expect(page).toHaveURL(/\/demo-connect\//);
  await expect(page.getByRole("main")).toContainText("Ce compte est validé");
  await page.getByRole("link", { name: "Retour aux finances" }).click();
  await expect(page).toHaveURL(/\/finance/);

  // Now the paid event publishes.
  await open(page, `/event/${eventId}`);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("publish-button").click();
  await publishDialog.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByTestId("event-status-line")).not.toContainText("Brouillon");
  const publicEvent = (await (await page.request.get(`/api/public/events/${eventId}`)).json()) as { slug: string };

  // Two sales through the demo checkout; the organizer refunds the second.
  await buy(page, eventId, publicEvent.slug, 2);
  const refunded = await buy(page, eventId, publicEvent.slug, 1);
  await open(page, `/event/${eventId}/orders/${refunded}`);
  await page.getByRole("button", { name: "Rembourser" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByText("Commande remboursée")).toBeVisible();

  // Funds are held until the event ends; the balance says so.
  await open(page, "/finance");
  await expect(page.getByTestId("finance-balance-available")).toHaveText(/0,00\s€/);
  await expect(page.getByTestId("finance-balance-pending")).not.toHaveText(/0,00\s€/);

  // The transactions of the month: two payments and one refund.
  await open(page, "/finance/transactions");
  await expect(page.getByTestId("finance-total-count")).toContainText("3");
  await expect(page.getByTestId("finance-total-gross").locator("[data-cents]")).toHaveAttribute("data-cents", "6000");
  await expect(page.getByTestId("finance-total-refunds").locator("[data-cents]")).toHaveAttribute(
    "data-cents",
    "-2000",
  );

  // The payout job, run as at two hours after the event's end (its funds are released), then after the payout's
  // estimated arrival (demo payouts settle by themselves then).
  const runPayouts = async (at: number) => {
    const response = await page.request.post("/dev/run-payouts", {
      data: { now: new Date(at).toISOString() },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { created: number; paid: number };
  };
  expect((await runPayouts(end + 2 * 3_600_000)).created).toBeGreaterThanOrEqual(1);
  await open(page, "/finance/payouts");
  const payoutRow = page.getByTestId("payouts-table").getByRole("row").filter({ hasText: /€/ });
  await expect(payoutRow).toHaveCount(1);
  await expect(payoutRow.locator("[data-status]")).toHaveAttribute("data-status", "pending");
  await expect(payoutRow).toContainText("En attente");
  await screens(page, "finance-payout-pending");

  expect((await runPayouts(end + 5 * DAY)).paid).toBeGreaterThanOrEqual(1);
  await open(page, "/finance/payouts");
  await expect(payoutRow.locator("[data-status]")).toHaveAttribute("data-status", "paid");
  await expect(payoutRow).toContainText("Payé");

  // The export of the current month matches the transactions screen of the current month.
  await open(page, "/finance/transactions");
  const screenCents = async (id: string) =>
    Number(await page.getByTestId(`finance-total-${id}`).locator("[data-cents]").getAttribute("data-cents"));
  const onScreen = {
    gross: await screenCents("gross"),
    refunds: await screenCents("refunds"),
    net: await screenCents("net"),
  };
  const count = Number(/\d+/.exec((await page.getByTestId("finance-total-count").textContent()) ?? "")?.[0]);
  await open(page, "/finance");
  await page.getByTestId("finance-export").getByTestId("finance-export-open").click();
  const exportDialog = page.getByTestId("finance-export-dialog");
  await expect(exportDialog.getByTestId("finance-export-period")).toContainText("Mois en cours");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    exportDialog.getByTestId("finance-export-download").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-transactions-\d{4}-\d{2}\.csv$/);
  const csv = (await (await download.createReadStream()).toArray()).join("").replace(/^\uFEFF/, "");
  const [columns, ...records] = parseCsv(csv);
  const rows = records.map((record) => Object.fromEntries(record.map((cell, index) => [columns![index], cell])));
  const cents = (value: string | undefined) => Math.round(Number(value) * 100);
  const sum = (type: string, column: string) =>
    rows.filter((row) => row.type === type).reduce((total, row) => total + cents(row[column]), 0);
  expect(rows).toHaveLength(count);
  expect(sum("charge", "amount")).toBe(onScreen.gross);
  expect(sum("refund", "amount")).toBe(onScreen.refunds);
  expect(sum("charge", "net") + sum("refund", "net") + sum("adjustment", "net")).toBe(onScreen.net);
});
