import { expect, test, type Page } from "@playwright/test";
import { describeViolations, seriousViolations } from "./support/axe";
import { signIn } from "./support/sign-in";

// Issue 30 §1: the « Dates » page of an event: a series of 20 evenings across the spring-forward change, a slot-based
// series, listed by month, a range's capacity edited, one date cancelled.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function pick(page: Page, trigger: string, option: string | RegExp) {
  await page.getByTestId(trigger).click();
  await page.getByRole("option", { name: option }).click();
}

test("event dates: series of evenings and slots, by month, range edit, cancel", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const created = await page.request.post("/api/events", {
    data: {
      title: `Le Misanthrope ${Date.now()}`,
      start_at: "2027-03-22T19:00:00Z",
      end_at: "2027-03-22T21:30:00Z",
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  try {
    await page.goto(`/event/${id}/dates`);
    await expect(page.getByTestId("dates-empty")).toContainText("l'événement garde sa date unique");
    await expect(page.getByRole("link", { name: "Dates" })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/event-dates-empty-1280.png` });

    // Twenty evenings at 20:00, every day from Monday 22 March 2027 (clocks go forward on the 28th).
    await page.getByTestId("dates-add-series").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("À partir du").fill("2027-03-22");
    await dialog.getByRole("button", { name: "Tous les jours" }).click();
    await dialog.getByTestId("series-time").first().fill("20:00");
    await dialog.getByLabel("Durée (minutes, facultatif)").fill("150");
    await dialog.getByLabel("Nombre de dates").fill("20");
    await dialog.getByLabel("Jauge").fill("40");
    await expect(dialog.getByTestId("series-preview")).toContainText("20 dates seront créées");
    await expect(dialog.getByTestId("series-preview")).toContainText("22 mars 2027");
    await dialog.getByTestId("series-save").click();
    await expect(page.getByText("20 dates ajoutées")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("date-row")).toHaveCount(20);
    // 20:00 on both sides of the change.
    await expect(page.getByTestId("date-row").nth(5)).toContainText("20:00 – 22:30");
    await expect(page.getByTestId("date-row").nth(6)).toContainText("20:00 – 22:30");

    // A slot-based series: every 30 minutes from 10:00 to 12:00 on Monday 3 May.
    await page.getByTestId("dates-add-series").click();
    await pick(page, "series-kind", "Créneaux");
    await dialog.getByLabel("À partir du").fill("2027-05-03");
    await dialog.getByLabel("Toutes les (minutes)").fill("30");
    await dialog.getByLabel("De", { exact: true }).fill("10:00");
    await dialog.getByLabel("À", { exact: true }).fill("12:00");
    await dialog.getByLabel("Durée (minutes, facultatif)").fill("");
    await pick(page, "series-end-kind", "Jusqu'à une date");
    await dialog.getByLabel("Jusqu'au").fill("2027-05-03");
    await dialog.getByLabel("Jauge").fill("30");
    await expect(dialog.getByTestId("series-preview")).toContainText("4 dates seront créées");
    await dialog.getByTestId("series-save").click();
    await expect(page.getByText("4 dates ajoutées")).toBeVisible();
    await expect(page.getByTestId("dates-total")).toHaveText("24 dates");

    // By month: April holds ten evenings.
    await pick(page, "dates-month", "avril 2027");
    await expect(page).toHaveURL(/month=2027-04/);
    await expect(page.getByTestId("date-row")).toHaveCount(10);
    await pick(page, "dates-month", "mai 2027");
    await expect(page.getByTestId("date-row")).toHaveCount(4);
    await expect(page.getByTestId("date-row").first()).toContainText("10:00 – 10:30");
    // A slot nothing was sold on can be deleted.
    await page
      .getByTestId("date-row")
      .last()
      .getByRole("button", { name: /Actions pour la date/ })
      .click();
    await page.getByRole("menuitem", { name: "Supprimer" }).click();
    await page.getByTestId("dates-delete-confirm").click();
    await expect(page.getByText("Date supprimée")).toBeVisible();
    await expect(page.getByTestId("date-row")).toHaveCount(3);

    // A range's capacity: every April evening to 30 places.
    await pick(page, "dates-month", "avril 2027");
    await expect(page.getByTestId("date-row")).toHaveCount(10);
    await page.getByLabel("Sélectionner toutes les dates de la page").click();
    await expect(page.getByTestId("dates-selection")).toContainText("10 dates sélectionnées");
    await page.getByRole("button", { name: "Modifier la sélection" }).click();
    await dialog.getByLabel("Jauge").fill("30");
    await dialog.getByTestId("dates-edit-save").click();
    await expect(page.getByText("10 dates modifiées")).toBeVisible();
    for (const row of await page.getByTestId("date-sales").all()) await expect(row).toContainText("0 / 30");

    // Cancel one date.
    await page
      .getByTestId("date-row")
      .first()
      .getByRole("button", { name: /Actions pour la date/ })
      .click();
    await page.getByRole("menuitem", { name: "Annuler la date" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Annuler cette date ?");
    await page.getByTestId("dates-cancel-confirm").click();
    await expect(page.getByText("1 date annulée")).toBeVisible();
    await expect(page.getByTestId("date-row").first().getByTestId("date-status")).toHaveText("Annulée");
    await expect(page.getByTestId("date-row").nth(1).getByTestId("date-status")).toHaveText("En vente");

    // One date on its own: another hall, a later end.
    const second = page.getByTestId("date-row").nth(1);
    await second.getByRole("button", { name: /Actions pour la date/ }).click();
    await page.getByRole("menuitem", { name: "Modifier" }).click();
    await expect(dialog.getByLabel("Début")).toHaveValue("2027-04-02T20:00");
    await expect(dialog.getByLabel("Jauge")).toHaveValue("30");
    await dialog.getByLabel("Nom du lieu (facultatif)").fill("Salle Gémier");
    await dialog.getByLabel("Fin (facultatif)").fill("2027-04-02T23:00");
    await page.screenshot({ path: `${SCREENS}/event-dates-edit-1280.png` });
    await dialog.getByTestId("dates-edit-save").click();
    await expect(page.getByText("1 date modifiée")).toBeVisible();
    await expect(second).toContainText("Salle Gémier");
    await expect(second).toContainText("20:00 – 23:00");

    // The event's span follows its dates: from the first evening to the end of the last slot left (11:00–11:30).
    const event = (await (await page.request.get(`/api/events/${id}`)).json()) as { start_at: string; end_at: string };
    expect(event.start_at).toBe("2027-03-22T19:00:00.000Z");
    expect(event.end_at).toBe("2027-05-03T09:30:00.000Z");

    await page.mouse.move(0, 0);
    await expect(page.getByText("1 date modifiée")).toBeHidden({ timeout: 15_000 });
    expect(describeViolations(await seriousViolations(page)), "dates page").toBe("");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SCREENS}/event-dates-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId("dates-add-series").click();
    await expect(dialog.getByTestId("series-preview")).toBeVisible();
    expect(describeViolations(await seriousViolations(page)), "series dialog").toBe("");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SCREENS}/event-dates-series-${width}.png` });
    }
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});
