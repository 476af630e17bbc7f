import { expect as baseExpect, test, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { uniqueEmail, waitForMail } from "./support/mailbox";
import { signIn } from "./support/sign-in";

// Issue 28 §3 end to end, the joining half: a fresh organizer turns the waiting list on for a ticket of stock 1 and sets
// the offers' hold time, a buyer books the only place, a visitor joins the list from the public page and reads their
// place (1) on their own page and in their email, the dashboard counts them, and the organizer finds them on the
// waiting-list page and removes them; their page then says so.

const expect = baseExpect.configure({ timeout: 30_000 });
const DAY = 86_400_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function screens(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a sold-out ticket's waiting list: joined from the public page, seen and removed by the organizer", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const password = "waiting-list-organizer-2026";
  const organizer = await registerWithOrganization(request, "waiting-list", "Nora", "Salle des Attentes", password);
  await signIn(page, organizer, password);

  const start = Date.now() + 30 * DAY;
  const title = `Concert complet ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/events", {
    data: {
      title,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: number; waiting_list_hold_hours: number };
  expect(event.waiting_list_hold_hours).toBe(24);
  const ticketAnswer = await page.request.post(`/api/events/${event.id}/tickets`, {
    data: { title: "Fosse", price: 0, ticket_type: "ticket", amount: 1, max_per_order: 2 },
  });
  expect(ticketAnswer.status(), await ticketAnswer.text()).toBe(201);
  const ticket = (await ticketAnswer.json()) as { id: number; waiting_list: boolean };
  expect(ticket.waiting_list).toBe(false);
  const published = await page.request.put(`/api/events/${event.id}/status/published`);
  expect(published.status(), await published.text()).toBe(200);

  // The organizer turns the list on in the ticket editor (off by default).
  await page.goto(`/event/${event.id}/tickets/${ticket.id}`);
  const listSwitch = page.getByRole("switch", { name: "Liste d'attente" });
  await expect(listSwitch).not.toBeChecked();
  await listSwitch.click();
  await expect(listSwitch).toBeChecked();
  await screens(page, "waiting-list-ticket-editor");
  await page.getByTestId("ticket-save").click();
  await expect(page.getByText("Billet mis à jour")).toBeVisible();
  const stored = (await (await page.request.get(`/api/events/${event.id}/tickets`)).json()) as {
    id: number;
    waiting_list: boolean;
  }[];
  expect(stored.find((row) => row.id === ticket.id)?.waiting_list).toBe(true);

  // The offers' hold time on the settings page.
  await page.goto(`/event/${event.id}/settings`);
  const settings = page.getByTestId("waiting-list-settings");
  await expect(settings.locator('[name="waiting_list_hold_hours"]')).toHaveValue("24");
  await settings.locator('[name="waiting_list_hold_hours"]').fill("48");
  await settings.getByTestId("waiting-list-settings-save").click();
  await expect(page.getByText("Événement mis à jour")).toBeVisible();
  await expect(settings.locator('[name="waiting_list_hold_hours"]')).toHaveValue("48");
  const reread = (await (await page.request.get(`/api/events/${event.id}`)).json()) as {
    waiting_list_hold_hours: number;
  };
  expect(reread.waiting_list_hold_hours).toBe(48);
  await screens(page, "waiting-list-settings");

  // A buyer books the only place.
  const slug = ((await (await page.request.get(`/api/public/events/${event.id}`)).json()) as { slug: string }).slug;
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/events/${event.id}/${slug}`);
  await buyer.getByLabel("Quantité pour Fosse").selectOption("1");
  await buyer.getByRole("button", { name: "Réserver" }).click();
  await buyer.locator('[name="buyer.first_name"]').fill("Margaux");
  await buyer.locator('[name="buyer.last_name"]').fill("Lefèvre");
  await buyer.locator('[name="buyer.email"]').fill(uniqueEmail("waiting-list-buyer"));
  await buyer.getByTestId("booking-submit").click();
  await expect(buyer).toHaveURL(/\/orders\/\d+\?token=/);
  await buyerContext.close();

  // A visitor finds the ticket sold out and joins its list.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/events/${event.id}/${slug}`);
  const card = visitor.getByTestId("public-ticket").filter({ hasText: "Fosse" });
  await expect(card).toContainText("Complet");
  await expect(card.getByLabel("Quantité pour Fosse")).toHaveCount(0);
  await screens(visitor, "waiting-list-public-page");
  // The booking widget shows the same choice; its frame shows only the widget's pages, so the form opens in a new tab.
  await visitor.goto(`/embed/events/${event.id}`);
  const embedded = visitor.getByRole("link", { name: "Rejoindre la liste d'attente" });
  await expect(embedded).toHaveAttribute("target", "_blank");
  await expect(embedded).toHaveAttribute("href", `/events/${event.id}/${slug}/waiting-list?ticket=${ticket.id}`);
  await screens(visitor, "waiting-list-embed");
  await visitor.goto(`/events/${event.id}/${slug}`);
  await card.getByRole("link", { name: "Rejoindre la liste d'attente" }).click();
  await expect(visitor.getByTestId("waiting-list-form")).toContainText("« Fosse » est complet.");
  // The consent box is required.
  const visitorEmail = uniqueEmail("waiting-list-visitor");
  await visitor.locator('[name="first_name"]').fill("Léa");
  await visitor.locator('[name="last_name"]').fill("Martin");
  await visitor.locator('[name="email"]').fill(visitorEmail);
  await visitor.locator('[name="quantity"]').selectOption("2");
  await visitor.getByTestId("waiting-list-submit").click();
  await expect(visitor.getByTestId("waiting-list-errors")).toBeVisible();
  await expect(visitor.getByText("Cochez la case pour accepter que vos coordonnées soient conservées.")).toBeVisible();
  // What was typed stays, the quantity too.
  await expect(visitor.locator('[name="email"]')).toHaveValue(visitorEmail);
  await expect(visitor.locator('[name="quantity"]')).toHaveValue("2");
  await screens(visitor, "waiting-list-join-errors");
  await visitor.getByRole("checkbox").check();
  await visitor.getByTestId("waiting-list-submit").click();
  await expect(visitor).toHaveURL(/\/waiting-list\/[a-z0-9]+\?joined=1$/);
  await expect(visitor.getByTestId("waiting-list-joined")).toContainText("Votre place dans la file : 1");
  await expect(visitor.getByTestId("waiting-list-entry-position")).toHaveText("1");
  const entryUrl = visitor.url().replace(/\?joined=1$/, "");
  await screens(visitor, "waiting-list-entry");

  const mail = await waitForMail(request, visitorEmail, /liste d'attente/, { timeout: 30_000 });
  expect(mail.text).toContain("Votre place dans la file : 1");
  expect(mail.text).toContain(new URL(entryUrl).pathname);

  // The dashboard counts the line; the waiting-list page shows the person.
  await page.goto(`/event/${event.id}`);
  await expect(page.getByTestId("dashboard-waiting-list-count")).toHaveText("1 personne en file");
  await screens(page, "waiting-list-dashboard");
  await page.getByTestId("event-side-navigation").getByRole("link", { name: "Liste d'attente" }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}/waiting-list$`));
  const row = page.getByRole("row").filter({ hasText: visitorEmail });
  await expect(row).toContainText("Léa Martin");
  await expect(row).toContainText("Fosse");
  await expect(row).toContainText("En attente");
  await expect(row.getByRole("cell").nth(4)).toHaveText("2");
  await expect(row.getByRole("cell").first()).toHaveText("1");
  await expect(page.getByTestId("waiting-list-tickets")).toContainText("1 personne en file");
  await screens(page, "waiting-list-organizer");

  await row.getByTestId("waiting-list-row-actions").click();
  await page.getByTestId("waiting-list-remove").click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Retirer Léa Martin de la liste d'attente ?");
  await screens(page, "waiting-list-remove-dialog");
  await page.getByTestId("waiting-list-remove-confirm").click();
  await expect(page.getByText("Léa Martin a été retiré(e) de la liste d'attente.")).toBeVisible();
  await expect(row).toContainText("Retiré");
  await expect(row.getByRole("cell").first()).toHaveText("—");
  await expect(page.getByTestId("waiting-list-tickets")).toContainText("0 personne en file");
  await screens(page, "waiting-list-organizer-removed");

  // The person's page says they are no longer on the list; an unknown link answers 404.
  await visitor.goto(entryUrl);
  await expect(visitor.getByTestId("waiting-list-entry")).toContainText(
    "Vous ne faites plus partie de la liste d'attente.",
  );
  await expect(visitor.getByTestId("waiting-list-leave")).toHaveCount(0);
  const unknown = await visitor.goto("/waiting-list/inconnu");
  expect(unknown?.status()).toBe(404);
  await expect(visitor.getByTestId("waiting-list-not-found")).toHaveText("Lien introuvable");
  await screens(visitor, "waiting-list-not-found");
  await visitorContext.close();
});

test("a person leaves the waiting list from their own page, after a confirmation", async ({ page, request }) => {
  test.setTimeout(120_000);
  const password = "waiting-list-leaver-2026";
  const organizer = await registerWithOrganization(request, "waiting-list-leave", "Inès", "Salle du Départ", password);
  await signIn(page, organizer, password);
  const start = Date.now() + 20 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: `Complet ${Date.now().toString(36)}`,
      start_at: new Date(start).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  const event = (await created.json()) as { id: number };
  const ticketAnswer = await page.request.post(`/api/events/${event.id}/tickets`, {
    data: { title: "Balcon", price: 0, amount: 1, waiting_list: true },
  });
  const ticket = (await ticketAnswer.json()) as { id: number };
  await page.request.put(`/api/events/${event.id}/status/published`);
  const booked = await request.post(`/api/public/events/${event.id}/orders`, {
    data: {
      items: [{ ticket_id: ticket.id, quantity: 1 }],
      buyer: { first_name: "Paul", last_name: "Roux", email: uniqueEmail("waiting-list-leave-buyer") },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const email = uniqueEmail("waiting-list-leaver");
  const joined = await request.post(`/api/public/events/${event.id}/waiting-list`, {
    data: { ticket_id: ticket.id, first_name: "Sam", last_name: "Petit", email, quantity: 1, consent: true },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  expect(await joined.json()).toMatchObject({ position: 1, status: "waiting" });
  const mail = await waitForMail(request, email, /liste d'attente/, { timeout: 30_000 });
  const link = /\/waiting-list\/[a-z0-9]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByTestId("waiting-list-entry")).toContainText("Vous êtes n° 1 dans la file.");
  await page.getByTestId("waiting-list-leave").click();
  await expect(page.getByRole("alertdialog")).toContainText("Quitter la liste d'attente ?");
  await screens(page, "waiting-list-leave-dialog");
  await page.getByTestId("waiting-list-leave-confirm").click();
  await expect(page.getByTestId("waiting-list-left")).toHaveText("Vous avez quitté la liste d'attente.");
  await page.reload();
  await expect(page.getByTestId("waiting-list-entry")).toHaveAttribute("data-status", "removed");
});
