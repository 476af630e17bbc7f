import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

/**
 * Development values for local runs only. wrangler.toml commits production values (what `wrangler deploy` uploads),
 * so every local server passes these on the command line (docs/decisions/0006-production-defaults.md): a run or a
 * deploy that skips this step gets production behaviour — /dev/* hidden, private links refused without
 * SESSION_SECRET, emails without APP_URL refused — instead of exposing development tools.
 */
export function localVars(appUrl: string): Record<string, string> {
  return { ENVIRONMENT: "development", APP_URL: appUrl };
}

/** `wrangler dev` arguments that set {@link localVars}. */
export function localVarArgs(appUrl: string): string[] {
  return Object.entries(localVars(appUrl)).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
}

const GENERATED_HEADER = "# Local development values, written by npm start";

/**
 * Writes `.dev.vars` (git-ignored, never uploaded by `wrangler deploy`) when absent, so that `npm run dev` and a plain
 * `npx wrangler dev` after `npm start` are development runs too; the build copies it to build/server/.dev.vars,
 * which `wrangler dev` reads for the built Worker. A file npm start wrote keeps its other lines but follows the
 * current address (`PORT=3000 npm start` makes links in emails point at :3000); a file of the developer's own is
 * left alone.
 */
export function ensureDevVarsFile(root: string, appUrl: string): "written" | "updated" | "unchanged" {
  const path = resolve(root, ".dev.vars");
  if (!existsSync(path)) {
    const lines = Object.entries(localVars(appUrl)).map(([name, value]) => `${name}=${value}`);
    writeFileSync(
      path,
      `${GENERATED_HEADER} (never deployed; wrangler.toml holds production values).\n` +
        `# Secrets for local runs go here too, e.g. RESEND_API_KEY=re_...\n${lines.join("\n")}\n`,
    );
    return "written";
  }
  const current = readFileSync(path, "utf8");
  if (!current.startsWith(GENERATED_HEADER)) return "unchanged";
  const updated = current.replace(/^APP_URL=.*$/m, `APP_URL=${appUrl}`);
  if (updated === current) return "unchanged";
  writeFileSync(path, updated);
  return "updated";
}
