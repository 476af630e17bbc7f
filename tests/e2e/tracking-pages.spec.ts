import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { startWebhookReceiver } from "./support/webhook-receiver";

// Long flows on a shared, slow machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

/** How many times `word` is read out in the element's accessibility tree (what a screen reader announces). */
async function spokenCount(locator: Locator, word: string) {
  return (await locator.ariaSnapshot()).split(word).length - 1;
}

/** The element lies inside the viewport's width: reachable without scrolling the page or the table sideways. */
async function expectWithinViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  const width = page.viewportSize()!.width;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test("tracking: a disabled endpoint says so once; the delivery log's replay button fits at 1280 and works at 390", async ({
  page,
}) => {
  // Other specs sell and edit events meanwhile: this endpoint subscribes to one rare type, and only its test events
  // (which ignore the subscription) are counted; "gone" makes the receiver answer them 410.
  let gone = false;
  const isTestEvent = (body: string) => body.includes('"webhook.test"');
  const receiver = await startWebhookReceiver({ respond: (body) => (gone && isTestEvent(body) ? 410 : 200) });
  const testEvents = () => receiver.received.filter((request) => isTestEvent(request.body)).length;
  try {
    await signIn(page, "owner@guichet.test");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/settings/tracking");
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();

    // The seeded endpoint was paused by its owner: "Désactivé" once, on screen and for screen readers.
    const seeded = page
      .getByTestId("webhook-endpoint")
      .filter({ hasText: "https://crm.nuits-sonores.exemple.test/webhooks/guichet" });
    await expect(seeded).toBeVisible();
    expect((await seeded.innerText()).split("Désactivé").length - 1).toBe(1);
    expect(await spokenCount(seeded, "Désactivé")).toBe(1);

    // An endpoint of its own, pointing at this test's receiver.
    await page.getByRole("button", { name: "Ajouter un endpoint" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("URL de l'endpoint").fill(receiver.url);
    await dialog.getByRole("checkbox", { name: /Commande remboursée/ }).click();
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    const secretDialog = page.getByRole("dialog", { name: "Secret de signature" });
    await expect(secretDialog).toBeVisible();
    await secretDialog.getByRole("button", { name: "J'ai copié le secret" }).click();
    const card = page.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
    await card.getByRole("button", { name: `Actions pour ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Envoyer un événement de test" }).click();
    await expect.poll(testEvents, { timeout: 60_000 }).toBe(1);

    // The log at 1280 px: every column, the replay button included, without scrolling sideways.
    await card.getByRole("link", { name: "Journal des envois" }).click();
    await expect(page.getByRole("heading", { name: "Journal des envois" })).toBeVisible();
    // The log shows what the receiver answered once the queue recorded it.
    const testRow = page.getByRole("row").filter({ hasText: "webhook.test" });
    await expect
      .poll(
        async () => {
          await page.reload();
          return testRow.getByTestId("delivery-status").allTextContents();
        },
        { timeout: 60_000 },
      )
      .toEqual(["Réussi"]);
    const replay = testRow.getByRole("button", { name: "Renvoyer" });
    await expect(replay).toBeVisible();
    await expectWithinViewport(page, replay);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: `${SCREENS}/webhooks-log-1280.png` });

    // At 390 px the table scrolls inside its frame and the button still replays the delivery.
    await page.setViewportSize({ width: 390, height: 844 });
    await replay.scrollIntoViewIfNeeded();
    await expectWithinViewport(page, replay);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SCREENS}/webhooks-log-390.png`, fullPage: true });
    await replay.click();
    await expect(page.getByText("Envoi relancé")).toBeVisible();
    await expect.poll(testEvents, { timeout: 60_000 }).toBe(2);

    // An endpoint that answers 410 Gone is disabled at once: "Désactivé" once, then the reason.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/settings/tracking");
    gone = true;
    await card.getByRole("button", { name: `Actions pour ${receiver.url}` }).click();
    await page.getByRole("menuitem", { name: "Envoyer un événement de test" }).click();
    await expect.poll(testEvents, { timeout: 60_000 }).toBe(3);
    await expect
      .poll(
        async () => {
          await page.reload();
          return card.getByText("l'endpoint a répondu 410 (Gone)").isVisible();
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    expect((await card.innerText()).split("Désactivé").length - 1).toBe(1);
    expect(await spokenCount(card, "Désactivé")).toBe(1);
    await page.screenshot({ path: `${SCREENS}/webhooks-disabled.png`, fullPage: true });
  } finally {
    receiver.close();
  }
});
