import { expect, type Page } from "@playwright/test";
import { demoPassword } from "../../../scripts/lib/demo-logins";

/** Signs in through the real email-first form and waits for the events home. */
export async function signIn(page: Page, email: string, password: string = demoPassword) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /continuer|continue/i }).click();
  await expect(page).toHaveURL(/\/auth\/login-password/);
  await page.getByLabel(/mot de passe|password/i).fill(password);
  await page.getByRole("button", { name: /se connecter|sign in/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-menu-trigger")).toBeVisible();
}
