import { expect, test, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { describeViolations, seriousViolations } from "./support/axe";
import { signIn } from "./support/sign-in";

// Issue 27 §2: a new event's default reminder (24 hours before), edited on the reminders page with a variable, its next
// send time in the event's zone, and the dashboard's "Rappels" card.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function expectAccessible(page: Page) {
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

test("reminders: the default one, edited with a variable, its next send time, on the dashboard", async ({ page }) => {
  test.setTimeout(180_000);
  const password = "rappels-e2e-2026!";
  const owner = await registerWithOrganization(page.request, "reminders", "Inès", `Salle ${Date.now()}`, password);
  await signIn(page, owner, password, { fresh: true });

  // Without a start date there is nothing to remind of.
  const created = await page.request.post("/api/events", { data: { title: "Concert de rentrée" } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/event/${id}/reminders`);
  await expect(page.getByTestId("reminders-no-start")).toContainText("Pas encore de date de début");
  await expect(page.getByRole("link", { name: "Modifier l'événement" }).last()).toBeVisible();

  // Saturday 12 June 2027, 20:30 in Paris: the default reminder goes out the day before at the same time.
  const dated = await page.request.put(`/api/events/${id}`, { data: { start_at: "2027-06-12T18:30:00.000Z" } });
  expect(dated.status(), await dated.text()).toBe(200);
  await page.goto(`/event/${id}/reminders`);
  const cards = page.getByTestId("reminder-card");
  await expect(cards).toHaveCount(1);
  const first = cards.first();
  await expect(first.getByTestId("reminder-offset-value")).toHaveValue("24");
  await expect(first.getByTestId("reminder-offset-unit")).toContainText("heures avant le début");
  await expect(first.getByRole("switch", { name: "Activé" })).toBeChecked();
  await expect(first.getByTestId("reminder-status")).toHaveText("Prochain envoi : ven. 11 juin 2027, 20:30");
  await expect(page.getByTestId("reminders-not-published")).toBeVisible();
  await expect(page.getByText("Un objet ou un texte laissé vide utilise le texte par défaut")).toBeVisible();

  // Two days before, with its own subject and a variable inserted from its chip.
  await first.getByLabel("Délai").fill("2");
  await first.getByTestId("reminder-offset-unit").click();
  await page.getByRole("option", { name: "jours avant le début" }).click();
  await expect(first.getByTestId("reminder-status")).toHaveText("Enregistrez pour voir l'heure d'envoi.");
  await first.getByLabel("Objet", { exact: true }).fill("Bientôt : {event_title}");
  await first.getByLabel("Texte", { exact: true }).fill("Bonjour , à samedi !");
  await first
    .getByLabel("Texte", { exact: true })
    .evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(8, 8));
  await first.getByRole("button", { name: "Insérer {first_name} dans le texte" }).click();
  await expect(first.getByLabel("Texte", { exact: true })).toHaveValue("Bonjour {first_name}, à samedi !");

  // A second one, two hours before.
  await page.getByRole("button", { name: "Ajouter un rappel" }).click();
  await expect(cards).toHaveCount(2);
  await expectAccessible(page);
  await page.getByTestId("reminders-save").click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Rappels enregistrés" }).first()).toBeVisible();
  await expect(first.getByTestId("reminder-status")).toHaveText("Prochain envoi : jeu. 10 juin 2027, 20:30");
  await expect(cards.nth(1).getByTestId("reminder-status")).toHaveText("Prochain envoi : sam. 12 juin 2027, 18:30");

  // Stored: the page reloads them as saved.
  await page.reload();
  await expect(cards).toHaveCount(2);
  await expect(first.getByLabel("Objet", { exact: true })).toHaveValue("Bientôt : {event_title}");
  await expect(first.getByLabel("Texte", { exact: true })).toHaveValue("Bonjour {first_name}, à samedi !");
  await expect(first.getByTestId("reminder-status")).toHaveText("Prochain envoi : jeu. 10 juin 2027, 20:30");
  await page.screenshot({ path: `${SCREENS}/event-reminders-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/event-reminders-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The API answers the same list.
  const listed = await page.request.get(`/api/events/${id}/reminders`);
  expect(await listed.json()).toMatchObject({
    reminders: [
      { offset_value: 2, offset_unit: "days", next_send_at: "2027-06-10T18:30:00.000Z" },
      { offset_value: 2, offset_unit: "hours", next_send_at: "2027-06-12T16:30:00.000Z" },
    ],
  });

  // The dashboard shows the next one and leads to the page.
  await page.goto(`/event/${id}`);
  const card = page.getByTestId("dashboard-reminders");
  await expect(card).toContainText("Rappels");
  await expect(card.getByTestId("dashboard-reminders-next")).toHaveText("Prochain rappel : jeu. 10 juin 2027, 20:30");
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS}/event-reminders-dashboard-1280.png`, fullPage: true });
  await card.getByRole("link", { name: "Gérer les rappels" }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${id}/reminders$`));

  // Every reminder turned off: nothing scheduled.
  for (const index of [0, 1]) await cards.nth(index).getByRole("switch", { name: "Activé" }).click();
  // The switch shows « Désactivé » before the save is stored: wait for the save's answer before leaving the page.
  const stored = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.includes("/reminders"),
  );
  await page.getByTestId("reminders-save").click();
  await stored;
  await expect(cards.first().getByTestId("reminder-status")).toHaveText("Désactivé : ce rappel ne sera pas envoyé.");
  await page.goto(`/event/${id}`);
  await expect(page.getByTestId("dashboard-reminders-next")).toHaveText("Aucun rappel programmé");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/event-reminders-dashboard-390.png`, fullPage: true });
});
