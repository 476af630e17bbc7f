import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { liftWithSpace, pressUntilShifted } from "./support/keyboard-sort";
import { signIn } from "./support/sign-in";

// Tickets and add-ons of a fresh event of the owner's organization (spec §2 tickets/addons pages, §4 derived status).

// Each save revalidates the event area; on a loaded machine that takes several seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
const DAY = 86_400_000;
/** Where the screenshots go (E2E_SCREENS lets a run keep them apart from other runs' test-results). */
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
/** A `datetime-local` value in Europe/Paris (the event's zone and the browser's). */
const parisLocal = (at: number) =>
  new Date(at).toLocaleString("sv-SE", { timeZone: "Europe/Paris" }).slice(0, 16).replace(" ", "T");

const titles = (page: Page) => page.getByTestId("ticket-title").allTextContents();
const row = (page: Page, title: string) =>
  page.getByTestId("ticket-row").filter({ has: page.getByTestId("ticket-title").getByText(title, { exact: true }) });

async function createFromSheet(
  page: Page,
  values: { title: string; price: string; amount?: string; sellEnd?: string; showRemaining?: boolean },
) {
  await page.getByTestId("ticket-create").click();
  const sheet = page.getByTestId("ticket-sheet");
  await expect(sheet).toBeVisible();
  await sheet.locator('input[name="title"]').fill(values.title);
  await sheet.locator('input[name="price"]').fill(values.price);
  if (values.amount) {
    await sheet.getByText("Stock illimité").click();
    await sheet.getByTestId("ticket-amount").fill(values.amount);
  }
  if (values.sellEnd) await sheet.locator('input[name="sell_end_at"]').fill(values.sellEnd);
  if (values.showRemaining) await sheet.getByLabel("Afficher le nombre de places restantes").check();
  await sheet.getByTestId("ticket-submit").click();
  await expect(sheet).toBeHidden();
  await expect(row(page, values.title)).toBeVisible();
}

async function dragHandle(page: Page, handle: Locator, target: Locator, after: boolean) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + (after ? 10 : -10), { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, after ? to.y + to.height - 5 : to.y + 5, { steps: 12 });
  await page.mouse.up();
}

// One event for the serial steps below, deleted at the end.
let id = 0;
test.describe.configure({ mode: "serial" });

test.afterAll(async ({ browser }) => {
  if (!id) return;
  const page = await browser.newPage();
  await signIn(page, "owner@guichet.test");
  await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  await page.close();
});

