import { expect, test } from "@playwright/test";
import { signIn } from "./support/sign-in";

// Issue 25 §6: the CSV exports speak the page's language (French here, in the import template's words) and write
// times on the event's clock, the zone named in the header: the time of a participant's purchase in the CSV is the one
// the table shows.

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

test("the participants and orders CSVs have French headers and the event's local times", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@guichet.test");
  const visibility = encodeURIComponent(JSON.stringify({ created_at: true }));
  await page.goto(`/event/1/participants?visibility=${visibility}`);
  const table = page.getByRole("table", { name: "Participants" });
  await expect(table.locator('th[data-column="created_at"]')).toBeVisible();
  const index = await table
    .locator("thead th")
    .evaluateAll((ths) => ths.findIndex((th) => th.getAttribute("data-column") === "created_at"));
  const firstRow = table.locator("tbody tr").first();
  const id = (await firstRow.getByTestId("participant-link").getAttribute("href"))!.split("/").pop()!;
  const shown = (await firstRow.locator("td").nth(index).innerText()).trim();
  const [, day, month, year, time] = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})$/.exec(shown)!;

  const response = await page.request.get("/event/1/participants/export.csv");
  expect(response.status()).toBe(200);
  const [header, ...rows] = lines(await response.text());
  const columns = header!.split(",");
  expect(columns.slice(0, 12)).toEqual([
    "id",
    "prenom",
    "nom",
    "email",
    "ticket_id",
    "billet",
    "options",
    "prix",
    "commande",
    "statut_commande",
    "code_promo",
    "entre",
  ]);
  expect(columns.slice(12, 15)).toEqual([
    "derniere_validation (Europe/Paris)",
    "date_achat (Europe/Paris)",
    "creneau (Europe/Paris)",
  ]);
  const row = rows.find((line) => line.startsWith(`${id},`));
  expect(row).toBeDefined();
  expect(row).toContain(`,${year}-${month}-${day} ${time},`);
  expect(rows.join("\n")).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);

  const orders = lines(await (await page.request.get("/event/1/orders/export.csv")).text());
  expect(orders[0]).toMatch(
    /^id,prenom,nom,email,montant,frais,montant_net,statut,duree_paiement_s,code_promo,date_commande \(Europe\/Paris\),date_paiement \(Europe\/Paris\)/,
  );
  expect(orders[1]).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);

  // A reader in English gets the English words, the same times.
  const english = lines(
    await (await page.request.get("/event/1/participants/export.csv", { headers: { "Accept-Language": "en" } })).text(),
  );
  expect(english[0]).toMatch(/^id,first_name,last_name,email,ticket_id,ticket_title,addons,price,payment,/);
  expect(english[0]).toContain(",created_at (Europe/Paris),");
  expect(english.find((line) => line.startsWith(`${id},`))).toBe(row);
});
