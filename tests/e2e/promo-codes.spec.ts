import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/sign-in";

// The promo codes page of a fresh event (spec §2 promos, issue 9): create, refuse bad input, edit, bulk-create, delete.

const DAY = 86_400_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";
const promoRow = (page: Page, key: string) => page.getByTestId(`promo-row-${key}`);

test("promo codes: create, refuse bad input, edit, bulk-create and delete", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const start = Date.now() + 30 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: `Soirée promo ${Date.now()}`,
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
    await expect(page.getByText("Aucun code promo pour l'instant")).toBeVisible();

    // A percentage above 100 is refused with its message, and nothing is created.
    await page.getByTestId("promo-create-open").click();
    const panel = page.getByTestId("promo-panel");
    await panel.getByTestId("promo-key").fill("ete25");
    await panel.getByTestId("promo-discount").fill("120");
    await panel.getByTestId("promo-save").click();
    await expect(panel.getByText("Une réduction en pourcentage ne dépasse pas 100 %.")).toBeVisible();
    await expect(panel.getByTestId("promo-discount")).toBeFocused();

    await panel.getByTestId("promo-discount").fill("25");
    await panel.getByLabel("Tarif réduit").check();
    await panel.getByLabel("Utilisations illimitées").uncheck();
    await panel.getByLabel("Nombre maximal d'utilisations").fill("50");
    await panel.getByTestId("promo-save").click();
    await expect(panel).toBeHidden();
    await expect(page.getByText("Code promo enregistré")).toBeVisible();
    await expect(promoRow(page, "ETE25")).toContainText("-25 %");
    await expect(promoRow(page, "ETE25")).toContainText("Tarif réduit");
    await expect(promoRow(page, "ETE25")).toContainText("0 / 50");

    // The same code in another case is a duplicate.
    await page.getByTestId("promo-create-open").click();
    await panel.getByTestId("promo-key").fill("Ete25");
    await panel.getByTestId("promo-discount").fill("10");
    await panel.getByTestId("promo-save").click();
    await expect(
      panel.getByText("Ce code existe déjà pour cet événement (les majuscules ne comptent pas)."),
    ).toBeVisible();
    await panel.getByRole("button", { name: "Annuler" }).click();

    // Edit: an amount in euros, every ticket.
    await promoRow(page, "ETE25").getByRole("button", { name: "Modifier le code ETE25" }).click();
    await expect(panel.getByTestId("promo-key")).toHaveAttribute("readonly", "");
    await panel.getByLabel("Montant").click();
    await panel.getByTestId("promo-discount").fill("5,50");
    await panel.getByLabel("Tarif réduit").uncheck();
    await panel.getByTestId("promo-save").click();
    await expect(panel).toBeHidden();
    await expect(promoRow(page, "ETE25")).toContainText(/-5,50\s€/);
    await expect(promoRow(page, "ETE25")).toContainText("Tous les billets");

    // Bulk: 5 codes with a prefix.
    await page.getByTestId("promo-bulk-open").click();
    await panel.getByLabel("Préfixe").fill("VIP-");
    await panel.getByLabel("Nombre de codes").fill("5");
    await panel.getByTestId("promo-discount").fill("10");
    await panel.getByTestId("promo-save").click();
    await expect(page.getByText("5 codes créés")).toBeVisible();
    await expect(page.locator('[data-testid^="promo-row-VIP-"]')).toHaveCount(5);

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SCREENS}/promo-codes-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await promoRow(page, "ETE25").getByRole("button", { name: "Supprimer le code ETE25" }).click();
    await page.getByTestId("promo-delete-dialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(promoRow(page, "ETE25")).toHaveCount(0);
    const listed = (await (await page.request.get(`/api/events/${id}/promo-code`)).json()) as { key: string }[];
    expect(listed.map((code) => code.key)).not.toContain("ETE25");
    expect(listed).toHaveLength(5);
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});