test("tickets: create, refuse bad input, reorder by drag and keyboard, derived statuses, capacity", async ({
  page,
}) => {
  test.setTimeout(480_000);
  await signIn(page, "owner@guichet.test");
  const title = `Soirée billets ${Date.now()}`;
  const start = Date.now() + 30 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 5 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  id = ((await created.json()) as { id: number }).id;

  await page.goto(`/event/${id}/tickets`);
  await expect(page.getByTestId("tickets-empty")).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Billets" }).first()).toBeVisible();

  await createFromSheet(page, { title: "Plein tarif", price: "25,50", amount: "100", showRemaining: true });
  await expect(row(page, "Plein tarif").getByTestId("ticket-price")).toHaveText(/25,50\s€/);
  await expect(row(page, "Plein tarif").getByTestId("ticket-sold")).toContainText("0 / 100");
  await expect(row(page, "Plein tarif").getByTestId("ticket-status")).toHaveText("En vente");
  await createFromSheet(page, { title: "Tarif réduit", price: "0" });
  await expect(row(page, "Tarif réduit").getByTestId("ticket-price")).toHaveText("Gratuit");
  await createFromSheet(page, { title: "Prévente", price: "18", sellEnd: parisLocal(Date.now() - DAY) });
  await expect(row(page, "Prévente").getByTestId("ticket-status")).toHaveText("Ventes terminées");
  await expect(row(page, "Prévente").getByTestId("ticket-status")).toHaveAttribute("data-color", "red");

  // A refused form names the field and writes nothing.
  await page.getByTestId("ticket-create").click();
  const sheet = page.getByTestId("ticket-sheet");
  await sheet.locator('input[name="title"]').fill("Invalide");
  await sheet.locator('input[name="price"]').fill("-5");
  await sheet.locator('input[name="min_per_order"]').fill("5");
  await sheet.locator('input[name="max_per_order"]').fill("2");
  await sheet.getByTestId("ticket-submit").click();
  await expect(
    sheet.getByText("Le prix doit être un montant positif ou nul, avec au plus deux décimales."),
  ).toBeVisible();
  await expect(sheet.getByText("Le maximum par commande doit être supérieur ou égal au minimum.")).toBeVisible();
  await expect(sheet.locator('input[name="price"]')).toBeFocused();
  await page.keyboard.press("Escape");
  expect(await titles(page)).toEqual(["Plein tarif", "Tarif réduit", "Prévente"]);

  // Drag the last ticket to the top with the pointer; the order is saved.
  await page.waitForLoadState("networkidle");
  // A pointer drag that starts before the list is ready does nothing: drag again until the order shows it.
  await expect(async () => {
    if ((await titles(page))[0] !== "Prévente") {
      await dragHandle(page, row(page, "Prévente").getByTestId("ticket-drag-handle"), row(page, "Plein tarif"), false);
    }
    expect(await titles(page)).toEqual(["Prévente", "Plein tarif", "Tarif réduit"]);
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText("Ordre enregistré")).toBeVisible();
  await page.reload();
  expect(await titles(page)).toEqual(["Prévente", "Plein tarif", "Tarif réduit"]);

  // Keyboard: Space lifts, arrows move 25 px a press, Space drops.
  const handle = row(page, "Prévente").getByTestId("ticket-drag-handle");
  await liftWithSpace(page, handle);
  await pressUntilShifted(page, "ArrowDown", row(page, "Plein tarif"));
  // The drop shows the new order at once and saves it in the background: reload only once the save has answered.
  const saved = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.includes("/tickets"),
  );
  await page.keyboard.press("Space");
  await expect.poll(() => titles(page)).toEqual(["Plein tarif", "Prévente", "Tarif réduit"]);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  expect(await titles(page)).toEqual(["Plein tarif", "Prévente", "Tarif réduit"]);

  // Dates change the status: sales moved to the future have not started yet.
  await row(page, "Prévente").getByTestId("ticket-title").click();
  await expect(page.getByTestId("ticket-edit-page")).toBeVisible();
  await page.locator('input[name="sell_end_at"]').fill("");
  await page.locator('input[name="sell_start_at"]').fill(parisLocal(Date.now() + 2 * DAY));
  await page.getByTestId("ticket-save").click();
  await expect(page).toHaveURL(new RegExp(`/event/${id}/tickets$`));
  await expect(page.getByText("Billet mis à jour")).toBeVisible();
  await expect(row(page, "Prévente").getByTestId("ticket-status")).toHaveText("Ventes pas encore commencées");

  // Hidden from the public page.
  await row(page, "Tarif réduit").getByTestId("ticket-title").click();
  await page.locator('select[name="visibility"]').selectOption("hidden");
  await page.getByTestId("ticket-save").click();
  await expect(row(page, "Tarif réduit").getByTestId("ticket-status")).toHaveText("Masqué");

  // Stock: a capacity of 0 makes the tickets sold out; add-ons never count toward it.
  await page.getByTestId("event-capacity").getByLabel("Jauge illimitée").click();
  await page.getByTestId("event-capacity").locator('input[name="event_capacity"]').fill("0");
  await page.getByTestId("capacity-save").click();
  await expect(page.getByText("Jauge mise à jour")).toBeVisible();
  await expect(row(page, "Plein tarif").getByTestId("ticket-status")).toHaveText("Complet");
  await expect(row(page, "Plein tarif").getByTestId("ticket-status")).toHaveAttribute("data-color", "gray");
});

