import { existsSync, writeFileSync } from "node:fs";
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

/**
 * Writes `.dev.vars` (git-ignored, never uploaded by `wrangler deploy`) when absent, so that `npm run dev` and a plain
 * `npx wrangler dev` after `npm start` are development runs too; the build copies it to build/server/.dev.vars,
 * which `wrangler dev` reads for the built Worker. An existing file is the developer's and is left alone.
 */
export function ensureDevVarsFile(root: string, appUrl: string): boolean {
  const path = resolve(root, ".dev.vars");
  if (existsSync(path)) return false;
  const lines = Object.entries(localVars(appUrl)).map(([name, value]) => `${name}=${value}`);
  writeFileSync(
    path,
    `# Local development values, written by npm start (never deployed; wrangler.toml holds production values).\n` +
      `# Secrets for local runs go here too, e.g. RESEND_API_KEY=re_...\n${lines.join("\n")}\n`,
  );
  return true;
}
