import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoPassword } from "../../scripts/lib/demo-logins";
import { accessibleAccent, accessibleSurface, hexToRgb } from "../../app/lib/contrast";
import { describeViolations, seriousViolations } from "./support/axe";
import { waitForHydration } from "./support/sign-in";

// Issue 14 §9 and docs/decisions/0032-organizer-colour-contrast.md: the public event page, the booking page and the
// confirmation page keep AA contrast whatever the organizer's colour. A light-theme event of this run per colour (the
// theme that also draws the colour as text: the map link, the places left): a mid-tone green (white text 3.3:1 on the
// raw colour), a light yellow (dark text, but 1.5:1 as text on white) and a saturated red. Each page is checked with
// axe-core (color-contrast is a serious violation) and paints the shades app/lib/contrast.ts gives.

const DAY = 86_400_000;
const COLOURS = ["#16a34a", "#facc15", "#ef4444"] as const;

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const rgb = (hex: string) => {
  const { r, g, b } = hexToRgb(hex)!;
  return `rgb(${r}, ${g}, ${b})`;
};

let tokenOfWorker: Promise<string> | undefined;

/** One owner session for the file's tests (sign-in is slow on purpose and limited per IP). */
function ownerToken(request: APIRequestContext): Promise<string> {
  tokenOfWorker ??= request
    .post("/auth/login", { data: { email: "owner@guichet.test", password: demoPassword } })
    .then((response) => json<string>(response));
  return tokenOfWorker;
}

/**
 * A published light-theme event of this run in `colour`, with a map link and the places left shown, and a free order
 * on it: the paths of its event page, booking page and confirmation page.
 */
async function colouredEvent(request: APIRequestContext, colour: string) {
  const headers = { Authorization: `Bearer ${await ownerToken(request)}` };
  const start = Date.now() + 30 * DAY;
  const { id: eventId } = await json<{ id: number }>(
    await request.post("/api/events", {
      headers,
      data: {
        title: `Couleurs ${Date.now().toString(36)}`,
        small_description: "Un concert en plein air au parc de la Tête d'Or.",
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 3 * 3_600_000).toISOString(),
        timezone: "Europe/Paris",
        address_name: "Parc de la Tête d'Or",
        address_label: "Place du Général Leclerc, 69006 Lyon",
        address_latitude: 45.7772,
        address_longitude: 4.8553,
        contact_email: "contact@couleurs.exemple.test",
        primary_color: colour,
        theme: "light",
      },
    }),
  );
  const { id: ticketId } = await json<{ id: number }>(
    await request.post(`/api/events/${eventId}/tickets`, {
      headers,
      data: { title: "Entrée", price: 0, ticket_type: "ticket", amount: 300, show_remaining_count: true },
    }),
  );
  await json(await request.put(`/api/events/${eventId}/status/published`, { headers }));
  const { slug } = await json<{ slug: string }>(await request.get(`/api/public/events/${eventId}`));
  const buyer = { first_name: "Inès", last_name: "Garnier", email: `ines.${Date.now().toString(36)}@exemple.test` };
  const order = await json<{ id: number; access_token: string }>(
    await request.post(`/api/public/events/${eventId}/orders`, {
      data: { items: [{ ticket_id: ticketId, quantity: 1 }], buyer, participants: [{ ticket_id: ticketId, ...buyer }] },
    }),
  );
  return [
    { name: "event page", path: `/events/${eventId}/${slug}` },
    { name: "booking page", path: `/events/${eventId}/${slug}/book?q${ticketId}=1` },
    { name: "confirmation page", path: `/orders/${order.id}?token=${encodeURIComponent(order.access_token)}` },
  ] as const;
}

for (const colour of COLOURS) {
  test(`the sale pages keep AA contrast in ${colour}, in the shades contrast.ts gives`, async ({ page, request }) => {
    const surface = accessibleSurface(colour);
    for (const { name, path } of await colouredEvent(request, colour)) {
      await page.goto(path);
      const violations = await seriousViolations(page);
      expect.soft(violations, `${name}, ${colour}:\n${describeViolations(violations)}`).toEqual([]);
      await expect(page.locator("header").first()).toHaveCSS("background-color", rgb(surface.background));
      await expect(page.locator("header").first()).toHaveCSS("color", rgb(surface.text));
      if (name === "event page") {
        await expect(page.getByRole("button", { name: "Réserver" })).toHaveCSS(
          "background-color",
          rgb(surface.background),
        );
        await expect(page.getByRole("link", { name: /carte/i })).toHaveCSS("color", rgb(accessibleAccent(colour)));
      }
      if (colour === COLOURS[0] && name !== "confirmation page") {
        const file = name === "event page" ? "event" : "booking";
        await page.screenshot({ path: `test-results/screens/organizer-colour-${file}-desktop.png`, fullPage: true });
      }
    }
  });
}

test(`the sale pages keep AA contrast at 390 px in ${COLOURS[0]}`, async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const { name, path } of await colouredEvent(request, COLOURS[0])) {
    await page.goto(path);
    const violations = await seriousViolations(page);
    expect.soft(violations, `${name} at 390 px:\n${describeViolations(violations)}`).toEqual([]);
    if (name !== "confirmation page") {
      const file = name === "event page" ? "event" : "booking";
      await page.screenshot({ path: `test-results/screens/organizer-colour-${file}-390.png`, fullPage: true });
    }
  }
});

test("the editor's previews paint the shade the buyer will see, and say the colour was adjusted", async ({
  page,
  request,
  baseURL,
}) => {
  const token = await ownerToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const { id: eventId } = await json<{ id: number }>(
    await request.post("/api/events", {
      headers,
      data: { title: `Aperçu ${Date.now().toString(36)}`, primary_color: COLOURS[0] },
    }),
  );
  await page.context().addCookies([{ name: "guichet_session", value: token, url: baseURL! }]);
  const surface = accessibleSurface(COLOURS[0]);

  await page.goto(`/event/update/${eventId}?step=theme`);
  await waitForHydration(page);
  const band = page.getByTestId("theme-preview").locator("div").first();
  await expect(band).toHaveCSS("background-color", rgb(surface.background));
  await expect(page.getByTestId("theme-contrast")).toContainText("Texte clair");
  await expect(page.getByTestId("theme-contrast-adjusted")).toHaveText(
    `Pour que le texte reste lisible, les pages de vente utilisent une nuance ajustée de cette couleur : ${surface.background.toUpperCase()}.`,
  );
  await page
    .getByTestId("theme-preview")
    .locator("..")
    .screenshot({ path: "test-results/screens/organizer-colour-theme-step.png" });
  // A colour that already reaches 4.5:1 is shown as it is, without the note.
  await page.getByLabel("Code hexadécimal").fill("#1e3a8a");
  await expect(band).toHaveCSS("background-color", rgb("#1e3a8a"));
  await expect(page.getByTestId("theme-contrast-adjusted")).toHaveCount(0);

  await page.goto(`/event/${eventId}/order-messages`);
  await expect(page.getByTestId("confirmation-preview").locator("div[style]").first()).toHaveCSS(
    "background-color",
    rgb(surface.background),
  );
});
