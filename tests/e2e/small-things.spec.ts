import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoPassword } from "../../scripts/lib/demo-logins";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 25 item 10, "Smaller things": focus after saving a question, the focus ring on the organizer's colour, toasts
// clear of the buttons they report on, whole email addresses in tables, the Colonnes menu inside the viewport, a
// disabled save that says why, the dev mailbox's text view, the language kept after signing out, the PDF ticket's
// colour and number.

const DAY = 86_400_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

let tokenOfWorker: Promise<string> | undefined;

/** One owner session for the file's API calls (sign-in is slow on purpose and limited per IP). */
function ownerToken(request: APIRequestContext): Promise<string> {
  tokenOfWorker ??= request
    .post("/auth/login", { data: { email: "owner@guichet.test", password: demoPassword } })
    .then((response) => json<string>(response));
  return tokenOfWorker;
}

/** An event of this run with one ticket, made through the organizer API; published when asked. */
async function createEvent(
  request: APIRequestContext,
  title: string,
  options: { primary_color?: string; publish?: boolean; price?: number } = {},
) {
  const headers = { Authorization: `Bearer ${await ownerToken(request)}` };
  const start = Date.now() + 30 * DAY;
  const { id } = await json<{ id: number }>(
    await request.post("/api/events", {
      headers,
      data: {
        title,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 3 * 3_600_000).toISOString(),
        timezone: "Europe/Paris",
        ...(options.primary_color ? { primary_color: options.primary_color, theme: "light" } : {}),
      },
    }),
  );
  const { id: ticketId } = await json<{ id: number }>(
    await request.post(`/api/events/${id}/tickets`, {
      headers,
      data: { title: "Plein tarif", price: options.price ?? 1500, ticket_type: "ticket", max_per_order: 4 },
    }),
  );
  if (options.publish) await json(await request.put(`/api/events/${id}/status/published`, { headers }));
  return { id, ticketId, headers };
}

async function screens(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.screenshot({ path: `${SCREENS}/small-things-${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const row = element?.closest("[data-question-id]");
    return { testId: element?.dataset.testid ?? element?.tagName ?? null, row: row?.textContent ?? null };
  });

test("after saving a question, focus returns to that question", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const { id: eventId } = await createEvent(page.request, `Focus des questions ${Date.now().toString(36)}`);
  await page.goto(`/event/${eventId}/order-fields`);
  await waitForHydration(page);
  const list = page.getByTestId("question-list-before");
  const panel = page.getByTestId("question-panel");

  // Added: focus lands on the new question's edit button, not on the page's body.
  await page.getByTestId("question-add-before").click();
  await panel.getByTestId("question-title").fill("Société");
  await page.keyboard.press("Enter");
  await expect(panel).toBeHidden({ timeout: 30_000 });
  await expect(list.getByTestId("question-title-text").filter({ hasText: "Société" })).toBeVisible();
  await expect
    .poll(() => focusedTestId(page))
    .toEqual({ testId: "question-edit", row: expect.stringContaining("Société") });

  // Edited from the keyboard: Enter on the focused edit button, a new title, Enter saves; focus is back on that row.
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  await panel.getByTestId("question-title").fill("Entreprise");
  await page.keyboard.press("Enter");
  await expect(panel).toBeHidden({ timeout: 30_000 });
  await expect(list.getByTestId("question-title-text").filter({ hasText: "Entreprise" })).toBeVisible();
  await expect
    .poll(() => focusedTestId(page))
    .toEqual({ testId: "question-edit", row: expect.stringContaining("Entreprise") });
  await expect(page.locator(":focus-visible")).toHaveCount(1);
  await screens(page, "question-focus");
});
