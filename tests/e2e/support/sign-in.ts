import { expect, type Cookie, type Page } from "@playwright/test";
import { demoPassword } from "../../../scripts/lib/demo-logins";

// Each test worker signs an account in through the form once and reuses that session cookie (sign-in is deliberately
// slow, scrypt, and rate-limited per IP); tests about signing in or out ask for a fresh session.
const sessions = new Map<string, Cookie[]>();

/** Signs in through the real email-first form (or reuses this worker's session) and waits for the events home. */
export async function signIn(page: Page, email: string, password: string = demoPassword, options: { fresh?: boolean } = {}) {
  const cached = options.fresh ? undefined : sessions.get(email);
  if (cached) {
    await page.context().addCookies(cached);
    await page.goto("/");
    if (await page.getByTestId("account-menu-trigger").isVisible()) return;
  }
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /continuer|continue/i }).click();
  await expect(page).toHaveURL(/\/auth\/login-password/);
  await page.getByLabel(/mot de passe|password/i).fill(password);
  await page.getByRole("button", { name: /se connecter|sign in/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-menu-trigger")).toBeVisible();
  if (!options.fresh) {
    const cookies = await page.context().cookies();
    sessions.set(email, cookies.filter((cookie) => cookie.name === "guichet_session"));
  }
}
