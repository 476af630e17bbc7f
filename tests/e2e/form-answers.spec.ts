import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { describeViolations, seriousViolations } from "./support/axe";
import { signIn } from "./support/sign-in";

// Issue 25 item 2: an organizer who asked "Régime alimentaire" and "Besoins d'accessibilité" counts the answers on
// the event's "Réponses" view (one bar and one table row per option), reads them as labels in the CSV exports, and
// finds them as columns (hidden by default, filterable by option, searchable) of the participants and orders tables.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const DAY = 86_400_000;

const heard = {
  id: "HeardAboutQ00001",
  title: "Connu par",
  description: "",
  mandatory: false,
  type: "unique-choice",
  options: [
    { id: "PresseRadio00001", title: "Presse ou radio" },
    { id: "Affiche000000001", title: "Affiche" },
  ],
  ticket_target: [],
  allow_target: false,
};
const diets = {
  id: "DietsQuestion001",
  title: "Régime alimentaire",
  description: "",
  mandatory: false,
  type: "multiple-choice",
  options: [
    { id: "Vegetarien000001", title: "Végétarien" },
    { id: "Vegan00000000001", title: "Végan" },
    { id: "SansGluten000001", title: "Sans gluten" },
  ],
  ticket_target: [],
  allow_target: false,
};
const access = {
  id: "AccessQuestion01",
  title: "Besoins d'accessibilité",
  description: "",
  mandatory: false,
  type: "text",
  options: [],
  ticket_target: [],
  allow_target: false,
};

const formBody = (eventId: number, formType: string, questions: unknown[]) => ({
  title: "",
  single_fill: true,
  questions: JSON.stringify(questions),
  ticket_target: JSON.stringify("all"),
  event: eventId,
  form_type: formType,
});

type Person = { first_name: string; last_name: string; email: string; answers?: Record<string, unknown> };

