import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium, type Page } from "playwright-core";
import { BANNER_SIZES, BANNER_WEBP_QUALITY, bannerPartName } from "../../domain/images/banner";
import { resolveChromium } from "./chromium";
import { type LighthousePage, type LighthouseResult, type LighthouseRun, medianRun } from "./lighthouse-figures";

/**
 * Lighthouse on the public event page and the booking flow (issue 14 §9, docs/decisions/0030-lighthouse.md): the
 * `lighthouse` package drives the same Chromium as the end-to-end tests (scripts/lib/chromium.ts), launched by
 * chrome-launcher on a remote debugging port, with Lighthouse's default settings: mobile form factor, simulated
 * throttling. Simulated throttling scales the task times it observes, so a busy machine lowers the performance
 * score: each page runs several times, the median is printed, and the load average beside it.
 */

/** The flags this machine needs (root, no GPU, no network but loopback), on top of chrome-launcher's own. */
const LIGHTHOUSE_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;

export async function launchLighthouseChrome() {
  const resolved = await resolveChromium();
  // The npm Chromium's flags (tuned for Lambda) minus what chromium.ts drops, plus this machine's.
  const extra = resolved.args.filter((arg) => !arg.startsWith("--headless"));
  return chromeLauncher.launch({
    chromePath: resolved.executablePath,
    chromeFlags: [...new Set([...LIGHTHOUSE_FLAGS, ...extra])],
    logLevel: "silent",
    handleSIGINT: false,
  });
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** One Lighthouse run of one page with the default (mobile) configuration on the Chrome listening on `port`. */
export async function auditPage(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const failing: string[] = [];
  for (const [category, threshold] of [
    ["accessibility", 1],
    ["best-practices", 1],
    ["performance", 0.9],
  ] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.scoreDisplayMode === "informative") continue;
      if (audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
      if (audit.score < threshold) failing.push(`${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
    }
  }
  return {
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories["best-practices"]?.score),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? 0,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0,
    failing,
  };
}

/**
 * Every page `runs` times, one Chrome for all, pages interleaved (page 1, page 2, … then again) so that a busy minute
 * on the shared machine weighs on every page alike; `onResult` gets each page's medians as soon as its last run ends.
 */
export async function auditPages(
  pages: LighthousePage[],
  runs: number,
  onResult?: (result: LighthouseResult) => void,
): Promise<LighthouseResult[]> {
  const chrome = await launchLighthouseChrome();
  const byPage = new Map<string, LighthouseRun[]>(pages.map((page) => [page.url, []]));
  const results: LighthouseResult[] = [];
  try {
    for (let round = 0; round < runs; round++) {
      for (const page of pages) {
        const pageRuns = byPage.get(page.url)!;
        pageRuns.push(await auditPage(page.url, chrome.port));
        if (round === runs - 1) {
          const result = { page, runs: pageRuns, median: medianRun(pageRuns) };
          results.push(result);
          onResult?.(result);
        }
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/**
 * A photograph-like 16:9 banner in each stored size, made as the event editor makes them (a canvas encoded to WebP
 * by the browser at the editor's quality): soft gradients and grain, which weigh about what a real photo does.
 */
async function makeBannerParts(page: Page): Promise<{ width: number; bytes: Buffer<ArrayBuffer> }[]> {
  const encoded = (await page.evaluate(
    // A string, not a function: tsx's transform would add helpers (`__name`) that the page does not have.
    `(${BANNER_SCRIPT})(${JSON.stringify({
      sizes: BANNER_SIZES.map((size) => ({ width: size.width, height: size.height })),
      quality: BANNER_WEBP_QUALITY,
    })})`,
  )) as { width: number; base64: string }[];
  return encoded.map((part) => ({ width: part.width, bytes: Buffer.from(part.base64, "base64") }));
}

const BANNER_SCRIPT = `async ({ sizes, quality }) => {
  const out = [];
  for (const size of sizes) {
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    const sky = context.createLinearGradient(0, 0, 0, size.height);
    sky.addColorStop(0, "#1e1b4b");
    sky.addColorStop(0.55, "#be185d");
    sky.addColorStop(1, "#f59e0b");
    context.fillStyle = sky;
    context.fillRect(0, 0, size.width, size.height);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 60; i++) {
      const x = random() * size.width;
      const y = random() * size.height;
      const r = (0.02 + random() * 0.12) * size.width;
      const light = context.createRadialGradient(x, y, 0, x, y, r);
      light.addColorStop(0, "hsla(" + Math.floor(random() * 360) + ", 90%, 70%, 0.55)");
      light.addColorStop(1, "hsla(0, 0%, 0%, 0)");
      context.fillStyle = light;
      context.fillRect(x - r, y - r, 2 * r, 2 * r);
    }
    const pixels = context.getImageData(0, 0, size.width, size.height);
    for (let i = 0; i < pixels.data.length; i += 4) {
      const grain = (random() - 0.5) * 18;
      for (let channel = i; channel < i + 3; channel++) pixels.data[channel] += grain;
    }
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise((done) => canvas.toBlob(done, "image/webp", quality));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    out.push({ width: size.width, base64: btoa(binary) });
  }
  return out;
}`;

/** Fills every field of the booking form with plausible answers: text, email, the first choice of each question. */
async function fillBookingForm(page: Page, index: number) {
  const form = page.getByTestId("booking-form");
  for (const input of await form.locator('input[type="text"], input:not([type])').all()) {
    const name = (await input.getAttribute("name")) ?? "";
    // The promo code box sits inside the same form: left empty, as most buyers do.
    if (name === "promo") continue;
    // Anything else is a custom question or a billing field: digits pass a postal code's check as well as text's.
    await input.fill(name.endsWith("first_name") ? "Camille" : name.endsWith("last_name") ? `Phare ${index}` : "69002");
  }
  for (const input of await form.locator('input[type="email"]').all())
    await input.fill(`lighthouse-${index}@bench.guichet.test`);
  for (const textarea of await form.locator("textarea").all()) await textarea.fill("Aucune remarque.");
  for (const select of await form.locator("select").all()) {
    const options = await select.locator("option").count();
    if (options > 1) await select.selectOption({ index: 1 });
  }
  for (const checkbox of await form.locator('input[type="checkbox"]').all()) await checkbox.check();
  const radioNames = new Set<string>();
  for (const radio of await form.locator('input[type="radio"]').all()) {
    const name = (await radio.getAttribute("name")) ?? "";
    if (radioNames.has(name)) continue;
    radioNames.add(name);
    await radio.check();
  }
}

/** The ticket choice on the event page: one of each of the first two tickets on sale (a pass and an add-on, say). */
async function chooseTickets(page: Page) {
  const selects = await page.getByTestId("booking-picker").locator("select:not([disabled])").all();
  for (const select of selects.slice(0, 2)) await select.selectOption("1");
  await Promise.all([page.waitForURL(/\/book\?/), page.getByTestId("booking-picker").locator("button").click()]);
}

/**
 * The audited event's look, from BENCH_LIGHTHOUSE_COLOR (#rrggbb) and BENCH_LIGHTHOUSE_THEME (light or dark): the
 * accessibility score has to hold for any organizer's colour (docs/decisions/0032-organizer-colour-contrast.md), and
 * the light theme is the one that also draws the colour as text (links, remaining places) on white.
 */
export function lighthouseEventLook(env: NodeJS.ProcessEnv = process.env): {
  primary_color?: string;
  theme?: "light" | "dark";
} {
  const look: { primary_color?: string; theme?: "light" | "dark" } = {};
  const colour = env.BENCH_LIGHTHOUSE_COLOR?.trim();
  if (colour) {
    if (!/^#[0-9a-f]{6}$/i.test(colour)) throw new Error(`BENCH_LIGHTHOUSE_COLOR must be #rrggbb, not ${colour}`);
    look.primary_color = colour.toLowerCase();
  }
  const theme = env.BENCH_LIGHTHOUSE_THEME?.trim();
  if (theme) {
    if (theme !== "light" && theme !== "dark") throw new Error(`BENCH_LIGHTHOUSE_THEME must be light or dark`);
    look.theme = theme;
  }
  return look;
}

/**
 * Walks the booking flow once as a buyer would, in a Playwright Chromium, to get the addresses Lighthouse audits: the
 * event page (after giving it a banner, so that the page has the picture real events have), the booking page with the
 * chosen tickets, the demo checkout of a pending order, and the confirmation page of an order paid through it.
 * `ownerToken`: a session of an owner of the event's organization, for the banner upload.
 */
export async function prepareBookingFlow(
  base: string,
  eventPath: string,
  eventId: number,
  ownerToken: string,
): Promise<{ pages: LighthousePage[]; notes: string[] }> {
  const resolved = await resolveChromium();
  const browser = await chromium.launch({
    executablePath: resolved.executablePath,
    args: resolved.args,
    headless: true,
  });
  const notes: string[] = [];
  try {
    const look = lighthouseEventLook();
    if (Object.keys(look).length > 0) {
      // Through the editor's own API (a partial update), as an organizer would change it.
      const updated = await fetch(`${base}/api/events/${eventId}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${ownerToken}`, "Content-Type": "application/json" },
        body: JSON.stringify(look),
      });
      if (!updated.ok) throw new Error(`setting the event's ${JSON.stringify(look)} failed: HTTP ${updated.status}`);
      const event = (await updated.json()) as { primary_color: string; theme: string };
      notes.push(`event colour ${event.primary_color}, ${event.theme} theme`);
    }
    const page = await browser.newPage();
    await page.goto(`${base}/api/health`);
    const form = new FormData();
    for (const part of await makeBannerParts(page))
      form.append(bannerPartName(part.width), new Blob([part.bytes], { type: "image/webp" }), `${part.width}.webp`);
    const upload = await fetch(`${base}/api/events/${eventId}/banner`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ownerToken}` },
      body: form,
    });
    if (upload.ok) notes.push(`banner: ${((await upload.json()) as { main_picture: string }).main_picture}`);
    else notes.push(`banner upload refused (HTTP ${upload.status}): the event page is audited without a picture`);

    const pages: LighthousePage[] = [{ name: "event page", url: `${base}${eventPath}` }];
    // A pending order left at the demo checkout…
    await page.goto(`${base}${eventPath}`);
    await chooseTickets(page);
    pages.push({ name: "booking page (forms)", url: page.url() });
    await fillBookingForm(page, 1);
    await Promise.all([page.waitForURL(/\/(demo-checkout|orders)\//), page.getByTestId("booking-submit").click()]);
    if (/\/demo-checkout\//.test(page.url())) pages.push({ name: "demo checkout", url: page.url() });
    else notes.push("the chosen tickets are free: no checkout page in the flow");
    // …and another one paid through it, for the confirmation page.
    await page.goto(`${base}${eventPath}`);
    await chooseTickets(page);
    await fillBookingForm(page, 2);
    await Promise.all([page.waitForURL(/\/(demo-checkout|orders)\//), page.getByTestId("booking-submit").click()]);
    if (/\/demo-checkout\//.test(page.url())) {
      await Promise.all([page.waitForURL(/\/orders\/\d+/), page.locator('button[name="intent"][value="pay"]').click()]);
    }
    pages.push({ name: "confirmation page", url: page.url() });
    return { pages, notes };
  } finally {
    await browser.close();
  }
}
