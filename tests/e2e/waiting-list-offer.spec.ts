import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { uniqueEmail, waitForMail } from "./support/mailbox";
import { signIn } from "./support/sign-in";

// Issue 28 §3 (decision 0059): a sold-out ticket's waiting list gets an offer when a place comes back (the organizer
// raises the stock); a buyer without the offer is refused; the offered person follows the link from their email, sees
// the banner with the places held and until when, and books them through the ordinary booking page. Screens at 1280
// and 390 px. The two people waiting join from the public page.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

/** Joins the ticket's list from the public page for `quantity` places; answers the person's token (their link). */
async function join(browser: Browser, path: string, person: { first: string; email: string }, quantity: number) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(path);
  await visitor
    .getByTestId("public-ticket")
    .filter({ hasText: "Fosse" })
    .getByRole("link", { name: "Rejoindre la liste d'attente" })
    .click();
  await visitor.locator('[name="first_name"]').fill(person.first);
  await visitor.locator('[name="last_name"]').fill("Moreau");
  await visitor.locator('[name="email"]').fill(person.email);
  await visitor.locator('[name="quantity"]').selectOption(String(quantity));
  await visitor.getByRole("checkbox").check();
  await visitor.getByTestId("waiting-list-submit").click();
  await expect(visitor).toHaveURL(/\/waiting-list\/[a-z0-9]+\?joined=1$/);
  const token = /\/waiting-list\/([a-z0-9]+)/.exec(visitor.url())![1]!;
  await context.close();
  return token;
}

/** The line as the organizer's API lists it: each entry's state and places offered, in line order. */
async function line(page: Page, eventId: number) {
  const answer = await page.request.get(`/api/events/${eventId}/waiting-list`);
  expect(answer.status(), await answer.text()).toBe(200);
  const list = (await answer.json()) as { data: { status: string; offered_quantity: number }[] };
  return list.data.map((entry) => [entry.status, entry.offered_quantity]);
}

test("a place that comes back is offered to the first in line, who books it from the offer link", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, "owner@guichet.test");
  const suffix = Date.now().toString(36);
  const start = Date.UTC(2031, 9, 14, 19, 0);
  const created = await page.request.post("/api/events", {
    data: {
      title: `Concert complet ${suffix}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 2 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  const ticket = await page.request.post(`/api/events/${eventId}/tickets`, {
    data: { title: "Fosse", price: 0, amount: 1, ticket_type: "ticket", max_per_order: 4 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const ticketId = ((await ticket.json()) as { id: number }).id;
  expect((await page.request.put(`/api/events/${eventId}/status/published`)).status()).toBe(200);

  const book = (email: string, quantity: number) =>
    page.request.post(`/api/public/events/${eventId}/orders`, {
      data: {
        items: [{ ticket_id: ticketId, quantity }],
        buyer: { first_name: "Paul", last_name: "Morel", email },
        locale: "fr",
      },
    });
  expect((await book(uniqueEmail("premier"), 1)).status()).toBe(201);

  // Sold out: the list switched on, two people join it from the public page for two places each.
  const listOn = await page.request.put(`/api/events/${eventId}/tickets/${ticketId}`, { data: { waiting_list: true } });
  expect(listOn.status(), await listOn.text()).toBe(200);
  const slug = ((await (await page.request.get(`/api/public/events/${eventId}`)).json()) as { slug: string }).slug;
  const waiting = uniqueEmail("attente");
  const token = await join(browser, `/events/${eventId}/${slug}`, { first: "Inès", email: waiting }, 2);
  await join(browser, `/events/${eventId}/${slug}`, { first: "Hugo", email: uniqueEmail("second") }, 2);

  // The organizer adds two places: the first in line gets both, the second still waits, nobody else gets one.
  const raised = await page.request.put(`/api/events/${eventId}/tickets/${ticketId}`, { data: { amount: 3 } });
  expect(raised.status(), await raised.text()).toBe(200);
  expect(await line(page, eventId)).toEqual([
    ["offered", 2],
    ["waiting", 0],
  ]);
  const refused = await book(uniqueEmail("resquille"), 1);
  expect(refused.status()).toBe(409);

  // The offer's email carries the personal link.
  const mail = await waitForMail(page.request, waiting, /^Une place vous attend pour Concert complet/, {
    timeout: 60_000,
  });
  const link = /https?:\/\/\S+\?offer=\S+/.exec(mail.text)?.[0];
  expect(link).toContain(`offer=${token}`);

  const person = await browser.newContext();
  const personPage = await person.newPage();
  await personPage.goto(new URL(link!).pathname + new URL(link!).search);
  const banner = personPage.getByTestId("waiting-list-offer-notice");
  await expect(banner).toContainText("2 places vous attendent");
  await expect(banner).toContainText("« Fosse » vous sont réservées jusqu'au");
  await expect(banner.getByLabel("Nombre de places").locator("option")).toHaveText(["1", "2"]);
  await expect(personPage.getByTestId("public-ticket").filter({ hasText: "Fosse" })).toContainText("Complet");
  for (const width of [1280, 390]) {
    await personPage.setViewportSize({ width, height: 900 });
    await personPage.screenshot({ path: `${SCREENS}/waiting-list-offer-${width}.png` });
  }

  await banner.getByRole("button", { name: "Réserver ma place" }).click();
  await expect(personPage).toHaveURL(/\/book\?.*offer=/);
  await expect(personPage.getByTestId("waiting-list-offer-booking")).toContainText(
    "Vous réservez les places que la liste d'attente vous a réservées",
  );
  await expect(personPage.getByTestId("participant-fieldset")).toHaveCount(2);
  for (const width of [1280, 390]) {
    await personPage.setViewportSize({ width, height: 900 });
    await personPage.screenshot({ path: `${SCREENS}/waiting-list-offer-booking-${width}.png` });
  }
  await personPage.locator('[name="buyer.first_name"]').fill("Inès");
  await personPage.locator('[name="buyer.last_name"]').fill("Moreau");
  await personPage.locator('[name="buyer.email"]').fill(waiting);
  await personPage.locator('[name="participants.1.first_name"]').fill("Léa");
  await personPage.locator('[name="participants.1.last_name"]').fill("Moreau");
  await personPage.locator('[name="participants.1.email"]').fill(uniqueEmail("lea"));
  await personPage.getByTestId("booking-submit").click();
  await expect(personPage).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(personPage.getByTestId("order-status")).toHaveText("Confirmée");
  await expect(personPage.getByTestId("order-ticket")).toHaveCount(2);
  await person.close();

  expect(await line(page, eventId)).toEqual([
    ["booked", 2],
    ["waiting", 0],
  ]);
});
