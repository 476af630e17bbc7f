import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { utcToZonedDateTime, zonedDateTimeToUtc } from "#domain/events/event-time-zone";
import { registerWithOrganization } from "./support/accounts";
import { uniqueEmail, waitForMail, type DevMail } from "./support/mailbox";
import { signIn } from "./support/sign-in";

// Issue 27 §1, §4, §5 in the browser: an organizer writes to the buyers of one ticket with a variable chip, sees the
// exact count, previews the email as a participant, sends a test to themself, schedules it (then takes it back), sends
// it; the email reaches the French buyer in French and the buyer who booked in English in English; the history shows
// the counts; the opt-out link of a received email works and the organizer sees it; the participants table's selection
// opens the composer with those participants. A second test schedules a message two minutes ahead and sees it leave on
// the minute cron.

const expect = baseExpect.configure({ timeout: 20_000 });
const DAY = 86_400_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const password = "messages-organizer-2026";

async function json<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  baseExpect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

type World = {
  organizer: string;
  organization: string;
  eventId: number;
  slug: string;
  title: string;
  fosseId: number;
  balconId: number;
};

async function buildWorld(request: APIRequestContext): Promise<World> {
  // Organization titles are unique: each run has its own.
  const organization = `Les Concerts du Quai ${Date.now().toString(36)}`;
  const organizer = await registerWithOrganization(request, "messages", "Nadia", organization, password);
  const token = await json<string>(await request.post("/auth/login", { data: { email: organizer, password } }));
  const headers = { Authorization: `Bearer ${token}` };
  const start = Date.now() + 20 * DAY;
  const title = `Concert du Quai ${Date.now().toString(36)}`;
  const { id: eventId } = await json<{ id: number }>(
    await request.post("/api/events", {
      headers,
      data: {
        title,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 3 * 3_600_000).toISOString(),
        timezone: "Europe/Paris",
      },
    }),
  );
  const fosse = await json<{ id: number }>(
    await request.post(`/api/events/${eventId}/tickets`, {
      headers,
      data: { title: "Fosse", price: 0, ticket_type: "ticket", max_per_order: 4 },
    }),
  );
  const balcon = await json<{ id: number }>(
    await request.post(`/api/events/${eventId}/tickets`, {
      headers,
      data: { title: "Balcon", price: 0, ticket_type: "ticket", max_per_order: 4 },
    }),
  );
  await json(await request.put(`/api/events/${eventId}/status/published`, { headers }));
  const { slug } = await json<{ slug: string }>(await request.get(`/api/public/events/${eventId}`));
  return { organizer, organization, eventId, slug, title, fosseId: fosse.id, balconId: balcon.id };
}

