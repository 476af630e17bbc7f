import { readFile } from "node:fs/promises";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signIn } from "./support/sign-in";

// Issue 13 §2 and §6 in the browser: the demo organization's ledger filtered, sorted and paged on the shared table,
// the net-sales chart, and an export of the current month whose totals are the ones on the screen.

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

/** "1 234,50 €" / "-12,00 €" → cents. */
function cents(text: string): number {
  const clean = text.replace(/[\s\u202f\u00a0€]/g, "").replace(/[−–]/g, "-");
  return Math.round(Number(clean.replace(",", ".")) * 100);
}

async function columnCents(page: Page, column: string): Promise<number[]> {
  const index = await page
    .getByTestId("data-table")
    .locator("thead th")
    .evaluateAll((cells, id) => cells.findIndex((cell) => cell.getAttribute("data-column") === id), column);
  const texts = await page
    .getByTestId("data-table")
    .locator(`tbody tr td:nth-child(${index + 1})`)
    .allTextContents();
  return texts.map(cents);
}

/**
 * Chooses `item` in a facet's menu until `done` holds. On a loaded machine the menu opened just after a filter changed
 * can close again while the table re-renders for that filter (left as noticed in the closing note of issue 26): as a
 * person would, the test opens it again.
 */
async function chooseInMenu(
  page: Page,
  trigger: string,
  item: ReturnType<Page["getByRole"]>,
  done: (timeout: number) => Promise<void>,
) {
  await expect(async () => {
    if (
      await done(500).then(
        () => true,
        () => false,
      )
    )
      return;
    if (!(await item.isVisible())) await page.getByTestId(trigger).click();
    // A checkbox item already ticked by an earlier try is not clicked again (that would untick it).
    if ((await item.getAttribute("aria-checked", { timeout: 2_000 })) !== "true") await item.click({ timeout: 2_000 });
    await done(5_000);
  }).toPass({ timeout: 60_000 });
}

async function figure(page: Page, id: string): Promise<number> {
  return Number(await page.getByTestId(`finance-total-${id}`).locator("[data-cents]").getAttribute("data-cents"));
}

