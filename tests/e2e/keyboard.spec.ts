import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoPassword } from "../../scripts/lib/demo-logins";
import { pressUntilShifted } from "./support/keyboard-sort";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 14 §3, keyboard-only journeys: once a page is open, only page.keyboard (Tab, Shift+Tab, Enter, Space, arrows,
// Escape, and typing into the focused field) — no click, no fill. Each journey checks that focus shows where it lands
// and that the data changed: the order is paid, the question order is saved, the entry is recorded.

const DAY = 86_400_000;

/** Pressed at most this many times to reach an element: a page longer than this has a focus-order problem. */
const MAX_TABS = 60;

/** Whether the focused element matches `selector`. */
const focusedMatches = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`; fails past MAX_TABS presses. */
async function tabTo(page: Page, selector: string, { backwards = false } = {}) {
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await focusedMatches(page, selector)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  expect(await focusedMatches(page, selector), `focus never reached ${selector} in ${MAX_TABS} presses`).toBe(true);
}

/**
 * The focused element shows that it has focus: `:focus-visible` matches (the browser decided focus must show, as it
 * does for keyboard users) and it draws an outline or a ring (Tailwind's rings are box-shadows) or a border change.
 */
async function expectFocusVisible(page: Page) {
  const style = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const computed = getComputedStyle(element);
    return {
      tag: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}`,
      focusVisible: element.matches(":focus-visible"),
      outline: computed.outlineStyle !== "none" && parseFloat(computed.outlineWidth) > 0,
      ring: computed.boxShadow !== "none",
    };
  });
  expect(style, "an element has focus").not.toBeNull();
  expect(style!.focusVisible, `${style!.tag} matches :focus-visible`).toBe(true);
  expect(style!.outline || style!.ring, `${style!.tag} shows an outline or a ring when focused`).toBe(true);
}

/** Reaches a field by Tab, checks its focus shows, and types into it. */
async function typeInto(page: Page, selector: string, text: string) {
  await tabTo(page, selector);
  await expectFocusVisible(page);
  await page.keyboard.type(text);
}

async function ownerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/auth/login", { data: { email: "owner@guichet.test", password: demoPassword } });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json()) as string;
}

