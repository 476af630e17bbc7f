import { expect, test, type APIRequestContext } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { describeViolations, seriousViolations } from "./support/axe";
import { formatDateRange } from "#domain/shared/format";

// Issue 30 §3: the public page of a multi-date event lists its upcoming dates by month with their availability (a
// sold-out date shown as such, « Plus que N places »), the buyer picks a date and then tickets for it, and the booking
// page carries that date. Everything is made through the API, never by writing the server's database file beside it
// (a write of its own there locks the file, and another spec's request meets SQLITE_BUSY).

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

let eventId = 0;
let slug = "";
let perDateId = 0;
let passId = 0;
const dateIds: Record<"open" | "soldOut" | "few" | "later", number> = { open: 0, soldOut: 0, few: 0, later: 0 };

/** "YYYY-MM" of the month `offset` months from now (UTC; the dates below sit mid-month, the same in Paris). */
function monthKey(offset: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}
const first = monthKey(1);
const second = monthKey(2);
const at = (month: string, day: number) => Date.parse(`${month}-${String(day).padStart(2, "0")}T19:00:00Z`);

async function json<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

test.beforeAll(async ({ request }) => {
  const password = "dates-organizer-2026";
  const email = await registerWithOrganization(
    request,
    "dates",
    "Armande",
    `Théâtre des Dates ${Date.now().toString(36)}`,
    password,
  );
  const token = await json<string>(await request.post("/auth/login", { data: { email, password } }));
  const headers = { Authorization: `Bearer ${token}` };
  const title = `Les Femmes savantes ${Date.now().toString(36)}`;
  const created = await request.post("/api/events", {
    headers,
    data: { title, start_at: new Date(at(first, 10)).toISOString(), end_at: new Date(at(second, 10)).toISOString() },
  });
  ({ id: eventId } = await json<{ id: number }>(created));
  // The dates, through the organizer's dates API (issue 30 §6), then the tickets: one sold per date, a pass for two.
  const rows: [keyof typeof dateIds, number, "on_sale" | "sold_out", number][] = [
    ["open", at(first, 10), "on_sale", -1],
    ["soldOut", at(first, 11), "sold_out", -1],
    ["few", at(first, 12), "on_sale", 5],
    ["later", at(second, 10), "on_sale", -1],
  ];
  for (const [name, start, status, capacity] of rows) {
    const { data } = await json<{ data: { id: number }[] }>(
      await request.post(`/api/events/${eventId}/dates`, {
        headers,
        data: {
          start_at: new Date(start).toISOString(),
          end_at: new Date(start + 2 * 3_600_000).toISOString(),
          capacity,
        },
      }),
    );
    dateIds[name] = data[0]!.id;
    if (status === "sold_out") {
      await json(
        await request.put(`/api/events/${eventId}/dates`, { headers, data: { ids: [dateIds[name]], status } }),
      );
    }
  }
  ({ id: perDateId } = await json<{ id: number }>(
    await request.post(`/api/events/${eventId}/tickets`, {
      headers,
      data: { title: "Plein tarif", price: 0, ticket_type: "ticket", max_per_order: 4 },
    }),
  ));
  ({ id: passId } = await json<{ id: number }>(
    await request.post(`/api/events/${eventId}/tickets`, {
      headers,
      data: {
        title: "Pass deux soirs",
        price: 0,
        ticket_type: "ticket",
        max_per_order: 2,
        date_ids: [dateIds.open, dateIds.later],
      },
    }),
  ));
  await json(await request.put(`/api/events/${eventId}/status/published`, { headers }));
  ({ slug } = await json<{ slug: string }>(await request.get(`/api/public/events/${eventId}`)));
});

