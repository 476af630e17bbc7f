import { loadavg } from "node:os";

/** The figures of `npm run bench`'s Lighthouse step (scripts/lib/lighthouse.ts), apart from Lighthouse itself. */

export type LighthousePage = { name: string; url: string };

export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits under 1 (accessibility, best practices) or under 0.9 with savings (performance), by id. */
  failing: string[];
};

export type LighthouseResult = { page: LighthousePage; runs: LighthouseRun[]; median: LighthouseRun };

/** Goals of issue 14 §9, on Lighthouse's mobile settings. */
export const GOALS = { performance: 95, accessibility: 100 } as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Each value's median over the runs; `failing` lists every audit that failed in any run, once. */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  return {
    performance: median(runs.map((run) => run.performance)),
    accessibility: median(runs.map((run) => run.accessibility)),
    bestPractices: median(runs.map((run) => run.bestPractices)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    // One entry per audit, with the first run's figure: "total-blocking-time (850 ms)" is not listed three times.
    failing: runs
      .flatMap((run) => run.failing)
      .filter((entry, index, all) => all.findIndex((other) => other.split(" (")[0] === entry.split(" (")[0]) === index),
  };
}

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

export function formatLighthouseLine(name: string, run: LighthouseRun, runs: number): string {
  const goal = run.performance >= GOALS.performance && run.accessibility >= GOALS.accessibility ? "ok" : "UNDER GOAL";
  return (
    `${name.padEnd(26)} performance ${String(run.performance).padStart(3)}  accessibility ${String(run.accessibility).padStart(3)}  ` +
    `best practices ${String(run.bestPractices).padStart(3)}  LCP ${(run.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(run.tbtMs)} ms  ` +
    `CLS ${run.cls.toFixed(3)}  (median of ${runs}, load ${loadAverage()})  ${goal}`
  );
}
