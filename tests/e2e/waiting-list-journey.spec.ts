import { expect as baseExpect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { uniqueEmail, waitForMail } from "./support/mailbox";
import { signIn } from "./support/sign-in";

// Issue 28 "Done when", the waiting list's whole journey in the browser: a sold-out ticket's list fills from the public
// page (three people); the buyer of the only place cancels it from their order page and the first in line gets an offer
// by email, books it through the offer link; a place added later is offered to the second, whose offer runs out (the
// minute sweep run past its deadline) and moves on to the third; the organizer's « Envoyer une offre » is refused while
// no place is free, and once the third is taken off the list, offers the second person again by hand.

const expect = baseExpect.configure({ timeout: 30_000 });
const DAY = 86_400_000;
const HOUR = 3_600_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function join(browser: Browser, path: string, person: { first: string; last: string; email: string }) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(path);
  await visitor
    .getByTestId("public-ticket")
    .filter({ hasText: "Fosse" })
    .getByRole("link", { name: "Rejoindre la liste d'attente" })
    .click();
  await visitor.locator('[name="first_name"]').fill(person.first);
  await visitor.locator('[name="last_name"]').fill(person.last);
  await visitor.locator('[name="email"]').fill(person.email);
  await visitor.getByRole("checkbox").check();
  await visitor.getByTestId("waiting-list-submit").click();
  await expect(visitor).toHaveURL(/\/waiting-list\/[a-z0-9]+\?joined=1$/);
  const position = await visitor.getByTestId("waiting-list-entry-position").textContent();
  await context.close();
  return Number(position);
}

/** The organizer's waiting-list table, opened afresh: its rows (filtered by each person's email). */
async function lineStates(page: Page, eventId: number) {
  await page.goto(`/event/${eventId}/waiting-list`);
  await page.waitForLoadState("networkidle");
  return page.getByRole("row");
}

/**
 * Opens a row's actions menu and chooses an item. The trigger is clicked again until the menu shows: a click that lands
 * before the page has hydrated opens nothing, and a click on a missing menu item would wait forever.
 */
