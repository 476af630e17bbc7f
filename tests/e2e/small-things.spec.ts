import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { demoPassword } from "../../scripts/lib/demo-logins";
import { contrastRatio } from "../../app/lib/contrast";
import { signIn, waitForHydration } from "./support/sign-in";

// Issue 25 item 10, "Smaller things": focus after saving a question, the focus ring on the organizer's colour, toasts
// clear of the buttons they report on, whole email addresses in tables, the Colonnes menu inside the viewport, a
// disabled save that says why, the dev mailbox's text view, the language kept after signing out, the PDF ticket's
// colour and number.

const DAY = 86_400_000;
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

let tokenOfWorker: Promise<string> | undefined;

/** One owner session for the file's API calls (sign-in is slow on purpose and limited per IP). */
function ownerToken(request: APIRequestContext): Promise<string> {
  tokenOfWorker ??= request
    .post("/auth/login", { data: { email: "owner@guichet.test", password: demoPassword } })
    .then((response) => json<string>(response));
  return tokenOfWorker;
}

/** An event of this run with one ticket, made through the organizer API; published when asked. */
async function createEvent(
  request: APIRequestContext,
  title: string,
  options: { primary_color?: string; publish?: boolean; price?: number } = {},
) {
  const headers = { Authorization: `Bearer ${await ownerToken(request)}` };
  const start = Date.now() + 30 * DAY;
  const { id } = await json<{ id: number }>(
    await request.post("/api/events", {
      headers,
      data: {
        title,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 3 * 3_600_000).toISOString(),
        timezone: "Europe/Paris",
        ...(options.primary_color ? { primary_color: options.primary_color, theme: "light" } : {}),
      },
    }),
  );
  const { id: ticketId } = await json<{ id: number }>(
    await request.post(`/api/events/${id}/tickets`, {
      headers,
      data: { title: "Plein tarif", price: options.price ?? 1500, ticket_type: "ticket", max_per_order: 4 },
    }),
  );
  if (options.publish) await json(await request.put(`/api/events/${id}/status/published`, { headers }));
  return { id, ticketId, headers };
}

