import { expect, test, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { signIn } from "./support/sign-in";

// Issue 26 §1 "Développeurs" (decision 0047): an owner creates an API key, sees it once, calls /api with it, revokes it.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function toast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

test("developers: create an API key, see it once, call the API with it, revoke it", async ({ page }) => {
  test.setTimeout(180_000);
  const password = "cle-api-e2e-2026!";
  const owner = await registerWithOrganization(page.request, "developers", "Hugo", `Agence ${Date.now()}`, password);
  await signIn(page, owner, password, { fresh: true });

  await page.goto("/settings/developers");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: "Développeurs" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Développeurs" })).toBeVisible();
  await expect(page.getByText("Aucune clé d'API")).toBeVisible();
  await expect(page.getByTestId("api-key-test-mode")).toContainText("gk_test_");
  await page.screenshot({ path: `${SCREENS}/developers-empty.png` });
  const organizationId = (await page.getByTestId("organization-id").textContent())!.trim();

  // The dialog says what is missing.
  await page.getByRole("button", { name: "Créer une clé" }).click();
  const dialog = page.getByRole("dialog", { name: "Créer une clé d'API" });
  await dialog.getByRole("button", { name: "Créer la clé" }).click();
  await expect(dialog.getByText("Donnez un nom à la clé.")).toBeVisible();
  await expect(dialog.getByText("Cochez au moins une autorisation.")).toBeVisible();

  await dialog.getByLabel("Nom").fill("Site web de la billetterie");
  await dialog.getByRole("checkbox", { name: /Lire les événements/ }).check();
  await expect(dialog.getByText("Donnez un nom à la clé.")).toBeHidden();
  await expect(dialog.getByText("Cochez au moins une autorisation.")).toBeHidden();
  await page.screenshot({ path: `${SCREENS}/developers-create.png` });
  await dialog.getByRole("button", { name: "Créer la clé" }).click();

  // Shown once, with a warning and a copy button.
  const secretDialog = page.getByRole("dialog", { name: "Votre nouvelle clé d'API" });
  await expect(secretDialog.getByText("Copiez-la maintenant")).toBeVisible();
  await expect(secretDialog.getByRole("button", { name: "Copier la clé" })).toBeVisible();
  const secret = (await secretDialog.getByTestId("api-key-secret").textContent())!.trim();
  expect(secret).toMatch(/^gk_test_[a-z2-7]{32}$/);
  await toast(page, "Clé créée");
  await page.screenshot({ path: `${SCREENS}/developers-secret.png` });
  await secretDialog.getByRole("button", { name: "J'ai copié la clé" }).click();
  await expect(secretDialog).toBeHidden();

  const card = page.getByTestId("api-key").filter({ hasText: "Site web de la billetterie" });
  await expect(card.getByTestId("api-key-prefix")).toHaveText(`${secret.slice(0, 14)}…`);
  await expect(card).toContainText("Lire les événements");
  await expect(card).toContainText("Active");
  await expect(card.getByTestId("api-key-last-used")).toContainText("jamais");
  await page.reload();
  expect(await page.content()).not.toContain(secret);

  // The key works on its organization's API within its scope, not beyond it.
  const auth = { Authorization: `Bearer ${secret}` };
  const listed = await page.request.get(`/api/dashboard/${organizationId}/events`, { headers: auth });
  expect(listed.status(), await listed.text()).toBe(200);
  expect(listed.headers()["ratelimit-limit"]).toBe("100");
  const write = await page.request.post("/api/events", { headers: auth, data: { title: "Par la clé" } });
  expect(write.status()).toBe(403);
  const me = await page.request.get("/api/me", { headers: auth });
  expect(me.status()).toBe(403);

  await expect(async () => {
    await page.reload();
    await expect(card.getByTestId("api-key-last-used")).not.toContainText("jamais", { timeout: 1_000 });
  }).toPass();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/developers-mobile.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENS}/developers-list.png` });

  // Revoking asks first, then the key answers 401.
  await card.getByRole("button", { name: "Révoquer la clé Site web de la billetterie" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Révoquer la clé « Site web de la billetterie » ?" });
  await expect(confirm).toContainText("irréversible");
  await confirm.getByRole("button", { name: "Révoquer la clé" }).click();
  await toast(page, "Clé révoquée");
  await expect(card).toContainText("Révoquée");
  await expect(card.getByRole("button", { name: /Révoquer/ })).toHaveCount(0);
  const refused = await page.request.get(`/api/dashboard/${organizationId}/events`, { headers: auth });
  expect(refused.status()).toBe(401);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/developers-revoked-mobile.png`, fullPage: true });
  await page.getByRole("button", { name: "Créer une clé" }).click();
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/developers-create-mobile.png` });
});
