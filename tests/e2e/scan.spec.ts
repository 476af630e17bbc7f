import { expect, test, type Page } from "@playwright/test";
import { signIn, waitForHydration } from "./support/sign-in";

// The web scanner (issue 11 §7): check a ticket in through the manual search, again (already in), then offline with
// the kept list and the local queue, synced when the network returns. Screens at 390 px and desktop.

const DAY = 86_400_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function eventWithParticipants(page: Page, suffix: string) {
  const start = Date.now() + 10 * DAY;
  const created = await page.request.post("/api/events", {
    data: {
      title: `Concert scanné ${suffix}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const ticket = await page.request.post(`/api/events/${id}/tickets`, { data: { title: "Fosse", price: 2500 } });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const { id: ticketId } = (await ticket.json()) as { id: number };
  const person = (first: string, last: string) => ({
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}.${suffix}@exemple.fr`,
  });
  const placed = await page.request.post(`/api/events/${id}/manual-orders`, {
    data: {
      orders: [
        {
          buyer: person("Zacharie", "Testeur"),
          participants: [
            { ticket_id: ticketId, ...person("Zacharie", "Testeur") },
            { ticket_id: ticketId, ...person("Ophélie", "Horsligne") },
          ],
        },
      ],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return id;
}

async function checkInFromSearch(page: Page, query: string, name: string) {
  await page.getByRole("searchbox", { name: "Rechercher un participant" }).fill(query);
  await page.getByRole("button", { name: `Valider l'entrée : ${name}` }).click();
}

test("web scanner: manual search check-in, already in, offline then online", async ({ page, context }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const eventId = await eventWithParticipants(page, String(Date.now()));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/event/${eventId}/scan`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Scan et entrées" })).toBeVisible();
  await expect(page.getByText("2 participants chargés pour le mode hors ligne")).toBeVisible();
  const result = page.getByTestId("scan-result");

  // Words are found from their start, as on the participants page (decision 0077): « test » is a name, « teur » is not.
  const searchbox = page.getByRole("searchbox", { name: "Rechercher un participant" });
  await searchbox.fill("teur");
  await expect(page.getByText("Aucun participant trouvé.")).toBeVisible();
  await searchbox.fill("zach test");
  await expect(page.getByRole("button", { name: "Valider l'entrée : Zacharie Testeur" })).toBeVisible();

  await checkInFromSearch(page, "Zacharie", "Zacharie Testeur");
  await expect(result).toHaveAttribute("data-result", "ok");
  await expect(result).toContainText("Entrée validée");
  await expect(result).toContainText("Zacharie Testeur");
  await page.screenshot({ path: `${SCREENS}/scan-ok-390.png`, fullPage: true });

  await checkInFromSearch(page, "Zacharie", "Zacharie Testeur");
  await expect(result).toHaveAttribute("data-result", "already_in");
  await expect(result).toContainText("Déjà entré");
  await page.screenshot({ path: `${SCREENS}/scan-refused-390.png`, fullPage: true });

  // Offline: the kept list answers, by the same rule, and the scan waits in the local queue.
  await context.setOffline(true);
  await expect(page.getByTestId("scan-online")).toHaveText("Hors ligne");
  await searchbox.fill("ligne");
  await expect(page.getByText("Aucun participant trouvé.")).toBeVisible();
  await searchbox.fill("hors");
  await expect(page.getByRole("button", { name: "Valider l'entrée : Ophélie Horsligne" })).toBeVisible();
  await checkInFromSearch(page, "Ophélie", "Ophélie Horsligne");
  await expect(result).toHaveAttribute("data-result", "ok");
  await expect(result).toContainText("Validé hors ligne");
  await expect(page.getByTestId("scan-pending")).toHaveText("1 scan en attente de synchronisation");
  await page.screenshot({ path: `${SCREENS}/scan-offline-390.png`, fullPage: true });
  // Still offline, the same person again is refused from the kept list.
  await checkInFromSearch(page, "Ophélie", "Ophélie Horsligne");
  await expect(result).toHaveAttribute("data-result", "already_in");

  await context.setOffline(false);
  await expect(page.getByTestId("scan-pending")).toHaveText("Tout est synchronisé", { timeout: 30_000 });
  const list = await page.request.get(`/api/events/${eventId}/check-ins/list`);
  const { participants } = (await list.json()) as { participants: { first_name: string; is_in: boolean }[] };
  expect(participants.map((p) => [p.first_name, p.is_in]).sort()).toEqual([
    ["Ophélie", true],
    ["Zacharie", true],
  ]);

  // Out, on a desktop screen.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("radio", { name: "Sortie" }).click();
  await page.getByRole("searchbox", { name: "Rechercher un participant" }).fill("Zacharie");
  await page.getByRole("button", { name: "Valider la sortie : Zacharie Testeur" }).click();
  await expect(result).toContainText("Sortie enregistrée");
  await page.screenshot({ path: `${SCREENS}/scan-desktop.png`, fullPage: true });
});