async function rowAction(page: Page, row: Locator, item: "waiting-list-offer" | "waiting-list-remove") {
  await expect(async () => {
    if (!(await page.getByTestId(item).isVisible()))
      await row.getByTestId("waiting-list-row-actions").click({ timeout: 5_000 });
    await expect(page.getByTestId(item)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId(item).click();
}

test("a waiting list refills a sold-out ticket: cancellation, offer, booking, expiry, offer by hand", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const password = "waiting-list-journey-2026";
  const organizer = await registerWithOrganization(request, "wl-journey", "Nora", `Salle ${Date.now()}`, password);
  await signIn(page, organizer, password);

  const start = Date.now() + 60 * DAY;
  const title = `Concert ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/events", {
    data: {
      title,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3 * HOUR).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  const ticketAnswer = await page.request.post(`/api/events/${eventId}/tickets`, {
    data: { title: "Fosse", price: 0, ticket_type: "ticket", amount: 1, max_per_order: 2, waiting_list: true },
  });
  expect(ticketAnswer.status(), await ticketAnswer.text()).toBe(201);
  const ticketId = ((await ticketAnswer.json()) as { id: number }).id;
  const settings = await page.request.put(`/api/events/${eventId}/settings`, {
    data: { self_service_cancel: true, self_service_cancel_refund: "none" },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  expect((await page.request.put(`/api/events/${eventId}/status/published`)).status()).toBe(200);
  const slug = ((await (await page.request.get(`/api/public/events/${eventId}`)).json()) as { slug: string }).slug;
  const eventPage = `/events/${eventId}/${slug}`;

  // The only place is booked.
  const booked = await page.request.post(`/api/public/events/${eventId}/orders`, {
    data: {
      items: [{ ticket_id: ticketId, quantity: 1 }],
      buyer: { first_name: "Margaux", last_name: "Lefèvre", email: uniqueEmail("wl-journey-buyer") },
      locale: "fr",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const order = (await booked.json()) as { id: number; access_token: string };

  // Three people join the line from the public page, in this order.
  const ines = { first: "Inès", last: "Moreau", email: uniqueEmail("wl-journey-ines") };
  const hugo = { first: "Hugo", last: "Petit", email: uniqueEmail("wl-journey-hugo") };
  const lea = { first: "Léa", last: "Martin", email: uniqueEmail("wl-journey-lea") };
  expect(await join(browser, eventPage, ines)).toBe(1);
  expect(await join(browser, eventPage, hugo)).toBe(2);
  expect(await join(browser, eventPage, lea)).toBe(3);

  // The buyer cancels their ticket from their order page: the place goes to the first in line, held for them.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/orders/${order.id}?token=${order.access_token}`);
  await buyer.getByTestId("cancel-order").click();
  await buyer.getByTestId("cancel-order-disclosure").getByTestId("confirm-cancel").click();
  await expect(buyer.getByTestId("self-service-cancelled")).toBeVisible();
  await buyerContext.close();

  let rows = await lineStates(page, eventId);
  await expect(rows.filter({ hasText: ines.email })).toContainText("Offre jusqu'au");
  await expect(rows.filter({ hasText: hugo.email })).toContainText("En attente");
  await expect(rows.filter({ hasText: lea.email })).toContainText("En attente");
  await page.screenshot({ path: `${SCREENS}/waiting-list-journey-offered.png`, fullPage: true });

  // Inès follows her email's link and books the held place through the ordinary booking page.
  const offerMail = await waitForMail(request, ines.email, /^Une place vous attend/, { timeout: 60_000 });
  const link = new URL(/https?:\/\/\S+\?offer=\S+/.exec(offerMail.text)![0]);
  const inesContext = await browser.newContext();
  const inesPage = await inesContext.newPage();
  await inesPage.goto(link.pathname + link.search);
  const banner = inesPage.getByTestId("waiting-list-offer-notice");
  await expect(banner).toContainText("Une place vous attend");
  await banner.getByRole("button", { name: "Réserver ma place" }).click();
  await inesPage.locator('[name="buyer.first_name"]').fill(ines.first);
  await inesPage.locator('[name="buyer.last_name"]').fill(ines.last);
  await inesPage.locator('[name="buyer.email"]').fill(ines.email);
  await inesPage.getByTestId("booking-submit").click();
  await expect(inesPage).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(inesPage.getByTestId("order-status")).toHaveText("Confirmée");
  await inesContext.close();

  // A visitor without an offer still finds the ticket sold out: Hugo and Léa are waiting.
  const refused = await page.request.post(`/api/public/events/${eventId}/orders`, {
    data: {
      items: [{ ticket_id: ticketId, quantity: 1 }],
      buyer: { first_name: "Paul", last_name: "Resquille", email: uniqueEmail("wl-journey-jumper") },
      locale: "fr",
    },
  });
  expect(refused.status()).toBe(409);

  // One more place: Hugo's offer. Nobody books it; past its 24 hours, the sweep gives it to Léa.
  const raised = await page.request.put(`/api/events/${eventId}/tickets/${ticketId}`, { data: { amount: 2 } });
  expect(raised.status(), await raised.text()).toBe(200);
  rows = await lineStates(page, eventId);
  await expect(rows.filter({ hasText: ines.email })).toContainText("A réservé");
  await expect(rows.filter({ hasText: hugo.email })).toContainText("Offre jusqu'au");
  const swept = await page.request.post("/dev/run-waiting-lists", { data: { now: Date.now() + 25 * HOUR } });
  expect(swept.status(), await swept.text()).toBe(200);
  rows = await lineStates(page, eventId);
  await expect(rows.filter({ hasText: hugo.email })).toContainText("Offre expirée");
  await expect(rows.filter({ hasText: lea.email })).toContainText("Offre jusqu'au");
  await waitForMail(request, lea.email, /^Une place vous attend/, { timeout: 60_000 });
  await page.screenshot({ path: `${SCREENS}/waiting-list-journey-moved-on.png`, fullPage: true });

  // « Envoyer une offre » to Hugo by hand: no place is free while Léa holds it.
  const hugoRow = rows.filter({ hasText: hugo.email });
  await rowAction(page, hugoRow, "waiting-list-offer");
  const refusal = page.locator("[data-sonner-toast]").filter({ hasText: "Aucune place n'est libre pour ce billet" });
  await expect(refusal).toBeVisible();
  // The toast opened under the pointer, which keeps it from fading while it hovers: closed as a person would.
  await refusal.getByRole("button", { name: "Fermer la notification" }).click();
  await expect(refusal).toBeHidden();

  // Léa is taken off the list: her place is free again (nobody else waits), and the organizer offers it to Hugo.
  await rowAction(page, rows.filter({ hasText: lea.email }), "waiting-list-remove");
  await page.getByTestId("waiting-list-remove-confirm").click();
  await expect(rows.filter({ hasText: lea.email })).toContainText("Retiré");
  await rowAction(page, hugoRow, "waiting-list-offer");
  await expect(page.getByText("Offre envoyée à Hugo Petit : 1 place réservée.")).toBeVisible();
  await expect(hugoRow).toContainText("Offre jusqu'au");
  await page.screenshot({ path: `${SCREENS}/waiting-list-journey-offer-by-hand.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/waiting-list-journey-offer-by-hand-390.png`, fullPage: true });
});
