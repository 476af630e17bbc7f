import { expect, test, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { signIn } from "./support/sign-in";

// Issue 29 §1–2 (decision 0063): an owner fills in the seller's details (a VAT number with a wrong key is refused and
// named), switches to "not VAT-registered" with France's mention prefilled, adds France's rates, moves the default,
// removes one, and finds everything again after a reload.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function toast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

test("billing: the seller's details and the VAT rates", async ({ page }) => {
  test.setTimeout(180_000);
  const password = "facturation-e2e-2026!";
  const title = `Nuits Sonores ${Date.now()}`;
  const owner = await registerWithOrganization(page.request, "billing", "Inès", title, password);
  await signIn(page, owner, password, { fresh: true });

  await page.goto("/organization");
  await page.getByRole("link", { name: "Facturation" }).click();
  await expect(page).toHaveURL(/\/organization\/billing$/);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: "Facturation" })).toBeVisible();
  const seller = page.getByRole("form", { name: "Vendeur" });
  await expect(seller.getByLabel("Raison sociale")).toHaveValue(title);
  await expect(page.getByText("Aucun taux pour l'instant.")).toBeVisible();

  await seller.getByLabel("Raison sociale").fill("Nuits Sonores SAS");
  await seller.getByLabel("Adresse").fill("12 rue de la République");
  await seller.getByLabel("Code postal").fill("69002");
  await seller.getByLabel("Ville").fill("Lyon");
  await seller.getByLabel("Numéro de TVA intracommunautaire").fill("FR41 303 265 045");
  await seller.getByLabel("Préfixe des numéros de facture").fill("NS-");
  await expect(seller.getByText(`NS-${new Date().getFullYear()}-0001`)).toBeVisible();
  await seller.getByRole("button", { name: "Enregistrer" }).click();
  await expect(seller.getByText("Ce numéro de TVA n'est pas valide : vérifiez sa clé.")).toBeVisible();

  await seller.getByLabel("Numéro de TVA intracommunautaire").fill("FR40 303 265 045");
  await seller.getByRole("button", { name: "Enregistrer" }).click();
  await toast(page, "Coordonnées de facturation enregistrées");
  await page.screenshot({ path: `${SCREENS}/billing-seller.png`, fullPage: true });

  // Not VAT-registered: the number goes away, France's mention comes in.
  await seller.getByRole("switch", { name: "Assujetti à la TVA" }).click();
  await expect(seller.getByLabel("Mention d'exonération de TVA")).toHaveValue("TVA non applicable, art. 293 B du CGI");
  await seller.getByLabel("Sur demande de l'acheteur (au paiement ou depuis sa commande)").check();
  await seller.getByLabel("Une facture pour chaque commande payée").check();
  await seller.getByRole("button", { name: "Enregistrer" }).click();
  await toast(page, "Coordonnées de facturation enregistrées");

  // France's rates, the default moved to 5,5 %, the 2,1 % removed.
  const rates = page.getByRole("form", { name: "Taux de TVA" });
  await rates.getByRole("button", { name: "Ajouter les taux de France" }).click();
  await expect(rates.getByTestId("tax-rate-row")).toHaveCount(4);
  await expect(rates.getByRole("radio", { name: "Taux par défaut : TVA 20 %" })).toBeChecked();
  await rates.getByRole("radio", { name: "Taux par défaut : TVA 5,5 %" }).click();
  await rates.getByRole("button", { name: "Retirer le taux TVA 2,1 %" }).click();
  await expect(rates.getByTestId("tax-rate-row")).toHaveCount(3);
  await rates.getByRole("button", { name: "Enregistrer les taux" }).click();
  await toast(page, "Taux de TVA enregistrés");
  await page.screenshot({ path: `${SCREENS}/billing-rates.png`, fullPage: true });

  // A rate that is not one is refused on its row.
  await rates.getByRole("button", { name: "Ajouter un taux" }).click();
  await rates.getByRole("textbox", { name: "Taux (%)" }).last().fill("120");
  await rates.getByRole("button", { name: "Enregistrer les taux" }).click();
  await expect(
    rates.getByText("Le taux doit être compris entre 0 et 50 %, avec deux décimales au plus.").first(),
  ).toBeVisible();

  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(seller.getByLabel("Raison sociale")).toHaveValue("Nuits Sonores SAS");
  await expect(seller.getByRole("switch", { name: "Assujetti à la TVA" })).not.toBeChecked();
  await expect(seller.getByLabel("Mention d'exonération de TVA")).toHaveValue("TVA non applicable, art. 293 B du CGI");
  await expect(seller.getByLabel("Une facture pour chaque commande payée")).toBeChecked();
  await expect(rates.getByTestId("tax-rate-row")).toHaveCount(3);
  await expect(rates.getByRole("radio", { name: "Taux par défaut : TVA 5,5 %" })).toBeChecked();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/billing-mobile.png`, fullPage: true });
});