/** An event of Les Nuits Sonores made for this test through the organizer API, with one ticket. */
async function createEvent(request: APIRequestContext, headers: Record<string, string>, title: string, price: number) {
  const start = Date.now() + 30 * DAY;
  const created = await request.post("/api/events", {
    headers,
    data: {
      title,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const ticket = await request.post(`/api/events/${id}/tickets`, {
    headers,
    data: { title: "Plein tarif", price, ticket_type: "ticket", max_per_order: 4 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  return { id, ticketId: ((await ticket.json()) as { id: number }).id };
}

test("keyboard only: a buyer books a paid ticket on the public page and pays through the demo checkout", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const headers = { Authorization: `Bearer ${await ownerToken(request)}` };
  const title = `Concert au clavier ${Date.now().toString(36)}`;
  const { id: eventId, ticketId } = await createEvent(request, headers, title, 2200);
  const published = await request.put(`/api/events/${eventId}/status/published`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  const { slug } = (await (await request.get(`/api/public/events/${eventId}`)).json()) as { slug: string };
  const email = `clavier.${Date.now().toString(36)}@exemple.test`;

  await page.goto(`/events/${eventId}/${slug}`);
  // The quantity: a native select, changed with the arrow key once focused.
  await tabTo(page, `#quantity-${ticketId}`);
  await expectFocusVisible(page);
  await page.keyboard.press("ArrowDown");
  await expect(page.locator(`#quantity-${ticketId}`)).toHaveValue("1");
  await tabTo(page, "button[type=submit]");
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/${slug}/book\\?`));

  // The booking form: the buyer, then the participant, each field reached by Tab; sent with Enter.
  await typeInto(page, '[name="buyer.first_name"]', "Aline");
  await typeInto(page, '[name="buyer.last_name"]', "Clavier");
  await typeInto(page, '[name="buyer.email"]', email);
  // The ticket's holder is the buyer: « Même que l'acheteur » is checked for the first ticket, its fields skipped.
  await tabTo(page, '[name="participants.0.same_as_buyer"]');
  await expectFocusVisible(page);
  await expect(page.locator('[name="participants.0.same_as_buyer"]')).toBeChecked();
  await tabTo(page, '[data-testid="booking-submit"]');
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");

  // The demo checkout: Tab to the pay button, Enter.
  await expect(page).toHaveURL(/\/demo-checkout\//);
  await tabTo(page, 'button[value="pay"]');
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");

  // The confirmation page, and the order paid in the data.
  await expect(page).toHaveURL(/\/orders\/\d+\?token=/, { timeout: 30_000 });
  await expect(page.getByTestId("order-status")).toHaveText("Payée");
  const url = new URL(page.url());
  const order = (await (
    await request.get(`/api/public/orders/${url.pathname.split("/")[2]}?token=${url.searchParams.get("token")}`)
  ).json()) as { status: string; participants: { ticket_id: number; email: string }[] };
  expect(order.status).toBe("paid");
  expect(order.participants.map((participant) => [participant.ticket_id, participant.email])).toEqual([
    [ticketId, email],
  ]);
});

type SavedForm = { form_type: string; questions: string };
const savedTitles = async (page: Page, eventId: number) => {
  const forms = (await (await page.request.get(`/api/events/${eventId}/participation-form`)).json()) as SavedForm[];
  const before = forms.find((form) => form.form_type === "before");
  return before ? (JSON.parse(before.questions) as { title: string }[]).map((question) => question.title) : [];
};

test("keyboard only: the order-form editor adds a question and reorders questions, saved", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@guichet.test");
  const { id: eventId } = await createEvent(page.request, {}, `Formulaire au clavier ${Date.now().toString(36)}`, 0);

  await page.goto(`/event/${eventId}/order-fields`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Formulaires de commande" })).toBeVisible();
  const list = page.getByTestId("question-list-before");
  const titles = () => list.getByTestId("question-title-text").allTextContents();

  // Two questions added from the keyboard: Tab to 'Ajouter une question', Enter, type the title, Enter saves.
  for (const title of ["Société", "Régime alimentaire"]) {
    // The first add starts from the top of the page; the next from the edit button of the question just added, where
    // focus returns after a save (issue 25 item 10), behind the add button.
    await tabTo(page, '[data-testid="question-add-before"]', { backwards: title !== "Société" });
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("question-panel");
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId("question-title")).toBeFocused();
    await page.keyboard.type(title);
    await tabTo(page, '[data-testid="question-save"]');
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await expect(panel).toBeHidden();
    await expect(list.getByTestId("question-title-text").filter({ hasText: title })).toBeVisible({ timeout: 30_000 });
    await expect(
      list.getByTestId("question-row").filter({ hasText: title }).getByTestId("question-edit"),
    ).toBeFocused();
  }
  await expect.poll(() => savedTitles(page, eventId)).toEqual(["Nom, prénom, email", "Société", "Régime alimentaire"]);

  // Reorder: Shift+Tab back to the handle of 'Régime alimentaire', Space lifts it, ArrowUp moves it (25 px a press,
  // spec §9) until it passes 'Société', Space drops it.
  const handleSelector = '[data-testid="question-drag-handle"][aria-label*="Régime alimentaire"]';
  await tabTo(page, handleSelector, { backwards: true });
  await expectFocusVisible(page);
  await page.keyboard.press("Space");
  // Lifted: dnd-kit marks the handle pressed; ArrowUp is then pressed until 'Société' makes room below.
  await expect(page.locator(handleSelector)).toHaveAttribute("aria-pressed", "true");
  await pressUntilShifted(page, "ArrowUp", list.getByTestId("question-row").filter({ hasText: "Société" }));
  await page.keyboard.press("Space");
  await expect.poll(titles).toEqual(["Nom, prénom, email", "Régime alimentaire", "Société"]);

  // The new order is held by the page until its save bar saves it.
  await tabTo(page, '[data-testid="unsaved-changes-save"]');
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("unsaved-changes-bar")).toBeHidden({ timeout: 30_000 });
  await page.reload();
  await waitForHydration(page);
  expect(await titles()).toEqual(["Nom, prénom, email", "Régime alimentaire", "Société"]);
  expect(await savedTitles(page, eventId)).toEqual(["Nom, prénom, email", "Régime alimentaire", "Société"]);
});

test("keyboard only: the web scanner validates a participant found by the manual search", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const suffix = Date.now().toString(36);
  const { id: eventId, ticketId } = await createEvent(page.request, {}, `Entrées au clavier ${suffix}`, 1500);
  const participant = { first_name: "Bérénice", last_name: `Clavier${suffix}`, email: `berenice.${suffix}@exemple.fr` };
  const placed = await page.request.post(`/api/events/${eventId}/manual-orders`, {
    data: { orders: [{ buyer: participant, participants: [{ ticket_id: ticketId, ...participant }] }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await page.goto(`/event/${eventId}/scan`);
  await waitForHydration(page);
  await expect(page.getByText("1 participant chargé pour le mode hors ligne")).toBeVisible();

  await typeInto(page, "#scan-search", participant.last_name);
  const name = `${participant.first_name} ${participant.last_name}`;
  const checkIn = page.getByRole("button", { name: `Valider l'entrée : ${name}` });
  await expect(checkIn).toBeVisible();
  await tabTo(page, `button[aria-label="Valider l'entrée : ${name}"]`);
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");

  const result = page.getByTestId("scan-result");
  await expect(result).toHaveAttribute("data-result", "ok");
  await expect(result).toContainText("Entrée validée");
  await expect(result).toContainText(name);
  // The entry is recorded on the server.
  await expect
    .poll(async () => {
      const list = await page.request.get(`/api/events/${eventId}/check-ins/list`);
      const { participants } = (await list.json()) as { participants: { last_name: string; is_in: boolean }[] };
      return participants.map((p) => [p.last_name, p.is_in]);
    })
    .toEqual([[participant.last_name, true]]);
});
