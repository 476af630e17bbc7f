import { mkdirSync } from "node:fs";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { describeViolations, seriousViolations } from "./support/axe";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 30 §2: the quota editor on a single-date event: the event capacity first, then quotas added, refused, edited
// and deleted in a dialog. A new organizer of its own; the event and its tickets go through the API with its token.
// Quotas on dates are covered by tests/integration/quotas-api.test.ts (dates have no API in this branch).
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";
const PASSWORD = "Quotas-Salle-2026";
const DAY = 86_400_000;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, animations: "disabled", fullPage: true });
    expect(describeViolations(await seriousViolations(page)), `${name} at ${width} px`).toBe("");
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an organizer sets the event capacity and adds, corrects, edits and deletes a quota", async ({
  page,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const email = await registerWithOrganization(
    request,
    "quotas",
    "Inès",
    `Théâtre ${Date.now().toString(36)}`,
    PASSWORD,
  );
  const token = await ok<string>(await request.post("/auth/login", { data: { email, password: PASSWORD } }));
  const headers = { Authorization: `Bearer ${token}` };
  const start = Date.now() + 30 * DAY;
  const { id: eventId } = await ok<{ id: number }>(
    await request.post("/api/events", {
      headers,
      data: {
        title: "Festival d'été",
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 5 * 3_600_000).toISOString(),
        timezone: "Europe/Paris",
      },
    }),
  );
  const ticket = async (title: string, ticketType: "ticket" | "addon" = "ticket") =>
    (
      await ok<{ id: number; date_ids: number[] }>(
        await request.post(`/api/events/${eventId}/tickets`, {
          headers,
          data: { title, price: 0, ticket_type: ticketType },
        }),
      )
    ).id;
  await ticket("Plein tarif");
  const reduced = await ticket("Tarif réduit");
  await ticket("Parking", "addon");

  await signIn(page, email, PASSWORD, { fresh: true });
  await page.goto(`/event/${eventId}`);
  await waitForHydration(page);
  // The side navigation leads there, beside the tickets.
  await page.getByRole("button", { name: "Billetterie" }).first().click();
  await page.getByRole("link", { name: "Quotas" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}/quotas$`));
  const capacity = page.getByTestId("quota-event-capacity");
  await expect(capacity).toContainText("Capacité de l'événement");
  await expect(capacity).toContainText("Tous les billets, toutes les dates");
  await expect(page.getByTestId("quota-event-capacity-counts")).toHaveText("0 vendus · 0 réservés · sans limite");
  await expect(page.getByText("Aucun quota")).toBeVisible();

  // The event capacity.
  await page.getByTestId("quota-capacity-edit").click();
  const capacityDialog = page.getByTestId("quota-capacity-dialog");
  // No limit yet: « Aucune limite » is ticked and the number waits for it to be unticked.
  await expect(capacityDialog.getByLabel("Nombre de places")).toBeDisabled();
  await capacityDialog.getByLabel("Aucune limite").uncheck();
  await capacityDialog.getByLabel("Nombre de places").fill("300");
  await capacityDialog.getByTestId("quota-capacity-save").click();
  await expect(capacityDialog).toBeHidden();
  await expect(page.getByTestId("quota-event-capacity-counts")).toHaveText(
    "0 vendus · 0 réservés · 300 restants sur 300",
  );

  // A quota without a ticket is refused in the dialog, with the field named; then corrected.
  await page.getByTestId("quota-add").click();
  const dialog = page.getByTestId("quota-dialog");
  await expect(dialog.getByRole("heading", { name: "Ajouter un quota" })).toBeVisible();
  await dialog.getByLabel("Nom", { exact: true }).fill("Tarifs réduits");
  await dialog.getByLabel("Nombre de places").fill("50");
  await dialog.getByTestId("quota-save").click();
  await expect(dialog.getByText("Choisissez au moins un billet.")).toBeVisible();
  await dialog.getByLabel("Tarif réduit").check();
  await dialog.getByLabel("Parking").check();
  // Ticking a ticket answers the refusal: its message goes.
  await expect(dialog.getByText("Choisissez au moins un billet.")).toBeHidden();
  await shoot(page, "quotas-dialog");
  await dialog.getByTestId("quota-save").click();
  await expect(dialog).toBeHidden();

  const cards = page.getByTestId("quota-list").getByRole("listitem");
  await expect(cards).toHaveCount(2);
  const quota = cards.nth(1);
  await expect(quota).toContainText("Tarifs réduits");
  await expect(quota).toContainText("Toutes les dates");
  await expect(quota).toContainText("Tarif réduit");
  await expect(quota).toContainText("Parking");
  await expect(quota).toContainText("0 vendus · 0 réservés · 50 restants sur 50");
  await shoot(page, "quotas");

  // What the API answers is what the page saved.
  const saved = await ok<{
    event_capacity: { size: number };
    quotas: { id: number; name: string; ticket_ids: number[] }[];
  }>(await request.get(`/api/events/${eventId}/quotas`, { headers }));
  expect(saved.event_capacity.size).toBe(300);
  expect(saved.quotas).toEqual([
    expect.objectContaining({
      name: "Tarifs réduits",
      size: 50,
      date_id: null,
      ticket_ids: expect.arrayContaining([reduced]),
    }),
  ]);
  const quotaId = saved.quotas[0]!.id;

  // Edited: fewer places, the add-on left out.
  await page.getByTestId(`quota-edit-${quotaId}`).click();
  await expect(dialog.getByRole("heading", { name: "Modifier le quota" })).toBeVisible();
  await expect(dialog.getByLabel("Nom", { exact: true })).toHaveValue("Tarifs réduits");
  await dialog.getByLabel("Nombre de places").fill("40");
  await dialog.getByLabel("Parking").uncheck();
  await dialog.getByTestId("quota-save").click();
  await expect(dialog).toBeHidden();
  await expect(quota).toContainText("0 vendus · 0 réservés · 40 restants sur 40");
  await expect(quota).not.toContainText("Parking");

  // Deleted after confirmation.
  await page.getByTestId(`quota-delete-${quotaId}`).click();
  await page.getByTestId("quota-delete-confirm").click();
  await expect(cards).toHaveCount(1);
  await expect(page.getByText("Aucun quota")).toBeVisible();
  const after = await ok<{ quotas: unknown[] }>(await request.get(`/api/events/${eventId}/quotas`, { headers }));
  expect(after.quotas).toEqual([]);
});
