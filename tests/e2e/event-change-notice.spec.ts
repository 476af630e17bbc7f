import { readFile } from "node:fs/promises";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { uniqueEmail, waitForMail, type DevMail } from "./support/mailbox";
import { signIn } from "./support/sign-in";

// Issue 27 §3 and §6, end to end: a buyer books a published event and gets "add to my calendar" on the order page and
// the public page; the organizer moves the event's date in the editor, is offered « Prévenir les participants ? »
// with the old and new dates, edits the text and sends it: the buyer's email arrives through the queue, and the order
// page's .ics now has the new date and a higher SEQUENCE. A second change, declined, sends nothing.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** The newest emails to `to` whose subject starts with « Changement : ». */
async function noticesTo(request: APIRequestContext, to: string): Promise<DevMail[]> {
  const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as DevMail[]).filter((mail) => mail.subject.startsWith("Changement : "));
}

async function screens(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a moved event offers the notice, sent to the buyer with both dates; the order's .ics follows; declined, nothing goes", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const password = "notice-organizer-2026";
  const organizer = await registerWithOrganization(
    page.request,
    "notice",
    "Camille",
    "Salle des Changements",
    password,
  );
  await signIn(page, organizer, password, { fresh: true });

  // A published event, 20:00–23:00 in Paris on Friday 12 March 2027, with a free ticket.
  const title = `Concert déplacé ${Date.now().toString(36)}`;
  const { id: eventId } = await ok<{ id: number }>(
    await page.request.post("/api/events", {
      data: {
        title,
        start_at: "2027-03-12T19:00:00Z",
        end_at: "2027-03-12T22:00:00Z",
        timezone: "Europe/Paris",
        address_name: "Le Trianon",
        address_label: "80 boulevard de Rochechouart, 75018 Paris",
      },
    }),
  );
  await ok(
    await page.request.post(`/api/events/${eventId}/tickets`, {
      data: { title: "Entrée libre", price: 0, ticket_type: "ticket", max_per_order: 4 },
    }),
  );
  await ok(await page.request.put(`/api/events/${eventId}/status/published`));
  const { slug } = await ok<{ slug: string }>(await page.request.get(`/api/public/events/${eventId}`));

  // The public page offers the calendar file and the two links.
  await page.goto(`/events/${eventId}/${slug}`);
  await expect(page.getByTestId("calendar-ics")).toHaveAttribute(
    "href",
    new RegExp(`/events/${eventId}/calendar\\.ics$`),
  );
  const google = new URL((await page.getByTestId("calendar-google").getAttribute("href"))!);
  expect(google.searchParams.get("dates")).toBe("20270312T190000Z/20270312T220000Z");
  expect(await page.getByTestId("calendar-outlook").getAttribute("href")).toContain("startdt=2027-03-12T19%3A00%3A00Z");
  await screens(page, "calendar-public-page");

  // A buyer books.
  const buyer = uniqueEmail("notice-buyer");
  await page.getByLabel("Quantité pour Entrée libre").selectOption("1");
  await page.getByRole("button", { name: "Réserver" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/${slug}/book\\?`));
  await page.locator('[name="buyer.first_name"]').fill("Margaux");
  await page.locator('[name="buyer.last_name"]').fill("Lefèvre");
  await page.locator('[name="buyer.email"]').fill(buyer);
  await page.getByTestId("booking-submit").click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
  await expect(page.getByTestId("order-status")).toHaveText("Confirmée");
  const orderUrl = page.url();
  await expect(page.getByRole("group", { name: "Ajouter à mon agenda" })).toBeVisible();
  await screens(page, "calendar-order-page");
  const icsHref = (await page.getByTestId("calendar-ics").getAttribute("href"))!;
  expect(new URL(icsHref).pathname).toMatch(/^\/orders\/\d+\/calendar\.ics$/);
  const before = await (await page.request.get(icsHref)).text();
  expect(before).toContain("\r\nSEQUENCE:0\r\n");
  expect(before).toContain("\r\nDTSTART;TZID=Europe/Paris:20270312T200000\r\n");

  // The confirmation email offers the same three.
  const confirmation = await waitForMail(page.request, buyer, new RegExp(`^Vos billets pour ${title}$`), {
    timeout: 120_000,
  });
  expect(confirmation.text).toContain(`Ajouter à mon agenda :\n- Fichier .ics (Apple, Outlook…) : ${icsHref}\n`);
  expect(confirmation.text).toContain("- Google Agenda : https://calendar.google.com/calendar/render?action=TEMPLATE&");
  expect(confirmation.text).toContain("- Outlook : https://outlook.live.com/calendar/0/action/compose?");

  // The organizer moves the event a week later, 20:30–23:30, in the editor.
  await page.goto(`/event/update/${eventId}?step=date`);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Début").fill("2027-03-19T20:30");
  await page.getByLabel("Fin").fill("2027-03-19T23:30");
  await page.getByTestId("editor-save").click();
  const dialog = page.getByRole("dialog", { name: "Prévenir les participants ?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "L'événement est enregistré. Sa date, son heure ou son lieu a changé : envoyer ce message à son participant ?",
  );
  const subject = dialog.getByLabel("Objet");
  await expect(subject).toHaveValue(`Changement : ${title}`);
  const body = dialog.locator(".ProseMirror");
  await expect(body).toContainText("Date : ven. 12 mars 2027, 20:00 – 23:00 → ven. 19 mars 2027, 20:30 – 23:30");
  await screens(page, "change-notice-dialog");

  // The organizer edits both, then sends.
  await subject.fill(`Changement : ${title} (nouvelle date)`);
  await body.locator("p").last().click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Vos billets restent valables.");
  await dialog.getByRole("button", { name: "Envoyer aux participants" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Message envoyé à 1 participant.")).toBeVisible();

  const mail = await waitForMail(page.request, buyer, new RegExp(`^Changement : ${title} \\(nouvelle date\\)$`), {
    timeout: 120_000,
  });
  expect(mail.text).toContain("Bonjour Margaux,");
  expect(mail.text).toContain("Date : ven. 12 mars 2027, 20:00 – 23:00 → ven. 19 mars 2027, 20:30 – 23:30");
  expect(mail.text).toContain("Vos billets restent valables.");
  expect(mail.text).toContain(new URL(orderUrl).pathname);

  // The order page's .ics, downloaded from its button: the same entry, moved, with a higher SEQUENCE.
  await page.goto(orderUrl);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("calendar-ics").click()]);
  expect(download.suggestedFilename()).toMatch(/^concert-deplace-[a-z0-9]+\.ics$/);
  const after = await readFile((await download.path())!, "utf8");
  expect(after).toContain("\r\nSEQUENCE:1\r\n");
  expect(after).toContain("\r\nDTSTART;TZID=Europe/Paris:20270319T203000\r\n");
  expect(after).toContain("\r\nDTEND;TZID=Europe/Paris:20270319T233000\r\n");
  expect(/\r\nUID:(.+)\r\n/.exec(after)?.[1]).toBe(/\r\nUID:(.+)\r\n/.exec(before)?.[1]);

  // A second change, declined: the dialog closes and nothing is sent to the server.
  await page.goto(`/event/update/${eventId}?step=date`);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Début").fill("2027-03-26T20:30");
  await page.getByLabel("Fin").fill("2027-03-26T23:30");
  await page.getByTestId("editor-save").click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(".ProseMirror")).toContainText("→ ven. 26 mars 2027, 20:30 – 23:30");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await dialog.getByRole("button", { name: "Ne pas prévenir" }).click();
  await expect(dialog).toBeHidden();
  await page.waitForLoadState("networkidle");
  expect(posts).toEqual([]);
  expect((await noticesTo(page.request, buyer)).map((notice) => notice.subject)).toEqual([
    `Changement : ${title} (nouvelle date)`,
  ]);
  // The calendar still follows the declined change: a calendar that imports the file again moves the entry.
  const last = await (await page.request.get(icsHref)).text();
  expect(last).toContain("\r\nSEQUENCE:2\r\n");
  expect(last).toContain("\r\nDTSTART;TZID=Europe/Paris:20270326T203000\r\n");
});
