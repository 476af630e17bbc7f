/**
 * `npm run check:bundle` (the last step of .ci/run): bundles the built Worker exactly as `wrangler deploy` would, with
 * `wrangler deploy --dry-run --outdir` (offline: no account, no login, no network), then measures what would be
 * uploaded and fails when it is over a limit (docs/decisions/0025-deploy-logs-and-error-reporting.md):
 *
 * - Cloudflare's Worker size limit: 64 MiB of modules, uncompressed, on every plan (the former 3 MB Free / 10 MB Paid
 *   compressed limits were removed);
 * - the project's budget: 3 MiB gzipped, the former Free-plan limit, kept because startup time (1 s at most) grows with
 *   the code the isolate parses, and so that a dependency that doubles the bundle is noticed in review.
 *
 * Prints each module's size, the totals as measured here and the totals wrangler reports. Needs `npm run build` first.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";

export const MIB = 1024 * 1024;
/** Cloudflare's limit on a Worker's modules, uncompressed, on all plans. */
export const PLATFORM_LIMIT_BYTES = 64 * MIB;
/** This project's budget for the compressed upload. */
export const GZIP_BUDGET_BYTES = 3 * MIB;

export type Module = { path: string; bytes: number; gzipBytes: number };
export type BundleSize = { modules: Module[]; bytes: number; gzipBytes: number };

const MODULE_EXTENSIONS = /\.(m?js|cjs|wasm|bin|txt|html)$/;

/** Every module of a `--outdir` bundle (source maps and the folder's README left out), largest first. */
export function measureBundle(directory: string): BundleSize {
  const modules = readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((name) => MODULE_EXTENSIONS.test(name) && name !== "README.md")
    .map((name) => {
      const body = readFileSync(join(directory, name));
      return { path: name, bytes: body.byteLength, gzipBytes: gzipSync(body, { level: 9 }).byteLength };
    })
    .sort((a, b) => b.bytes - a.bytes);
  // The upload is compressed as one stream: one gzip of all modules is closer to it than the sum of each file's gzip.
  const all = Buffer.concat(modules.map((module) => readFileSync(join(directory, module.path))));
  return {
    modules,
    bytes: modules.reduce((sum, module) => sum + module.bytes, 0),
    gzipBytes: gzipSync(all, { level: 9 }).byteLength,
  };
}

/** wrangler's own figures, from its `Total Upload: 7639.45 KiB / gzip: 1774.58 KiB` line. */
export function parseWranglerTotals(output: string): { bytes: number; gzipBytes: number } | null {
  const match = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(output);
  if (!match) return null;
  return { bytes: Math.round(Number(match[1]) * 1024), gzipBytes: Math.round(Number(match[2]) * 1024) };
}

export type Verdict = { ok: boolean; failures: string[] };

/** Over a limit when either measure (ours or wrangler's) is: the larger one counts. */
export function judgeBundle(sizes: { bytes: number; gzipBytes: number }[]): Verdict {
  const bytes = Math.max(...sizes.map((size) => size.bytes));
  const gzipBytes = Math.max(...sizes.map((size) => size.gzipBytes));
  const failures: string[] = [];
  if (bytes > PLATFORM_LIMIT_BYTES)
    failures.push(`modules ${mib(bytes)} exceed Cloudflare's Worker size limit of ${mib(PLATFORM_LIMIT_BYTES)}`);
  if (gzipBytes > GZIP_BUDGET_BYTES)
    failures.push(`gzipped upload ${mib(gzipBytes)} exceeds the project's budget of ${mib(GZIP_BUDGET_BYTES)}`);
  return { ok: failures.length === 0, failures };
}

export function mib(bytes: number): string {
  return `${(bytes / MIB).toFixed(2)} MiB`;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`.padStart(12);
}

function main(): number {
  const root = resolve(import.meta.dirname, "..");
  if (!existsSync(resolve(root, "build/server/wrangler.json"))) {
    console.error("check-bundle: no build/server/wrangler.json: run `npm run build` first.");
    return 1;
  }
  const outdir = mkdtempSync(join(tmpdir(), "guichet-bundle-"));
  try {
    const wrangler = realpathSync(resolve(root, "node_modules/.bin/wrangler"));
    // No account is needed for a dry run: drop any credentials so the run is the same on every machine.
    const env: Record<string, string | undefined> = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
    delete env.CLOUDFLARE_API_TOKEN;
    delete env.CLOUDFLARE_ACCOUNT_ID;
    const result = spawnSync(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", outdir], {
      cwd: root,
      env: env as typeof process.env,
      encoding: "utf8",
      maxBuffer: 64 * MIB,
    });
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
    if (result.status !== 0) {
      console.error(output);
      console.error(`check-bundle: wrangler deploy --dry-run failed (exit ${result.status ?? result.signal}).`);
      return 1;
    }
    const measured = measureBundle(outdir);
    const reported = parseWranglerTotals(output);
    console.log("Worker bundle (wrangler deploy --dry-run --outdir), largest modules first:");
    for (const module of measured.modules.slice(0, 12))
      console.log(
        `  ${kib(module.bytes)}  gzip ${kib(module.gzipBytes)}  ${relative(outdir, join(outdir, module.path))}`,
      );
    if (measured.modules.length > 12) console.log(`  … and ${measured.modules.length - 12} smaller modules`);
    console.log(
      `Measured: ${measured.modules.length} modules, ${mib(measured.bytes)} (limit ${mib(PLATFORM_LIMIT_BYTES)}), gzip ${mib(measured.gzipBytes)} (budget ${mib(GZIP_BUDGET_BYTES)})`,
    );
    console.log(
      reported
        ? `wrangler: Total Upload ${mib(reported.bytes)}, gzip ${mib(reported.gzipBytes)}`
        : "wrangler: no Total Upload line in its output (figures above are ours alone)",
    );
    const verdict = judgeBundle(reported ? [measured, reported] : [measured]);
    for (const failure of verdict.failures) console.error(`✖ ${failure}`);
    if (verdict.ok) console.log("✔ Worker bundle within Cloudflare's limit and the project's budget");
    return verdict.ok ? 0 : 1;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("check-bundle.ts")) {
  process.exit(main());
}
