import { expect, test, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { signIn } from "./support/sign-in";

const PERMISSION_DENIED = "Vous n'avez pas l'autorisation d'accéder à cette page";
const mainNavigation = (page: Page) => page.getByRole("navigation", { name: "Navigation principale" }).first();
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

async function openAccountMenu(page: Page) {
  await page.getByTestId("account-menu-trigger").click();
  await expect(page.getByTestId("organization-switcher")).toBeVisible();
}

test("an event manager sees only Events and is bounced from /finance with the permission toast", async ({ page }) => {
  await signIn(page, "manager@guichet.test");
  await expect(mainNavigation(page).getByRole("link")).toHaveText(["Événements"]);

  await page.goto("/finance");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(PERMISSION_DENIED)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Événements" })).toBeVisible();
  // The flag that carried the message is gone from the address: a reload shows nothing again.
  expect(new URL(page.url()).search).toBe("");

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(PERMISSION_DENIED)).toBeVisible();
});

test("the owner sees Finances and opens the finance overview", async ({ page }) => {
  await signIn(page, "owner@guichet.test");
  await expect(mainNavigation(page).getByRole("link")).toHaveText([
    "Événements",
    "Organisateur",
    "Finances",
    "Paramètres",
  ]);
  await mainNavigation(page).getByRole("link", { name: "Finances" }).click();
  await expect(page).toHaveURL(/\/finance$/);
  await expect(page.getByRole("heading", { level: 1, name: "Finances" })).toBeVisible();
  await expect(page.getByTestId("payment-account")).toContainText("Connecté");
  await expect(page.getByTestId("payout-frequency")).toContainText("Hebdomadaire");
  await expect(page.getByTestId("finance-balance-available")).toContainText("€");
  const financeTabs = page.getByRole("navigation", { name: "Sections des finances" });
  await expect(financeTabs.getByRole("link")).toHaveText(["Aperçu", "Transactions", "Versements", "Factures"]);

  // Not a platform admin: no admin link, and /admin bounces.
  await openAccountMenu(page);
  await expect(page.getByRole("menuitem", { name: "Interface d'administration" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.goto("/admin/events");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(PERMISSION_DENIED)).toBeVisible();
});

test("a platform admin reaches /admin from the account menu and opens an event's figures", async ({ page }) => {
  await signIn(page, "admin@guichet.test", "guichet-admin-2026");
  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: "Interface d'administration" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Interface d'administration" })).toBeVisible();
  await expect(page.getByTestId("stat-organizations")).toContainText(/\d/);
  await expect(page.getByTestId("stat-gross-sales")).toContainText("€");

  await page.getByRole("link", { name: "Organisations" }).click();
  await expect(page.getByTestId("admin-organizations")).toContainText("Association Les Nuits Sonores");
  await expect(page.getByTestId("admin-organizations")).toContainText("Théâtre du Quai");

  await page
    .getByRole("row", { name: /Théâtre du Quai/ })
    .getByRole("link", { name: "Voir les événements" })
    .click();
  await expect(page).toHaveURL(/\/admin\/events\?organization=\d+$/);
  await expect(page.getByTestId("organization-filter")).toContainText("Théâtre du Quai");
  const firstEvent = page.getByTestId("admin-events").getByRole("link").first();
  const title = (await firstEvent.textContent())!.trim();
  await firstEvent.click();
  await expect(page).toHaveURL(/\/admin\/organizations\/\d+\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(page.getByTestId("admin-event-organization")).toContainText("Théâtre du Quai");
  await expect(page.getByTestId("figure-gross-sales")).toContainText("€");
});

test("a new user names an organization in the dialog and lands on the events home", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const email = `nouvelle-${suffix()}@exemple.test`;
  expect(
    (await request.post("/auth/verify-email", { data: { email, first_name: "Nora", last_name: "Vidal" } })).ok(),
  ).toBe(true);
  const mails = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as {
    text: string;
  }[];
  const code = mails[0]!.text.match(/\b\d{6}\b/)![0];
  const registered = await request.post("/auth/register", {
    data: { username: email, email, email_code: code, password: "une-phrase-solide-2026" },
  });
  expect(registered.ok()).toBe(true);
  const token = (await registered.json()) as string;
  await context.addCookies([{ name: "guichet_session", value: token, url: baseURL! }]);

  await page.goto("/");
  const dialog = page.getByTestId("create-organization-dialog");
  await expect(dialog.getByRole("heading", { name: "Bienvenue ! Créons votre organisation" })).toBeVisible();
  // It cannot be dismissed while the user has no organization.
  await expect(dialog.getByRole("button", { name: "Fermer" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 400);
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Créer l'organisation" }).click();
  await expect(dialog.getByText("Veuillez entrer un nom d'organisation")).toBeVisible();
  await dialog.getByLabel("Nom de l'organisation").fill("x".repeat(65));
  await dialog.getByRole("button", { name: "Créer l'organisation" }).click();
  await expect(dialog.getByText("Le nom d'une organisation doit contenir au maximum 64 caractères.")).toBeVisible();
  await dialog.getByLabel("Nom de l'organisation").fill("association les nuits sonores");
  await dialog.getByRole("button", { name: "Créer l'organisation" }).click();
  await expect(dialog.getByText("Ce nom est déjà pris. Veuillez en choisir un autre.")).toBeVisible();

  const name = `Mon asso ${suffix()}`;
  await dialog.getByLabel("Nom de l'organisation").fill(name);
  await dialog.getByRole("button", { name: "Créer l'organisation" }).click();
  await expect(page.getByText("Organisation créée avec succès. À vous de jouer !")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Événements" })).toBeVisible();
  await expect(page.getByText(`Tous les événements de ${name}.`)).toBeVisible();
  // The creator is the owner: the organization area is open.
  await expect(mainNavigation(page).getByRole("link")).toHaveText([
    "Événements",
    "Organisateur",
    "Finances",
    "Paramètres",
  ]);
});

test("the organization switcher switches organizations, and back to / from an event page", async ({ page }) => {
  // An account of its own: the server remembers the organization a user last switched to (issue 24 §2), and the demo
  // accounts sign in for other specs at the same time.
  const first = `Théâtre ${suffix()}`;
  const password = "Theatre-Switch-2026";
  const owner = await registerWithOrganization(page.request, "switcher", "Paul", first, password);
  await signIn(page, owner, password, { fresh: true });
  const event = await page.request.post("/api/events", {
    data: {
      title: "Répétition générale",
      start_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      end_at: new Date(Date.now() + 20 * 86_400_000 + 7_200_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(event.status(), await event.text()).toBe(201);
  await page.goto("/");
  await expect(page.getByText(`Tous les événements de ${first}.`)).toBeVisible();

  // The dialog from the menu can be dismissed.
  await openAccountMenu(page);
  await page.getByTestId("create-organization-item").click();
  const dialog = page.getByTestId("create-organization-dialog");
  await expect(dialog.getByRole("heading", { name: "Nommez votre organisation" })).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();

  const second = `Zénith ${suffix()}`;
  await openAccountMenu(page);
  await page.getByTestId("create-organization-item").click();
  await dialog.getByLabel("Nom de l'organisation").fill(second);
  await dialog.getByRole("button", { name: "Créer l'organisation" }).click();
  await expect(page.getByText("Organisation créée avec succès. À vous de jouer !")).toBeVisible();
  await expect(page.getByText(`Tous les événements de ${second}.`)).toBeVisible();

  // Switching while on a page outside /event/ stays on it.
  await page.goto("/finance");
  await openAccountMenu(page);
  await expect(page.getByTestId("organization-switcher").getByRole("menuitem")).toHaveText(
    [first, second].sort((a, b) => a.localeCompare(b, "fr")),
  );
  await page.getByTestId("organization-switcher").getByRole("menuitem", { name: first }).click();
  await expect(page).toHaveURL(/\/finance$/);
  await expect(page.getByText(`Transactions, versements et exports de ${first}.`)).toBeVisible();

  // Switching while on an event returns to /.
  await page.goto("/");
  await page.getByTestId("event-card").first().click();
  await expect(page).toHaveURL(/\/event\/\d+/);
  await openAccountMenu(page);
  await page.getByTestId("organization-switcher").getByRole("menuitem", { name: second }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Tous les événements de ${second}.`)).toBeVisible();
});
