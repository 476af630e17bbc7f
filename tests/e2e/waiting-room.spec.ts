import { expect, test, type APIRequestContext } from "@playwright/test";
import { utcToZonedDateTime } from "#domain/events/event-time-zone";
import { registerWithOrganization } from "./support/accounts";
import { describeViolations, seriousViolations } from "./support/axe";
import { signIn } from "./support/sign-in";

// Issue 31 §2: the organizer schedules an on-sale behind a waiting room; a visitor of the event page is held in the
// queue with a position, let in at the organizer's rate, and books with the pass (docs/decisions/0070-waiting-room.md).

let organizer = { email: "", password: "" };
let eventId = 0;
let ticketId = 0;
const ticketTitle = "Fosse";

async function json<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

test.beforeAll(async ({ request }) => {
  const password = "waiting-room-organizer-2026";
  const email = await registerWithOrganization(request, "room", "Léa", "Salle de la File", password);
  organizer = { email, password };
  const token = await json<string>(await request.post("/auth/login", { data: { email, password } }));
  const headers = { Authorization: `Bearer ${token}` };
  const start = Date.now() + 30 * 86_400_000;
  ({ id: eventId } = await json<{ id: number }>(
    await request.post("/api/events", {
      headers,
      data: {
        title: `Concert très attendu ${Date.now().toString(36)}`,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 2 * 3_600_000).toISOString(),
      },
    }),
  ));
  ({ id: ticketId } = await json<{ id: number }>(
    await request.post(`/api/events/${eventId}/tickets`, {
      headers,
      data: { title: ticketTitle, price: 0, ticket_type: "ticket", max_per_order: 4 },
    }),
  ));
  await json(await request.put(`/api/events/${eventId}/status/published`, { headers }));
});