test("add-ons, deletion with confirmation, and the public page", async ({ page }) => {
  test.setTimeout(480_000);
  await signIn(page, "owner@guichet.test");
  await page.goto(`/event/${id}/addons`);
  await expect(page.getByTestId("tickets-empty")).toBeVisible();
  await createFromSheet(page, { title: "Parking", price: "5" });
  await createFromSheet(page, { title: "Vestiaire", price: "2" });
  await expect(row(page, "Parking").getByTestId("ticket-status")).toHaveText("En vente");
  await liftWithSpace(page, row(page, "Vestiaire").getByTestId("ticket-drag-handle"));
  await pressUntilShifted(page, "ArrowUp", row(page, "Parking"));
  await page.keyboard.press("Space");
  await expect.poll(() => titles(page)).toEqual(["Vestiaire", "Parking"]);

  // Back to an unlimited capacity; delete one ticket with confirmation.
  await page.goto(`/event/${id}/tickets`);
  await page.getByTestId("event-capacity").getByLabel("Jauge illimitée").click();
  await page.getByTestId("capacity-save").click();
  await expect(row(page, "Plein tarif").getByTestId("ticket-status")).toHaveText("En vente");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENS}/tickets-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/tickets-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await createFromSheet(page, { title: "À supprimer", price: "1" });
  await row(page, "À supprimer").getByTestId("ticket-actions").click();
  await page.getByTestId("ticket-delete").click();
  await page.getByTestId("ticket-delete-confirm").click();
  await expect(page.getByText("Billet supprimé")).toBeVisible();
  await expect(row(page, "À supprimer")).toHaveCount(0);

  // The public page: visible tickets and add-ons in their order, prices, statuses, remaining count.
  const published = await page.request.put(`/api/events/${id}/status/published`);
  expect(published.status(), await published.text()).toBe(200);
  await page.goto(`/events/${id}`);
  const publicTickets = page.getByTestId("public-ticket");
  await expect(publicTickets).toHaveCount(4);
  await expect(publicTickets.nth(0)).toContainText("Plein tarif");
  await expect(publicTickets.nth(0)).toContainText("25,50");
  await expect(publicTickets.nth(0)).toContainText("En vente");
  await expect(publicTickets.nth(0)).toContainText("100 places restantes");
  await expect(publicTickets.nth(1)).toContainText("Prévente");
  await expect(publicTickets.nth(1)).toContainText(/Ventes ouvertes le .+\(Paris\)/);
  await expect(publicTickets.nth(2)).toContainText("Vestiaire");
  await expect(publicTickets.nth(3)).toContainText("Parking");
  await expect(page.getByText("Tarif réduit")).toHaveCount(0);
  await expect(page.getByText("À supprimer")).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENS}/tickets-public-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/tickets-public-390.png`, fullPage: true });
});

test("the edit page at 390 px and 1440 px", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const created = await page.request.post("/api/events", {
    data: {
      title: `Billet seul ${Date.now()}`,
      start_at: new Date(Date.now() + 20 * DAY).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  const { id } = (await created.json()) as { id: number };
  try {
    const ticket = await page.request.post(`/api/events/${id}/tickets`, {
      data: {
        title: "Pass week-end",
        price: 4500,
        amount: 200,
        detailed_description: "<p>Accès aux <strong>deux jours</strong>.</p>",
      },
    });
    expect(ticket.status(), await ticket.text()).toBe(201);
    const { id: ticketId } = (await ticket.json()) as { id: number };
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/event/${id}/tickets/${ticketId}`);
      await expect(page.locator('input[name="title"]')).toHaveValue("Pass week-end");
      await expect(page.locator('input[name="price"]')).toHaveValue("45");
      await expect(page.getByText("deux jours")).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/ticket-edit-${width}.png`, fullPage: true });
    }
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});

test("prices in French, a ticket's own placeholder, and add-ons announced as add-ons", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@guichet.test");
  const created = await page.request.post("/api/events", {
    data: {
      title: `Tarifs décimaux ${Date.now()}`,
      start_at: new Date(Date.now() + 20 * DAY).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  const { id } = (await created.json()) as { id: number };
  try {
    const ticket = await page.request.post(`/api/events/${id}/tickets`, {
      data: { title: "Tarif étudiant", price: 1250, amount: 50 },
    });
    expect(ticket.status(), await ticket.text()).toBe(201);
    const { id: ticketId } = (await ticket.json()) as { id: number };

    // The edit page shows the price as French writes it, and reads a dot as well as a comma back.
    await page.goto(`/event/${id}/tickets/${ticketId}`);
    const price = page.locator('input[name="price"]');
    await expect(price).toHaveValue("12,50");
    // The detailed description suggests what to say about a ticket, not about the event.
    const editor = page.getByTestId("ticket-form-fields").locator("[data-placeholder]");
    await expect(editor).toHaveAttribute(
      "data-placeholder",
      "Ce que comprend ce billet : accès, horaires, placement, conditions…",
    );
    await page.screenshot({ path: `${SCREENS}/ticket-edit-price-fr.png`, fullPage: true });
    await price.fill("13.75");
    await page.getByTestId("ticket-save").click();
    await expect(page).toHaveURL(new RegExp(`/event/${id}/tickets$`));
    await expect(page.getByText("Billet mis à jour")).toBeVisible();
    await expect(row(page, "Tarif étudiant").getByTestId("ticket-price")).toHaveText(/13,75\s€/);
    await page.goto(`/event/${id}/tickets/${ticketId}`);
    await expect(price).toHaveValue("13,75");

    // An add-on is created, updated and deleted as an add-on, with its own placeholder.
    await page.goto(`/event/${id}/addons`);
    await page.getByTestId("ticket-create").click();
    const sheet = page.getByTestId("ticket-sheet");
    await expect(sheet.locator("[data-placeholder]")).toHaveAttribute(
      "data-placeholder",
      "Ce que comprend cet add-on : contenu, retrait, conditions…",
    );
    await sheet.locator('input[name="title"]').fill("Navette retour");
    await sheet.locator('input[name="price"]').fill("4,50");
    await sheet.getByTestId("ticket-submit").click();
    await expect(sheet).toBeHidden();
    await expect(page.getByText("Add-on créé")).toBeVisible();
    await expect(page.getByText("Billet créé")).toHaveCount(0);
    await expect(row(page, "Navette retour").getByTestId("ticket-price")).toHaveText(/4,50\s€/);
    await page.screenshot({ path: `${SCREENS}/addon-created-fr.png`, fullPage: true });
    await row(page, "Navette retour").getByTestId("ticket-actions").click();
    await page.getByTestId("ticket-delete").click();
    await page.getByTestId("ticket-delete-confirm").click();
    await expect(page.getByText("Add-on supprimé")).toBeVisible();
    await expect(row(page, "Navette retour")).toHaveCount(0);
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});
