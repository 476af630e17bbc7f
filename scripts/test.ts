/**
 * `npm test`: every layer in order — type check, unit (Node), integration (Worker + D1), build, end-to-end
 * (Playwright on Debian's Chromium) — stopping at the first failure. Ends with one line `N passed, N failed`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const reportDir = resolve(root, "node_modules/.cache/guichet-test");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

type Counts = { passed: number; failed: number };
type Layer = {
  title: string;
  run: () => { ok: boolean; counts?: Counts };
};

function binArgs(name: string, args: string[]): string[] {
  return [realpathSync(resolve(root, "node_modules/.bin", name)), ...args];
}

function exec(command: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  const result = spawnSync(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ["ignore", "inherit", "inherit"] });
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

function vitestLayer(config: string, reportName: string) {
  const report = resolve(reportDir, reportName);
  rmSync(report, { force: true });
  const ok = exec(
    process.execPath,
    binArgs("vitest", ["run", "-c", config, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]),
  );
  const json = readJson(report) as { numPassedTests?: number; numFailedTests?: number } | undefined;
  const counts = json ? { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0 } : undefined;
  return { ok, counts };
}

function playwrightLayer() {
  if (!existsSync(chromiumPath)) {
    console.error(
      "Chromium not found. Install Debian's Chromium: sudo apt-get install -y chromium (or set CHROMIUM_PATH).",
    );
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
  { title: "Unit tests (vitest, Node)", run: () => vitestLayer("vitest.unit.config.ts", "unit.json") },
  { title: "Integration tests (vitest, Worker + D1)", run: () => vitestLayer("vitest.worker.config.ts", "integration.json") },
  { title: "Build (npm run build)", run: () => ({ ok: exec("npm", ["run", "--silent", "build"]) }) },
  { title: "End-to-end tests (Playwright, Chromium)", run: playwrightLayer },
];

mkdirSync(reportDir, { recursive: true });
const total: Counts = { passed: 0, failed: 0 };
const started = Date.now();
let failedLayer: string | undefined;

for (const [index, layer] of layers.entries()) {
  console.log(`\n━━━ ${index + 1}/${layers.length} ${layer.title} ━━━\n`);
  const layerStarted = Date.now();
  const { ok, counts } = layer.run();
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
