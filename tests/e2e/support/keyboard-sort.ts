import { expect, type Locator, type Page } from "@playwright/test";

// Keyboard reordering of dnd-kit sortable lists: Space lifts the focused handle, each arrow moves the lifted row 25 px
// (spec §9), Space drops it. dnd-kit measures the rows asynchronously after the lift, and an arrow pressed before that
// measure moves nothing, so a fixed count of presses falls short on a loaded machine: these helpers press until the
// page shows the effect instead.

/** A row that dnd-kit shifted down (a positive vertical translation) or up (a negative one). */
const SHIFTED_DOWN = /translate3d\(-?\d+px, [1-9]\d*px/;
const SHIFTED_UP = /translate3d\(-?\d+px, -[1-9]\d*px/;

/**
 * Focuses `handle` and presses Space until dnd-kit marks it lifted (`aria-pressed`): a Space pressed before the page
 * hydrated, or while a panel still slides in, lifts nothing. Not for keyboard-only journeys (it calls `focus()`).
 */
export async function liftWithSpace(page: Page, handle: Locator, { timeout = 60_000 } = {}) {
  await page.waitForLoadState("networkidle");
  await expect(async () => {
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true", { timeout: 3_000 });
  }).toPass({ timeout });
}

/**
 * With a row lifted, presses the arrow `key` until the neighbour row `passed` has shifted to make room (dnd-kit moves it
 * by the lifted row's height, down for ArrowUp, up for ArrowDown), so that the Space pressed next drops the lifted row on
 * the other side of `passed`. It presses at most `maxPresses` times, then keeps looking until `timeout` in case the
 * last press shows late.
 */
export async function pressUntilShifted(
  page: Page,
  key: "ArrowUp" | "ArrowDown",
  passed: Locator,
  { maxPresses = 30, timeout = 30_000 } = {},
) {
  const shifted = key === "ArrowUp" ? SHIFTED_DOWN : SHIFTED_UP;
  let presses = 0;
  await expect(async () => {
    if (presses < maxPresses) {
      presses++;
      await page.keyboard.press(key);
    }
    const transform = await passed.evaluate((element) => (element as HTMLElement).style.transform);
    expect(transform, `the passed row after ${presses} ${key} presses`).toMatch(shifted);
  }).toPass({ timeout });
}
