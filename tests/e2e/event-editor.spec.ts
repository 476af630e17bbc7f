import { expect, test, type Page } from "@playwright/test";
import { makePng } from "./support/png";
import { signIn } from "./support/sign-in";

// admin-org is an admin of Les Nuits Sonores: may create and edit events (other specs sign in as other demo users).
const EDITOR_USER = "admin-org@guichet.test";

/** Presses a footer button from the keyboard: toasts (bottom-right) may lie over it, and hovering them pauses them. */
async function press(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).focus();
  await page.keyboard.press("Enter");
}

async function createDraft(page: Page, title: string): Promise<number> {
  await page.goto("/event/new");
  await expect(page.getByRole("heading", { level: 1, name: "Créer un événement" })).toBeVisible();
  await page.getByLabel("Titre de l'événement").fill(title);
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page).toHaveURL(/\/event\/update\/\d+\?step=banner&from=create$/);
  await expect(page.getByText("Brouillon créé")).toBeVisible();
  return Number(/\/event\/update\/(\d+)/.exec(page.url())![1]);
}

test("create an event through every step, with a banner cropped, resized and served", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, EDITOR_USER);
  await page.getByRole("link", { name: "Créer un événement" }).first().click();
  await expect(page).toHaveURL(/\/event\/new$/);
  // Before the first save only the Title step is open.
  const rail = page.getByTestId("editor-step-rail");
  await expect(rail.getByRole("link")).toHaveCount(1);
  await expect(rail.getByText("Après l'enregistrement du titre")).toHaveCount(5);
  await page.screenshot({ path: "test-results/screens/editor-new-fr.png", fullPage: true });

  const eventId = await createDraft(page, "Nuit des étoiles");
  await expect(page.getByTestId("editor-event-title")).toHaveText("Nuit des étoiles");

  // Banner: a file that is not an image is refused with a clear message, before any upload.
  const fileInput = page.getByTestId("banner-file-input");
  await fileInput.setInputFiles({ name: "programme.png", mimeType: "image/png", buffer: Buffer.from("pas une image") });
  await expect(page.getByTestId("banner-error")).toHaveText("Format non pris en charge : choisissez une image JPEG, PNG ou WebP.");
  await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByTestId("banner-error")).toHaveText("Format non pris en charge : choisissez une image JPEG, PNG ou WebP.");

  // A real PNG: cropped 16:9 in the browser, resized to WebP and uploaded.
  await fileInput.setInputFiles({ name: "affiche.png", mimeType: "image/png", buffer: makePng(2000, 1400) });
  const cropper = page.getByTestId("banner-cropper");
  await expect(cropper.getByRole("heading", { name: "Recadrer la bannière" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/editor-banner-crop-fr.png" });
  await cropper.getByRole("button", { name: "Valider et envoyer" }).click();
  await expect(page.getByText("Bannière enregistrée")).toBeVisible({ timeout: 20_000 });
  await expect(cropper).toBeHidden();
  const banner = page.getByTestId("banner-preview").getByRole("img");
  await expect(banner).toHaveAttribute("src", new RegExp(`^/images/events/${eventId}/banner-[0-9a-f]{8}-1280\\.webp$`));
  const src = (await banner.getAttribute("src"))!;
  await expect(banner).toHaveAttribute("srcset", /-1920\.webp 1920w, .*-1280\.webp 1280w, .*-640\.webp 640w$/);
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Served by the Worker: every size is a WebP of its exact dimensions, cached for a year, 304 when unchanged.
  for (const [width, height] of [
    [1920, 1080],
    [1280, 720],
    [640, 360],
  ] as const) {
    const response = await page.request.get(src.replace("-1280.webp", `-${width}.webp`));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const body = await response.body();
    expect(body.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(body.subarray(8, 12).toString("ascii")).toBe("WEBP");
    const size = await page.evaluate(async (url) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      return [bitmap.width, bitmap.height];
    }, src.replace("-1280.webp", `-${width}.webp`));
    expect(size).toEqual([width, height]);
    const again = await page.request.get(src.replace("-1280.webp", `-${width}.webp`), {
      headers: { "If-None-Match": response.headers()["etag"]! },
    });
    expect(again.status()).toBe(304);
  }
  await page.screenshot({ path: "test-results/screens/editor-banner-fr.png", fullPage: true });

  // Date: the end must come after the start (shown at once, and refused by the server).
  await press(page, "Suivant");
  await expect(page).toHaveURL(/step=date/);
  await expect(page.getByLabel("Fuseau horaire")).toHaveValue("Europe/Paris");
  await page.getByLabel("Début").fill("2026-09-12T20:00");
  await page.getByLabel("Fin").fill("2026-09-12T19:00");
  await expect(page.getByText("La fin doit être après le début.")).toBeVisible();
  await press(page, "Suivant");
  await expect(page.getByText("Échec à la mise à jour des données de l'événement")).toBeVisible();
  await expect(page.getByText("La date de fin doit être après la date de début.")).toBeVisible();
  await expect(page).toHaveURL(/step=date/);
  await page.getByLabel("Fin").fill("2026-09-13T01:30");
  await expect(page.getByTestId("date-summary")).toContainText("Durée : 5 heures 30 minutes");
  await press(page, "Suivant");
  await expect(page.getByText("Événement mis à jour")).toBeVisible();
  await expect(page).toHaveURL(/step=location/);

  // Location, with the map link for the coordinates.
  await page.getByLabel("Nom du lieu").fill("Observatoire de Lyon");
  await page.getByLabel("Adresse").fill("Avenue Charles André, 69230 Saint-Genis-Laval");
  await page.getByLabel("Latitude").fill("45.6967");
  await page.getByLabel("Longitude").fill("4.7886");
  await expect(page.getByRole("link", { name: "voir sur la carte" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/?mlat=45.6967&mlon=4.7886#map=16/45.6967/4.7886",
  );
  await page.getByLabel("Latitude").fill("145");
  await press(page, "Suivant");
  await expect(page.getByText("La latitude doit être un nombre entre -90 et 90.")).toBeVisible();
  await page.getByLabel("Latitude").fill("45.6967");
  await press(page, "Suivant");
  await expect(page).toHaveURL(/step=description/);

  // Description: rich text with the toolbar.
  const editor = page.getByTestId("description-editor");
  await editor.click();
  await page.getByRole("button", { name: "Titre", exact: true }).click();
  await page.keyboard.type("Au programme");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Gras" }).click();
  await page.keyboard.type("Observation");
  await page.getByRole("button", { name: "Gras" }).click();
  await page.keyboard.type(" des étoiles filantes.");
  await expect(editor.locator("h2")).toHaveText("Au programme");
  await expect(editor.locator("strong")).toHaveText("Observation");
  await page.screenshot({ path: "test-results/screens/editor-description-fr.png", fullPage: true });
  await press(page, "Suivant");
  await expect(page).toHaveURL(/step=theme/);

  // Theme: the preview follows the luminance rule (below 140: white text).
  const preview = page.getByTestId("theme-preview");
  await page.getByLabel("Code hexadécimal").fill("#ffd60a");
  await expect(preview).toHaveAttribute("data-text-color", "#111827");
  await page.getByLabel("Code hexadécimal").fill("#1e3a8a");
  await expect(preview).toHaveAttribute("data-text-color", "#ffffff");
  await page.getByLabel("Sombre").check();
  await page.screenshot({ path: "test-results/screens/editor-theme-fr.png", fullPage: true });
  await press(page, "Terminer");
  // A new event lands on its page with ?from-create, which opens the next-steps dialog of the event area.
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}(\\?from-create)?$`));
  await expect(page.getByTestId("from-create-dialog")).toBeVisible();

  // Everything was stored, dates in the event's time zone.
  await page.goto(`/event/update/${eventId}?step=date`);
  await expect(page.getByLabel("Début")).toHaveValue("2026-09-12T20:00");
  await expect(page.getByLabel("Fin")).toHaveValue("2026-09-13T01:30");
  await page.goto(`/event/update/${eventId}?step=location`);
  await expect(page.getByLabel("Latitude")).toHaveValue("45.6967");
  await expect(page.getByLabel("Nom du lieu")).toHaveValue("Observatoire de Lyon");
  await page.goto(`/event/update/${eventId}?step=description`);
  await expect(page.getByTestId("description-editor").locator("strong")).toHaveText("Observation");
  await page.goto(`/event/update/${eventId}?step=theme`);
  await expect(page.getByLabel("Code hexadécimal")).toHaveValue("#1e3a8a");
  await expect(page.getByLabel("Sombre")).toBeChecked();

  // The banner can be removed: the event goes back to the placeholder.
  await page.goto(`/event/update/${eventId}?step=banner`);
  await page.getByRole("button", { name: "Retirer la bannière" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Retirer" }).click();
  await expect(page.getByText("Bannière retirée")).toBeVisible();
  await expect(page.getByTestId("banner-preview").getByRole("img")).toHaveCount(0);
  const gone = await page.request.get(src);
  expect(gone.headers()["x-image-placeholder"]).toBe("1");
});

test("leaving with unsaved changes asks to resume, exit without saving, or save and exit", async ({ page }) => {
  await signIn(page, EDITOR_USER);
  const eventId = await createDraft(page, "Conférence d'astronomie");
  await page.goto(`/event/update/${eventId}?step=title`);
  const title = page.getByLabel("Titre de l'événement");
  const bar = page.getByTestId("unsaved-changes-bar");
  const dialog = page.getByTestId("unsaved-changes-dialog");
  const leave = () => page.getByRole("navigation", { name: "Navigation principale" }).first().getByRole("link", { name: "Événements" }).click();

  await expect(bar).toBeHidden();
  await title.fill("Conférence d'astronomie — complet");
  await expect(bar).toContainText("Modifications non enregistrées");

  // Moving between steps is not leaving: what was typed stays.
  await page.getByTestId("editor-step-rail").getByRole("link", { name: /Date/ }).click();
  await expect(page).toHaveURL(/step=date/);
  await expect(dialog).toBeHidden();
  await page.getByTestId("editor-step-rail").getByRole("link", { name: /Titre/ }).click();
  await expect(title).toHaveValue("Conférence d'astronomie — complet");

  // Resume: stay, with the change.
  await leave();
  await expect(dialog.getByRole("heading", { name: "Quitter sans enregistrer ?" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/editor-unsaved-dialog-fr.png" });
  await dialog.getByRole("button", { name: "Reprendre" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/event/update/${eventId}`));
  await expect(title).toHaveValue("Conférence d'astronomie — complet");

  // The bar's cancel puts the form back.
  await bar.getByRole("button", { name: "Annuler" }).click();
  await expect(title).toHaveValue("Conférence d'astronomie");
  await expect(bar).toBeHidden();

  // Exit without saving: the change is lost.
  await title.fill("Titre abandonné");
  await leave();
  await dialog.getByRole("button", { name: "Quitter sans enregistrer" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/event/update/${eventId}?step=title`);
  await expect(title).toHaveValue("Conférence d'astronomie");

  // Closing or reloading the tab with unsaved changes: the guard cancels beforeunload, so the browser asks.
  await title.fill("Conférence d'astronomie — reportée");
  const prevented = await page.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(prevented).toBe(true);

  // Save and exit: saved, then gone.
  await leave();
  await dialog.getByRole("button", { name: "Enregistrer et quitter" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Événement mis à jour")).toBeVisible();
  await expect(page.getByText("Conférence d'astronomie — reportée")).toBeVisible();

  // Editing an existing event: "Terminer" goes back to its page, without the after-creation prompt.
  await page.goto(`/event/update/${eventId}?step=theme`);
  await press(page, "Terminer");
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}$`));
  await expect(page.getByTestId("from-create-dialog")).toHaveCount(0);
});

