import { expect, test, type Page } from "@playwright/test";
import { describeViolations, seriousViolations } from "./support/axe";
import { signIn, waitForHydration } from "./support/sign-in";

// The web scanner's codes (issue 25 §3): a ticket held in front of the camera is checked once and its green result
// stays; a tap clears it; a code typed (or sent by a handheld scanner, which types it and Enter) is checked the same
// way; the result names the ticket and the event date it was checked against.

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

type FakeCamera = { code: string | null; reads: number };

/**
 * A camera for a headless browser: getUserMedia answers a canvas's stream and BarcodeDetector (the scanner's native
 * path) reads whatever `window.__fakeCamera.code` holds, counting its reads: what the test "holds in view".
 */
async function installFakeCamera(page: Page) {
  await page.addInitScript(() => {
    const camera: FakeCamera = { code: null, reads: 0 };
    (window as unknown as { __fakeCamera: FakeCamera }).__fakeCamera = camera;
    class FakeBarcodeDetector {
      async detect() {
        camera.reads += 1;
        return camera.code ? [{ rawValue: camera.code }] : [];
      }
    }
    (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = FakeBarcodeDetector;
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 64;
    const paint = () => {
      const context = canvas.getContext("2d");
      if (context) {
        context.fillStyle = `hsl(${Date.now() % 360} 50% 50%)`;
        context.fillRect(0, 0, 64, 64);
      }
    };
    paint();
    window.setInterval(paint, 100);
    Object.defineProperty(navigator, "mediaDevices", {
      configurable: true,
      value: { getUserMedia: async () => canvas.captureStream(10) },
    });
  });
}

const holdInView = (page: Page, code: string | null) =>
  page.evaluate((value) => {
    (window as unknown as { __fakeCamera: FakeCamera }).__fakeCamera.code = value;
  }, code);

const cameraReads = (page: Page) =>
  page.evaluate(() => (window as unknown as { __fakeCamera: FakeCamera }).__fakeCamera.reads);

/** Lets the camera read `count` more frames (200 ms apart in the scanner): no clock, only frames. */
async function moreReads(page: Page, count: number) {
  const from = await cameraReads(page);
  await expect.poll(() => cameraReads(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(from + count);
}

async function entryCount(page: Page, eventId: number) {
  const response = await page.request.get(`/api/events/${eventId}/entries`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

test("scanner: a ticket held in view is checked once, a tap clears it, typed codes check like scans", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, "owner@guichet.test");
  const suffix = Date.now().toString(36);
  const start = Date.UTC(2031, 5, 14, 18, 30);
  const title = `Bal du scan ${suffix}`;
  const created = await page.request.post("/api/events", {
    data: {
      title,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3 * 3_600_000).toISOString(),
      timezone: "Europe/Paris",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  const ticket = await page.request.post(`/api/events/${eventId}/tickets`, {
    data: { title: "Piste de danse", price: 0, ticket_type: "ticket", max_per_order: 4 },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const ticketId = ((await ticket.json()) as { id: number }).id;
  expect((await page.request.put(`/api/events/${eventId}/status/published`)).status()).toBe(200);
  const person = (first: string) => ({
    first_name: first,
    last_name: "Danseur",
    email: `${first}.${suffix}@exemple.fr`,
  });
  const placed = await page.request.post(`/api/public/events/${eventId}/orders`, {
    data: {
      items: [{ ticket_id: ticketId, quantity: 4 }],
      buyer: person("Anouk"),
      participants: ["Anouk", "Basile", "Capucine", "Dorian"].map((first) => ({
        ticket_id: ticketId,
        ...person(first),
      })),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id: orderId, access_token } = (await placed.json()) as { id: number; access_token: string };
  const order = await page.request.get(`/api/public/orders/${orderId}?token=${encodeURIComponent(access_token)}`);
  const { participants } = (await order.json()) as { participants: { first_name: string; ticket_token: string }[] };
  const tokenOf = (first: string) => participants.find((p) => p.first_name === first)!.ticket_token;

  await installFakeCamera(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/event/${eventId}/scan`);
  await waitForHydration(page);
  await expect(page.getByText("4 participants chargés pour le mode hors ligne")).toBeVisible();
  const result = page.getByTestId("scan-result");

  // Anouk holds her ticket in front of the camera: green, naming the ticket and the date it was checked against.
  await holdInView(page, tokenOf("Anouk"));
  await page.getByRole("button", { name: "Scanner avec la caméra" }).click();
  await expect(result).toHaveAttribute("data-result", "ok");
  await expect(result).toContainText("Entrée validée");
  await expect(result).toContainText("Anouk Danseur");
  await expect(page.getByTestId("scan-result-ticket")).toHaveText("Billet : Piste de danse");
  await expect(page.getByTestId("scan-result-against")).toHaveText(
    `Contrôlé pour ${title} · sam. 14 juin 2031, 20:30 – 23:30`,
  );
  // She keeps it there for 30 more frames (6 s): still green, and one entry only.
  await moreReads(page, 30);
  await expect(result).toHaveAttribute("data-result", "ok");
  await expect(result).toContainText("Entrée validée");
  await page.screenshot({ path: `${SCREENS}/scan-camera-held-390.png`, fullPage: true });
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  expect(await entryCount(page, eventId)).toBe(1);

  // A tap clears the screen; the ticket still in view is not checked again.
  await page.getByTestId("scan-result-dismiss").click();
  await expect(result).toHaveAttribute("data-result", "idle");
  await expect(result).toHaveText("Prêt à scanner");
  await moreReads(page, 10);
  await expect(result).toHaveAttribute("data-result", "idle");

  // The next guest: another code gives its own result at once.
  await holdInView(page, tokenOf("Basile"));
  await expect(result).toContainText("Basile Danseur");
  await expect(result).toHaveAttribute("data-result", "ok");
  await holdInView(page, null);
  await page.getByRole("button", { name: "Arrêter la caméra" }).click();

  // A handheld scanner types Capucine's code then Enter: checked, the field emptied for the next one.
  await page.setViewportSize({ width: 1280, height: 800 });
  const code = page.getByLabel("Code du billet");
  await code.fill(tokenOf("Capucine"));
  await code.press("Enter");
  await expect(result).toContainText("Capucine Danseur");
  await expect(result).toHaveAttribute("data-result", "ok");
  await expect(code).toHaveValue("");
  // A double trigger of the same code: ignored, the green result stays.
  await code.fill(tokenOf("Capucine"));
  await code.press("Enter");
  await expect(code).toHaveValue("");
  await expect(result).toHaveAttribute("data-result", "ok");
  await expect(result).toContainText("Capucine Danseur");
  await page.screenshot({ path: `${SCREENS}/scan-typed-code-1280.png`, fullPage: true });

  // A code typed in the participant search is recognised as one, not "no participant found".
  const search = page.getByRole("searchbox", { name: "Rechercher un participant" });
  await search.fill(tokenOf("Dorian"));
  await expect(page.getByText("C'est un code de billet : validez-le directement.")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/scan-search-code-1280.png`, fullPage: true });
  await expect(page.getByText("Aucun participant trouvé.")).toBeHidden();
  await page.getByRole("button", { name: "Valider le code" }).last().click();
  await expect(result).toContainText("Dorian Danseur");
  await expect(result).toHaveAttribute("data-result", "ok");
  await expect(search).toHaveValue("");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/scan-typed-code-390.png`, fullPage: true });

  // Anouk picked again from the search (a deliberate choice, not gated): refused in red, still naming ticket and date.
  await search.fill("Anouk");
  await page.getByRole("button", { name: "Valider l'entrée : Anouk Danseur" }).click();
  await expect(result).toHaveAttribute("data-result", "already_in");
  await expect(result).toContainText("Déjà entré");
  await expect(page.getByTestId("scan-result-ticket")).toHaveText("Billet : Piste de danse");
  await page.screenshot({ path: `${SCREENS}/scan-already-in-390.png`, fullPage: true });
  const refusedViolations = await seriousViolations(page);
  expect(refusedViolations, describeViolations(refusedViolations)).toEqual([]);

  // The server recorded each guest once.
  const list = await page.request.get(`/api/events/${eventId}/check-ins/list`);
  const { participants: listed } = (await list.json()) as { participants: { first_name: string; is_in: boolean }[] };
  expect(listed.map((p) => [p.first_name, p.is_in]).sort()).toEqual([
    ["Anouk", true],
    ["Basile", true],
    ["Capucine", true],
    ["Dorian", true],
  ]);
  expect(await entryCount(page, eventId)).toBe(4);
});
