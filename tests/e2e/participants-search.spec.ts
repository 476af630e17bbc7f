import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { signIn } from "./support/sign-in";

// Issue 31 §4 in the browser (decisions 0069, 0074): on an event of 10,050 participants, a search read from the token
// table finds one person by a piece of their email, finds an order's participants by its number, and a common word shows
// « Plus de 10 000 résultats » instead of counting every row.

const expect = baseExpect.configure({ timeout: 20_000 });
const DAY = 86_400_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const password = "search-organizer-2026";
const CROWD = 10_050;
const IMPORT_CHUNK = 2_000;

async function json<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  baseExpect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

const table = (page: Page) => page.getByRole("table", { name: "Participants" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");

async function search(page: Page, text: string) {
  await page.getByTestId("data-table-search").fill(text);
  await expect(page).toHaveURL(/filters=/);
  await expect(page.getByTestId("data-table-skeleton")).toHaveCount(0);
}

test("participants search at 10,050 rows: a piece of an email, an order number, a capped count", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const organization = `Salle des Recherches ${Date.now().toString(36)}`;
  const organizer = await registerWithOrganization(request, "search", "Sacha", organization, password);
  const token = await json<string>(await request.post("/auth/login", { data: { email: organizer, password } }));
  const headers = { Authorization: `Bearer ${token}` };
  const start = Date.now() + 20 * DAY;
  const { id: eventId } = await json<{ id: number }>(
    await request.post("/api/events", {
      headers,
      data: {
        title: `Foule ${Date.now().toString(36)}`,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 3 * 3_600_000).toISOString(),
        timezone: "Europe/Paris",
      },
    }),
  );
  const ticket = await json<{ id: number }>(
    await request.post(`/api/events/${eventId}/tickets`, {
      headers,
      data: { title: "Entrée", price: 0, ticket_type: "ticket", max_per_order: 10 },
    }),
  );
  const person = (first: string, last: string, email: string) => ({ first_name: first, last_name: last, email });
  const placed = await json<{ order_ids: number[] }>(
    await request.post(`/api/events/${eventId}/manual-orders`, {
      headers,
      data: {
        orders: [
          {
            buyer: person("Hélène", "Dupont", "helene.dupont@exemple.test"),
            participants: [
              { ticket_id: ticket.id, ...person("Hélène", "Dupont", "helene.dupont@exemple.test") },
              { ticket_id: ticket.id, ...person("Émile", "Zola", "emile.zola-1840@exemple.test") },
            ],
          },
          {
            buyer: person("Paul", "Durand", "paul.durand@exemple.test"),
            participants: [{ ticket_id: ticket.id, ...person("Paul", "Durand", "paul.durand@exemple.test") }],
          },
        ],
        send_email: false,
      },
    }),
  );
  const paulOrder = placed.order_ids[1]!;
  // The crowd, imported through the server in chunks as the import page sends them (one order each): every one a
  // "Jean Martin" with an address of their own. Written by the server, not beside it: a second writer on the same
  // SQLite file made the other spec's requests fail with a locked database while it held the lock.
  for (let first = 1; first <= CROWD; first += IMPORT_CHUNK) {
    const rows = Array.from({ length: Math.min(IMPORT_CHUNK, CROWD - first + 1) }, (_, i) => [
      "Jean",
      "Martin",
      `jean.martin${first + i}@foule.test`,
      String(ticket.id),
      "1",
    ]);
    const imported = await json<{ errors?: unknown[] }>(
      await request.post(`/api/events/${eventId}/participant-import`, {
        headers,
        data: { rows, first_line: first + 1, send_email: false },
      }),
    );
    baseExpect(imported.errors ?? []).toEqual([]);
  }

  await signIn(page, organizer, password);
  await page.goto(`/event/${eventId}/participants`);
  await expect(page.getByTestId("data-table-total")).toHaveText(`${(CROWD + 3).toLocaleString("fr-FR")} résultats`);

  // The start of a piece of one address (decision 0074: words start after a space, a dot, an @, a hyphen…).
  const navigation = page.waitForResponse(
    (response) =>
      response.url().includes("/participants.data") && decodeURIComponent(response.url()).includes('"zola-18"'),
  );
  await search(page, "zola-18");
  const data = await (await navigation).text();
  baseExpect(data).toContain("emile.zola-1840@exemple.test");
  // Decision 0075: a navigation's data leaves out the time-zone rules the document brought (its zones, Brussels…).
  baseExpect(data).not.toContain("Europe/Brussels");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("emile.zola-1840@exemple.test");
  await expect(page.getByTestId("data-table-total")).toHaveText("1 résultat");
  // The middle of a word is not a word's start.
  await search(page, "ola-184");
  await expect(page.getByTestId("data-table-total")).toHaveText("0 résultat");
  // A first name and the start of a surname, read from their pair.
  await search(page, "Hélène Dup");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("helene.dupont@exemple.test");

  // One crowd member among 10,050 near-identical rows.
  await search(page, "JEAN.MARTIN4321@");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("jean.martin4321@foule.test");

  // Every word must be found in the same row.
  await search(page, "Hélène zola");
  await expect(page.getByTestId("data-table-total")).toHaveText("0 résultat");
  await search(page, "dupont");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Hélène");

  // A word every row holds: the count stops past 10,000.
  await search(page, "martin");
  await expect(page.getByTestId("data-table-total")).toHaveText("Plus de 10 000 résultats");
  await expect(bodyRows(page)).toHaveCount(10);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/participants-search-capped-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // An order's number (all digits, "#" allowed): that order's participants, through its index.
  await search(page, `#${paulOrder}`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("paul.durand@exemple.test");
  await expect(page.getByTestId("data-table-total")).toHaveText("1 résultat");
});
