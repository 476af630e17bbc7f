import { expect as baseExpect, test } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { tableFit } from "./support/table-fit";

// Long flows on a shared, slow machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test("a visitor writes from the public organization page; the owner reads, unreads and re-reads it", async ({
  page,
  browser,
}) => {
  await signIn(page, "owner@guichet.test");
  await page.goto("/organization");
  const organizationId = (await page.getByTestId("organization-id").textContent())!.trim();

  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(`/organizers/${organizationId}/page`);
  const subject = `Accessibilité ${Date.now()}`;
  await visitor.getByText("Écrire à l'organisateur").click();
  await visitor.getByLabel("Prénom").fill("Camille");
  await visitor.getByLabel("Nom", { exact: true }).fill("Durand");
  await visitor.getByLabel("Email").fill("camille.durand@exemple.test");
  await visitor.getByLabel("Sujet").fill(subject);
  await visitor.getByLabel("Votre message").fill("La salle est-elle accessible en fauteuil roulant ?");
  await visitor.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(visitor.getByTestId("contact-sent")).toBeVisible();
  await visitor.screenshot({ path: "test-results/screens/contact-sent-390.png", fullPage: true });
  await visitor.close();

  await page.getByRole("link", { name: "Messages de contact" }).click();
  await expect(page).toHaveURL(/\/organization\/contact-entries/);
  await page.getByPlaceholder("Rechercher un nom, un email ou un sujet").fill(subject);
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("read-status")).toHaveText("Non lu");

  await row.getByRole("button", { name: "Ouvrir le message de Camille Durand" }).click();
  const sheet = page.getByTestId("contact-entry-sheet");
  await expect(sheet.getByText("La salle est-elle accessible en fauteuil roulant ?")).toBeVisible();
  // Opening it marked it read at once: the sheet offers to mark it unread.
  await expect(sheet.getByTestId("read-toggle")).toHaveText("Marquer comme non lu");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/screens/contact-entry-desktop.png" });
  await page.keyboard.press("Escape");
  await expect(row.getByTestId("read-status")).toHaveText("Lu");

  // The toggle flips at once; the reload waits for the save it sent (opening marked it read, this marks it unread).
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && (response.request().postData() ?? "").includes("isRead=false"),
  );
  await row.getByTestId("read-toggle").click();
  await expect(row.getByTestId("read-status")).toHaveText("Non lu");
  await saved;
  await page.reload();
  await expect(row.getByTestId("read-status")).toHaveText("Non lu");
  await row.getByRole("button", { name: "Ouvrir le message de Camille Durand" }).click();
  await expect(sheet.getByTestId("read-toggle")).toHaveText("Marquer comme non lu");
  await page.keyboard.press("Escape");
  await expect(row.getByTestId("read-status")).toHaveText("Lu");
  await page.reload();
  await expect(row.getByTestId("read-status")).toHaveText("Lu");
  await page.screenshot({ path: "test-results/screens/contact-inbox-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screens/contact-inbox-390.png", fullPage: true });
});

test("a read toggle that fails (network error, then a server error) rolls back and says so; the page stays", async ({
  page,
}) => {
  await signIn(page, "owner@guichet.test");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/organization/contact-entries");
  const heading = page.getByRole("heading", { level: 1, name: "Messages de contact" });
  await expect(heading).toBeVisible();
  // At 1280 px the inbox's columns fit its box: the toggle in the last column is reachable without scrolling.
  const fit = await tableFit(page.getByRole("table", { name: "Messages de contact" }));
  baseExpect(fit).toMatchObject({ last: "status", tableScrolls: false, pageScrolls: false });
  const row = page.getByRole("row").filter({ hasText: "Devenir bénévole" });
  await expect(row).toHaveCount(1);
  const status = row.getByTestId("read-status");
  const before = (await status.textContent())!.trim();
  const after = before === "Lu" ? "Non lu" : "Lu";
  const toggle = row.getByTestId("read-toggle");
  const failed = page.getByText("Le statut du message n'a pas pu être modifié.");

  // Only the toggle's POST fails; the page's own requests go through.
  const isToggle = (method: string, url: string) =>
    method === "POST" && /\/organization\/contact-entries\.data/.test(url);
  await page.route(
    (url) => /\/organization\/contact-entries\.data/.test(url.pathname),
    (route) => (isToggle(route.request().method(), route.request().url()) ? route.abort("failed") : route.fallback()),
  );
  await toggle.click();
  await expect(failed).toBeVisible();
  await expect(status).toHaveText(before);
  await expect(heading).toBeVisible();
  await expect(page.getByRole("table", { name: "Messages de contact" })).toBeVisible();

  await page.unrouteAll({ behavior: "wait" });
  await page.route(
    (url) => /\/organization\/contact-entries\.data/.test(url.pathname),
    (route) =>
      isToggle(route.request().method(), route.request().url())
        ? route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" })
        : route.fallback(),
  );
  // The first toast closes by itself before the second failure, so that the one shown next is its own.
  await expect(failed).toBeHidden();
  await toggle.click();
  await expect(failed).toBeVisible();
  await expect(status).toHaveText(before);
  await expect(heading).toBeVisible();
  // One toast for the entry, never one per control showing its state.
  await expect(failed).toHaveCount(1);
  await page.screenshot({ path: "test-results/screens/contact-toggle-failed.png" });

  // Back to normal: the toggle works, and is undone.
  await page.unrouteAll({ behavior: "wait" });
  const toggled = (isRead: boolean) =>
    page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        response.url().includes("/organization/contact-entries") &&
        (response.request().postData() ?? "").includes(`isRead=${isRead}`),
    );
  const first = toggled(after === "Lu");
  await toggle.click();
  await expect(status).toHaveText(after);
  await first;
  const second = toggled(before === "Lu");
  await toggle.click();
  await expect(status).toHaveText(before);
  await second;
  await page.reload();
  await expect(row.getByTestId("read-status")).toHaveText(before);
});