test("the editor on a phone: compact progress, no side rail, the save bar above the bottom bar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, EDITOR_USER);
  const eventId = await createDraft(page, "Atelier cadran solaire");
  await page.goto(`/event/update/${eventId}?step=location`);
  await expect(page.getByTestId("editor-step-rail")).toBeHidden();
  await expect(page.getByTestId("editor-step-progress")).toContainText("Étape 4 sur 6");
  await page.getByLabel("Nom du lieu").fill("Jardin des sciences");
  const bar = page.getByTestId("unsaved-changes-bar");
  await expect(bar).toBeVisible();
  const barBox = (await bar.boundingBox())!;
  const bottomBarBox = (await page.getByTestId("mobile-bottom-bar").boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(bottomBarBox.y + 1);
  await page.screenshot({ path: "test-results/screens/editor-mobile-fr.png", fullPage: true });

  // Leaving while the save is still running is refused with 'Sauvegarde en cours'; the save then completes.
  await page.route(/\/event\/update\/\d+\.data/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await bar.getByRole("button", { name: "Enregistrer" }).click();
  await page.getByTestId("mobile-bottom-bar").getByRole("link", { name: "Événements" }).click();
  await expect(page.getByText("Sauvegarde en cours")).toBeVisible();
  await expect(page.getByTestId("unsaved-changes-dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/event/update/${eventId}\\?step=location`));
  await expect(page.getByText("Événement mis à jour")).toBeVisible();
  await expect(bar).toBeHidden();
  await page.unrouteAll();
});
