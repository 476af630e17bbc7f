import { expect, test } from "@playwright/test";
import { demoPassword } from "../../scripts/lib/demo-logins";

test("the home page answers in French", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.ok()).toBe(true);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});

test("/api/health is ok", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});

test("the auth pages load no JavaScript: plain forms sign in, native menus switch the language", async ({ page }) => {
  const scripts = page.locator('script[src], script[type="module"], link[rel="modulepreload"]');
  for (const path of [
    "/auth/login",
    "/auth/register",
    "/auth/reset-password",
    "/auth/login-password?email=owner%40guichet.test",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(scripts, path).toHaveCount(0);
  }

  // The help menu and the language switch are <details> menus, usable from the keyboard.
  await page.goto("/auth/login");
  await expect(page.getByLabel("Email")).toBeFocused();
  const help = page.locator("summary", { hasText: "Aide" });
  await help.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Documentation" })).toBeVisible();
  await page.getByTestId("language-switcher").click();
  // One menu open at a time.
  await expect(page.getByRole("link", { name: "Documentation" })).toBeHidden();
  await page.getByRole("button", { name: "English" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to Guichet");
  await page.getByTestId("language-switcher").click();
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connectez-vous à Guichet");
  await expect(scripts).toHaveCount(0);

  // Signing in through the plain forms lands on the events home, which hydrates.
  await page.getByLabel("Email").fill("owner@guichet.test");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page).toHaveURL(/\/auth\/login-password\?email=/);
  await expect(page.getByLabel("Mot de passe", { exact: true })).toBeFocused();
  await expect(scripts).toHaveCount(0);
  await page.getByLabel("Mot de passe", { exact: true }).fill(demoPassword);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-menu-trigger")).toBeVisible();
  await expect(page.locator('script[type="module"]').first()).toBeAttached();
});
