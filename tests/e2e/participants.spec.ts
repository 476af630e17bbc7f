import { expect, test, type Page } from "@playwright/test";
import { cellFits, tableFit } from "./support/table-fit";
import { signIn, waitForHydration } from "./support/sign-in";

// The shared data table on the participants page (issue 11 §1, §2) of the seeded "Festival Nuits Sonores" (event 1):
// search, filter, sort, page and toggle columns, a copied link reopening the same view; then edit and delete a free
// participant, and be refused on a paid one.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const EVENT = "/event/1/participants";

const table = (page: Page) => page.getByRole("table", { name: "Participants" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");

async function firstCells(page: Page, column: string): Promise<string[]> {
  const index = await table(page)
    .locator("thead th")
    .evaluateAll((ths, id) => ths.findIndex((th) => th.getAttribute("data-column") === id), column);
  return bodyRows(page).evaluateAll(
    (rows, i) => rows.map((row) => (row.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ""),
    index,
  );
}

test("participants table: search, filter, sort, page, columns, and a copied link reopens the view", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  await page.goto(EVENT);
  await expect(table(page)).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(10);
  // Hidden by default (spec §9).
  await expect(table(page).locator('th[data-column="promo_code_key"]')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/participants-desktop.png`, fullPage: true });
  // At 1280 px every default column shows whole: the last one ends inside the table's box, nothing scrolls sideways
  // and no header is cut.
  expect(page.viewportSize()?.width).toBe(1280);
  const fit = await tableFit(table(page));
  expect(fit).toMatchObject({ last: "check_in", tableScrolls: false, pageScrolls: false, clipped: [] });
  expect(fit.lastRight).toBeLessThanOrEqual(fit.containerRight + 1);
  // A six-digit participant number shows whole too (an event past 100,000 tickets).
  expect(await cellFits(table(page), "id", "123456")).toBe(true);

  // Search on the combined name and email field, accent-free.
  await page.getByTestId("data-table-search").fill("MARIE");
  await expect(page).toHaveURL(/filters=/);
  await expect(page.getByTestId("data-table-skeleton")).toHaveCount(0);
  await expect
    .poll(async () => {
      const texts = await bodyRows(page).allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.toLowerCase().includes("marie"));
    })
    .toBe(true);
  await page.getByTestId("data-table-search").fill("");
  await expect(page).not.toHaveURL(/filters=/);

  // Filter by ticket: only free invitations.
  await page.getByTestId("facet-ticket").click();
  await page.getByRole("menuitemcheckbox", { name: "Invitation", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/Invitation|%22ticket%22/);
  await expect.poll(async () => new Set(await firstCells(page, "ticket"))).toEqual(new Set(["Invitation"]));
  expect(new Set(await firstCells(page, "price"))).toEqual(new Set(["Gratuit"]));

  // Sort cycles ascending, descending, none.
  const nameHeader = table(page).locator('th[data-column="name"]');
  await nameHeader.getByRole("button").click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  await nameHeader.getByRole("button").click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  const names = await firstCells(page, "name");
  expect(names.length).toBeGreaterThan(1);

  // Page 2, then show a hidden column.
  await page.getByRole("button", { name: "Page suivante" }).click();
  await expect(page.getByTestId("data-table-page")).toContainText("Page 2 sur");
  await page.getByTestId("data-table-columns").click();
  await page.getByRole("menuitemcheckbox", { name: "Code promo" }).click();
  await page.keyboard.press("Escape");
  await expect(table(page).locator('th[data-column="promo_code_key"]')).toBeVisible();
  await expect(page).toHaveURL(/visibility=/);
  const pageTwo = await firstCells(page, "id");

  // The copied link reopens the same view in a fresh tab.
  const copied = page.url();
  const other = await context.newPage();
  await other.goto(copied);
  await expect(table(other).locator('th[data-column="promo_code_key"]')).toBeVisible();
  await expect(other.getByTestId("data-table-page")).toContainText("Page 2 sur");
  await expect(table(other).locator('th[data-column="name"]')).toHaveAttribute("aria-sort", "descending");
  await expect(other.getByTestId("facet-ticket")).toContainText("Invitation");
  expect(await firstCells(other, "id")).toEqual(pageTwo);
  await other.close();

  // Changing a filter resets paging.
  await page.getByTestId("facet-check_in").click();
  await page.getByRole("menuitemcheckbox", { name: "Jamais scanné" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("data-table-page")).toContainText("Page 1 sur");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/participants-390.png`, fullPage: true });
});

test("participants: edit and delete a free participant, refused on a paid one", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const free = encodeURIComponent(JSON.stringify([{ id: "search", value: "" }]));
  await page.goto(`${EVENT}?filters=${free}`);
  await page.getByTestId("facet-ticket").click();
  await page.getByRole("menuitemcheckbox", { name: "Invitation", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect.poll(async () => new Set(await firstCells(page, "ticket"))).toEqual(new Set(["Invitation"]));

  await table(page).getByTestId("participant-link").first().click();
  await expect(page).toHaveURL(/\/event\/1\/participants\/\d+$/);
  const detailUrl = page.url();
  await expect(page.getByRole("button", { name: "Copier le lien des billets" })).toBeVisible();
  // Spec §9: a free participant's total shows as free, as its lines do.
  await expect(page.getByTestId("participant-sum")).toHaveText("Gratuit");

  // Edit: every field is required, then saved.
  await page.getByTestId("participant-edit").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Prénom", { exact: true }).fill("");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Veuillez remplir tous les champs.").first()).toBeVisible();
  await dialog.getByLabel("Prénom", { exact: true }).fill("Anaïs");
  await dialog.getByLabel("Email", { exact: true }).fill("pas-un-email");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Email invalide").first()).toBeVisible();
  await dialog.getByLabel("Nom", { exact: true }).fill("Testeuse");
  await dialog.getByLabel("Email", { exact: true }).fill("anais.testeuse@exemple.test");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Participant mis à jour")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Anaïs Testeuse" })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/participant-detail.png`, fullPage: true });

  // Delete after typing the keyword; the list says so and the row is gone.
  await page.getByTestId("participant-delete").click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText(/irréversible/)).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Supprimer définitivement" })).toBeDisabled();
  // Spec §5: the text must match exactly, a trailing space included.
  await confirm.getByTestId("delete-confirmation").fill("DELETE ");
  await expect(confirm.getByRole("button", { name: "Supprimer définitivement" })).toBeDisabled();
  await confirm.getByTestId("delete-confirmation").fill("DELETE");
  await confirm.getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(page).toHaveURL(/\/event\/1\/participants(\?|$)/);
  await expect(page.getByText("Participant supprimé")).toBeVisible();
  const gone = await page.goto(detailUrl);
  expect(gone?.status()).toBe(404);

  // A paid ticket cannot be deleted.
  const paid = encodeURIComponent(JSON.stringify([{ id: "order_status", value: ["paid"] }]));
  const byPrice = encodeURIComponent(JSON.stringify([{ id: "price", desc: true }]));
  await page.goto(`${EVENT}?filters=${paid}&sort=${byPrice}`);
  await table(page).getByTestId("participant-link").first().click();
  await expect(page).toHaveURL(/\/event\/1\/participants\/\d+$/);
  await page.getByTestId("participant-delete").click();
  await page.getByRole("alertdialog").getByTestId("delete-confirmation").fill("DELETE");
  await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(page.getByText("Vous ne pouvez supprimer que des tickets gratuits.").last()).toBeVisible();
  await expect(page).toHaveURL(/\/event\/1\/participants\/\d+$/);
});

test("moving inside the event area reloads the page's data only, not the shell's or the event area's", async ({
  page,
}) => {
  await signIn(page, "owner@guichet.test");
  await page.goto("/event/1");
  // Before hydration a click is a plain document load, which fetches no .data at all; after the page's own requests
  // have settled, the next .data request is the navigation's.
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  const fetched: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data")) fetched.push(url);
  });
  const routesOf = (url: URL | undefined) =>
    url === undefined ? "no data request" : (url.searchParams.get("_routes")?.split(",") ?? "every route");

  await page.getByRole("link", { name: "Participants", exact: true }).first().click();
  await expect(table(page)).toBeVisible();
  expect(routesOf(fetched.at(-1))).toEqual(["root", "routes/app/event/participants"]);

  await page.getByRole("button", { name: "Page suivante" }).click();
  await expect(page.getByTestId("data-table-page")).toContainText("Page 2 sur");
  expect(routesOf(fetched.at(-1))).toEqual(["root", "routes/app/event/participants"]);
  // The event area is still there, with its own data.
  await expect(page.getByRole("heading", { name: "Festival Nuits Sonores" }).first()).toBeVisible();
});