test("a multi-date event lists its dates by month, shows a sold-out date, and offers a date's tickets once picked", async ({
  page,
}) => {
  const path = `/events/${eventId}/${slug}`;
  await page.goto(path);
  const dates = page.getByTestId("event-dates");
  await expect(dates.getByRole("heading", { name: "Dates" })).toBeVisible();
  await expect(page.getByTestId(`date-month-${first}`)).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId(`date-month-${first}`)).toContainText("3 dates");
  await expect(page.getByTestId(`date-month-${second}`)).toContainText("1 date");

  // The first month's three dates: the sold-out one is listed, marked, and not a link.
  const soldOut = page.getByTestId(`date-${dateIds.soldOut}`);
  await expect(soldOut).toContainText("Complet");
  await expect(soldOut).toHaveAttribute("data-availability", "sold_out");
  expect(await soldOut.evaluate((element) => element.tagName)).toBe("DIV");
  await expect(page.getByTestId(`date-${dateIds.few}`)).toContainText("Plus que 5 places");
  await expect(page.getByTestId(`date-${dateIds.later}`)).toHaveCount(0);

  // Before a date is picked, the per-date ticket asks for one; the pass names its dates and can be chosen.
  await expect(page.getByTestId(`ticket-needs-date-${perDateId}`)).toHaveText("Choisissez une date");
  await expect(page.getByTestId(`quantity-${perDateId}`)).toHaveCount(0);
  await expect(page.getByTestId("pass-dates")).toContainText("Valable le");
  await expect(page.getByTestId(`quantity-${passId}`)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENS}/public-dates-month-1280.png`, fullPage: true });

  // The next month, by its link.
  await page.getByTestId(`date-month-${second}`).click();
  await expect(page).toHaveURL(new RegExp(`month=${second}`));
  await expect(page.getByTestId(`date-${dateIds.later}`)).toBeVisible();
  await expect(page.getByTestId(`date-${dateIds.open}`)).toHaveCount(0);

  // Back to the first month, a date picked from the keyboard: its tickets are offered and the choice carries it.
  await page.getByTestId(`date-month-${first}`).click();
  await page.getByTestId(`date-${dateIds.few}`).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`date=${dateIds.few}`));
  await expect(page.getByTestId(`date-${dateIds.few}`)).toHaveAttribute("aria-current", "true");
  const quantity = page.getByTestId(`quantity-${perDateId}`);
  await expect(quantity).toBeVisible();
  // At most what the date has left (5), within the ticket's 4 per order.
  await expect(quantity.locator("option")).toHaveText(["0", "1", "2", "3", "4"]);
  await expect(page.locator('input[type="hidden"][name="date"]')).toHaveValue(String(dateIds.few));
  await expect(page.getByTestId("picked-date")).toContainText("Date choisie :");
  await page.screenshot({ path: `${SCREENS}/public-dates-picked-1280.png`, fullPage: true });
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/public-dates-picked-390.png`, fullPage: true });
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await quantity.selectOption("2");
  await page.getByRole("button", { name: "Réserver" }).click();
  await expect(page).toHaveURL(new RegExp(`/book\\?.*date=${dateIds.few}`));
  await expect(page.getByTestId("booking-date")).toContainText("Date :");
  await expect(page.getByTestId("booking-form")).toBeVisible();
  await expect(page.getByTestId("participant-fieldset")).toHaveCount(2);
  await page.screenshot({ path: `${SCREENS}/public-dates-booking-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENS}/public-dates-booking-1280.png`, fullPage: true });
});

test("the booking page asks for a date when a per-date ticket comes without one, or with a sold-out one", async ({
  page,
}) => {
  await page.goto(`/events/${eventId}/${slug}/book?q${perDateId}=1`);
  await expect(page.getByTestId("booking-date-issue")).toContainText("Choisissez d'abord une date pour ces billets.");
  await expect(page.getByTestId("booking-form")).toHaveCount(0);
  await page.goto(`/events/${eventId}/${slug}/book?q${perDateId}=1&date=${dateIds.soldOut}`);
  await expect(page.getByTestId("booking-date-issue")).toContainText("Cette date n'est plus en vente");
  await page.getByRole("link", { name: "Choisir une date" }).click();
  await expect(page.getByTestId("event-dates")).toBeVisible();

  // A pass needs no date.
  await page.goto(`/events/${eventId}/${slug}/book?q${passId}=1`);
  await expect(page.getByTestId("booking-form")).toBeVisible();
});

test("the booking widget lists the same dates", async ({ page }) => {
  await page.goto(`/embed/events/${eventId}?lang=fr`);
  await expect(page.getByTestId(`date-${dateIds.soldOut}`)).toContainText("Complet");
  await page.getByTestId(`date-${dateIds.open}`).click();
  await expect(page).toHaveURL(new RegExp(`/embed/events/${eventId}\\?.*date=${dateIds.open}`));
  await expect(page.getByTestId(`quantity-${perDateId}`)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/public-dates-widget-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the order page names the date its tickets are for", async ({ page, request }) => {
  // A buyer's booking of the date with few places, through the public booking API.
  const buyer = { first_name: "Armande", last_name: "Test", email: "armande@exemple.test" };
  const placed = await request.post(`/api/public/events/${eventId}/orders`, {
    data: {
      items: [{ ticket_id: perDateId, quantity: 1, date_id: dateIds.few }],
      buyer,
      participants: [{ ticket_id: perDateId, ...buyer }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number; access_token: string };
  const token = order.access_token;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/orders/${order.id}?token=${encodeURIComponent(token)}`);
  const when = formatDateRange(at(first, 12), at(first, 12) + 2 * 3_600_000, "fr", "Europe/Paris");
  await expect(page.getByTestId("order-dates")).toHaveText(when);
  await expect(page.getByTestId("order-ticket-date")).toHaveText(when);
  await page.screenshot({ path: `${SCREENS}/public-dates-order-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/public-dates-order-390.png`, fullPage: true });
});
