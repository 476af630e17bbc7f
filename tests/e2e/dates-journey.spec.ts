import { expect, test, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { signIn, waitForHydration } from "./support/sign-in";
import { formatDateTime } from "#domain/shared/format";

// Issue 30's "Done when", end to end: a show with a series of 20 evenings and a slot-based visit, sold on two dates,
// one slot sold out while an evening still sells, a scan on one date refusing a ticket of another date, and a
// cancelled evening whose buyers move to another one.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const YEAR = new Date().getUTCFullYear() + 1;

async function pick(page: Page, trigger: string, option: string | RegExp) {
  await page.getByTestId(trigger).click();
  await page.getByRole("option", { name: option }).click();
}

async function fillNames(page: Page, prefix: string, first: string, last: string, email: string) {
  await page.locator(`[name="${prefix}.first_name"]`).fill(first);
  await page.locator(`[name="${prefix}.last_name"]`).fill(last);
  await page.locator(`[name="${prefix}.email"]`).fill(email);
}

/** Books `quantity` free places of `ticket` on `dateId` from the public page, as a buyer: the order page's tokens. */
async function book(page: Page, path: string, dateId: number, ticketId: number, quantity: number, buyer: string) {
  await page.goto(`${path}?date=${dateId}`);
  await page.getByTestId(`quantity-${ticketId}`).selectOption(String(quantity));
  await page.getByRole("button", { name: "Réserver" }).click();
  await expect(page.getByTestId("booking-date")).toContainText("Date :");
  await fillNames(page, "buyer", buyer, "Spectateur", `${buyer.toLowerCase()}.${Date.now()}@exemple.test`);
  for (let i = 1; i < quantity; i++)
    await fillNames(page, `participants.${i}`, `${buyer}${i}`, "Invité", `${buyer.toLowerCase()}${i}@exemple.test`);
  await page
    .getByRole("button", { name: /^(Réserver|Confirmer|Valider)/ })
    .last()
    .click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(page.getByTestId("order-status")).toHaveText("Confirmée");
  const url = new URL(page.url());
  const order = (await (
    await page.request.get(`/api/public/orders/${url.pathname.split("/")[2]}?token=${url.searchParams.get("token")}`)
  ).json()) as { participants: { ticket_token: string; first_name: string }[] };
  return order.participants;
}

test("a show over 20 evenings and slot visits: sold per date, a slot sold out, scanned per date, an evening moved", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const password = "dates-journey-2026";
  const email = await registerWithOrganization(
    request,
    "journey",
    "Molière",
    `Troupe ${Date.now().toString(36)}`,
    password,
  );
  await signIn(page, email, password);
  const created = await page.request.post("/api/events", {
    data: {
      title: `Tartuffe ${Date.now().toString(36)}`,
      start_at: `${YEAR}-03-01T19:00:00Z`,
      end_at: `${YEAR}-03-01T21:30:00Z`,
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: eventId } = (await created.json()) as { id: number };
  const ticket = async (title: string) => {
    const answer = await page.request.post(`/api/events/${eventId}/tickets`, {
      data: { title, price: 0, ticket_type: "ticket", max_per_order: 4 },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { id: number }).id;
  };
  const showTicket = await ticket("Plein tarif");

  // The organizer's side: 20 evenings at 20:00 from 1 March, 40 places each; then visit slots of 2 places on 1 May.
  await page.goto(`/event/${eventId}/dates`);
  await waitForHydration(page);
  await page.getByTestId("dates-add-series").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("À partir du").fill(`${YEAR}-03-01`);
  await dialog.getByRole("button", { name: "Tous les jours" }).click();
  await dialog.getByTestId("series-time").first().fill("20:00");
  await dialog.getByLabel("Durée (minutes, facultatif)").fill("150");
  await dialog.getByLabel("Nombre de dates").fill("20");
  await dialog.getByLabel("Jauge").fill("40");
  await expect(dialog.getByTestId("series-preview")).toContainText("20 dates seront créées");
  await dialog.getByTestId("series-save").click();
  await expect(page.getByText("20 dates ajoutées")).toBeVisible();

  await page.getByTestId("dates-add-series").click();
  await pick(page, "series-kind", "Créneaux");
  await dialog.getByLabel("À partir du").fill(`${YEAR}-05-01`);
  await dialog.getByLabel("Toutes les (minutes)").fill("30");
  await dialog.getByLabel("De", { exact: true }).fill("10:00");
  await dialog.getByLabel("À", { exact: true }).fill("12:00");
  await dialog.getByLabel("Durée (minutes, facultatif)").fill("");
  await pick(page, "series-end-kind", "Jusqu'à une date");
  await dialog.getByLabel("Jusqu'au").fill(`${YEAR}-05-01`);
  await dialog.getByLabel("Jauge").fill("2");
  await expect(dialog.getByTestId("series-preview")).toContainText("4 dates seront créées");
  await dialog.getByTestId("series-save").click();
  await expect(page.getByText("4 dates ajoutées")).toBeVisible();
  await expect(page.getByTestId("dates-total")).toHaveText("24 dates");

  const published = await page.request.put(`/api/events/${eventId}/status/published`);
  expect(published.status(), await published.text()).toBeLessThan(300);
  const listed = (await (await page.request.get(`/api/events/${eventId}/dates?per_page=50&when=all`)).json()) as {
    data: { id: number; start_at: string }[];
  };
  const all = listed.data.sort((a, b) => a.start_at.localeCompare(b.start_at));
  expect(all).toHaveLength(24);
  const [firstEvening, secondEvening, thirdEvening] = all;
  const firstSlot = all[20]!;
  const nextSlot = all[21]!;
  const { slug } = (await (await page.request.get(`/api/public/events/${eventId}`)).json()) as { slug: string };
  const path = `/events/${eventId}/${slug}`;

  // The buyers' side: two places on the first evening, the first slot's two places, one place on the next slot.
  const evening = await book(page, path, firstEvening!.id, showTicket, 2, "Elmire");
  const slot = await book(page, path, firstSlot.id, showTicket, 2, "Dorine");
  await book(page, path, nextSlot.id, showTicket, 1, "Cléante");

  // The first slot is sold out (« Complet », not a link) while the evenings still sell.
  await page.goto(`${path}?month=${YEAR}-05`);
  await expect(page.getByTestId(`date-${firstSlot.id}`)).toContainText("Complet");
  await expect(page.getByTestId(`date-${nextSlot.id}`)).toContainText("Plus qu'une place");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENS}/dates-journey-sold-out-slot-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/dates-journey-sold-out-slot-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  const refused = await page.request.post(`/api/public/events/${eventId}/orders`, {
    data: {
      items: [{ ticket_id: showTicket, quantity: 1, date_id: firstSlot.id }],
      buyer: { first_name: "Orgon", last_name: "Tard", email: "orgon@exemple.test" },
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string; date_id?: number } }).error).toMatchObject({
    code: "sold_out",
    date_id: firstSlot.id,
  });
  await book(page, path, secondEvening!.id, showTicket, 1, "Valère");

  // The door on the first evening: its ticket enters; a slot's ticket is refused, naming its date.
  await page.goto(`/event/${eventId}/scan?date=${firstEvening!.id}`);
  await waitForHydration(page);
  await expect(page.getByTestId("scan-date")).toHaveValue(String(firstEvening!.id));
  const code = page.getByLabel("Code du billet");
  await code.fill(evening[0]!.ticket_token);
  await code.press("Enter");
  await expect(page.getByTestId("scan-result")).toHaveAttribute("data-result", "ok");
  await page.getByTestId("scan-result-dismiss").click();
  await code.fill(slot[0]!.ticket_token);
  await code.press("Enter");
  await expect(page.getByTestId("scan-result")).toHaveAttribute("data-result", "wrong_date");
  await expect(page.getByTestId("scan-result")).toContainText("Billet d'une autre date");
  await expect(page.getByTestId("scan-result-date")).toContainText("Ce billet est pour le");
  await expect(page.getByTestId("scan-result-date")).toContainText("10:00");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/dates-journey-scan-wrong-date-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The first evening is cancelled: its two buyers move to the third evening.
  await page.goto(`/event/${eventId}/dates?when=all&month=${YEAR}-03`);
  await waitForHydration(page);
  const row = page.getByTestId("date-row").first();
  await row.getByRole("button", { name: /Actions pour la date/ }).click();
  await page.getByRole("menuitem", { name: "Annuler la date" }).click();
  await page.getByTestId("dates-cancel-confirm").click();
  const followUp = page.getByTestId("cancelled-date-dialog");
  await expect(followUp).toBeVisible();
  await expect(followUp).toContainText("2 participants avaient une place à cette date");
  await page.screenshot({ path: `${SCREENS}/dates-journey-follow-up-1280.png` });
  await followUp.getByTestId("follow-up-target").selectOption(String(thirdEvening!.id));
  await followUp.getByTestId("follow-up-move").click();
  await expect(page.getByText("2 participants déplacés.")).toBeVisible();
  await expect(page.getByTestId("date-row").nth(2).getByTestId("date-sales")).toContainText("2 / 40");

  // The participants of the third evening: the two moved (Elmire and her guest), their date shown.
  await page.goto(`/event/${eventId}/participants`);
  await waitForHydration(page);
  await page.getByTestId("facet-date").click();
  await page
    .getByRole("menuitemcheckbox", {
      name: formatDateTime(Date.parse(thirdEvening!.start_at), "fr", "Europe/Paris"),
      exact: true,
    })
    .click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/%22date%22/);
  await expect(page.getByRole("row").filter({ hasText: "Elmire" })).toHaveCount(2);
  await expect(page.getByRole("row").filter({ hasText: "Dorine" })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/dates-journey-participants-1280.png`, fullPage: true });
  // The dashboard for that evening counts them.
  await page.goto(`/event/${eventId}?date=${thirdEvening!.id}`);
  await expect(page.getByTestId("stat-participants")).toContainText("2");
  await page.screenshot({ path: `${SCREENS}/dates-journey-dashboard-1280.png`, fullPage: true });
});