async function screens(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.screenshot({ path: `${SCREENS}/small-things-${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const row = element?.closest("[data-question-id]");
    return { testId: element?.dataset.testid ?? element?.tagName ?? null, row: row?.textContent ?? null };
  });

test("after saving a question, focus returns to that question", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const { id: eventId } = await createEvent(page.request, `Focus des questions ${Date.now().toString(36)}`);
  await page.goto(`/event/${eventId}/order-fields`);
  await waitForHydration(page);
  const list = page.getByTestId("question-list-before");
  const panel = page.getByTestId("question-panel");

  // Added: focus lands on the new question's edit button, not on the page's body.
  await page.getByTestId("question-add-before").click();
  await panel.getByTestId("question-title").fill("Société");
  await page.keyboard.press("Enter");
  await expect(panel).toBeHidden({ timeout: 30_000 });
  await expect(list.getByTestId("question-title-text").filter({ hasText: "Société" })).toBeVisible();
  await expect
    .poll(() => focusedTestId(page))
    .toEqual({ testId: "question-edit", row: expect.stringContaining("Société") });

  // Edited from the keyboard: Enter on the focused edit button, a new title, Enter saves; focus is back on that row.
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  await panel.getByTestId("question-title").fill("Entreprise");
  await page.keyboard.press("Enter");
  await expect(panel).toBeHidden({ timeout: 30_000 });
  await expect(list.getByTestId("question-title-text").filter({ hasText: "Entreprise" })).toBeVisible();
  await expect
    .poll(() => focusedTestId(page))
    .toEqual({ testId: "question-edit", row: expect.stringContaining("Entreprise") });
  await expect(page.locator(":focus-visible")).toHaveCount(1);
  await screens(page, "question-focus");
});

type Rgba = { r: number; g: number; b: number; a: number };

const over = (top: Rgba, bottom: Rgba): Rgba => ({
  r: top.r * top.a + bottom.r * (1 - top.a),
  g: top.g * top.a + bottom.g * (1 - top.a),
  b: top.b * top.a + bottom.b * (1 - top.a),
  a: 1,
});

const hex = ({ r, g, b }: Rgba) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

/**
 * The focused element's ring bands (Tailwind rings are spread-only box-shadows), inner first, each with the colour it
 * shows over what surrounds the button, the button's own colour and that surrounding colour. Tailwind 4 writes its
 * colours in oklch: the browser turns each into sRGB by painting it on a canvas.
 */
async function ringOf(button: Locator) {
  const raw = await button.evaluate((element) => {
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const toRgba = (colour: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return { r: r!, g: g!, b: b!, a: a! / 255 };
    };
    const style = getComputedStyle(element);
    let around = { r: 255, g: 255, b: 255, a: 1 };
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const background = toRgba(getComputedStyle(parent).backgroundColor);
      if (background.a > 0) {
        around = background;
        break;
      }
    }
    // Shadows are separated by commas outside parentheses; each is "<colour> <x> <y> <blur> <spread>".
    const shadows = style.boxShadow === "none" ? [] : style.boxShadow.split(/,(?![^(]*\))/);
    const bands = shadows
      .map((shadow) => {
        const colour = /^\s*([a-z]+\([^)]*\)|#[0-9a-f]+|[a-z]+)/i.exec(shadow)?.[1] ?? "transparent";
        const lengths = [...shadow.slice(colour.length + shadow.indexOf(colour)).matchAll(/(-?[\d.]+)px/g)].map(
          (match) => Number(match[1]),
        );
        return { colour: toRgba(colour), lengths };
      })
      .filter(({ colour, lengths }) => colour.a > 0 && lengths.length === 4 && lengths[0] === 0 && lengths[1] === 0)
      .filter(({ lengths }) => lengths[2] === 0 && lengths[3]! > 0)
      .sort((a, b) => a.lengths[3]! - b.lengths[3]!)
      .map(({ colour }) => colour);
    return { bands, button: toRgba(style.backgroundColor), around, shadow: style.boxShadow };
  });
  return {
    bands: raw.bands.map((band) => hex(over(band, raw.around))),
    button: hex(raw.button),
    around: hex(raw.around),
    shadow: raw.shadow,
  };
}

for (const [name, colour] of [
  ["light yellow", "#fef08a"],
  ["dark navy", "#1e3a5f"],
] as const) {
  test(`the focus ring of a button in the organizer's colour shows on ${name}`, async ({ page }) => {
    test.setTimeout(120_000);
    const { id, ticketId } = await createEvent(page.request, `Anneau ${name} ${Date.now().toString(36)}`, {
      primary_color: colour,
      publish: true,
    });
    const { slug } = await json<{ slug: string }>(await page.request.get(`/api/public/events/${id}`));
    for (const [where, path, selector] of [
      ["event", `/events/${id}/${slug}`, "form button[type=submit]"],
      ["booking", `/events/${id}/${slug}/book?q${ticketId}=1`, '[data-testid="booking-submit"]'],
    ] as const) {
      // The public pages work as plain HTML: no hydration to wait for.
      await page.goto(path);
      const button = page.locator(selector).first();
      // Focus from the keyboard's side: a key press first, so the browser shows focus as it does for keyboard users.
      await page.keyboard.press("Tab");
      await button.focus();
      await expect(button).toBeFocused();
      expect(await button.evaluate((element) => element.matches(":focus-visible"))).toBe(true);
      const ring = await ringOf(button);
      expect(ring.bands.length, `${where}: ${JSON.stringify(ring)}`).toBeGreaterThan(0);
      // The outer band stands out from the page around the button, and a band stands out from the button (WCAG 1.4.11).
      const outer = ring.bands.at(-1)!;
      expect(
        contrastRatio(outer, ring.around),
        `${where}: outer ring on the page ${JSON.stringify(ring)}`,
      ).toBeGreaterThanOrEqual(3);
      const againstButton = Math.max(...ring.bands.map((band) => contrastRatio(band, ring.button)));
      expect(againstButton, `${where}: ring on the button ${JSON.stringify(ring)}`).toBeGreaterThanOrEqual(3);
      await button.scrollIntoViewIfNeeded();
      if (where === "booking") await screens(page, `focus-ring-${name.replace(" ", "-")}`);
    }
  });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const width of [1280, 390]) {
  test(`a toast after a save in a sheet leaves the sheet's buttons clear (${width} px)`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await signIn(page, "owner@guichet.test");
    const { id: eventId, ticketId, headers } = await createEvent(page.request, `Toasts ${Date.now().toString(36)}`);
    await page.goto(`/event/${eventId}/order-fields`);
    await waitForHydration(page);
    await page.getByTestId("question-add-before").click();
    const panel = page.getByTestId("question-panel");
    await panel.getByTestId("question-title").fill("Taille de t-shirt");
    await panel.getByTestId("ticket-target-trigger").click();
    await page.getByTestId("ticket-target-list").getByText("Plein tarif", { exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(panel.getByTestId("ticket-target-trigger")).toContainText("Plein tarif");
    // The ticket goes meanwhile: the save is refused, the panel stays open with its buttons, and a toast says so.
    await json(await page.request.delete(`/api/events/${eventId}/tickets/${ticketId}`, { headers }));
    await panel.getByTestId("question-save").click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Échec de la mise à jour du formulaire" });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    await expect(panel).toBeVisible();
    // Sonner animates the toast in: wait until it stands still before measuring.
    await expect
      .poll(async () => {
        const first = await toast.boundingBox();
        await page.waitForTimeout(200);
        return JSON.stringify(first) === JSON.stringify(await toast.boundingBox());
      })
      .toBe(true);
    const toastBox = (await toast.boundingBox())!;
    for (const button of [panel.getByTestId("question-save"), panel.getByRole("button", { name: "Annuler" })]) {
      const box = (await button.boundingBox())!;
      expect(overlaps(toastBox, box), `toast ${JSON.stringify(toastBox)} over button ${JSON.stringify(box)}`).toBe(
        false,
      );
    }
    await page.screenshot({ path: `${SCREENS}/small-things-toast-over-sheet-${width}.png` });
  });
}

test("email addresses in tables show whole on hover and wrap on a phone", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const { id: eventId, ticketId } = await createEvent(page.request, `Adresses ${Date.now().toString(36)}`, {
    price: 0,
    publish: true,
  });
  const email = `marie-charlotte.de-la-fontaine-beaumarchais.${Date.now().toString(36)}@association-des-amis.exemple.test`;
  const buyer = { first_name: "Marie-Charlotte", last_name: "de la Fontaine", email };
  await json(
    await page.request.post(`/api/public/events/${eventId}/orders`, {
      data: { items: [{ ticket_id: ticketId, quantity: 1 }], buyer, participants: [{ ticket_id: ticketId, ...buyer }] },
    }),
  );
  for (const [name, path] of [
    ["participants", `/event/${eventId}/participants`],
    ["orders", `/event/${eventId}/orders`],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await waitForHydration(page);
    const cell = page.locator("td").filter({ hasText: email }).locator("[title]");
    // From sm up the address may be cut, and hovering it shows it whole.
    await expect(cell).toHaveAttribute("title", email);
    await page.screenshot({ path: `${SCREENS}/small-things-emails-${name}-1280.png` });
    // On a phone it wraps instead: nothing hidden, and more than one line.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await cell.evaluate((element) => ({
      cut: element.scrollWidth > element.clientWidth + 1,
      lines: element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
    }));
    expect(box.cut, `${name}: ${JSON.stringify(box)}`).toBe(false);
    expect(box.lines, `${name}: ${JSON.stringify(box)}`).toBeGreaterThan(1.5);
    await cell.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/small-things-emails-${name}-390.png` });
  }
  // The organization's members: the address under the name on a phone, in its own column from md up.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/settings");
  await waitForHydration(page);
  const member = page.locator('[data-testid="member-row"][data-email="owner@guichet.test"]');
  await expect(member.locator('[title="owner@guichet.test"]:visible')).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(member.locator('[title="owner@guichet.test"]:visible')).toHaveCount(1);
  expect(
    await member
      .locator('[title="owner@guichet.test"]:visible')
      .evaluate((element) => getComputedStyle(element).wordBreak),
  ).toBe("break-all");
});

test("the Colonnes menu with a column per question stays inside the window and scrolls", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const {
    id: eventId,
    ticketId,
    headers,
  } = await createEvent(page.request, `Colonnes ${Date.now().toString(36)}`, {
    price: 0,
    publish: true,
  });
  // Question ids are 16 characters.
  const questions = Array.from({ length: 24 }, (_, index) => ({
    id: `colonnesq${String(index).padStart(7, "0")}`,
    title: `Question numéro ${index + 1} sur les besoins des participants`,
    type: "short-text",
    mandatory: false,
    options: [],
    ticket_target: [],
  }));
  await json(
    await page.request.put(`/api/events/${eventId}/participation-form/before`, {
      headers,
      data: {
        title: "",
        questions: JSON.stringify([
          {
            id: "default",
            title: "Nom, prénom, email",
            type: "short-text",
            mandatory: true,
            options: [],
            ticket_target: [],
          },
          ...questions,
        ]),
      },
    }),
  );
  // A participant, so that the table (and its Colonnes menu) shows.
  const buyer = { first_name: "Jules", last_name: "Perrin", email: `colonnes.${Date.now().toString(36)}@exemple.test` };
  await json(
    await page.request.post(`/api/public/events/${eventId}/orders`, {
      data: { items: [{ ticket_id: ticketId, quantity: 1 }], buyer, participants: [{ ticket_id: ticketId, ...buyer }] },
    }),
  );
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/event/${eventId}/participants`);
    await waitForHydration(page);
    await page.getByTestId("data-table-columns").click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByText("Question numéro 24", { exact: false })).toHaveCount(1);
    // Wait for the opening animation to end before measuring.
    await expect.poll(() => menu.evaluate((element) => element.getAnimations().length)).toBe(0);
    const box = (await menu.boundingBox())!;
    const within = {
      top: box.y,
      left: box.x,
      bottom: height - (box.y + box.height),
      right: width - (box.x + box.width),
    };
    for (const [side, gap] of Object.entries(within))
      expect(gap, `${width}px: ${side} ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(4);
    // The items that do not fit are reached by scrolling inside the menu.
    const last = menu.getByText("Question numéro 24", { exact: false });
    await last.scrollIntoViewIfNeeded();
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(box.y + box.height);
    expect(lastBox.y).toBeGreaterThanOrEqual(box.y);
    await page.screenshot({ path: `${SCREENS}/small-things-columns-menu-${width}.png` });
    await page.keyboard.press("Escape");
  }
});

/** The disabled button's description, read the way assistive technology reads it (through aria-describedby). */
const description = (button: Locator) =>
  button.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim(),
  );

test("a disabled save button says why", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "owner@guichet.test");
  const { id: eventId } = await createEvent(page.request, `Enregistrer ${Date.now().toString(36)}`);

  // The question panel: a title is missing, then nothing changed.
  await page.goto(`/event/${eventId}/order-fields`);
  await waitForHydration(page);
  await page.getByTestId("question-add-before").click();
  const panel = page.getByTestId("question-panel");
  const save = panel.getByTestId("question-save");
  await expect(save).toBeDisabled();
  await expect(panel.getByText("Saisissez un intitulé pour enregistrer")).toBeVisible();
  expect(await description(save)).toBe("Saisissez un intitulé pour enregistrer");
  await page.screenshot({ path: `${SCREENS}/small-things-save-reason-panel-1280.png` });
  await panel.getByTestId("question-title").fill("Société");
  await expect(save).toBeEnabled();
  await expect(panel.getByTestId("save-disabled-reason")).toHaveCount(0);
  await save.click();
  await expect(panel).toBeHidden({ timeout: 30_000 });
  await page.getByRole("button", { name: /Modifier.*Société/ }).click();
  await expect(panel.getByTestId("question-save")).toBeDisabled();
  expect(await description(panel.getByTestId("question-save"))).toBe("Aucune modification à enregistrer");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/small-things-save-reason-panel-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The personalized messages page and the event editor: nothing changed yet.
  await page.goto(`/event/${eventId}/order-messages`);
  await waitForHydration(page);
  const messagesSave = page.getByTestId("order-messages-save");
  await expect(messagesSave).toBeDisabled();
  expect(await description(messagesSave)).toBe("Aucune modification à enregistrer");
  await screens(page, "save-reason-messages");

  await page.goto(`/event/update/${eventId}`);
  await waitForHydration(page);
  const editorSave = page.getByTestId("editor-save");
  await expect(editorSave).toBeDisabled();
  expect(await description(editorSave)).toBe("Aucune modification à enregistrer");
  await expect(page.getByText("Aucune modification à enregistrer")).toBeVisible();
  await screens(page, "save-reason-editor");
});

test("the dev mailbox's plain-text view wraps on a phone", async ({ page }) => {
  test.setTimeout(120_000);
  const { id: eventId, ticketId } = await createEvent(page.request, `Boîte ${Date.now().toString(36)}`, {
    price: 0,
    publish: true,
  });
  const email = `boite.${Date.now().toString(36)}@exemple.test`;
  const buyer = { first_name: "Lucie", last_name: "Martin", email };
  await json(
    await page.request.post(`/api/public/events/${eventId}/orders`, {
      data: { items: [{ ticket_id: ticketId, quantity: 1 }], buyer, participants: [{ ticket_id: ticketId, ...buyer }] },
    }),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(async () => {
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
      return page.locator("details").count();
    })
    .toBeGreaterThan(0);
  await page.locator("details summary").first().click();
  const text = page.locator("details pre").first();
  await expect(text).toBeVisible();
  // The confirmation's text carries the order link with its token: one long word that must wrap, not widen the page.
  const fit = await text.evaluate((element) => ({
    pre: element.scrollWidth <= element.clientWidth + 1,
    page: document.documentElement.scrollWidth <= window.innerWidth,
  }));
  expect(fit).toEqual({ pre: true, page: true });
  await text.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/small-things-mailbox-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENS}/small-things-mailbox-1280.png` });
});

test("the language chosen survives signing out", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "manager@guichet.test", demoPassword, { fresh: true });
  // English from the account menu.
  await page.getByTestId("account-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Langue" }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "lng")).toBe(true);
  // Signing out: the sign-in page, and every page after it, stays in English.
  await page.getByTestId("account-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === "lng")).toBe(true);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await screens(page, "language-after-logout");
});
