/**
 * `npm test`: every layer in order — type check, lint, format check, build, unit (Node), integration (Worker + D1), end-to-end
 * (Playwright) — stopping at the first failure. Ends with one line `N passed, N failed`. The build comes before the
 * unit tests because tests/unit/deploy-config.test.ts checks what `wrangler deploy` would upload from it. The browser
 * is Debian's Chromium when installed, else the one inside the @sparticuz/chromium devDependency
 * (scripts/lib/chromium.ts), so `npm install` is the whole set-up.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { describeChromium, resolveChromium } from "./lib/chromium";

const root = resolve(import.meta.dirname, "..");
const reportDir = resolve(root, "node_modules/.cache/guichet-test");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

type Counts = { passed: number; failed: number };
type LayerResult = { ok: boolean; counts?: Counts };
type Layer = {
  title: string;
  run: () => LayerResult | Promise<LayerResult>;
};

function binArgs(name: string, args: string[]): string[] {
  return [realpathSync(resolve(root, "node_modules/.bin", name)), ...args];
}

function exec(command: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return result.status === 0;
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

function vitestLayer(config: string, reportName: string, env: Record<string, string> = {}) {
  const report = resolve(reportDir, reportName);
  rmSync(report, { force: true });
  const ok = exec(
    process.execPath,
    binArgs("vitest", ["run", "-c", config, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]),
    env,
  );
  const json = readJson(report) as { numPassedTests?: number; numFailedTests?: number } | undefined;
  const counts = json ? { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0 } : undefined;
  return { ok, counts };
}

/** The integration layer: every Worker test, then the PDF fonts' test in a runtime of its own (vitest.worker.config.ts). */
function integrationLayer() {
  const main = vitestLayer("vitest.worker.config.ts", "integration.json");
  const pdf = vitestLayer("vitest.worker.config.ts", "integration-pdf.json", { GUICHET_PDF_WORKER_TESTS: "1" });
  const counts =
    main.counts && pdf.counts
      ? { passed: main.counts.passed + pdf.counts.passed, failed: main.counts.failed + pdf.counts.failed }
      : (main.counts ?? pdf.counts);
  return { ok: main.ok && pdf.ok, counts };
}

async function playwrightLayer(): Promise<LayerResult> {
  try {
    // Resolved (and the npm Chromium unpacked) once here, so a bad CHROMIUM_PATH fails with one clear line.
    console.log(describeChromium(await resolveChromium()));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return { ok: false };
  }
  const report = resolve(reportDir, "e2e.json");
  rmSync(report, { force: true });
  const ok = exec(process.execPath, binArgs("playwright", ["test", "--reporter=list,json"]), {
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
  });
  const json = readJson(report) as { stats?: { expected?: number; unexpected?: number; flaky?: number } } | undefined;
  const counts = json?.stats
    ? { passed: (json.stats.expected ?? 0) + (json.stats.flaky ?? 0), failed: json.stats.unexpected ?? 0 }
    : undefined;
  return { ok, counts };
}

const layers: Layer[] = [
  { title: "Type check (npm run typecheck)", run: () => ({ ok: exec("npm", ["run", "--silent", "typecheck"]) }) },
  { title: "Lint (npm run lint: ESLint)", run: () => ({ ok: exec("npm", ["run", "--silent", "lint"]) }) },
  {
    title: "Format (npm run format:check: Prettier)",
    run: () => ({ ok: exec("npm", ["run", "--silent", "format:check"]) }),
  },
  { title: "Build (npm run build)", run: () => ({ ok: exec("npm", ["run", "--silent", "build"]) }) },
  { title: "Unit tests (vitest, Node)", run: () => vitestLayer("vitest.unit.config.ts", "unit.json") },
  {
    title: "Integration tests (vitest, Worker + D1)",
    run: integrationLayer,
  },
  { title: "End-to-end tests (Playwright, Chromium)", run: playwrightLayer },
];

mkdirSync(reportDir, { recursive: true });
const total: Counts = { passed: 0, failed: 0 };
const started = Date.now();
let failedLayer: string | undefined;

for (const [index, layer] of layers.entries()) {
  console.log(`\n━━━ ${index + 1}/${layers.length} ${layer.title} ━━━\n`);
  const layerStarted = Date.now();
  const { ok, counts } = await layer.run();
  const seconds = ((Date.now() - layerStarted) / 1000).toFixed(1);
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
  }
  // A layer that fails without a failing test (type errors, a broken build, a runner crash) still counts as one failure.
  if (!ok && (counts?.failed ?? 0) === 0) total.failed += 1;
  const tally = counts ? `: ${counts.passed} passed, ${counts.failed} failed` : "";
  console.log(`\n${ok ? "✔" : "✖"} ${layer.title} ${ok ? "passed" : "FAILED"}${tally} (${seconds} s)`);
  if (!ok) {
    failedLayer = layer.title;
    break;
  }
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(failedLayer ? `\nStopped at: ${failedLayer} (${minutes} min)` : `\nAll layers passed (${minutes} min)`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(failedLayer ? 1 : 0);
