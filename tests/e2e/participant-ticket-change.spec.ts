import { mkdirSync } from "node:fs";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerWithOrganization } from "./support/accounts";
import { describeViolations, seriousViolations } from "./support/axe";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 25 §10: editing a participant covers the ticket type, with stock checks (docs/decisions/0048). A new organizer
// of its own; the event, its tickets and the orders go through the spec's API calls with that organizer's token.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";
const PASSWORD = "Changer-Billet-2026";
const DAY = 86_400_000;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** What the Billets page says each ticket sold, by title ("1 / 10"). */
async function soldByTicket(page: Page, eventId: number): Promise<Record<string, string>> {
  await page.goto(`/event/${eventId}/tickets`);
  const rows = page.getByTestId("ticket-row");
  await expect(rows.first()).toBeVisible();
  const sold: Record<string, string> = {};
  for (const row of await rows.all()) {
    const title = (await row.getByTestId("ticket-title").innerText()).trim();
    sold[title] = /\d+ \/ \S+/.exec(await row.getByTestId("ticket-sold").innerText())?.[0] ?? "";
  }
  return sold;
}

test("an organizer moves a participant to another ticket: a sold-out choice is refused, the table and counts follow", async ({
  page,
  request,
}) => {
  const email = await registerWithOrganization(
    request,
    "ticket-change",
    "Bastien",
    `Salle Pleyel ${Date.now().toString(36)}`,
    PASSWORD,
  );
  const token = await ok<string>(await request.post("/auth/login", { data: { email, password: PASSWORD } }));
  const headers = { Authorization: `Bearer ${token}` };
  const start = Date.now() + 30 * DAY;
  const { id: eventId } = await ok<{ id: number }>(
    await request.post("/api/events", {
      headers,
      data: {
        title: "Concert du soir",
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 3 * 3_600_000).toISOString(),
        timezone: "Europe/Paris",
      },
    }),
  );
  const ticket = async (title: string, amount: number) =>
    (
      await ok<{ id: number }>(
        await request.post(`/api/events/${eventId}/tickets`, {
          headers,
          data: { title, price: 0, ticket_type: "ticket", amount, max_per_order: 4 },
        }),
      )
    ).id;
  const fosse = await ticket("Fosse", 10);
  const balcon = await ticket("Balcon", 1);
  const loge = await ticket("Loge", 1);
  const pelouse = await ticket("Pelouse", 5);
  await ok(await request.put(`/api/events/${eventId}/status/published`, { headers }));
  const book = async (ticketId: number, quantity: number, first: string, last: string) =>
    ok(
      await request.post(`/api/public/events/${eventId}/orders`, {
        data: {
          items: [{ ticket_id: ticketId, quantity }],
          buyer: { first_name: first, last_name: last, email: `${first.toLowerCase()}.${Date.now()}@exemple.test` },
        },
      }),
    );
  await book(fosse, 2, "Rose", "Martin");
  await book(loge, 1, "Paul", "Loge");

  await signIn(page, email, PASSWORD, { fresh: true });
  expect(await soldByTicket(page, eventId)).toEqual({
    Fosse: "2 / 10",
    Balcon: "0 / 1",
    Loge: "1 / 1",
    Pelouse: "0 / 5",
  });
  await page.goto(`/event/${eventId}`);
  await expect(page.getByTestId("stat-participants-value")).toHaveText("3");

  await page.goto(`/event/${eventId}/participants`);
  await page.getByTestId("participant-link").filter({ hasText: "Rose Martin" }).first().click();
  await expect(page).toHaveURL(/\/participants\/\d+$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Changer de billet" }).click();
  const dialog = page.getByRole("dialog", { name: "Changer de billet" });
  const select = dialog.getByLabel("Billet");
  await expect(select).toHaveValue(String(fosse));
  await expect(select.locator("option")).toHaveText([
    "Fosse (billet actuel)",
    "Balcon · Gratuit · 1 place restante",
    "Loge · Gratuit · complet",
    "Pelouse · Gratuit · 5 places restantes",
  ]);
  await expect(select.locator(`option[value="${loge}"]`)).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Changer de billet" })).toBeDisabled();
  await expect(dialog.getByText("Choisissez un autre billet pour l'enregistrer.")).toBeVisible();
  await select.selectOption(String(balcon));
  await expect(dialog.getByRole("button", { name: "Changer de billet" })).toBeEnabled();
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/participant-ticket-change-${width}.png`, animations: "disabled" });
    expect(describeViolations(await seriousViolations(page)), `dialog at ${width} px`).toBe("");
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The last Balcon place goes to a buyer while the dialog is open: the move is refused in the dialog, nothing moves.
  await book(balcon, 1, "Lina", "Balcon");
  await dialog.getByRole("button", { name: "Changer de billet" }).click();
  await expect(dialog.getByText("Ce billet est complet : il ne reste aucune place.")).toBeVisible();
  await expect(select).toHaveAttribute("aria-invalid", "true");
  // The select then says what is left now, and the save waits for another choice.
  await expect(select.locator(`option[value="${balcon}"]`)).toHaveText("Balcon · Gratuit · complet");
  await expect(select.locator(`option[value="${balcon}"]`)).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Changer de billet" })).toBeDisabled();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/participant-ticket-change-sold-out-${width}.png`, animations: "disabled" });
    expect(describeViolations(await seriousViolations(page)), `refused move at ${width} px`).toBe("");
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await select.selectOption(String(pelouse));
  await dialog.getByRole("button", { name: "Changer de billet" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Billet modifié" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^#\d+ · Pelouse · Gratuit$/)).toBeVisible();

  await page.goto(`/event/${eventId}/participants`);
  const rose = page.getByRole("row").filter({ hasText: "Rose Martin" });
  await expect(rose).toHaveCount(2);
  await expect(rose.filter({ hasText: "Pelouse" })).toHaveCount(1);
  await expect(rose.filter({ hasText: "Fosse" })).toHaveCount(1);
  expect(await soldByTicket(page, eventId)).toEqual({
    Fosse: "1 / 10",
    Balcon: "1 / 1",
    Loge: "1 / 1",
    Pelouse: "1 / 5",
  });
  // A move changes who holds which ticket, not how many hold one: the dashboard's totals stay.
  await page.goto(`/event/${eventId}`);
  await expect(page.getByTestId("stat-participants-value")).toHaveText("4");
});
