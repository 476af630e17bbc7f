import { expect as baseExpect, test } from "@playwright/test";
import { makePng } from "./support/png";
import { signIn } from "./support/sign-in";

// Long flows on a shared, slow machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test("the owner edits the organization with a logo and a cover, and the public page shows them", async ({ page }) => {
  await signIn(page, "owner@guichet.test");
  const navigation = page.getByRole("navigation", { name: "Navigation principale" }).first();
  await navigation.getByRole("link", { name: "Organisateur" }).click();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByRole("heading", { level: 1, name: "Informations générales" })).toBeVisible();
  const organizationId = (await page.getByTestId("organization-id").textContent())!.trim();

  await page.getByRole("button", { name: "Copier l'identifiant de l'organisation" }).click();
  await expect(page.getByText(/ID copied to clipboard|Failed to copy ID to clipboard/)).toBeVisible();

  await page
    .getByTestId("organization-logo-input")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(600, 500) });
  await expect(page.getByRole("dialog", { name: "Recadrer l'image" })).toBeVisible();
  await page.getByTestId("organization-logo-apply").click();
  await expect(page.getByRole("dialog", { name: "Recadrer l'image" })).toHaveCount(0);
  await expect(page.getByTestId("organization-logo").locator("img")).toHaveAttribute(
    "src",
    new RegExp(`^/images/organizers/${organizationId}/logo-[0-9a-f]{8}-400\\.webp$`),
  );

  await page
    .getByTestId("organization-cover-input")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: makePng(1500, 600) });
  await page.getByTestId("organization-cover-apply").click();
  await expect(page.getByTestId("organization-cover").locator("img")).toHaveAttribute(
    "src",
    /\/cover-[0-9a-f]{8}-1200\.webp$/,
  );

  const tagline = `Musiques électroniques à Lyon — ${Date.now()}`;
  await page.getByLabel("Description courte").fill(tagline);
  const bar = page.getByRole("region", { name: "Modifications non enregistrées" });
  await expect(bar).toBeVisible();
  // Leaving with unsaved changes asks first.
  await navigation.getByRole("link", { name: "Événements" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Reprendre" }).click();
  await expect(page).toHaveURL(/\/organization$/);

  // Filled until it holds: under load, the page's revalidation after the cover upload can land after a first fill.
  const nameField = page.getByLabel("Nom de l'organisation");
  await expect(async () => {
    await nameField.fill("x".repeat(65));
    await expect(nameField).toHaveValue("x".repeat(65), { timeout: 1_000 });
  }).toPass();
  await bar.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Le nom d'une organisation doit contenir au maximum 64 caractères.")).toBeVisible();
  await page.getByLabel("Nom de l'organisation").fill("Théâtre du Quai");
  await bar.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Ce nom est déjà pris. Veuillez en choisir un autre.")).toBeVisible();
  await page.getByLabel("Nom de l'organisation").fill("Association Les Nuits Sonores");
  await bar.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Organisation mise à jour").first()).toBeVisible();
  await expect(bar).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/screens/organization-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screens/organization-390.png", fullPage: true });

  await page.goto(`/organizers/${organizationId}/x`);
  await expect(page).toHaveURL(new RegExp(`/organizers/${organizationId}/association-les-nuits-sonores$`));
  await expect(page.getByRole("heading", { level: 1, name: "Association Les Nuits Sonores" })).toBeVisible();
  await expect(page.getByText(tagline)).toBeVisible();
  await expect(page.locator(`img[src*="/organizers/${organizationId}/cover-"]`)).toBeVisible();
  // No script at all on the public page.
  expect(await page.locator("script[src]").count()).toBe(0);
  await page.screenshot({ path: "test-results/screens/organizer-page-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/screens/organizer-page-desktop.png", fullPage: true });
});

test("the mobile page shows a QR code to the chosen event's scanner", async ({ page }) => {
  await signIn(page, "owner@guichet.test");
  await page.goto("/settings/mobile");
  await expect(page.getByRole("heading", { level: 1, name: "Application mobile" })).toBeVisible();
  const qr = page.getByTestId("scanner-qr");
  await expect(qr.locator("svg")).toBeVisible();
  await expect(qr).toHaveAttribute("data-url", /\/event\/\d+\/scan$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screens/mobile-390.png", fullPage: true });
});
