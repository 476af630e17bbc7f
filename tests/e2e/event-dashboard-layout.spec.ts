import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/sign-in";

// The event dashboard's side column (quick actions, reminders, actions to be taken) at a laptop's 1280 px and a phone's 390 px.
// A fresh draft has every action to take, each with its button: the widest content the column gets. It once stuck out
// of its column by ~11 px at 1280 px (the cards took their content's width instead of the column's).

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

/** Everything the check needs, read in one go: the page's width and the boxes of the column and what it holds. */
function layoutOf(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right, width: rect.width };
    };
    const dashboard = document.querySelector('[data-testid="event-dashboard"]')!;
    const side = document.querySelector('[data-testid="dashboard-actions"]')!.parentElement!;
    const cards = [...side.children].map(box);
    const inner = [...side.querySelectorAll("a, button, li, p, span")].map(box).filter((rect) => rect.width > 0);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      dashboard: box(dashboard),
      side: box(side),
      // What the eye sees as the column: its cards, and the rightmost thing inside them.
      cardsLeft: Math.min(...cards.map((card) => card.left)),
      cardsRight: Math.max(...cards.map((card) => card.right)),
      contentRight: Math.max(...inner.map((rect) => rect.right)),
      cardCount: cards.length,
    };
  });
}

test("the dashboard's side column fits its column and the window at 1280 px and 390 px", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@guichet.test");
  const created = await page.request.post("/api/events", {
    data: { title: `Brouillon à compléter ${Date.now().toString(36)}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/event/${id}`);
      const actions = page.getByTestId("dashboard-actions");
      await expect(actions.locator("li[data-action]")).toHaveCount(5);
      await expect(actions.locator('[data-action="no-tickets"]').getByRole("link")).toBeVisible();

      const layout = await layoutOf(page);
      expect(layout.cardCount).toBe(3);
      // No sideways scroll, and the column inside the window…
      expect(layout.scrollWidth).toBeLessThanOrEqual(viewport.width);
      expect(layout.side.left).toBeGreaterThanOrEqual(0);
      expect(layout.side.right).toBeLessThanOrEqual(viewport.width);
      // …its cards within the column and the dashboard (whose right edge the stats above line up on)…
      expect(layout.cardsLeft).toBeGreaterThanOrEqual(layout.side.left - 0.5);
      expect(layout.cardsRight).toBeLessThanOrEqual(layout.side.right + 0.5);
      expect(layout.cardsRight).toBeLessThanOrEqual(layout.dashboard.right + 0.5);
      // …and the buttons and sentences within the cards.
      expect(layout.contentRight).toBeLessThanOrEqual(layout.cardsRight + 0.5);
      await page.screenshot({ path: `${SCREENS}/event-dashboard-draft-${viewport.width}.png`, fullPage: true });
    }
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});