async function book(request: APIRequestContext, eventId: number, ticketId: number, heardId: string, people: Person[]) {
  const placed = await request.post(`/api/public/events/${eventId}/orders`, {
    data: {
      items: [{ ticket_id: ticketId, quantity: people.length }],
      buyer: { first_name: people[0]!.first_name, last_name: people[0]!.last_name, email: people[0]!.email },
      answers: { [heard.id]: heardId },
      participants: people.map((person) => ({ ticket_id: ticketId, ...person })),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

/** A new event of the owner's organization with both forms asked, and three free orders (four participants). */
async function eventWithAnswers(page: Page): Promise<number> {
  const start = Date.now() + 30 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: `Banquet des bénévoles ${Date.now().toString(36)}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  const ticket = await page.request.post(`/api/events/${eventId}/tickets`, {
    data: { title: "Repas", price: 0, ticket_type: "ticket", max_per_order: 4 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const ticketId = ((await ticket.json()) as { id: number }).id;
  for (const [formType, questions] of [
    ["before", [heard]],
    ["before-tickets", [diets, access]],
  ] as const) {
    const saved = await page.request.put(`/api/events/${eventId}/participation-form/${formType}`, {
      data: formBody(eventId, formType, [...questions]),
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const published = await page.request.put(`/api/events/${eventId}/status/published`);
  expect(published.status(), await published.text()).toBe(200);

  await book(page.request, eventId, ticketId, "PresseRadio00001", [
    {
      first_name: "Inès",
      last_name: "Moreau",
      email: "ines.moreau@example.test",
      answers: { [diets.id]: ["Vegetarien000001", "SansGluten000001"], [access.id]: "Fauteuil roulant" },
    },
    {
      first_name: "Hugo",
      last_name: "Moreau",
      email: "hugo.moreau@example.test",
      answers: { [diets.id]: ["Vegan00000000001"] },
    },
  ]);
  await book(page.request, eventId, ticketId, "Affiche000000001", [
    {
      first_name: "Chloé",
      last_name: "Petit",
      email: "chloe.petit@example.test",
      answers: { [diets.id]: ["Vegetarien000001"] },
    },
  ]);
  await book(page.request, eventId, ticketId, "PresseRadio00001", [
    { first_name: "Paul", last_name: "Girard", email: "paul.girard@example.test" },
  ]);
  return eventId;
}

const questionCard = (page: Page, title: string) =>
  page.getByTestId("answers-question").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function optionCounts(page: Page, title: string): Promise<Record<string, string>> {
  const rows = questionCard(page, title).locator("tbody tr");
  const entries = await rows.evaluateAll((trs) =>
    trs.map((tr) => [
      tr.getAttribute("data-option") ?? "",
      tr.querySelector("[data-testid=answers-count]")?.textContent,
    ]),
  );
  return Object.fromEntries(entries);
}

test("the Réponses view counts each option, and the exports carry the answers as labels", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@guichet.test");
  const eventId = await eventWithAnswers(page);

  await page.goto(`/event/${eventId}`);
  await page.getByTestId("quick-answers").click();
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}/answers$`));
  await expect(page.getByRole("heading", { name: "Réponses aux formulaires" })).toBeVisible();

  // Every question that takes an answer, in form order; counted over the orders that hold places.
  await expect(page.getByTestId("answers-question")).toHaveCount(3);
  expect(await optionCounts(page, "Connu par")).toEqual({ "Presse ou radio": "2", Affiche: "1" });
  expect(await optionCounts(page, "Régime alimentaire")).toEqual({ Végétarien: "2", Végan: "1", "Sans gluten": "1" });
  await expect(questionCard(page, "Régime alimentaire")).toContainText("3 réponse(s) sur 4 participants");
  await expect(questionCard(page, "Besoins d'accessibilité")).toContainText("1 réponse(s) sur 4 participants");
  // The table is the accessible form of the bars: a captioned table with its headers.
  await expect(
    questionCard(page, "Régime alimentaire").getByRole("table", { name: "Régime alimentaire" }),
  ).toBeVisible();
  await expect(
    questionCard(page, "Régime alimentaire").getByRole("columnheader", { name: "Réponses", exact: true }),
  ).toBeVisible();
  // A text question links to the participants who answered it.
  await expect(
    questionCard(page, "Besoins d'accessibilité").getByRole("link", { name: "Voir les participants qui ont répondu" }),
  ).toHaveAttribute("href", /\/participants\?filters=/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENS}/form-answers-1280.png`, fullPage: true });
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(questionCard(page, "Régime alimentaire")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENS}/form-answers-390.png`, fullPage: true });
  const phoneViolations = await seriousViolations(page);
  expect(phoneViolations, describeViolations(phoneViolations)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The CSV exports: one column per question, headed by its title, the answers as option titles.
  const participantsCsv = await (await page.request.get(`/event/${eventId}/participants/export.csv`)).text();
  const [header, ...rows] = participantsCsv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(header).toMatch(/,Connu par,Régime alimentaire,Besoins d'accessibilité$/);
  expect(rows.find((row) => row.includes("Inès"))).toMatch(
    /,Presse ou radio,"Végétarien, Sans gluten",Fauteuil roulant$/,
  );
  expect(rows.find((row) => row.includes("Chloé"))).toMatch(/,Affiche,Végétarien,$/);
  const ordersCsv = await (await page.request.get(`/event/${eventId}/orders/export.csv`)).text();
  expect(ordersCsv.split("\r\n")[0]).toMatch(/,Connu par$/);
  expect(ordersCsv).not.toContain("PresseRadio00001");
});

const rowNames = (page: Page) =>
  page
    .getByRole("table", { name: "Participants" })
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => row.querySelector("[data-testid=participant-link]")?.textContent?.trim() ?? "").sort(),
    );

