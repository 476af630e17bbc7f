import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** One axe-core finding (axe-core itself comes with @axe-core/playwright). */
export type Result = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** The impacts that fail a screen (issue 14 §3): moderate and minor findings are left to review. */
const FAILING_IMPACTS = new Set(["serious", "critical"]);

export type AxeOptions = {
  /**
   * CSS selectors axe leaves out, for third-party parts only; each use must say why next to it and in
   * docs/decisions/0028-accessibility-checks.md.
   */
  exclude?: string[];
};

/** One line per failing node: the rule, its impact, what it asks for and where (axe's target selectors). */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    ${node.target.map(String).join(" >>> ")}\n      ${node.html.replace(/\s+/g, " ").slice(0, 200)}\n      ${node.failureSummary?.split("\n").join(" ")}`,
        )
        .join("\n");
      return `  ${violation.id} (${violation.impact}): ${violation.help} [${violation.helpUrl}]\n${nodes}`;
    })
    .join("\n");
}

/**
 * Runs axe-core (every rule of the installed version but the experimental ones: WCAG 2.0–2.2 A/AA and best practices)
 * on the page as it is now, and returns its serious and critical violations.
 */
export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<Result[]> {
  // Legacy mode runs axe.run() in the page itself. The default (runPartial per frame, then finishRun in a new blank
  // page) costs a page and a second injection of axe per check, ~5× the time on the 2-core CI machine; the app has no
  // iframe of its own, and legacy mode still checks same-origin frames.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""));
}