test("the organizer schedules an on-sale; a visitor waits with a position, is let in at the rate and books", async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Admission at one a minute: the visitor waits up to two minutes for their turn (the page reloads itself).
  test.setTimeout(300_000);
  await signIn(page, organizer.email, organizer.password);
  await page.goto(`/event/${eventId}/settings`);
  const card = page.getByTestId("on-sale-settings");
  await expect(card).toBeVisible();

  // Checked in the browser with the action's schema: nothing is sent.
  await card.getByLabel("Entrées par minute").fill("0");
  await card.getByTestId("on-sale-save").click();
  await expect(card.getByText("Indiquez la date et l'heure de mise en vente.")).toBeVisible();
  await expect(card.getByText("Indiquez un nombre d'entrées par minute entre 1 et 10 000.")).toBeVisible();

  // On sale since the start of this minute, in the event's zone: the room is on at once. One admission a minute.
  const thisMinute = utcToZonedDateTime(Date.now(), "Europe/Paris");
  await card.getByLabel("Date et heure de mise en vente").fill(thisMinute);
  await card.getByLabel("Entrées par minute").fill("1");
  await card.getByTestId("on-sale-save").click();
  await expect(page.getByText("Mise en vente programmée.")).toBeVisible();
  await expect(card.getByTestId("on-sale-state")).toHaveText("Vente en cours");
  await expect(card.getByTestId("on-sale-window")).toContainText("File ouverte du");
  await expect(card.getByTestId("on-sale-live")).toBeVisible();
  await card.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: testInfo.outputPath("settings-on-sale-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  // Below the sticky top bar.
  await card.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 72));
  await page.screenshot({ path: testInfo.outputPath("settings-on-sale-390.png") });

  // The booking API refuses a booking without a pass, and says where to queue.
  const refused = await request.post(`/api/public/events/${eventId}/orders`, {
    data: { buyer: { first_name: "A", last_name: "B", email: "a.b@exemple.test" }, items: [] },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("waiting_room_required");

  // Somebody was quicker, through the API: they are first in line.
  const quicker = await json<{ state: string; ticket: string }>(
    await request.post(`/api/public/events/${eventId}/waiting-room`),
  );
  expect(["waiting", "admitted"]).toContain(quicker.state);

  // A visitor of the event page lands in the queue, with a position and an estimated wait.
  const visitor = await browser.newContext({ locale: "fr-FR", timezoneId: "Europe/Paris" });
  const tab = await visitor.newPage();
  await tab.goto(`/events/${eventId}/concert`);
  await expect(tab).toHaveURL(/\/waiting-room\?.*ticket=[a-z0-9]+/);
  const room = tab.getByRole("status");
  await expect(room.getByTestId("waiting-room-position")).toHaveText(/^Votre place dans la file : [12]$/);
  await expect(room.getByTestId("waiting-room-estimate")).toHaveText(
    /^Attente estimée : (environ \d+ min|moins d'une minute)$/,
  );
  // No script file: one inline script asks for news in place; without JavaScript a meta refresh reloads the page.
  await expect(tab.getByRole("link", { name: "Actualiser maintenant" })).toBeVisible();
  expect(await tab.locator("script[src]").count()).toBe(0);
  const plain = await browser.newContext({ locale: "fr-FR", javaScriptEnabled: false });
  const plainTab = await plain.newPage();
  await plainTab.goto(`/events/${eventId}/concert`);
  await expect(plainTab.getByTestId("waiting-room-position")).toBeVisible();
  await expect(plainTab.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
  await plain.close();
  const violations = await seriousViolations(tab);
  expect(violations, describeViolations(violations)).toEqual([]);
  await tab.screenshot({ path: testInfo.outputPath("waiting-room-1280.png"), fullPage: true });
  await tab.setViewportSize({ width: 390, height: 844 });
  await tab.screenshot({ path: testInfo.outputPath("waiting-room-390.png"), fullPage: true });

  // Let in once the rate reaches them: the page says so and leads back to the event.
  await expect(tab.getByTestId("waiting-room-admitted")).toBeVisible({ timeout: 200_000 });
  await expect(tab.getByText("C'est votre tour !")).toBeVisible();
  await tab.screenshot({ path: testInfo.outputPath("waiting-room-admitted-390.png"), fullPage: true });
  await tab.getByTestId("waiting-room-book").click();
  await expect(tab).toHaveURL(new RegExp(`/events/${eventId}/[^/?]+$`));

  // With the pass in its cookie, the visitor books as usual.
  await tab.getByLabel(`Quantité pour ${ticketTitle}`).selectOption("1");
  await tab.getByRole("button", { name: "Réserver" }).click();
  await tab.locator('[name="buyer.first_name"]').fill("Maëlle");
  await tab.locator('[name="buyer.last_name"]').fill("Rivière");
  await tab.locator('[name="buyer.email"]').fill(`maelle.${Date.now().toString(36)}@exemple.test`);
  await tab.getByTestId("booking-submit").click();
  await expect(tab.getByTestId("order-status")).toHaveText("Confirmée");

  // The widget's frame gets no cookie of ours: its booking page sends it to the framable waiting page, and takes the
  // pass in its address. The API visitor, ahead in the queue, has theirs by now.
  const news = await json<{ state: string; pass: string }>(
    await request.get(`/api/public/events/${eventId}/waiting-room?ticket=${quicker.ticket}`),
  );
  expect(news.state).toBe("admitted");
  const framed = await browser.newContext({ locale: "fr-FR" });
  const frameTab = await framed.newPage();
  const held = await frameTab.goto(`/embed/events/${eventId}/book?q${ticketId}=1&lang=fr`);
  expect(held?.headers()["x-frame-options"]).toBeUndefined();
  await expect(frameTab).toHaveURL(new RegExp(`/embed/events/${eventId}/waiting-room\\?`));
  await frameTab.goto(
    `/embed/events/${eventId}/book?q${ticketId}=1&lang=fr&room_pass=${encodeURIComponent(news.pass)}`,
  );
  await expect(frameTab.getByTestId("booking-submit")).toBeVisible();
  await framed.close();

  // The organizer sees who came in.
  await page.goto(`/event/${eventId}/settings`);
  await expect(page.getByTestId("on-sale-live")).toContainText("Entrés");
  await visitor.close();
});