test("the participants and orders tables show a column per question, filtered by option and searched", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@guichet.test");
  const eventId = await eventWithAnswers(page);
  const table = page.getByRole("table", { name: "Participants" });
  const dietsColumn = `answer_${diets.id}`;

  await page.goto(`/event/${eventId}/participants`);
  await expect(table.locator("tbody tr")).toHaveCount(4);
  // Hidden by default; the Colonnes menu shows it, and its filter menu with it.
  await expect(table.locator(`th[data-column="${dietsColumn}"]`)).toHaveCount(0);
  await expect(page.getByTestId(`facet-${dietsColumn}`)).toHaveCount(0);
  await page.getByTestId("data-table-columns").click();
  await page.getByRole("menuitemcheckbox", { name: "Régime alimentaire" }).click();
  await page.keyboard.press("Escape");
  await expect(table.locator(`th[data-column="${dietsColumn}"]`)).toBeVisible();
  const ines = table.locator("tbody tr").filter({ hasText: "Inès" });
  await expect(ines).toContainText("Végétarien, Sans gluten");

  // Filtered by option, in SQL: the total says so.
  await page.getByTestId(`facet-${dietsColumn}`).click();
  await page.getByRole("menuitemcheckbox", { name: "Végan", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect.poll(() => rowNames(page)).toEqual(["Hugo Moreau"]);
  await expect(page.getByTestId("data-table-total")).toContainText("1");
  await page.getByRole("button", { name: "Réinitialiser les filtres" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(4);

  // The search reads the answers: a text answer, and an option's title.
  await page.getByTestId("data-table-search").fill("fauteuil");
  await expect.poll(() => rowNames(page)).toEqual(["Inès Moreau"]);
  await page.getByTestId("data-table-search").fill("vegetarien");
  await expect.poll(() => rowNames(page)).toEqual(["Chloé Petit", "Inès Moreau"]);
  await page.getByTestId("data-table-search").fill("");
  await expect(table.locator("tbody tr")).toHaveCount(4);

  // The Réponses view's option links open the table filtered on that option, its column shown.
  await page.goto(`/event/${eventId}/answers`);
  await questionCard(page, "Régime alimentaire").getByRole("link", { name: "Végétarien" }).click();
  await expect(page).toHaveURL(/\/participants\?filters=/);
  await expect.poll(() => rowNames(page)).toEqual(["Chloé Petit", "Inès Moreau"]);
  await expect(table.locator(`th[data-column="${dietsColumn}"]`)).toBeVisible();
  // Shown columns past the table's width scroll inside it: the screenshot shows the answers.
  await table.locator(`th[data-column="${dietsColumn}"]`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/form-answers-participants-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  await table.locator(`th[data-column="${dietsColumn}"]`).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENS}/form-answers-participants-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The orders table: the order form's questions.
  const orders = page.getByRole("table", { name: "Commandes" });
  const heardColumn = `order_answer_${heard.id}`;
  await page.goto(`/event/${eventId}/orders`);
  await expect(orders.locator("tbody tr")).toHaveCount(3);
  await expect(orders.locator(`th[data-column="${heardColumn}"]`)).toHaveCount(0);
  await page.getByTestId("data-table-columns").click();
  await page.getByRole("menuitemcheckbox", { name: "Connu par" }).click();
  await page.keyboard.press("Escape");
  await expect(orders.locator(`th[data-column="${heardColumn}"]`)).toBeVisible();
  await page.getByTestId(`facet-${heardColumn}`).click();
  await page.getByRole("menuitemcheckbox", { name: "Affiche", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(orders.locator("tbody tr")).toHaveCount(1);
  await expect(orders.locator("tbody tr")).toContainText("Affiche");
  await expect(orders.locator("tbody tr")).toContainText("Chloé");
  await orders.locator(`th[data-column="${heardColumn}"]`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/form-answers-orders-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(orders).toBeVisible();
  await orders.locator(`th[data-column="${heardColumn}"]`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/form-answers-orders-390.png`, fullPage: true });
});
