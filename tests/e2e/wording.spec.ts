import { mkdirSync } from "node:fs";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 25 §6: counts and words that disagreed with what they described, each seen where an organizer or a buyer
// reads it. One new organizer of its own (no shared demo data), screenshots at 1280 and 390 px of each screen.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";
const PASSWORD = "Mots-Justes-2026";
const DAY = 86_400_000;

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test("tickets of a draft, add-on forms, expired promo codes, text without a field, free orders and deadlines say what they are", async ({
  page,
  request,
}) => {
  const email = await registerWithOrganization(
    request,
    "wording",
    "Agathe",
    `Salle des mots ${Date.now().toString(36)}`,
    PASSWORD,
  );
  const token = await ok<string>(await request.post("/auth/login", { data: { email, password: PASSWORD } }));
  const headers = { Authorization: `Bearer ${token}` };
  const start = Date.now() + 30 * DAY;
  const { id: eventId } = await ok<{ id: number }>(
    await request.post("/api/events", {
      headers,
      data: {
        title: "Lecture publique",
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 2 * 3_600_000).toISOString(),
        timezone: "Europe/Paris",
      },
    }),
  );
  const ticket = (title: string, price: number, ticket_type: "ticket" | "addon") =>
    request
      .post(`/api/events/${eventId}/tickets`, { headers, data: { title, price, ticket_type, max_per_order: 4 } })
      .then((response) => ok<{ id: number }>(response));
  const free = await ticket("Entrée libre", 0, "ticket");
  await ok(
    await request.put(`/api/events/${eventId}/promo-code/FINI/FINI/bulk`, {
      headers,
      data: [
        { key: "FINI", discount_type: "percent", discount: 10, end_at: new Date(Date.now() - DAY).toISOString() },
        { key: "BIENTOT", discount_type: "percent", discount: 10, start_at: new Date(Date.now() + DAY).toISOString() },
        { key: "OUVERT", discount_type: "percent", discount: 10 },
      ],
    }),
  );
  await ok(
    await request.put(`/api/events/${eventId}/participation-form/before`, {
      headers,
      data: {
        title: "",
        questions: JSON.stringify([
          {
            id: "default",
            title: "Nom, prénom, email",
            type: "short-text",
            mandatory: true,
            options: [],
            ticket_target: [],
          },
          {
            id: "infoaccescourint",
            title: "Accès par la cour",
            type: "no-field",
            mandatory: false,
            options: [],
            ticket_target: [],
          },
        ]),
        ticket_target: JSON.stringify("all"),
      },
    }),
  );

  await signIn(page, email, PASSWORD, { fresh: true });

  // A draft sells nothing: its on-sale tickets will be on sale once it is published.
  await page.goto(`/event/${eventId}/tickets`);
  await expect(page.getByText("En vente dès la publication de l'événement.").first()).toBeVisible();
  await expect(page.getByText("Les participants peuvent l'acheter.")).toHaveCount(0);
  await shoot(page, "wording-draft-tickets");

  // An add-on's form speaks of add-ons.
  await page.goto(`/event/${eventId}/addons`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Créer un add-on" }).first().click();
  const sheet = page.getByTestId("ticket-sheet");
  await expect(sheet.getByPlaceholder("Parking")).toBeVisible();
  await expect(sheet.getByText("0 pour un add-on gratuit.")).toBeVisible();
  await expect(sheet.getByText("0 pour un billet gratuit.")).toHaveCount(0);
  await shoot(page, "wording-addon-form");

  // Promo codes say when they cannot be used.
  await page.goto(`/event/${eventId}/promos`);
  await expect(page.getByTestId("promo-row-FINI").getByTestId("promo-state")).toHaveText("Expiré");
  await expect(page.getByTestId("promo-row-BIENTOT").getByTestId("promo-state")).toHaveText("À venir");
  await expect(page.getByTestId("promo-row-OUVERT").getByTestId("promo-state")).toHaveCount(0);
  await shoot(page, "wording-promo-codes");

  // Text shown without a field asks nothing: neither mandatory nor optional.
  await page.goto(`/event/${eventId}/order-fields`);
  const textRow = page.locator('[data-testid="question-row"][data-question-id="infoaccescourint"]');
  await expect(textRow).toContainText("Texte sans champ");
  await expect(textRow.getByText("Facultatif")).toHaveCount(0);
  await expect(textRow.getByText("Obligatoire")).toHaveCount(0);
  await shoot(page, "wording-order-fields");
  // The built-in question in English.
  expect((await page.request.post("/resources/locale", { form: { locale: "en" }, maxRedirects: 0 })).status()).toBe(
    302,
  );
  await page.reload();
  await expect(page.locator('[data-testid="question-row"][data-question-id="default"]').first()).toContainText(
    "First name, last name, email",
  );
  await page.request.post("/resources/locale", { form: { locale: "fr" }, maxRedirects: 0 });

  // A free order was not paid; a paid one's deadline names its time zone.
  await ok(await request.put(`/api/events/${eventId}/status/published`, { headers }));
  const buyer = { first_name: "Paul", last_name: "Vidal", email: `paul.${Date.now().toString(36)}@exemple.test` };
  const order = (ticketId: number) =>
    request
      .post(`/api/public/events/${eventId}/orders`, {
        data: {
          items: [{ ticket_id: ticketId, quantity: 1 }],
          buyer,
          participants: [{ ticket_id: ticketId, ...buyer }],
        },
      })
      .then((response) => ok<{ id: number; access_token: string; checkout_url: string | null }>(response));
  const freeOrder = await order(free.id);

  await page.goto(`/orders/${freeOrder.id}?token=${encodeURIComponent(freeOrder.access_token)}`);
  await expect(page.getByTestId("order-status")).toHaveText("Confirmée");
  await page.goto(`/event/${eventId}/orders/${freeOrder.id}`);
  await expect(page.locator('[data-status="paid"]').first()).toHaveText("Gratuite");
  await shoot(page, "wording-free-order");

  // A paid order, once the organization has a (demo) payment account: the deadline names its time zone.
  await page.goto("/finance");
  await waitForHydration(page);
  const account = page.getByTestId("payment-account");
  await account.getByRole("button", { name: "Connecter le compte de paiement" }).click();
  await expect(page).toHaveURL(/\/demo-connect\//);
  await page.getByRole("button", { name: "Envoyer les informations" }).click();
  await expect(page).toHaveURL(/\/finance$/);
  await waitForHydration(page);
  await account.getByRole("button", { name: "Simuler la vérification de Stripe" }).click();
  await expect(account).toHaveAttribute("data-status", "valid_conected");
  const paid = await ticket("Soutien", 1500, "ticket");
  const paidOrder = await order(paid.id);
  await page.goto(new URL(paidOrder.checkout_url!).pathname);
  await expect(page.getByText(/À payer avant le .*\d\d:\d\d UTC[+−-]\d/)).toBeVisible();
  await shoot(page, "wording-checkout-deadline");
});

test("a bad email is told one way: 'Email invalide', and an empty field asks for an email", async ({
  page,
  request,
}) => {
  // The sign-in pages are plain HTML: the server answers each submission.
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText("Veuillez entrer une adresse email.", { exact: true })).toBeVisible();
  await page.getByLabel("Email").fill("pas-un-email");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText("Email invalide", { exact: true })).toBeVisible();
  await expect(page.getByText(/adresse email valide/)).toHaveCount(0);

  // The organization's invite form answered with the browser's own bubble before ours could speak.
  const email = await registerWithOrganization(
    request,
    "bad-email",
    "Basile",
    `Adresses ${Date.now().toString(36)}`,
    PASSWORD,
  );
  await signIn(page, email, PASSWORD, { fresh: true });
  await page.goto("/settings");
  await waitForHydration(page);
  const invite = page.locator("form").filter({ has: page.getByRole("button", { name: "Inviter" }) });
  await invite.getByLabel("Email").fill("pas-un-email");
  await invite.getByRole("button", { name: "Inviter" }).click();
  await expect(page.getByText("Email invalide", { exact: true })).toBeVisible();
  await shoot(page, "wording-invite-bad-email");
});
