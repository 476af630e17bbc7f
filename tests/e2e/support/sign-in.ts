import { expect, type Cookie, type Page } from "@playwright/test";
import { demoPassword } from "../../../scripts/lib/demo-logins";

// Each test worker signs an account in through the form once and reuses that session cookie (sign-in is deliberately
// slow, scrypt, and rate-limited per IP); tests about signing in or out ask for a fresh session.
const sessions = new Map<string, Cookie[]>();

/**
 * Waits until React has hydrated the page (it attaches its fiber to the elements): the sign-in pages are plain HTML, so
 * the events home arrives as a full page load whose menus only open once its scripts ran.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")), undefined, {
    timeout: 30_000,
  });
}

/** Signs in through the real email-first form (or reuses this worker's session) and waits for the hydrated events home. */
export async function signIn(
  page: Page,
  email: string,
  password: string = demoPassword,
  options: { fresh?: boolean } = {},
) {
  const cached = options.fresh ? undefined : sessions.get(email);
  if (cached) {
    await page.context().addCookies(cached);
    await page.goto("/");
    if (await page.getByTestId("account-menu-trigger").isVisible()) return await waitForHydration(page);
  }
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /continuer|continue/i }).click();
  await expect(page).toHaveURL(/\/auth\/login-password/);
  await page.getByLabel(/mot de passe|password/i).fill(password);
  await page.getByRole("button", { name: /se connecter|sign in/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("account-menu-trigger")).toBeVisible();
  await waitForHydration(page);
  if (!options.fresh) {
    const cookies = await page.context().cookies();
    sessions.set(
      email,
      cookies.filter((cookie) => cookie.name === "guichet_session"),
    );
  }
}
