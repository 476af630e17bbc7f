import { expect, test, type Page } from "@playwright/test";
import { registrationCodeOf, uniqueEmail, waitForMail } from "./support/mailbox";
import { signIn, waitForHydration } from "./support/sign-in";

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

// From a phone to a wide laptop, across the breakpoints where the top bar changes (md 768, lg 1024, xl 1280).
const shellWidths = [390, 640, 768, 900, 1024, 1280];

/**
 * Opens each page, then widens the window through every width, and lists where the page scrolls sideways (is wider than
 * the window). One load per page keeps the test short; the layout follows the window as it would on a fresh load.
 */
async function sidewaysScrolls(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByTestId("account-menu-trigger")).toBeVisible();
    await waitForHydration(page);
    for (const width of shellWidths) {
      await page.setViewportSize({ width, height: 800 });
      const size = await page.evaluate(async () => {
        // Two frames: media-query listeners and resize observers have re-rendered and laid out again.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth };
      });
      if (size.scrollWidth > size.innerWidth) found.push(`${path} at ${width} px is ${size.scrollWidth} px wide`);
    }
  }
  return found;
}

test("no signed-in page scrolls sideways, from 390 to 1280 px", async ({ page }) => {
  await signIn(page, "owner@guichet.test");
  expect(await sidewaysScrolls(page, ["/", "/event/1", "/finance", "/settings"])).toEqual([]);

  // The top bar's account menu keeps the name and organization at 1024 px, shortened, with their full text on hover.
  await page.setViewportSize({ width: 1024, height: 800 });
  const trigger = page.getByTestId("account-menu-trigger");
  await expect(trigger.getByText("Claire Fontaine")).toBeVisible();
  await expect(trigger.getByText("Association Les Nuits Sonores")).toHaveAttribute(
    "title",
    "Association Les Nuits Sonores",
  );
  await page.screenshot({ path: "test-results/screens/shell-top-bar-1024.png" });
});

test("a long name and a long organization title do not widen the page either", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const email = uniqueEmail("nom-long");
  const firstName = "Marie-Alexandrine";
  const lastName = "de La Tour d'Auvergne-Lauraguais";
  // 64 characters at most: the longest title an organization can have.
  const organization = `Festival international des musiques de la vallée du Rhône ${Date.now().toString(36).slice(-5)}`;
  expect(
    (await request.post("/auth/verify-email", { data: { email, first_name: firstName, last_name: lastName } })).ok(),
  ).toBe(true);
  const code = registrationCodeOf(await waitForMail(request, email, /code de validation Guichet$/));
  const registered = await request.post("/auth/register", {
    data: { username: email, email, email_code: code, password: "une-phrase-solide-2026" },
  });
  expect(registered.ok()).toBe(true);
  const token = (await registered.json()) as string;
  const created = await request.post("/api/organizers", {
    data: { title: organization },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.ok()).toBe(true);
  await context.addCookies([{ name: "guichet_session", value: token, url: baseURL! }]);

  expect(await sidewaysScrolls(page, ["/", "/finance", "/settings"])).toEqual([]);
  const trigger = page.getByTestId("account-menu-trigger");
  await expect(trigger.getByText(`${firstName} ${lastName}`)).toHaveAttribute("title", `${firstName} ${lastName}`);
  await page.screenshot({ path: "test-results/screens/shell-top-bar-long-names-1280.png" });

  // The menu itself shows them in full, wrapped.
  await trigger.click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText(`${firstName} ${lastName}`)).toBeVisible();
  const organizationItem = menu.getByText(organization);
  await expect(organizationItem).toBeVisible();
  expect(await organizationItem.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.screenshot({ path: "test-results/screens/shell-account-menu-long-names-1280.png" });
});
