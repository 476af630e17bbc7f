import { mkdirSync } from "node:fs";
import { expect as baseExpect, test } from "@playwright/test";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 25 §10: editing a participant covers the answers to the participant form, checked as the booking checks
// them. A new event of the owner's organization (page.request carries the owner's session), one free order.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";
const DAY = 86_400_000;

const diet = {
  id: "RegimeAlimentQ01",
  title: "Régime alimentaire",
  description: "",
  mandatory: true,
  type: "unique-choice",
  options: [
    { id: "Vegetarien000001", title: "Végétarien" },
    { id: "SansGluten000001", title: "Sans gluten" },
  ],
  ticket_target: [],
  allow_target: false,
};
const workshops = {
  ...diet,
  id: "AteliersChoisis1",
  title: "Ateliers",
  mandatory: false,
  type: "multiple-choice",
  options: [
    { id: "AtelierCuisine01", title: "Cuisine" },
    { id: "AtelierJardin001", title: "Jardin" },
  ],
};
const access = {
  ...diet,
  id: "AccessibiliteQ01",
  title: "Besoins d'accessibilité",
  mandatory: false,
  type: "text",
  options: [],
};

test("an organizer corrects a participant's answers; an emptied mandatory answer is refused and changes nothing", async ({
  page,
}) => {
  await signIn(page, "owner@guichet.test");
  const start = Date.now() + 20 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: `Journée des jardins ${Date.now().toString(36)}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 6 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  const eventId = ((await created.json()) as { id: number }).id;
  const ticket = await page.request.post(`/api/events/${eventId}/tickets`, {
    data: { title: "Journée", price: 0, ticket_type: "ticket", max_per_order: 2 },
  });
  const ticketId = ((await ticket.json()) as { id: number }).id;
  const saved = await page.request.put(`/api/events/${eventId}/participation-form/before-tickets`, {
    data: { title: "", questions: JSON.stringify([diet, workshops, access]), ticket_target: JSON.stringify("all") },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await page.request.put(`/api/events/${eventId}/status/published`)).status()).toBe(200);
  const person = { first_name: "Rose", last_name: "Martin", email: `rose.${Date.now().toString(36)}@exemple.test` };
  const placed = await page.request.post(`/api/public/events/${eventId}/orders`, {
    data: {
      items: [{ ticket_id: ticketId, quantity: 1 }],
      buyer: person,
      participants: [
        {
          ticket_id: ticketId,
          ...person,
          answers: { [diet.id]: "Vegetarien000001", [workshops.id]: ["AtelierCuisine01"] },
        },
      ],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  await page.goto(`/event/${eventId}/participants`);
  await page
    .getByRole("link", { name: /Rose Martin/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/participants\/\d+$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Modifier les réponses" }).click();
  const dialog = page.getByRole("dialog", { name: "Modifier les réponses" });
  await expect(dialog.getByLabel("Régime alimentaire *")).toHaveValue("Vegetarien000001");
  await expect(dialog.getByRole("checkbox", { name: "Cuisine" })).toBeChecked();
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/participant-answers-edit-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // An emptied mandatory answer: refused with the booking's message, nothing saved.
  await dialog.getByLabel("Régime alimentaire *").selectOption("");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Ce champ est obligatoire.")).toBeVisible();

  await dialog.getByLabel("Régime alimentaire *").selectOption("SansGluten000001");
  await dialog.getByRole("checkbox", { name: "Cuisine" }).uncheck();
  await dialog.getByRole("checkbox", { name: "Jardin" }).check();
  await dialog.getByLabel("Besoins d'accessibilité").fill("Rampe d'accès");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Réponses mises à jour")).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.locator("dl").filter({ hasText: "Régime alimentaire" });
  await expect(card).toContainText("Sans gluten");
  await expect(card).toContainText("Jardin");
  await expect(card).not.toContainText("Cuisine");
  await expect(card).toContainText("Rampe d'accès");
});
