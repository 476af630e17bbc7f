import { expect as baseExpect, test } from "@playwright/test";
import { signIn } from "./support/sign-in";

// Long flows on a shared, slow machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** Found through the home's search: other tests add events, and the home lists them a page at a time. */
async function eventIdOf(page: import("@playwright/test").Page, title: string): Promise<string> {
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: title }).first().click();
  await expect(page).toHaveURL(/\/event\/\d+/);
  return /\/event\/(\d+)/.exec(page.url())![1]!;
}

test("the owner gives a colleague validator access to one event; the colleague reaches only that event's scanner", async ({
  page,
}) => {
  await signIn(page, "owner@guichet.test");
  const festivalId = await eventIdOf(page, "Festival Nuits Sonores");
  const transbordeurId = await eventIdOf(page, "Nuit électro au Transbordeur");
  await page.getByRole("link", { name: "Équipe" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${transbordeurId}/team$`));
  await expect(page.getByRole("heading", { name: "Équipe de l'événement" })).toBeVisible();

  // Someone outside the organization is invited (issue 24 §2), shown pending with the team.
  await page.getByLabel("Email").fill("inconnu@exemple.test");
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByText("Invitation envoyée")).toBeVisible();
  await expect(page.locator('[data-testid="team-invitation-row"][data-email="inconnu@exemple.test"]')).toContainText(
    "En attente",
  );

  await page.getByLabel("Email").fill("guest@guichet.test");
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByText("Accès ajouté")).toBeVisible();
  const row = page.locator('[data-testid="team-row"][data-email="guest@guichet.test"]');
  await expect(row.getByRole("checkbox", { name: "Peut valider" })).toBeChecked();
  // Clicks, not check(): on a loaded machine the re-render can come after Playwright's immediate state check.
  await row.getByRole("checkbox", { name: "Gestionnaire de l'événement" }).click();
  await expect(row.getByRole("checkbox", { name: "Gestionnaire de l'événement" })).toBeChecked();
  await expect(page.getByText("Rôles mis à jour").first()).toBeVisible();
  await row.getByRole("checkbox", { name: "Gestionnaire de l'événement" }).click();
  await expect(row.getByRole("checkbox", { name: "Gestionnaire de l'événement" })).not.toBeChecked();
  await page.reload();
  await expect(row.getByRole("checkbox", { name: "Peut valider" })).toBeChecked();
  await expect(row.getByRole("checkbox", { name: "Gestionnaire de l'événement" })).not.toBeChecked();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/screens/team-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screens/team-390.png", fullPage: true });

  await page.context().clearCookies();
  await signIn(page, "guest@guichet.test", undefined, { fresh: true });
  const scanner = await page.goto(`/event/${transbordeurId}/scan`);
  expect(scanner?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/event/${transbordeurId}/scan$`));
  const other = await page.goto(`/event/${festivalId}/scan`);
  expect(other?.status()).toBe(404);
});
