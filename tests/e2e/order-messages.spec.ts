import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/sign-in";

// The personalized messages page of a fresh event (issue 9): edit both messages as rich text, see each preview follow,
// save, reload.

const DAY = 86_400_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

const card = (page: Page, field: "confirmation_page_message" | "email_pdf_message") =>
  page.getByTestId(`message-${field}`);

test("order messages: edit both messages, previews, save, reload", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@guichet.test");
  const start = Date.now() + 30 * DAY;
  const title = `Soirée messages ${Date.now()}`;
  const created = await page.request.post("/api/events", {
    data: {
      title,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 4 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const ticket = await page.request.post(`/api/events/${id}/tickets`, { data: { title: "Entrée", price: 1000 } });
  expect(ticket.status(), await ticket.text()).toBe(201);

  try {
    await page.goto(`/event/${id}/order-messages`);
    await expect(page.getByRole("heading", { name: "Messages personnalisés" })).toBeVisible();
    await expect(page.getByTestId("order-messages-save")).toBeDisabled();
    await expect(page.getByTestId("confirmation-preview")).toContainText(title);
    await expect(page.getByTestId("confirmation-preview-message")).toHaveText("Aucun message : rien n'est ajouté ici.");

    // The confirmation message, with bold text: the preview follows as one types.
    const confirmationEditor = card(page, "confirmation_page_message").getByTestId("description-editor");
    await confirmationEditor.click();
    await page.keyboard.type("Merci d'être venus ! ");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type("Rendez-vous au vestiaire.");
    await expect(page.getByTestId("confirmation-preview-message")).toContainText("Merci d'être venus !");
    await expect(page.getByTestId("confirmation-preview-message").locator("strong")).toHaveText(
      "Rendez-vous au vestiaire.",
    );
    await expect(page.getByTestId("unsaved-changes-bar")).toBeVisible();

    // The email / PDF message, as a list: both the email and the ticket previews show it.
    const emailEditor = card(page, "email_pdf_message").getByTestId("description-editor");
    await emailEditor.click();
    await page.keyboard.type("- Présentez ce billet à l'entrée");
    await expect(page.getByTestId("email-preview-message").locator("li")).toHaveText("Présentez ce billet à l'entrée");
    await expect(page.getByTestId("ticket-preview-message").locator("li")).toHaveText("Présentez ce billet à l'entrée");
    await expect(page.getByTestId("email-pdf-preview")).toContainText(`Vos billets pour ${title}`);

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SCREENS}/order-messages-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId("order-messages-save").click();
    await expect(page.getByText("Messages enregistrés")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("unsaved-changes-bar")).toBeHidden();
    await expect(page.getByTestId("order-messages-save")).toBeDisabled();

    await page.reload();
    await expect(page.getByTestId("confirmation-preview-message").locator("strong")).toHaveText(
      "Rendez-vous au vestiaire.",
    );
    await expect(page.getByTestId("ticket-preview-message").locator("li")).toHaveText("Présentez ce billet à l'entrée");
    await expect(card(page, "email_pdf_message").getByTestId("description-editor")).toContainText(
      "Présentez ce billet à l'entrée",
    );
    const event = (await (await page.request.get(`/api/events/${id}`)).json()) as {
      confirmation_page_message?: string;
      email_pdf_message?: string;
    };
    if (event.confirmation_page_message !== undefined)
      expect(event.confirmation_page_message).toContain("<strong>Rendez-vous au vestiaire.</strong>");
    if (event.email_pdf_message !== undefined) expect(event.email_pdf_message).toContain("<li>");

    // Leaving with an unsaved change asks first.
    await card(page, "confirmation_page_message").getByTestId("description-editor").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" À bientôt.");
    await page.getByRole("link", { name: "Formulaires de commande" }).first().click();
    await expect(page.getByTestId("unsaved-changes-dialog")).toBeVisible();
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});

test("order messages: each participant's own ticket email is on by default and can be turned off", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const start = Date.now() + 30 * DAY;
  const created = await page.request.post("/api/events", {
    data: { title: `Billets des invités ${Date.now()}`, start_at: new Date(start).toISOString() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    await page.goto(`/event/${id}/order-messages`);
    const setting = page.getByRole("switch", { name: "Envoyer à chaque participant son billet" });
    await expect(setting).toBeChecked();
    await expect(page.getByTestId("holder-tickets-setting")).toContainText(
      "Quand l'email d'un participant diffère de celui de l'acheteur",
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId("holder-tickets-setting").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENS}/order-messages-holder-tickets-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await setting.click();
    await expect(setting).not.toBeChecked();
    await page.getByTestId("order-messages-save").click();
    await expect(page.getByText("Messages enregistrés")).toBeVisible({ timeout: 30_000 });
    await page.reload();
    await expect(page.getByRole("switch", { name: "Envoyer à chaque participant son billet" })).not.toBeChecked();
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});
