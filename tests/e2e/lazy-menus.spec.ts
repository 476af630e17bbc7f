import { expect, test } from "@playwright/test";
import { signIn } from "./support/sign-in";

// Issue 31 §7 (docs/decisions/0071-lighter-signed-in-pages.md): menus, selects and dialogs whose code loads when they
// are first needed open on the first press, by pointer or keyboard, with focus where Radix puts it.
const OWNER = "owner@guichet.test";
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

test("a lazy menu opens on the first key press with focus inside, and Escape gives focus back to its trigger", async ({
  page,
}) => {
  await signIn(page, OWNER);
  // A fresh page: nothing has pointed at the trigger, so the menu's code has not loaded yet.
  await page.reload();
  const trigger = page.getByTestId("account-menu-trigger");
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId("account-settings-item")).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]')))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByTestId("account-menu-trigger")).toBeFocused();
});

test("the event header's menu opens on the first click, its confirmation dialog on the first choice", async ({
  page,
}) => {
  await signIn(page, OWNER);
  await page.getByTestId("event-card").filter({ hasText: "Festival Nuits Sonores" }).click();
  await expect(page).toHaveURL(/\/event\/\d+$/);
  await page.reload();
  await page.getByTestId("event-more-menu").click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Remettre en brouillon" })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/lazy-menus-event-more-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await menu.getByRole("menuitem", { name: "Remettre en brouillon" }).click();
  const dialog = page.getByTestId("status-confirm-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
  await page.screenshot({ path: `${SCREENS}/lazy-menus-status-confirm-1280.png` });
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("event-status")).toHaveText("Publié");
});

test("a data table's column menu and rows-per-page select open on the first click", async ({ page }) => {
  await signIn(page, OWNER);
  await page.getByTestId("event-card").filter({ hasText: "Festival Nuits Sonores" }).click();
  await expect(page).toHaveURL(/\/event\/\d+$/);
  await page.goto(`${new URL(page.url()).pathname}/participants`);
  await page.getByTestId("data-table-columns").click();
  await expect(page.getByTestId("data-table-columns-menu")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/lazy-menus-columns-1280.png` });
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("data-table-columns-menu")).toBeHidden();
  await page.getByRole("combobox", { name: /lignes par page/i }).click();
  await expect(page.getByRole("listbox")).toBeVisible();
  await expect(page.getByRole("option", { name: "50" })).toBeVisible();
});

test("the ticket list's drag and drop arrives after the page, keeps a focused handle focused", async ({ page }) => {
  await signIn(page, OWNER);
  await page.getByTestId("event-card").filter({ hasText: "Festival Nuits Sonores" }).click();
  await expect(page).toHaveURL(/\/event\/\d+$/);
  const tickets = `${new URL(page.url()).pathname}/tickets`;
  // Not one of the page's own scripts: the document preloads no dnd-kit code.
  const html = await (await page.request.get(tickets)).text();
  expect(html).not.toMatch(/sortable-rows|sortable\.esm/);
  // Nor do the order forms: neither their lists' drag and drop nor the question panel.
  const orderForms = await (await page.request.get(tickets.replace(/tickets$/, "order-fields"))).text();
  expect(orderForms).toContain("Formulaires de commande");
  expect(orderForms).not.toMatch(/sortable-rows|sortable-sensors|sortable\.esm|question-panel/);

  // The browser's idle time is held back: the rows render without drag and drop, and a handle can take the focus.
  await page.addInitScript(() => {
    (window as unknown as { requestIdleCallback: unknown }).requestIdleCallback = () => 0;
  });
  await page.goto(tickets);
  const list = page.getByTestId("ticket-list");
  await expect(list.getByTestId("ticket-row").first()).toBeVisible();
  await expect(list).not.toHaveAttribute("data-sortable", "ready");
  const handle = list.getByTestId("ticket-drag-handle").first();
  await handle.focus();
  // Pointing at the list asks for the module; the rows mount again with it and the handle keeps the focus.
  await list.hover();
  await expect(list).toHaveAttribute("data-sortable", "ready");
  await expect(handle).toBeFocused();
  await expect(handle).toHaveAttribute("aria-roledescription", "sortable");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/lazy-sortable-tickets-${width}.png`, fullPage: true });
  }
});
