import { expect, test } from "@playwright/test";
import { signIn } from "./support/sign-in";

// A member whose only access is the validator event role (the seed's validator@, on the festival): the events home
// lists exactly the events they scan, without figures or links into the event area, and leads to the web scanner.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

test("a validator's home lists the events they scan and leads to the web scanner", async ({ page }) => {
  await signIn(page, "validator@guichet.test");
  await expect(page.getByRole("heading", { level: 1, name: "Événements" })).toBeVisible();
  await expect(
    page.getByText("Les événements de Association Les Nuits Sonores dont vous scannez les billets à l'entrée."),
  ).toBeVisible();

  const cards = page.getByTestId("scan-event-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole("heading", { level: 2 })).toHaveText("Festival Nuits Sonores");
  // Nothing of the organizer's grid: no event cards, tabs, search, figures or empty state.
  await expect(page.getByTestId("event-card")).toHaveCount(0);
  await expect(page.getByTestId("event-search")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Filtrer les événements" })).toHaveCount(0);
  await expect(page.locator("main").getByText(/de ventes|participants?$/)).toHaveCount(0);
  await expect(page.getByText("Aucun événement pour l'instant.")).toHaveCount(0);
  // Every link into an event is its scanner: nothing the validator cannot open.
  const eventLinks = await page
    .locator('main a[href^="/event/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(eventLinks).toHaveLength(1);
  expect(eventLinks[0]).toMatch(/^\/event\/\d+\/scan$/);

  await page.screenshot({ path: `${SCREENS}/validator-home-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cards.getByRole("link", { name: "Scanner les billets : Festival Nuits Sonores" })).toBeInViewport();
  await page.screenshot({ path: `${SCREENS}/validator-home-390.png`, fullPage: true });

  await cards.getByRole("link", { name: "Scanner les billets : Festival Nuits Sonores" }).click();
  await expect(page).toHaveURL(/\/event\/\d+\/scan$/);
  await expect(page.getByRole("heading", { level: 1, name: "Scan et entrées" })).toBeVisible();
  await expect(page.getByText("Festival Nuits Sonores")).toBeVisible();
  await expect(page.getByRole("button", { name: "Scanner avec la caméra" })).toBeVisible();
  // The scanner is really theirs: it loads the festival's participants for offline use.
  await expect(page.getByText(/[1-9]\d* participants chargés pour le mode hors ligne/)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/validator-scan-390.png`, fullPage: true });
});
