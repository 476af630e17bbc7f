import { expect, test } from "@playwright/test";

// Seeded: event 1 "Festival Nuits Sonores" (published, public), event 2 (published, private), event 6 (draft with a
// preview token). See scripts/lib/seed-catalog.ts.

test("the public page of a published event shows its details, tickets and OpenGraph tags", async ({ page }) => {
  const response = await page.goto("/events/1/festival-nuits-sonores");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Festival Nuits Sonores" })).toBeVisible();
  await expect(page.getByText("Organisé par Association Les Nuits Sonores")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Billets" })).toBeVisible();
  await expect(page.getByTestId("public-ticket").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Voir sur la carte" })).toHaveAttribute("href", /openstreetmap\.org/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Festival Nuits Sonores");
  await page.screenshot({ path: "test-results/screens/public-event.png", fullPage: true });
});

test("a wrong slug redirects to the right one", async ({ page }) => {
  await page.goto("/events/1/mauvais-titre");
  await expect(page).toHaveURL(/\/events\/1\/festival-nuits-sonores$/);
  await page.goto("/events/1");
  await expect(page).toHaveURL(/\/events\/1\/festival-nuits-sonores$/);
});

test("the page is served from the edge cache the second time", async ({ request }) => {
  const url = `/events/1/festival-nuits-sonores?e2e=${Date.now()}`;
  const first = await request.get(url);
  expect(first.headers()["x-guichet-cache"]).toBe("MISS");
  const second = await request.get(url);
  expect(second.headers()["x-guichet-cache"]).toBe("HIT");
  expect(await second.text()).toContain("Festival Nuits Sonores");
});

test("a private event needs its link hash; drafts and bad preview tokens are not found", async ({ request }) => {
  expect((await request.get("/events/2/soiree-partenaires-mecenes")).status()).toBe(404);
  expect((await request.get("/events/2/soiree-partenaires-mecenes?t=AAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);
  expect((await request.get("/events/6/carte-blanche-aux-collectifs-lyonnais")).status()).toBe(404);
  expect((await request.get("/events/preview/6/carte-blanche-aux-collectifs-lyonnais/not-the-token")).status()).toBe(404);
});

test("a private event opens with the keyed hash of its id", async ({ page }) => {
  const { privateEventHash } = await import("../../domain/events/private-event-link");
  // The e2e server runs without SESSION_SECRET, so links are keyed with the development secret.
  const hash = privateEventHash({ ENVIRONMENT: "development" }, 2);
  const response = await page.goto(`/events/2/soiree-partenaires-mecenes?t=${hash}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Événement privé")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});
