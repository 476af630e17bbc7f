import { expect, test } from "@playwright/test";
import { signIn } from "./support/sign-in";

// The radio group, checkbox and switch drawn without Radix (decision 0071, second pass) keep Radix's keyboard
// behaviour: one tab stop per radio group, arrows move and check, Enter does not check, Space toggles a checkbox;
// and a named group still posts its value with the form.

const DAY = 86_400_000;

test("radio group and checkbox: one tab stop, arrows check, Enter ignored, Space toggles, the value posts", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@guichet.test");
  const start = Date.now() + 30 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: `Contrôles ${Date.now()}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 4 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const ticket = await page.request.post(`/api/events/${id}/tickets`, { data: { title: "Tarif réduit", price: 1500 } });
  expect(ticket.status(), await ticket.text()).toBe(201);

  try {
    await page.goto(`/event/${id}/promos`);
    await page.getByTestId("promo-create-open").click();
    const panel = page.getByTestId("promo-panel");
    await panel.getByTestId("promo-key").fill("clavier");
    const percent = panel.getByRole("radio", { name: "Pourcentage" });
    const amount = panel.getByRole("radio", { name: "Montant" });
    await expect(percent).toBeChecked();
    await expect(percent).toHaveAttribute("tabindex", "0");
    await expect(amount).toHaveAttribute("tabindex", "-1");

    await percent.focus();
    await page.keyboard.press("ArrowRight");
    await expect(amount).toBeFocused();
    await expect(amount).toBeChecked();
    await expect(percent).not.toBeChecked();
    await expect(amount).toHaveAttribute("tabindex", "0");
    // The arrows loop; Enter checks nothing.
    await page.keyboard.press("ArrowRight");
    await expect(percent).toBeFocused();
    await expect(percent).toBeChecked();
    await page.keyboard.press("ArrowLeft");
    await expect(amount).toBeChecked();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(percent).toBeChecked();
    await page.keyboard.press("ArrowLeft");
    await expect(amount).toBeChecked();

    // A checkbox toggles on Space, not on Enter.
    const reduced = panel.getByRole("checkbox", { name: "Tarif réduit" });
    await reduced.focus();
    await page.keyboard.press("Space");
    await expect(reduced).toBeChecked();
    await page.keyboard.press("Enter");
    await expect(reduced).toBeChecked();

    await panel.getByTestId("promo-discount").fill("4");
    await panel.getByTestId("promo-save").click();
    await expect(panel).toBeHidden();
    const row = page.getByTestId("promo-row-CLAVIER");
    await expect(row).toContainText(/-4,00\s€/);
    await expect(row).toContainText("Tarif réduit");
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});
