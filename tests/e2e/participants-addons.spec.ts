import { expect, test } from "@playwright/test";
import { signIn } from "./support/sign-in";

// Issue 25 §6: add-ons are shown with their ticket holder, not as participants, and the participants table counts
// what the dashboard counts (the seeded "Festival Nuits Sonores", event 1, sells a shuttle and a cloakroom add-on).

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

test("participants table: ticket holders with their add-ons, counted as on the dashboard", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  await page.goto("/event/1");
  const dashboardCount = digits(await page.getByTestId("stat-participants-value").textContent());
  expect(dashboardCount).toBeGreaterThan(0);

  await page.goto("/event/1/participants?pageSize=50");
  const table = page.getByRole("table", { name: "Participants" });
  await expect(table.locator("tbody tr")).toHaveCount(50);
  expect(digits(await page.getByTestId("data-table-total").textContent())).toBe(dashboardCount);

  // No row is an add-on; add-ons show under their holder's ticket.
  const column = await table
    .locator("thead th")
    .evaluateAll((ths) => ths.findIndex((th) => th.getAttribute("data-column") === "ticket"));
  const tickets = await table
    .locator("tbody tr")
    .evaluateAll(
      (rows, i) => rows.map((row) => row.children[i]?.querySelector("span span")?.textContent?.trim() ?? ""),
      column,
    );
  expect(tickets.filter(Boolean)).toHaveLength(50);
  expect(tickets.filter((title) => title === "Vestiaire" || title.startsWith("Navette"))).toEqual([]);
  const addons = table.getByTestId("participant-addons");
  expect(await addons.count()).toBeGreaterThan(0);
  await expect(addons.first()).toHaveText(/^\+ (Navette retour vers Lyon centre|Vestiaire) ×\d+/);

  // The ticket filter offers tickets only.
  await page.getByTestId("facet-ticket").click();
  await expect(page.getByRole("menuitemcheckbox", { name: "Invitation", exact: true })).toBeVisible();
  await expect(page.getByRole("menuitemcheckbox", { name: "Vestiaire", exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.goto("/event/1/participants");
  await expect(table.locator("tbody tr")).toHaveCount(10);
  await page.screenshot({ path: `${SCREENS}/participants-addons-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/participants-addons-390.png`, fullPage: true });
});
