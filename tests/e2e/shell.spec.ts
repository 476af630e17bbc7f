import { expect, test } from "@playwright/test";
import { signIn } from "./support/sign-in";

test("sign in, French shell, switch to English, account menu, sign out", async ({ page }) => {
  await signIn(page, "owner@guichet.test", undefined, { fresh: true });
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Événements" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navigation principale" }).first()).toBeVisible();
  await expect(page.getByTestId("event-card").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screens/shell-home-fr.png", fullPage: true });

  await page.getByTestId("account-menu-trigger").click();
  await expect(page.getByTestId("organization-switcher")).toContainText("Les Nuits Sonores");
  await page.getByRole("menuitem", { name: "Langue" }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();

  // The choice survives a reload: it is stored in the language cookie.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/shell-home-en.png", fullPage: true });

  await page.getByTestId("account-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("a protected page sends a visitor to the login page", async ({ page }) => {
  await page.goto("/?filter=draft");
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connectez-vous à Guichet");
});

test("a public-only page sends a signed-in user home", async ({ page }) => {
  await signIn(page, "manager@guichet.test", undefined, { fresh: true });
  await page.goto("/auth/login");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/auth/login-password?email=manager@guichet.test");
  await expect(page).toHaveURL(/\/$/);
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill("owner@guichet.test");
  await page.getByRole("button", { name: "Continuer" }).click();
  await page.getByLabel("Mot de passe").fill("not-the-password");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toContainText("Email ou mot de passe incorrect.");
  await expect(page).toHaveURL(/\/auth\/login-password/);
});

test("an invalid email is refused before asking for the password", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill("pas-un-email");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText("Email invalide")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("unknown paths redirect to the home", async ({ page }) => {
  await signIn(page, "owner@guichet.test");
  await page.goto("/cette/page/n-existe/pas");
  await expect(page).toHaveURL(/\/$/);
});

test("the mobile layout shows the 60 px bottom bar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "owner@guichet.test");
  const bar = page.getByTestId("mobile-bottom-bar");
  await expect(bar).toBeVisible();
  expect((await bar.boundingBox())?.height).toBe(60);
  await page.screenshot({ path: "test-results/screens/shell-home-mobile.png" });
});

test("a tab that runs an older build is offered a reload", async ({ page }) => {
  await signIn(page, "owner@guichet.test");
  await expect(page.getByTestId("new-version-banner")).toHaveCount(0);
  // Pretend this tab loaded an earlier deployment, then navigate: the server now reports a different version.
  await page.evaluate(() => {
    (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version =
      "an-older-build";
  });
  await page.getByRole("link", { name: "Brouillons" }).click();
  await expect(page.getByTestId("new-version-banner")).toContainText("Une nouvelle version de Guichet est disponible.");
});