/** Books one "Fosse" on the public event page, in the page's language. */
async function bookFosse(page: Page, w: World, buyer: { first: string; last: string; email: string }, en = false) {
  await page.goto(`/events/${w.eventId}/${w.slug}`);
  await page.getByLabel(en ? "Quantity for Fosse" : "Quantité pour Fosse").selectOption("1");
  await page.getByRole("button", { name: en ? "Book" : "Réserver", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${w.eventId}/${w.slug}/book\\?`));
  await page.locator('[name="buyer.first_name"]').fill(buyer.first);
  await page.locator('[name="buyer.last_name"]').fill(buyer.last);
  await page.locator('[name="buyer.email"]').fill(buyer.email);
  await page.getByTestId("booking-submit").click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=/);
}

/** The screen at 1280 and 390 px; a dialog is taken as the viewport shows it. */
async function screens(page: Page, name: string, fullPage = true) {
  // The toasts (« Brouillon enregistré »…) leave first: they would hide part of the screen.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/attendee-messages-${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Content-Security-Policy violations the browser reports on this page (the preview's frame included). */
function watchCsp(page: Page): string[] {
  const reported: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  return reported;
}

function mailsTo(request: APIRequestContext, to: string): Promise<DevMail[]> {
  return request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`).then((r) => r.json() as Promise<DevMail[]>);
}

test("an organizer writes to the buyers of one ticket, previews, tests, schedules and sends; buyers read it in their language and can opt out", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const w = await buildWorld(request);
  const camille = { first: "Camille", last: "Martin", email: uniqueEmail("message-fr") };
  const john = { first: "John", last: "Smith", email: uniqueEmail("message-en") };
  const balconBuyer = uniqueEmail("message-balcon");

  // Two bookings of « Fosse » on the public page: one in French, one in English (the app's language cookie).
  await bookFosse(page, w, camille);
  const english = await browser.newContext({ locale: "en-GB" });
  const englishPage = await english.newPage();
  const switched = await englishPage.request.post("/resources/locale", { form: { locale: "en" }, maxRedirects: 0 });
  baseExpect(switched.status()).toBeLessThan(400);
  await bookFosse(englishPage, w, john, true);
  await english.close();
  // A « Balcon » buyer, who must not receive a message to the « Fosse » holders.
  await json(
    await request.post(`/api/public/events/${w.eventId}/orders`, {
      data: {
        items: [{ ticket_id: w.balconId, quantity: 1 }],
        buyer: { first_name: "Léa", last_name: "Petit", email: balconBuyer },
        participants: [{ ticket_id: w.balconId, first_name: "Léa", last_name: "Petit", email: balconBuyer }],
      },
    }),
  );

  await signIn(page, w.organizer, password);
  const cspViolations = watchCsp(page);
  // The event's side navigation reaches the messages under « Communication ».
  await page.goto(`/event/${w.eventId}`);
  await page.getByRole("button", { name: "Communication" }).first().click();
  await page.getByRole("link", { name: "Messages", exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${w.eventId}/messages$`));
  await expect(page.getByTestId("messages-empty")).toBeVisible();
  await page.getByTestId("messages-new").click();
  await expect(page).toHaveURL(new RegExp(`/event/${w.eventId}/messages/new$`));

  // The subject, then the body with the first name inserted by its chip at the cursor.
  const subject = `Infos pratiques ${Date.now().toString(36)}`;
  await page.getByTestId("message-subject").fill(subject);
  const editor = page.getByTestId("description-editor");
  await editor.click();
  await page.keyboard.type("Bonjour ");
  await page.getByTestId("variable-first_name").click();
  await page.keyboard.type(", les portes ouvrent à 19 h.");
  await expect(editor).toHaveText("Bonjour {first_name}, les portes ouvrent à 19 h.");

  // All participants first (three), then the « Fosse » holders only: the exact count follows the choice.
  await expect(page.getByTestId("message-recipient-count")).toHaveText("3 destinataires");
  await expect(page.getByTestId("message-quota")).toContainText("Quota d'emails restant aujourd'hui");
  await page.getByTestId("segment-tickets").click();
  await expect(page.getByTestId("message-count")).toContainText("Choisissez au moins un élément");
  await page.getByTestId(`segment-ticket-${w.fosseId}`).click();
  await expect(page.getByTestId("message-recipient-count")).toHaveText("2 destinataires");

  // The preview as Camille (French), then as John (English): variables filled, each in their language.
  await page.getByTestId("message-preview").click();
  const frame = page.frameLocator('[data-testid="message-preview-frame"]');
  const previewAs = async (email: string) => {
    const picker = page.getByTestId("message-preview-participant");
    await picker.selectOption((await picker.locator("option", { hasText: email }).getAttribute("value"))!);
  };
  await previewAs(camille.email);
  await expect(frame.locator("body")).toContainText("Bonjour Camille, les portes ouvrent à 19 h.");
  await expect(frame.locator("body")).toContainText(`Vous recevez cet email de ${w.organization}`);
  await screens(page, "compose-preview", false);
  await previewAs(john.email);
  await expect(frame.locator("body")).toContainText("Bonjour John, les portes ouvrent à 19 h.");
  await expect(frame.locator("body")).toContainText(`You are receiving this email from ${w.organization}`);
  await page.keyboard.press("Escape");

  // A test to oneself: the toast names the address, the email is marked as a test.
  await page.getByTestId("message-test").click();
  await expect(page.getByText(`Test envoyé à ${w.organizer}`)).toBeVisible();
  const testMail = await waitForMail(page.request, w.organizer, new RegExp(`^${subject}$`), {
    timeout: 60_000,
  });
  baseExpect(testMail.text).toContain("Email de test");

  // Saved as a draft: the message has its own page.
  await page.getByTestId("message-save").click();
  await expect(page).toHaveURL(new RegExp(`/event/${w.eventId}/messages/\\d+$`));
  await expect(page.getByText("Brouillon enregistré")).toBeVisible();
  const messageId = Number(/messages\/(\d+)$/.exec(page.url())?.[1]);
  await screens(page, "compose");

  // Scheduled about two minutes ahead, in the event's time zone: shown as scheduled, then taken back.
  await page.getByTestId("message-schedule").click();
  const at = utcToZonedDateTime(Date.now() + 2 * 60_000 + 60_000, "Europe/Paris").slice(0, 16);
  await page.getByTestId("message-schedule-at").fill(at);
  await page.getByTestId("message-schedule-confirm").click();
  await expect(page.getByTestId("message-scheduled")).toContainText(`Programmé pour le`);
  await expect(page.getByTestId("message-scheduled")).toContainText(at.slice(11, 16));
  await page.goto(`/event/${w.eventId}/messages`);
  await expect(page.getByTestId(`message-row-${messageId}`)).toContainText("Programmé");
  await page.getByTestId(`message-row-${messageId}`).getByRole("link").click();
  await page.getByTestId("message-unschedule").click();
  await expect(page.getByText("Programmation annulée")).toBeVisible();
  await expect(page.getByTestId("message-subject")).toBeEditable();

  // Sent now, after a confirmation that states the count.
  await expect(page.getByTestId("message-recipient-count")).toHaveText("2 destinataires");
  await page.getByTestId("message-send").click();
  await expect(page.getByTestId("message-send-description")).toHaveText(
    "Le message partira tout de suite à 2 destinataires.",
  );
  await page.getByTestId("message-send-confirm").click();
  await expect(page.getByTestId("message-detail")).toBeVisible();
  await expect(page.getByTestId("message-count-sent")).toContainText("2", { timeout: 90_000 });
  await expect(page.getByTestId(`recipient-${camille.email.toLowerCase()}`)).toContainText("Envoyé");
  await expect(page.getByTestId("message-segment")).toHaveText("Destinataires : Billets : Fosse");
  // Nobody has stopped this event's messages yet (another run's opt-outs are other events').
  await expect(page.getByTestId("recipients-table")).not.toContainText("S'est désinscrit");
  await screens(page, "detail");

  // Camille reads it in French, John in English; the « Balcon » buyer gets nothing.
  const french = await waitForMail(page.request, camille.email, new RegExp(`^${subject}$`), { timeout: 60_000 });
  baseExpect(french.text).toContain("Bonjour Camille, les portes ouvrent à 19 h.");
  baseExpect(french.text).toContain(`Vous recevez cet email de ${w.organization} car vous avez une commande pour`);
  const inEnglish = await waitForMail(page.request, john.email, new RegExp(`^${subject}$`), { timeout: 60_000 });
  baseExpect(inEnglish.text).toContain("Bonjour John, les portes ouvrent à 19 h.");
  baseExpect(inEnglish.text).toContain(`You are receiving this email from ${w.organization} because you have an order`);
  baseExpect((await mailsTo(page.request, balconBuyer)).some((mail) => mail.subject === subject)).toBe(false);

  // « Envoyer à nouveau » asks first.
  await page.getByTestId("message-resend").click();
  await expect(page.getByRole("alertdialog")).toContainText("Ce message a déjà été envoyé");
  await page.getByRole("button", { name: "Annuler" }).click();

  // The history shows the message, its state and counts.
  await page.goto(`/event/${w.eventId}/messages`);
  const row = page.getByTestId(`message-row-${messageId}`);
  await expect(row).toContainText(subject);
  await expect(row).toContainText("Message");
  await expect(row).toContainText("Billets : Fosse");
  await expect(row).toContainText("Envoyé");
  await expect(row.getByTestId("count-sent")).toHaveText("2");
  await expect(row.getByTestId("count-failed")).toHaveText("0");

  // The opt-out link of Camille's email: opening it changes nothing, the button does.
  const link = /https?:\/\/\S+\/messages\/opt-out\?\S+/.exec(french.text)?.[0];
  baseExpect(link).toBeDefined();
  const optOutPath = new URL(link!).pathname + new URL(link!).search;
  const visitor = await browser.newContext();
  const optOut = await visitor.newPage();
  const optOutCspViolations = watchCsp(optOut);
  await optOut.goto(optOutPath);
  await expect(optOut.getByRole("heading", { level: 1 })).toHaveText(w.title);
  await screens(optOut, "opt-out");
  await optOut
    .getByRole("button", { name: "Ne plus recevoir les messages de l'organisateur pour cet événement" })
    .click();
  await expect(optOut.getByTestId("opt-out-done")).toContainText(
    "C'est noté… Les rappels et informations importantes sur l'événement vous parviendront toujours.",
  );
  await screens(optOut, "opt-out-done");
  // A link whose signature was altered is refused.
  await optOut.goto(optOutPath.replace(/s=[^&]+/, "s=AAAAAAAAAAAAAAAAAAAAAA"));
  await expect(optOut.getByRole("alert")).toContainText("Lien invalide");
  baseExpect(optOutCspViolations).toEqual([]);
  await visitor.close();

  await page.reload();
  await expect(page.getByTestId("messages-opt-outs")).toContainText(camille.email.toLowerCase());
  await screens(page, "history");

  // The participants table's selection opens the composer with these participants as the recipients.
  await page.goto(`/event/${w.eventId}/participants`);
  const participantRows = page.getByRole("row").filter({ hasText: /Camille|John/ });
  await expect(participantRows).toHaveCount(2);
  for (const participantRow of await participantRows.all()) await participantRow.getByRole("checkbox").click();
  await page.getByTestId("participants-write-selected").click();
  await expect(page).toHaveURL(new RegExp(`/event/${w.eventId}/messages/new\\?participants=\\d+,\\d+$`));
  await expect(page.getByTestId("segment-participants")).toBeChecked();
  await expect(page.getByTestId("segment-picker")).toContainText("Participants sélectionnés (2)");
  // Camille opted out of the organizer's messages: only John is left.
  await expect(page.getByTestId("message-recipient-count")).toHaveText("1 destinataire");
  // A send past the day's email quota is refused whole, and the page says what is left: a platform admin sets this
  // organization's quota to what it already used today, then the organizer sends the message again.
  const segmentAll = encodeURIComponent(JSON.stringify({ type: "all" }));
  const quotaNow = await json<{ quota: { remaining: number; limit: number } }>(
    await page.request.get(`/event/${w.eventId}/messages/tools?segment=${segmentAll}`),
  );
  const origin = new URL(page.url()).origin;
  const adminToken = await json<string>(
    await request.post("/auth/login", { data: { email: "admin@guichet.test", password: "guichet-admin-2026" } }),
  );
  const [membership] = await json<{ organizer: number }[]>(await page.request.get("/api/me/organizers"));
  const setQuota = await request.post("/admin/organizations", {
    headers: { Cookie: `guichet_session=${adminToken}`, Origin: origin },
    form: {
      intent: "email-quota",
      organization_id: String(membership!.organizer),
      daily_email_quota: String(quotaNow.quota.limit - quotaNow.quota.remaining),
    },
  });
  baseExpect(setQuota.status()).toBeLessThan(400);
  await page.goto(`/event/${w.eventId}/messages/${messageId}`);
  await page.getByTestId("message-resend").click();
  await page.getByTestId("message-resend-confirm").click();
  // Refused whole, and said with what is left today; the message keeps its first send (its recipients, « Envoyé »).
  await expect(page.getByTestId("message-quota-error")).toHaveText(
    "Envoi refusé : 1 destinataire pour un quota d'emails restant aujourd'hui de 0.",
  );
  await expect(page.getByTestId("message-detail")).toBeVisible();
  await expect(page.getByTestId("message-count-sent")).toContainText("2");
  await screens(page, "detail-refused");

  // The preview's sandboxed frame and every screen above ran under the page policy without a violation.
  baseExpect(cspViolations).toEqual([]);
});

test("a message scheduled two minutes ahead leaves on the minute cron, not before", async ({ page, request }) => {
  // The scheduled time is two to three minutes ahead (the picker's minute precision): the test waits for it.
  test.setTimeout(300_000);
  const w = await buildWorld(request);
  const lea = { first: "Léa", last: "Roux", email: uniqueEmail("message-cron") };
  await bookFosse(page, w, lea);
  await signIn(page, w.organizer, password);

  const subject = `Rappel de la billetterie ${Date.now().toString(36)}`;
  await page.goto(`/event/${w.eventId}/messages/new`);
  await page.getByTestId("message-subject").fill(subject);
  await page.getByTestId("description-editor").click();
  await page.keyboard.type("Bonjour ");
  await page.getByTestId("variable-first_name").click();
  await page.keyboard.type(", à bientôt.");
  await expect(page.getByTestId("message-recipient-count")).toHaveText("1 destinataire");
  await page.getByTestId("message-save").click();
  await expect(page).toHaveURL(new RegExp(`/event/${w.eventId}/messages/\\d+$`));

  const at = utcToZonedDateTime(Date.now() + 2 * 60_000 + 60_000, "Europe/Paris").slice(0, 16);
  const due = zonedDateTimeToUtc(at, "Europe/Paris")!.getTime();
  await page.getByTestId("message-schedule").click();
  await page.getByTestId("message-schedule-at").fill(at);
  await page.getByTestId("message-schedule-confirm").click();
  await expect(page.getByTestId("message-scheduled")).toContainText(at.slice(11, 16));

  const fireMinuteCron = async () => {
    const response = await request.get(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("* * * * *")}`);
    baseExpect(response.ok()).toBe(true);
  };
  // Before its time the cron leaves it alone.
  await fireMinuteCron();
  await page.waitForTimeout(2_000);
  baseExpect((await mailsTo(request, lea.email)).some((mail) => mail.subject === subject)).toBe(false);

  // From its time on, the next run of the cron sends it (the test fires the cron as Cloudflare would each minute).
  await page.waitForTimeout(Math.max(0, due - Date.now()));
  await baseExpect
    .poll(
      async () => {
        await fireMinuteCron();
        return (await mailsTo(request, lea.email)).find((mail) => mail.subject === subject)?.text ?? "";
      },
      { timeout: 90_000, intervals: [5_000] },
    )
    .toContain("Bonjour Léa, à bientôt.");
  await page.reload();
  await expect(page.getByTestId("message-detail")).toBeVisible();
  await expect(page.getByTestId("message-count-sent")).toContainText("1", { timeout: 60_000 });
});
