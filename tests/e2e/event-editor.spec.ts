import { expect, test, type Page } from "@playwright/test";
import { makePng } from "./support/png";
import { signIn, waitForHydration } from "./support/sign-in";

// admin-org is an admin of Les Nuits Sonores: may create and edit events (other specs sign in as other demo users).
const EDITOR_USER = "admin-org@guichet.test";

const SAVE_FAILED = "Échec à la mise à jour des données de l'événement";

/**
 * The toasts on the page once every toast asked for until now has reached it: sonner adds a toast from a zero-delay
 * timer queued when it is asked for, so one queued after it (then a frame) runs once it is there. Read once, not
 * retried: a retrying `toHaveCount(0)` would also pass once a toast has gone (4 s later).
 */
async function toastsNow(page: Page): Promise<string[]> {
  await page.evaluate(
    () => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0)),
  );
  return page.locator("[data-sonner-toast]").allTextContents();
}

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
  await expect(page).toHaveURL(/\/event\/update\/\d+\?step=banner&from=create$/, { timeout: 30_000 });
  await expect(page.getByText("Brouillon créé")).toBeVisible();
  return Number(/\/event\/update\/(\d+)/.exec(page.url())![1]);
}

test("create an event through every step, with a banner cropped, resized and served", async ({ page }) => {
  test.setTimeout(180_000);
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
  await expect(page.getByTestId("banner-error")).toHaveText(
    "Format non pris en charge : choisissez une image JPEG, PNG ou WebP.",
  );
  await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByTestId("banner-error")).toHaveText(
    "Format non pris en charge : choisissez une image JPEG, PNG ou WebP.",
  );

  // A small image is accepted, with a warning that the banner may look blurry.
  await fileInput.setInputFiles({ name: "vignette.png", mimeType: "image/png", buffer: makePng(200, 100) });
  await expect(page.getByTestId("banner-cropper").getByTestId("banner-low-resolution")).toHaveText(
    "Image de faible résolution (200 × 100 pixels) : la bannière risque d'être floue. Nous recommandons au moins 1280 × 720 pixels.",
  );
  await page.screenshot({ path: "test-results/screens/editor-banner-low-resolution-fr.png" });
  await page.getByTestId("banner-cropper").getByRole("button", { name: "Annuler" }).click();
  await expect(page.getByTestId("banner-cropper")).toBeHidden();

  // A real PNG: cropped 16:9 in the browser, resized to WebP and uploaded.
  await fileInput.setInputFiles({ name: "affiche.png", mimeType: "image/png", buffer: makePng(2000, 1400) });
  const cropper = page.getByTestId("banner-cropper");
  await expect(cropper.getByRole("heading", { name: "Recadrer la bannière" })).toBeVisible();
  await expect(cropper.getByTestId("banner-low-resolution")).toHaveCount(0);
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
    const size = await page.evaluate(
      async (url) => {
        const bitmap = await createImageBitmap(await (await fetch(url)).blob());
        return [bitmap.width, bitmap.height];
      },
      src.replace("-1280.webp", `-${width}.webp`),
    );
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
  await expect(page.getByText("La date de fin doit être après la date de début.")).toBeVisible();
  await expect(page).toHaveURL(/step=date/);
  // Spec §8: a refused field is said on the field only, without the failure toast.
  expect(await toastsNow(page)).not.toContainEqual(expect.stringContaining(SAVE_FAILED));
  await page.getByLabel("Fin").fill("2026-09-13T01:30");
  await expect(page.getByTestId("date-summary")).toContainText("Durée : 5 heures 30 minutes");
  await press(page, "Suivant");
  await expect(page.getByText("Événement mis à jour")).toBeVisible();
  await expect(page).toHaveURL(/step=location/);

  // Location, with the map link for the coordinates.
  await page.getByLabel("Nom du lieu").fill("Observatoire de Lyon");
  await page.getByLabel("Adresse", { exact: true }).fill("Avenue Charles André, 69230 Saint-Genis-Laval");
  await page.getByLabel("Latitude").fill("45.6967");
  await page.getByLabel("Longitude").fill("4.7886");
  await expect(page.getByRole("link", { name: "voir sur la carte" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/?mlat=45.6967&mlon=4.7886#map=16/45.6967/4.7886",
  );
  await page.getByLabel("Latitude").fill("145");
  await press(page, "Suivant");
  await expect(page.getByText("La latitude doit être un nombre entre -90 et 90.")).toBeVisible();
  // The refused field takes the focus; a French decimal comma is accepted.
  await expect(page.getByLabel("Latitude")).toBeFocused();
  await page.getByLabel("Latitude").fill("45,6967");
  await page.getByLabel("Longitude").fill("4,7886");
  await press(page, "Suivant");
  await expect(page).toHaveURL(/step=description/);

  // Description: rich text with the toolbar (tiptap arrives with the step, in place of its skeleton).
  const editor = page.getByTestId("description-editor");
  await expect(editor).toBeVisible({ timeout: 60_000 });
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
  const contrast = page.getByTestId("theme-contrast");
  await page.getByLabel("Code hexadécimal").fill("#ffd60a");
  await expect(preview).toHaveAttribute("data-text-color", "#111827");
  await expect(contrast).toHaveText(
    /^Aa\s*Texte foncé · Choisi automatiquement pour rester lisible sur cette couleur\.$/,
  );
  await page.getByLabel("Code hexadécimal").fill("#1e3a8a");
  await expect(preview).toHaveAttribute("data-text-color", "#ffffff");
  await expect(contrast).toHaveText(
    /^Aa\s*Texte clair · Choisi automatiquement pour rester lisible sur cette couleur\.$/,
  );
  await expect(page.getByText(/luminance/i)).toHaveCount(0);
  // An invalid colour is not dropped on 'Terminer': refused on its field, focused, nothing leaves the step.
  await page.getByLabel("Code hexadécimal").fill("#1e3a8");
  await press(page, "Terminer");
  await expect(page.getByText("La couleur doit être au format #rrggbb.")).toBeVisible();
  await expect(page.getByLabel("Code hexadécimal")).toBeFocused();
  await expect(page).toHaveURL(/step=theme/);
  await page.getByLabel("Code hexadécimal").fill("#1e3a8a");
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
  await expect(page.getByLabel("Longitude")).toHaveValue("4.7886");
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
  const leave = () =>
    page
      .getByRole("navigation", { name: "Navigation principale" })
      .first()
      .getByRole("link", { name: "Événements" })
      .click();

  await expect(bar).toBeHidden();
  await title.fill("Conférence d'astronomie — complet");
  await expect(bar).toContainText("Modifications non enregistrées");

  // Another step from the side list is not leaving the editor, and it saves first, as 'Suivant' does: nothing is lost.
  await page.getByTestId("editor-step-rail").getByRole("link", { name: /Date/ }).click();
  await expect(page).toHaveURL(/step=date/, { timeout: 30_000 });
  await expect(page.getByText("Événement mis à jour")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bar).toBeHidden();
  await page.reload();
  await page.getByTestId("editor-step-rail").getByRole("link", { name: /Titre/ }).click();
  await expect(title).toHaveValue("Conférence d'astronomie — complet");
  await title.fill("Conférence d'astronomie — complet ce soir");
  await expect(bar).toContainText("Modifications non enregistrées");

  // Resume: stay, with the change.
  await leave();
  await expect(dialog.getByRole("heading", { name: "Quitter sans enregistrer ?" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/editor-unsaved-dialog-fr.png" });
  await dialog.getByRole("button", { name: "Reprendre" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/event/update/${eventId}`));
  await expect(title).toHaveValue("Conférence d'astronomie — complet ce soir");

  // The bar's cancel puts the form back.
  await bar.getByRole("button", { name: "Annuler" }).click();
  await expect(title).toHaveValue("Conférence d'astronomie — complet");
  await expect(bar).toBeHidden();

  // Exit without saving: the change is lost.
  await title.fill("Titre abandonné");
  await leave();
  await dialog.getByRole("button", { name: "Quitter sans enregistrer" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/event/update/${eventId}?step=title`);
  await expect(title).toHaveValue("Conférence d'astronomie — complet");

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

test("every way out of a step saves first; a refused save stays, says why and focuses the field", async ({ page }) => {
  await signIn(page, EDITOR_USER);
  // Creating without a title: refused with a message on the field, which takes the focus; nothing created.
  await page.goto("/event/new");
  // Hydrated first: before, the button is inert.
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page.getByText("Donnez un titre à votre événement.")).toBeVisible();
  await expect(page.getByLabel("Titre de l'événement")).toBeFocused();
  await expect(page).toHaveURL(/\/event\/new$/);
  // Spec §8: the validation case is silent (the field says it); only a save that failed otherwise is toasted.
  expect(await toastsNow(page)).toEqual([]);

  const eventId = await createDraft(page, "Soirée des Perséides");
  const rail = page.getByTestId("editor-step-rail");
  await page.goto(`/event/update/${eventId}?step=title`);
  await page.waitForLoadState("networkidle");
  const title = page.getByLabel("Titre de l'événement");

  // An emptied title is refused whichever way the step is left (side list, 'Suivant'), and nothing is saved.
  await title.fill("");
  await rail.getByRole("link", { name: /Lieu/ }).click();
  await expect(page.getByText("Donnez un titre à votre événement.")).toBeVisible();
  await expect(title).toBeFocused();
  expect(await toastsNow(page)).not.toContainEqual(expect.stringContaining(SAVE_FAILED));
  await expect(page).toHaveURL(/step=title/);
  await page.screenshot({ path: "test-results/screens/editor-title-required-fr.png", fullPage: true });
  await press(page, "Suivant");
  await expect(page).toHaveURL(/step=title/);
  await expect(title).toBeFocused();
  await page.reload();
  await expect(title).toHaveValue("Soirée des Perséides");

  // 'Précédent' saves like 'Suivant'.
  await page.goto(`/event/update/${eventId}?step=date`);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Début").fill("2026-08-12T22:00");
  await page.getByLabel("Fin").fill("2026-08-13T03:00");
  await page.getByRole("link", { name: "Précédent" }).click();
  await expect(page).toHaveURL(/step=banner/, { timeout: 30_000 });
  await expect(page.getByText("Événement mis à jour")).toBeVisible();

  // Clearing the start while the end is set is refused, on the start.
  await rail.getByRole("link", { name: /Date/ }).click();
  await expect(page.getByLabel("Début")).toHaveValue("2026-08-12T22:00");
  await page.getByLabel("Début").fill("");
  await press(page, "Suivant");
  await expect(
    page.getByText("Indiquez une date de début : un événement ne peut pas avoir de fin sans début."),
  ).toBeVisible();
  await expect(page.getByLabel("Début")).toBeFocused();
  await expect(page).toHaveURL(/step=date/);
  await page.screenshot({ path: "test-results/screens/editor-start-required-fr.png", fullPage: true });
  await page.reload();
  await expect(page.getByLabel("Début")).toHaveValue("2026-08-12T22:00");
});

test.describe("a browser in another time zone and language than the event's", () => {
  test.use({ timezoneId: "America/Los_Angeles", locale: "de-DE" });

  test("the date step loaded directly hydrates without error and keeps a date typed before hydration", async ({
    page,
  }) => {
    await signIn(page, EDITOR_USER);
    const created = await page.request.post("/api/events", {
      data: {
        title: "Éclipse partielle",
        start_at: "2026-09-12T18:00:00Z",
        end_at: "2026-09-12T23:30:00Z",
        timezone: "Europe/Paris",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));

    // Hold the client code back, type into the server-rendered page, then let it hydrate.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/event/update/${id}?step=date`, { waitUntil: "commit" });
    await expect(page.getByLabel("Début")).toHaveValue("2026-09-12T20:00");
    await expect(page.getByLabel("Fin")).toHaveValue("2026-09-13T01:30");
    await expect(page.getByTestId("date-summary")).toHaveText(
      "Du sam. 12 sept. 2026, 20:00 au dim. 13 sept. 2026, 01:30 · Durée : 5 heures 30 minutes",
    );
    await page.getByLabel("Fin").fill("2026-09-13T02:00");
    release();
    // Hydrated: the summary follows what was typed, in the event's zone and the interface's language.
    await expect(page.getByTestId("date-summary")).toHaveText(
      "Du sam. 12 sept. 2026, 20:00 au dim. 13 sept. 2026, 02:00 · Durée : 6 heures",
    );
    await expect(page.getByLabel("Fin")).toHaveValue("2026-09-13T02:00");
    await expect(page.getByLabel("Début")).toHaveValue("2026-09-12T20:00");
    await expect(page.getByTestId("unsaved-changes-bar")).toBeVisible();
    expect(problems.filter((text) => /418|hydrat|did not match/i.test(text))).toEqual([]);
    await page.unrouteAll();
  });
});

/**
 * Whether the toast saying `text` lies over one of the editor's actions (footer buttons, save bar buttons), read in one
 * go in the page so the toast's 4 s life is not spent on round trips.
 */
function toastCoverage(page: Page, text: string) {
  return page.evaluate((wanted) => {
    const toast = [...document.querySelectorAll("[data-sonner-toast]")].find((element) =>
      element.textContent?.includes(wanted),
    );
    if (!toast) return "no toast";
    const box = toast.getBoundingClientRect();
    const actions = document.querySelectorAll(
      '[data-testid="editor-footer"] a, [data-testid="editor-footer"] button, [data-testid="unsaved-changes-bar"] button',
    );
    for (const action of actions) {
      const other = action.getBoundingClientRect();
      if (other.width === 0) continue;
      if (box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom) {
        return `covers ${action.textContent}`;
      }
    }
    return "clear";
  }, text);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`toasts never cover the editor's actions at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, EDITOR_USER);
    const eventId = await createDraft(page, "Veillée aux étoiles");
    await page.goto(`/event/update/${eventId}?step=description`);
    // The description step: its editor arrives after the page, in the skeleton's place.
    await expect(page.getByTestId("description-editor")).toBeVisible({ timeout: 60_000 });
    await page.goto(`/event/update/${eventId}?step=location`);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Nom du lieu").fill("Plateau de Saint-Christo");
    // Scrolled so the footer sits at the bottom of the window, where toasts appear.
    await page.getByTestId("editor-footer").evaluate((footer) => footer.scrollIntoView({ block: "end" }));
    const saveButton = page.getByTestId("unsaved-changes-save");
    await saveButton.click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Événement mis à jour" });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => toastCoverage(page, "Événement mis à jour"), { timeout: 3_000 }).toBe("clear");
    await page.screenshot({ path: `test-results/screens/editor-toast-${viewport.width}.png` });

    // A save that fails (the event was deleted meanwhile, elsewhere) keeps the save bar up: its buttons stay clear of
    // the error toast too.
    const deleted = await page.request.delete(`/api/events/${eventId}`, { data: { confirmation: "DELETE" } });
    expect(deleted.status(), await deleted.text()).toBe(200);
    await page.getByLabel("Nom du lieu").fill("Plateau de Saint-Christo, belvédère");
    await saveButton.click();
    const failed = page.locator("[data-sonner-toast]").filter({ hasText: SAVE_FAILED });
    await expect(failed).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("unsaved-changes-bar")).toBeVisible();
    await expect.poll(() => toastCoverage(page, "Échec à la mise à jour"), { timeout: 3_000 }).toBe("clear");
    await page.screenshot({ path: `test-results/screens/editor-toast-bar-${viewport.width}.png` });
  });
}

test("a date typed before the page's scripts have run is kept once they have (issue 25 §5)", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, EDITOR_USER);
  const id = await createDraft(page, `Horaires avant hydratation ${Date.now().toString(36)}`);

  // Hold the page's scripts back: the form is server-rendered HTML until they are let through.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/event/update/${id}?step=date`, { waitUntil: "domcontentloaded" });
  await page.getByLabel("Fuseau horaire").selectOption("Africa/Casablanca");
  await page.getByLabel("Début").fill("2027-01-15T20:00");
  release();
  await waitForHydration(page);
  await page.unroute(/\/assets\/.*\.js$/);

  await expect(page.getByLabel("Début")).toHaveValue("2027-01-15T20:00");
  await expect(page.getByLabel("Fuseau horaire")).toHaveValue("Africa/Casablanca");
});