test("the ledger filters, sorts, pages, draws net sales and exports the month with the screen's totals", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  await page.goto("/finance/transactions");
  await expect(page.getByRole("heading", { name: "Transactions", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Transactions" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("finance-period-range")).toContainText(/^Du 1/);

  // The current month: totals add up, and the chart has one bar slot per day so far in the month and after.
  const gross = await figure(page, "gross");
  const refunds = await figure(page, "refunds");
  const fees = await figure(page, "fees");
  const net = await figure(page, "net");
  expect(gross).toBeGreaterThan(0);
  expect(gross + refunds + fees).toBe(net);
  const chart = page.getByTestId("net-sales-chart");
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute("data-granularity", "day");
  const bars = chart.locator("[data-net]");
  expect(await bars.count()).toBeGreaterThanOrEqual(28);
  const barSum = (await bars.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-net"))))).reduce(
    (sum, value) => sum + value,
    0,
  );
  expect(barSum).toBe(net);
  await page.screenshot({ path: `${SCREENS}/finance-transactions-desktop.png`, fullPage: true });

  // Export the month: the file's totals are the screen's.
  await page.getByTestId("finance-export-open").click();
  const dialog = page.getByTestId("finance-export-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("finance-export-period")).toContainText("Mois en cours");
  const downloading = page.waitForEvent("download");
  await dialog.getByTestId("finance-export-download").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^guichet-association-les-nuits-sonores-transactions-\d{4}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
  const header = lines[0]!.split(",");
  expect(header).toEqual([
    "id",
    "date",
    "date_utc",
    "type",
    "event_id",
    "event",
    "order_id",
    "payout_id",
    "description",
    "amount",
    "fee",
    "net",
    "amount_excl_vat",
    "vat",
  ]);
  // Event titles and descriptions may hold commas (quoted): read the last five cells and the type from the right end.
  const rows = lines.slice(1).map((line) => {
    const cells = line.split(",");
    const [amount, fee, netCell] = cells.slice(-5, -2).map((value) => Math.round(Number(value) * 100));
    const [excludingVat, vat] = cells.slice(-2);
    return { type: cells[3]!, amount: amount!, fee: fee!, net: netCell!, excludingVat: excludingVat!, vat: vat! };
  });
  // A sale's amount is its net of VAT plus its VAT (issue 29 §5: the order lines as sold; the demo sells at 20 %).
  for (const row of rows.filter((entry) => entry.type === "charge" && entry.excludingVat !== ""))
    expect(Math.round(Number(row.excludingVat) * 100) + Math.round(Number(row.vat) * 100)).toBe(row.amount);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  expect(rows.length).toBe(Number((await page.getByTestId("finance-total-count").textContent())!.replace(/\D/g, "")));
  expect(sum(rows.filter((row) => row.type === "charge").map((row) => row.amount))).toBe(gross);
  expect(sum(rows.filter((row) => row.type === "refund").map((row) => row.amount))).toBe(refunds);
  expect(-sum(rows.filter((row) => row.type !== "payout").map((row) => row.fee))).toBe(fees);
  expect(sum(rows.filter((row) => row.type !== "payout").map((row) => row.net))).toBe(net);

  // All time: more than one page.
  await page.getByTestId("finance-period-select").click();
  await page.getByRole("option", { name: "Depuis le début" }).click();
  await expect(page.getByTestId("finance-period-range")).toHaveText("Toutes les transactions enregistrées");
  await expect(page).toHaveURL(/filters=/);
  await expect(page.getByTestId("data-table-page")).toHaveText(/^Page 1 sur (\d+)/);

  // Filter by type: only refunds.
  await chooseInMenu(page, "facet-type", page.getByRole("menuitemcheckbox", { name: "Remboursement" }), (timeout) =>
    baseExpect(page).toHaveURL(/refund/, { timeout }),
  );
  await page.keyboard.press("Escape");
  const rowTypes = () =>
    page
      .getByTestId("data-table")
      .locator("tbody [data-type]")
      .evaluateAll((nodes) => [...new Set(nodes.map((node) => node.getAttribute("data-type")))]);
  await expect.poll(rowTypes).toEqual(["refund"]);
  await expect.poll(() => figure(page, "gross")).toBe(0);
  expect(await figure(page, "refunds")).toBeLessThan(0);
  await chooseInMenu(page, "facet-type", page.getByRole("menuitem", { name: "Effacer le filtre" }), (timeout) =>
    baseExpect(page.getByTestId("facet-type")).not.toContainText("Remboursement", { timeout }),
  );

  // Sort by amount, ascending then descending, in SQL across pages.
  const amountHeader = page.getByTestId("data-table").locator('thead th[data-column="amount"]');
  await amountHeader.getByRole("button").click();
  await expect(amountHeader).toHaveAttribute("aria-sort", "ascending");
  const sorted = (values: number[], desc: boolean) =>
    values.length > 0 &&
    values.every((value, i) => i === 0 || (desc ? values[i - 1]! >= value : values[i - 1]! <= value));
  await expect.poll(async () => sorted(await columnCents(page, "amount"), false)).toBe(true);
  expect((await columnCents(page, "amount"))[0]).toBeLessThan(0);
  await amountHeader.getByRole("button").click();
  await expect(amountHeader).toHaveAttribute("aria-sort", "descending");
  await expect.poll(async () => (await columnCents(page, "amount"))[0]! > 0).toBe(true);
  const descending = await columnCents(page, "amount");
  expect(sorted(descending, true)).toBe(true);

  // The next page continues the order.
  await page.getByRole("button", { name: /Page suivante/ }).click();
  await expect(page.getByTestId("data-table-page")).toHaveText(/^Page 2 sur/);
  await expect
    .poll(async () => Math.max(...(await columnCents(page, "amount"))))
    .toBeLessThanOrEqual(Math.min(...descending));

  // Search by order number.
  const orderLink = page.getByTestId("data-table").locator('tbody a[href*="/orders/"]').first();
  const orderId = (await orderLink.textContent())!.replace("#", "");
  await page.getByTestId("data-table-search").fill(orderId);
  await expect(page).toHaveURL(new RegExp(`search.*${orderId}`));
  await expect
    .poll(async () => [
      ...new Set(await page.getByTestId("data-table").locator('tbody a[href*="/orders/"]').allTextContents()),
    ])
    .toEqual([`#${orderId}`]);

  // Phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/finance/transactions");
  await expect(page.getByTestId("net-sales-chart")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/finance-transactions-390.png`, fullPage: true });
});

test("event managers do not see Finances and are sent back with the permission message", async ({ page }) => {
  await signIn(page, "manager@guichet.test");
  await expect(page.getByRole("link", { name: "Finances" })).toHaveCount(0);
  await page.goto("/finance/transactions");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Vous n'avez pas l'autorisation d'accéder à cette page")).toBeVisible();
  const response = await page.request.get("/api/organizers/1/finance/transactions");
  expect(response.status()).toBe(404);
});

test("the balance amounts stay inside their cards at 390 and 1280 px", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@guichet.test");
  const amounts = ["finance-balance-available", "finance-balance-pending"];
  const payoutAmounts = ["payout-balance-available", "payout-balance-pending"];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const [path, ids] of [
      ["/finance", amounts],
      ["/finance/payouts", payoutAmounts],
    ] as const) {
      await page.goto(path);
      for (const id of ids) {
        const amount = page.getByTestId(id);
        await expect(amount).toHaveText(/\d,\d\d\s€/);
        const fit = await amount.evaluate((element) => {
          const card = element.closest("[data-slot=card]")!.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          return {
            insideCard: box.left >= card.left && box.right <= card.right,
            notClipped: element.scrollWidth <= element.clientWidth,
            onPage: document.documentElement.scrollWidth <= window.innerWidth,
          };
        });
        expect(fit, `${id} at ${width} px`).toEqual({ insideCard: true, notClipped: true, onPage: true });
      }
    }
    await page.goto("/finance");
    await page.screenshot({ path: `${SCREENS}/finance-balance-${width}.png`, fullPage: true });
  }
});
