import { expect, test, type Locator, type Page } from "@playwright/test";
import { liftWithSpace, pressUntilShifted } from "./support/keyboard-sort";
import { signIn } from "./support/sign-in";

// The order-forms page of a fresh event (spec §2 'Order-forms screen', §4, §5, issue 9): both forms with every question
// type, options, a ticket target, drag and keyboard reordering saved by the page, mandatory toggle, delete, billing.

const DAY = 86_400_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

const section = (page: Page, formType: "before" | "before-tickets") => page.getByTestId(`form-section-${formType}`);
const titles = (list: Locator) => list.getByTestId("question-title-text").allTextContents();
const row = (list: Locator, title: string) =>
  list.getByTestId("question-row").filter({ has: list.page().getByText(title, { exact: true }) });

async function addQuestion(
  page: Page,
  formType: "before" | "before-tickets",
  question: { title: string; type: string; options?: string[]; mandatory?: boolean; ticket?: string },
) {
  await page.getByTestId(`question-add-${formType}`).click();
  const panel = page.getByTestId("question-panel");
  await expect(panel).toBeVisible();
  await panel.getByTestId("question-title").fill(question.title);
  if (question.type !== "Texte court") {
    await panel.getByTestId("question-type").click();
    await page.getByRole("option", { name: question.type, exact: true }).click();
  }
  for (const [index, option] of (question.options ?? []).entries()) {
    if (index > 0) await panel.getByTestId("option-add").click();
    await panel.getByTestId("option-input").nth(index).fill(option);
  }
  if (question.ticket) {
    await panel.getByTestId("ticket-target-trigger").click();
    await page.getByTestId("ticket-target-list").getByText(question.ticket, { exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(panel.getByTestId("ticket-target-trigger")).toContainText(question.ticket);
  }
  if (question.mandatory) await panel.getByTestId("question-mandatory").click();
  await panel.getByTestId("question-save").click();
  await expect(panel).toBeHidden();
  await expect(page.getByText("Formulaire mis à jour").first()).toBeVisible({ timeout: 30_000 });
  await expect(row(section(page, formType), question.title)).toBeVisible();
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

test("order forms: every question type, options, ticket target, reorder, mandatory, delete, billing", async ({
  page,
}) => {
  test.setTimeout(480_000);
  await signIn(page, "owner@guichet.test");
  const start = Date.now() + 30 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: `Soirée formulaires ${Date.now()}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 4 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const ticket = await page.request.post(`/api/events/${id}/tickets`, { data: { title: "Pass soirée", price: 2000 } });
  expect(ticket.status(), await ticket.text()).toBe(201);

  try {
    await page.goto(`/event/${id}/order-fields`);
    await expect(page.getByRole("heading", { name: "Formulaires de commande" })).toBeVisible();
    const before = section(page, "before");
    const perTicket = section(page, "before-tickets");
    await expect(before.getByRole("heading", { name: "Champs de commande" })).toBeVisible();
    await expect(perTicket.getByRole("heading", { name: "Champs participants" })).toBeVisible();

    // The built-in question: first, 'Par défaut', no handle nor actions; mandatory on the order form.
    for (const list of [before, perTicket]) {
      const builtIn = list.getByTestId("question-row").first();
      await expect(builtIn).toContainText("Nom, prénom, email");
      await expect(builtIn).toContainText("Par défaut");
      await expect(builtIn.getByTestId("question-drag-handle")).toHaveCount(0);
      await expect(builtIn.getByRole("button")).toHaveCount(0);
    }
    await expect(before.getByTestId("question-row").first().getByTestId("question-mandatory-badge")).toHaveText(
      "Obligatoire",
    );
    await expect(perTicket.getByTestId("question-row").first().getByTestId("question-mandatory-badge")).toHaveText(
      "Facultatif",
    );
    await expect(page.getByTestId("order-forms-help")).toHaveAttribute("href", /docs\./);
    await expect(page.getByTestId("order-forms-participants")).toHaveAttribute("href", `/event/${id}/participants`);

    // The add panel: save stays disabled without a title; a new question is short text.
    await page.getByTestId("question-add-before").click();
    const panel = page.getByTestId("question-panel");
    await expect(panel.getByTestId("question-save")).toBeDisabled();
    await expect(panel.getByTestId("question-type")).toHaveText("Texte court");
    await panel.getByTestId("question-type").click();
    for (const label of [
      "Texte court",
      "Champ texte",
      "Choix unique",
      "Choix multiple",
      "Sélection",
      "Condition supplémentaire",
      "Texte sans champ",
    ]) {
      await expect(page.getByRole("option", { name: label, exact: true })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(page.getByRole("option", { name: "Champ texte", exact: true })).toBeHidden();
    await expect(panel.getByTestId("option-list")).toHaveCount(0);
    // Closing with unsaved changes asks: continue, then leave.
    await panel.getByTestId("question-title").fill("Brouillon");
    await page.keyboard.press("Escape");
    const closeDialog = page.getByTestId("question-close-dialog");
    await expect(closeDialog).toBeVisible();
    await closeDialog.getByRole("button", { name: "Continuer l'édition" }).click();
    await expect(closeDialog).toBeHidden();
    await expect(panel.getByTestId("question-title")).toHaveValue("Brouillon");
    await panel.getByRole("button", { name: "Annuler" }).click();
    await closeDialog.getByTestId("question-close-leave").click();
    await expect(panel).toBeHidden();

    // Every type, options on a choice question, a ticket target.
    await addQuestion(page, "before", { title: "Société", type: "Texte court", mandatory: true });
    await addQuestion(page, "before", { title: "Remarques", type: "Champ texte" });
    await addQuestion(page, "before", { title: "Conditions générales", type: "Condition supplémentaire" });
    await addQuestion(page, "before", { title: "Informations pratiques", type: "Texte sans champ" });
    await addQuestion(page, "before-tickets", {
      title: "Menu",
      type: "Choix unique",
      options: ["Végétarien", "Poisson", "Viande"],
      ticket: "Pass soirée",
    });
    await addQuestion(page, "before-tickets", {
      title: "Ateliers",
      type: "Choix multiple",
      options: ["Danse", "Chant"],
    });
    await addQuestion(page, "before-tickets", {
      title: "Taille de t-shirt",
      type: "Sélection",
      options: ["S", "M", "L"],
    });
    await expect(row(perTicket, "Menu")).toContainText("3 options");
    await expect(row(perTicket, "Menu").getByTestId("question-targets")).toHaveText("Pass soirée");
    await expect(row(before, "Société").getByTestId("question-mandatory-toggle")).toHaveText("Obligatoire");

    // Edit: options reordered (keyboard) and removed, one added.
    await row(perTicket, "Taille de t-shirt").getByRole("button", { name: "Modifier « Taille de t-shirt »" }).click();
    await expect(panel.getByTestId("question-save")).toBeDisabled();
    // The panel slides in: let it settle before measuring rows for the keyboard drag.
    await panel.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    // The last option ("L") is lifted, moved until the first one ("S") makes room below, and dropped over its place.
    await liftWithSpace(page, panel.getByTestId("option-drag-handle").nth(2));
    await pressUntilShifted(page, "ArrowUp", panel.getByTestId("option-row").first());
    await page.keyboard.press("Space");
    await expect
      .poll(() =>
        panel
          .getByTestId("option-input")
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      )
      .toEqual(["L", "S", "M"]);
    await panel.getByRole("button", { name: "Supprimer l'option 3" }).click();
    await panel.getByTestId("option-add").click();
    await panel.getByTestId("option-input").nth(2).fill("XL");
    await panel.getByTestId("question-save").click();
    await expect(panel).toBeHidden();
    const saved = (await (await page.request.get(`/api/events/${id}/participation-form`)).json()) as {
      form_type: string;
      questions: string;
    }[];
    const shirt = (
      JSON.parse(saved.find((form) => form.form_type === "before-tickets")!.questions) as {
        title: string;
        id: string;
        options: { title: string }[];
      }[]
    ).find((question) => question.title === "Taille de t-shirt")!;
    expect(shirt.options.map((option) => option.title)).toEqual(["L", "S", "XL"]);
    expect(shirt.id).toMatch(/^[A-Za-z0-9]{16}$/);

    // Mandatory badge saves at once; the built-in question follows single_fill on the participant form.
    await row(perTicket, "Ateliers").getByTestId("question-mandatory-toggle").click();
    await expect(row(perTicket, "Ateliers").getByTestId("question-mandatory-toggle")).toHaveText("Obligatoire");
    await expect(perTicket.getByTestId("question-row").first().getByTestId("question-mandatory-badge")).toHaveText(
      "Obligatoire",
    );

    // Reorder by drag: held locally (the save bar appears) until the page saves.
    expect(await titles(before)).toEqual([
      "Nom, prénom, email",
      "Société",
      "Remarques",
      "Conditions générales",
      "Informations pratiques",
    ]);
    await dragHandle(
      page,
      row(before, "Informations pratiques").getByTestId("question-drag-handle"),
      row(before, "Société"),
      false,
    );
    await expect
      .poll(() => titles(before))
      .toEqual(["Nom, prénom, email", "Informations pratiques", "Société", "Remarques", "Conditions générales"]);
    await expect(page.getByTestId("unsaved-changes-bar")).toBeVisible();
    // And by keyboard on the participant form.
    // Lift Menu with Space, press ArrowDown until Ateliers makes room above, drop with Space.
    await liftWithSpace(page, row(perTicket, "Menu").getByTestId("question-drag-handle"));
    await pressUntilShifted(page, "ArrowDown", row(perTicket, "Ateliers"));
    await page.keyboard.press("Space");
    await expect
      .poll(async () => {
        const order = await titles(perTicket);
        return order.indexOf("Menu") > order.indexOf("Ateliers");
      })
      .toBe(true);
    const participantOrder = await titles(perTicket);
    expect(participantOrder[0]).toBe("Nom, prénom, email");

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SCREENS}/order-forms-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId("unsaved-changes-save").click();
    await expect(page.getByTestId("unsaved-changes-bar")).toBeHidden({ timeout: 30_000 });
    await page.reload();
    expect(await titles(before)).toEqual([
      "Nom, prénom, email",
      "Informations pratiques",
      "Société",
      "Remarques",
      "Conditions générales",
    ]);
    expect(await titles(perTicket)).toEqual(participantOrder);

    // Delete with confirmation: cancel first, then delete.
    await row(before, "Remarques").getByRole("button", { name: "Supprimer « Remarques »" }).click();
    const deleteDialog = page.getByTestId("question-delete-dialog");
    await expect(deleteDialog).toContainText("Voulez-vous vraiment supprimer cette question ?");
    await deleteDialog.getByRole("button", { name: "Annuler" }).click();
    await expect(row(before, "Remarques")).toHaveCount(1);
    await row(before, "Remarques").getByRole("button", { name: "Supprimer « Remarques »" }).click();
    await deleteDialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(row(before, "Remarques")).toHaveCount(0);

    // Billing switch, with its hint linking to the orders.
    const billing = page.getByTestId("billing-switch");
    await expect(page.getByTestId("billing-card").getByRole("link", { name: "commandes" })).toHaveAttribute(
      "href",
      `/event/${id}/orders`,
    );
    await expect(billing).toHaveAttribute("aria-checked", "false");
    await billing.click();
    await expect(billing).toHaveAttribute("aria-checked", "true");
    await expect(billing).toBeEnabled();

    // Mandatory off again on the participant form: single_fill comes back true.
    await row(perTicket, "Ateliers").getByTestId("question-mandatory-toggle").click();
    await expect(row(perTicket, "Ateliers").getByTestId("question-mandatory-toggle")).toHaveText("Facultatif");

    await page.reload();
    await expect(page.getByTestId("billing-switch")).toHaveAttribute("aria-checked", "true");
    expect(await titles(before)).toEqual([
      "Nom, prénom, email",
      "Informations pratiques",
      "Société",
      "Conditions générales",
    ]);
    await expect(perTicket.getByTestId("question-row").first().getByTestId("question-mandatory-badge")).toHaveText(
      "Facultatif",
    );
    const forms = (await (await page.request.get(`/api/events/${id}/participation-form`)).json()) as {
      form_type: string;
      single_fill: boolean;
    }[];
    expect(forms.find((form) => form.form_type === "before")!.single_fill).toBe(false);
    expect(forms.find((form) => form.form_type === "before-tickets")!.single_fill).toBe(true);
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});
