import { expect as baseExpect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/mailbox";
import { signIn } from "./support/sign-in";

// Issue 11 §2: add participants by hand on the participants page (a manual order). The spec §5/§8 messages on an
// incomplete form, then the new participant in the list and the manual order behind them.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const DAY = 86_400_000;

const table = (page: Page) => page.getByRole("table", { name: "Participants" });

test("a participant added by hand appears in the participants list", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@guichet.test");
  const start = Date.now() + 30 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: `Atelier sur invitation ${Date.now().toString(36)}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 2 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  for (const [title, price] of [
    ["Invitation partenaire", 0],
    ["Entrée atelier", 1500],
  ] as const) {
    const ticket = await page.request.post(`/api/events/${eventId}/tickets`, {
      data: { title, price, amount: 10, ticket_type: "ticket", max_per_order: 4 },
    });
    expect(ticket.status(), await ticket.text()).toBe(201);
  }

  await page.goto(`/event/${eventId}/participants`);
  await expect(page.getByRole("link", { name: "Importer" })).toHaveAttribute(
    "href",
    `/event/${eventId}/participants/import`,
  );
  await page.getByRole("button", { name: "Ajouter des participants" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter des participants" });
  await expect(dialog).toBeVisible();

  // Incomplete: the spec's messages, nothing written.
  await dialog.getByLabel("Email").first().fill("pas-un-email");
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog.getByRole("alert").first()).toContainText("Veuillez remplir tous les champs.");
  await expect(dialog.getByText("Email invalide", { exact: true })).toBeVisible();
  // The sentence once, at the top; each empty field is marked invalid without repeating it (the two empty names of the
  // buyer, and the participant's ticket, names and email).
  await expect(dialog.getByText("Veuillez remplir tous les champs.")).toHaveCount(1);
  await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(7);
  await page.screenshot({ path: `${SCREENS}/participants-add-errors.png` });

  // The buyer and two participants.
  const buyerEmail = uniqueEmail("ajout-manuel");
  const buyer = dialog.getByRole("group", { name: "Acheteur" });
  await buyer.getByLabel("Prénom").fill("Aurélie");
  await buyer.getByLabel("Nom", { exact: true }).fill("Chevalier");
  await buyer.getByLabel("Email").fill(buyerEmail);
  await expect(dialog.getByText("Email invalide", { exact: true })).toHaveCount(0);
  const first = dialog.getByRole("group", { name: "Participant 1" });
  await first.getByLabel("Billet").selectOption({ label: "Invitation partenaire" });
  await first.getByLabel("Prénom").fill("Aurélie");
  await first.getByLabel("Nom", { exact: true }).fill("Chevalier");
  await first.getByLabel("Email").fill(buyerEmail);
  await dialog.getByRole("button", { name: "Ajouter un participant" }).click();
  const second = dialog.getByRole("group", { name: "Participant 2" });
  await second.getByLabel("Billet").selectOption({ label: "Entrée atelier" });
  await second.getByLabel("Prénom").fill("Bastien");
  await second.getByLabel("Nom", { exact: true }).fill("Roussel");
  await second.getByLabel("Email").fill(uniqueEmail("ajout-manuel-2"));
  // What the organization may still send today, under the choice to send (decision 0038).
  await expect(dialog.getByTestId("email-quota")).toHaveText(
    /^E-mails restants aujourd'hui pour votre organisation : \d[\d\s]* sur 500$/,
  );
  // A draft event sends no email: the box starts unticked there.
  await expect(dialog.getByLabel("Envoyer l'email de confirmation")).not.toBeChecked();
  await page.screenshot({ path: `${SCREENS}/participants-add-dialog.png` });
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();

  await expect(page.getByText("2 participants ajoutés")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(table(page).locator("tbody tr")).toHaveCount(2);
  const bastien = table(page).locator("tbody tr", { hasText: "Bastien Roussel" });
  await expect(bastien).toContainText("Entrée atelier");
  await expect(bastien).toContainText(/15,00\s€/);
  await expect(table(page).locator("tbody tr", { hasText: "Aurélie Chevalier" })).toContainText("Gratuit");
  // Opened again, the form starts afresh: one participant, empty fields, no message from the last answer.
  await page.getByRole("button", { name: "Ajouter des participants" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Ajouter un participant" })).toBeVisible();
  await expect(dialog.getByLabel("Prénom")).toHaveCount(2);
  await expect(dialog.getByLabel("Prénom").first()).toHaveValue("");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // A manual order: no payment went through us.
  await page.goto(`/event/${eventId}/orders`);
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(1);
});
