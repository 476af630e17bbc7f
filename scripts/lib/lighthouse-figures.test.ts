import { describe, expect, it } from "vitest";
import { pageLoadsAppStylesheet, pagesWithPublicStylesheet } from "../../app/lib/page-stylesheets";
import { pagesWithoutJavaScript } from "../../app/lib/pages-without-javascript";
import { formatLighthouseLine, type LighthouseRun, medianRun } from "./lighthouse-figures";

const run = (performance: number, tbtMs: number, failing: string[] = []): LighthouseRun => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1200,
  tbtMs,
  cls: 0,
  failing,
});

describe("medianRun", () => {
  it("takes each figure's median on its own and lists every audit that failed in any run", () => {
    const median = medianRun([
      run(90, 400, ["color-contrast", "total-blocking-time (400 ms)"]),
      run(70, 1200, ["total-blocking-time (1,200 ms)"]),
      run(97, 100, ["label"]),
    ]);
    expect(median.performance).toBe(90);
    expect(median.tbtMs).toBe(400);
    expect(median.failing).toEqual(["color-contrast", "total-blocking-time (400 ms)", "label"]);
  });
});

describe("formatLighthouseLine", () => {
  it("prints the scores, the key metrics and whether the goals are met", () => {
    const line = formatLighthouseLine("event page", run(96, 150), 3);
    expect(line).toMatch(
      /performance {2}96 {2}accessibility 100 {2}best practices 100 {2}LCP 1\.20 s {2}TBT 150 ms {2}CLS 0\.000/,
    );
    expect(line).toMatch(/median of 3, load [\d.]+ [\d.]+ [\d.]+\) {2}ok$/);
    expect(formatLighthouseLine("event page", run(94, 150), 3)).toMatch(/UNDER GOAL$/);
  });
});

describe("the public pages' own stylesheet", () => {
  it("replaces the app's on the event page and the booking flow only", () => {
    expect(pageLoadsAppStylesheet(["root", "routes/public/event-page"])).toBe(false);
    expect(pageLoadsAppStylesheet(["root", "routes/public/demo-checkout"])).toBe(false);
    expect(pageLoadsAppStylesheet(["root", "routes/app/layout", "routes/app/home"])).toBe(true);
    expect(pageLoadsAppStylesheet(["root", "routes/auth/layout", "routes/auth/login"])).toBe(true);
  });

  it("is used by pages without JavaScript alone (the inline style is never swapped on a client navigation)", () => {
    for (const id of pagesWithPublicStylesheet) expect(pagesWithoutJavaScript.has(id), id).toBe(true);
  });
});
