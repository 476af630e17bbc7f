import { expect, test, type Page } from "@playwright/test";
import { describeViolations, seriousViolations } from "./support/axe";

// Issue 26 §3: the API reference at /developers, rendered by Scalar from /api/openapi.json, from our own origin only
// (anything else is refused here, as the CSP would), with its error codes and its operations, and no serious axe
// violation at 1280 and 390 px.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function openReference(page: Page) {
  const elsewhere: string[] = [];
  await page.route(
    (url) => url.hostname !== "localhost",
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    },
  );
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") refused.push(message.text());
  });
  await page.goto("/developers");
  await expect(page.getByRole("heading", { name: "Guichet API", level: 1 })).toBeVisible();
  return { elsewhere, refused };
}

test("the API reference lists the error codes and the operations, offline, under the CSP", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const { elsewhere, refused } = await openReference(page);

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Errors", level: 2 })).toBeVisible();
  const codes = main.getByRole("listitem").filter({ has: page.locator("code") });
  await expect(codes.filter({ hasText: "idempotency_key_reused" })).toContainText("HTTP 422");
  await expect(codes.filter({ hasText: /^sold_out/ })).toContainText("HTTP 409");
  // The widget's options and the webhook types are reachable from the reference.
  await expect(main.getByRole("heading", { name: "Booking widget", level: 2 })).toBeVisible();
  await expect(main.getByRole("cell", { name: "max-width" })).toBeVisible();
  await expect(main.getByRole("link", { name: "/developers/webhooks" })).toHaveAttribute(
    "href",
    "/developers/webhooks",
  );

  await page.getByRole("button", { name: "Public booking Open Group" }).click();
  await page.getByRole("button", { name: /^Book tickets HTTP Method: POST/ }).click();
  await expect(main.getByRole("heading", { name: "Book tickets" })).toBeVisible();
  await expect(main.getByText("/api/public/events/{id}/orders").first()).toBeVisible();

  expect(elsewhere, "requests to another origin").toEqual([]);
  expect(refused, "console errors (CSP refusals among them)").toEqual([]);
});

test("the API reference has no serious accessibility violation at 1280 and 390 px", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openReference(page);
  const desktop = await seriousViolations(page);
  expect(desktop, describeViolations(desktop)).toEqual([]);

  await page.setViewportSize(PHONE);
  await expect(page.getByRole("heading", { name: "Guichet API", level: 1 })).toBeVisible();
  const phone = await seriousViolations(page);
  expect(phone, describeViolations(phone)).toEqual([]);
});
