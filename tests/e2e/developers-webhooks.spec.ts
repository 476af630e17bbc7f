import { expect, test } from "@playwright/test";
import { describeViolations, seriousViolations } from "./support/axe";

const SCREENS = "test-results/screens";

// Issue 26 §6: the public page of webhook event types, with fields and examples from the delivery schemas.
test("the webhook event types page lists every type with its fields and an example, in both languages", async ({
  page,
}) => {
  await page.goto("/developers/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Événements des webhooks" })).toBeVisible();
  const types = page.getByTestId("webhook-type");
  // Every type Guichet sends, participant.transferred, order.updated and waiting_list.offered included (issue 28), and
  // the test event.
  await expect(types).toHaveCount(14);
  await expect(page.locator("section#order\\.updated")).toContainText("L'acheteur modifie sa commande depuis sa page");
  await expect(
    page.locator("section#waiting_list\\.offered").getByRole("cell", { name: "data.offer_expires_at" }),
  ).toBeVisible();
  const paid = page.locator("section#order\\.paid");
  await expect(paid.getByRole("heading", { name: "order.paid" })).toBeVisible();
  await expect(paid.getByRole("cell", { name: "data.net_amount" })).toBeVisible();
  await expect(paid.locator("pre")).toContainText('"type": "order.paid"');
  const checkIn = page.locator("section#check_in\\.created");
  await expect(checkIn.getByRole("cell", { name: "data.participant.first_name" })).toBeVisible();
  await expect(page.getByText("Pendant 24 heures", { exact: false })).toBeVisible();
  // A plain HTML page: no script runs, the anchors work.
  await page.getByRole("link", { name: "check_in.created" }).click();
  await expect(page).toHaveURL(/#check_in\.created$/);

  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/developers/webhooks");
    await page.locator("section#order\\.paid").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/developers-webhooks-${width}.png` });
  }

  await page.request.post("/resources/locale", { form: { locale: "en" } });
  await page.goto("/developers/webhooks");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhook events");
  await expect(page.getByText("An order's payment is confirmed; its tickets are sent.")).toBeVisible();
});
