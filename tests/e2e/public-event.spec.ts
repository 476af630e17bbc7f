import { expect, test, type APIRequestContext } from "@playwright/test";
import { privateEventHash } from "../../domain/events/private-event-link";
import { signIn } from "./support/sign-in";

// The e2e server runs without SESSION_SECRET (ENVIRONMENT=development), so links are keyed with the development secret.
const linkEnv = { ENVIRONMENT: "development" };

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

test("a wrong slug redirects to the right one, with a 302", async ({ page, request }) => {
  await page.goto("/events/1/mauvais-titre");
  await expect(page).toHaveURL(/\/events\/1\/festival-nuits-sonores$/);
  await page.goto("/events/1");
  await expect(page).toHaveURL(/\/events\/1\/festival-nuits-sonores$/);
  for (const path of ["/events/1/mauvais-titre", "/events/1"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toMatch(/\/events\/1\/festival-nuits-sonores$/);
  }
});

test("the page is served from the edge cache the second time; the browser keeps nothing", async ({ request }) => {
  const url = `/events/1/festival-nuits-sonores?e2e=${Date.now()}`;
  const first = await request.get(url);
  expect(first.headers()["x-guichet-cache"]).toBe("MISS");
  expect(first.headers()["cache-control"]).toBe("private, no-cache");
  const second = await request.get(url);
  expect(second.headers()["x-guichet-cache"]).toBe("HIT");
  expect(second.headers()["cache-control"]).toBe("private, no-cache");
  expect(second.headers()["set-cookie"]).toBeUndefined();
  expect(await second.text()).toContain("Festival Nuits Sonores");
});

test("the cache files pages by language: the lng cookie chosen in the app gives the English page", async ({ page }) => {
  const url = `/events/1/festival-nuits-sonores?lang-e2e=${Date.now()}`;
  // A French visitor fills the cache first.
  const french = await page.request.get(url, { headers: { "Accept-Language": "fr-FR" } });
  expect(french.headers()["content-language"]).toBe("fr");
  // Choosing English in the app writes React Router's encoded lng cookie: the same URL must then come in English.
  const switched = await page.request.post("/resources/locale", { form: { locale: "en" }, maxRedirects: 0 });
  expect(switched.status()).toBeLessThan(400);
  const english = await page.request.get(url, { headers: { "Accept-Language": "fr-FR" } });
  expect(english.headers()["content-language"]).toBe("en");
  expect(await english.text()).toContain('lang="en"');
});

const soon = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

/** A published private event of the owner's organization, made through the events API (the plain publish call). */
async function publishPrivateEvent(api: APIRequestContext, title: string): Promise<number> {
  const created = await api.post("/api/events", { data: { title, visibility: "private", start_at: soon() } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const published = await api.put(`/api/events/${id}/status/published`);
  expect(published.status(), await published.text()).toBe(200);
  return id;
}

test("a private page is cached only for its own t; back to draft it is gone at once", async ({ page, request }) => {
  await signIn(page, "owner@guichet.test");
  const title = `Avant-première privée ${Date.now()}`;
  const id = await publishPrivateEvent(page.request, title);
  const path = `/events/${id}/avant-premiere-privee-${title.split(" ").pop()}`;
  const withHash = `${path}?t=${privateEventHash(linkEnv, id)}`;
  try {
    // Anonymous visitors (no session cookie): the first render fills the cache, the second is a hit.
    expect((await request.get(withHash)).headers()["x-guichet-cache"]).toBe("MISS");
    const hit = await request.get(withHash);
    expect(hit.headers()["x-guichet-cache"]).toBe("HIT");
    expect(await hit.text()).toContain(title);
    // The same path without t, or with a wrong one, is never answered from that copy.
    for (const other of [path, `${path}?t=AAAAAAAAAAAAAAAAAAAAAA`, `${path}?t=${privateEventHash(linkEnv, id + 1)}`]) {
      const response = await request.get(other);
      expect(response.status(), other).toBe(404);
      expect(response.headers()["x-guichet-cache"], other).not.toBe("HIT");
    }
    // 'Remettre en brouillon': the participant's next visit finds nothing, from the cache or elsewhere.
    const draft = await page.request.put(`/api/events/${id}/status/draft`);
    expect(draft.status(), await draft.text()).toBe(200);
    const gone = await request.get(withHash);
    expect(gone.status()).toBe(404);
    expect(gone.headers()["x-guichet-cache"]).toBeUndefined();
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});

test("a slug keeps a hyphen where the title ends in punctuation (spec §5)", async ({ page, request }) => {
  await signIn(page, "owner@guichet.test");
  const created = await page.request.post("/api/events", { data: { title: "Concert !", start_at: soon() } });
  const { id } = (await created.json()) as { id: number };
  try {
    const published = await page.request.put(`/api/events/${id}/status/published`);
    expect(published.status(), await published.text()).toBe(200);
    expect((await request.get(`/events/${id}/concert-`)).status()).toBe(200);
    const trimmed = await request.get(`/events/${id}/concert`, { maxRedirects: 0 });
    expect(trimmed.status()).toBe(302);
    expect(trimmed.headers().location).toMatch(new RegExp(`/events/${id}/concert-$`));
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});

test("a private event needs its link hash; drafts and bad preview tokens are not found", async ({ request }) => {
  expect((await request.get("/events/2/soiree-partenaires-mecenes")).status()).toBe(404);
  expect((await request.get("/events/2/soiree-partenaires-mecenes?t=AAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);
  expect((await request.get("/events/6/carte-blanche-aux-collectifs-lyonnais")).status()).toBe(404);
  expect((await request.get("/events/preview/6/carte-blanche-aux-collectifs-lyonnais/not-the-token")).status()).toBe(
    404,
  );
});

test("a private event opens with the keyed hash of its id", async ({ page }) => {
  const hash = privateEventHash(linkEnv, 2);
  const response = await page.goto(`/events/2/soiree-partenaires-mecenes?t=${hash}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Événement privé")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("the preview of an unpublished event opens from its event page and says booking is impossible", async ({
  page,
}) => {
  await signIn(page, "owner@guichet.test");
  await page.goto("/event/6");
  const href = await page.getByTestId("preview-button").getAttribute("href");
  expect(href).toMatch(/^\/events\/preview\/6\//);
  const response = await page.goto(href!);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Carte blanche aux collectifs lyonnais" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("La réservation n'est pas possible depuis l'aperçu.");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("the public page keeps a long unbreakable title inside a phone screen and shows a same-day event as one date, two times", async ({
  page,
}) => {
  await signIn(page, "owner@guichet.test");
  const title = `Nuit${"x".repeat(100)}${Date.now()}`;
  const created = await page.request.post("/api/events", {
    data: { title, start_at: "2027-03-12T19:00:00.000Z", end_at: "2027-03-12T22:30:00.000Z" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    expect((await page.request.put(`/api/events/${id}/status/published`)).status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/events/${id}`);
    await expect(page.getByTestId("public-event-title")).toHaveText(title);
    await expect(page.getByTestId("public-event-dates")).toHaveText("ven. 12 mars 2027, 20:00 – 23:30");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const title390 = await page.getByTestId("public-event-title").boundingBox();
    expect(title390!.x + title390!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "test-results/screens/public-event-long-title-390.png", fullPage: true });
  } finally {
    await page.request.delete(`/api/events/${id}`, { data: { confirmation: "DELETE" } });
  }
});
