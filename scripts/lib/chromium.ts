import { existsSync } from "node:fs";

/**
 * The one place that decides which Chromium the browser tests and scripts launch (docs/decisions/0005-chromium-from-npm.md):
 * 1. CHROMIUM_PATH when set — a path, or the word `npm` to force the npm-shipped Chromium;
 * 2. Debian's `/usr/bin/chromium` when it exists;
 * 3. otherwise the Chromium inside the `@sparticuz/chromium` devDependency, unpacked to the temp folder on first use,
 *    so `npm install` alone is enough to run the browser tests. Playwright never downloads a browser.
 */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** Flags every launch gets: no sandbox (CI runs as root), and nothing that talks to Google's servers. */
export const SAFETY_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-quic",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export type ChromiumSource = "CHROMIUM_PATH" | "debian" | "npm";

export type ResolvedChromium = {
  source: ChromiumSource;
  executablePath: string;
  /** Launch arguments; pass them with `headless: true`. */
  args: string[];
};

/**
 * Flags of `@sparticuz/chromium` (tuned for AWS Lambda) that we drop: Playwright sets headless mode itself;
 * `--single-process` lets only the first browser context open a page (every test gets a new context); the web-security
 * relaxations would make the browser under test laxer than a user's (CORS, Origin, mixed content).
 */
const DROPPED_NPM_FLAGS = [
  "--headless",
  "--single-process",
  "--disable-web-security",
  "--allow-running-insecure-content",
  "--disable-site-isolation-trials",
];

function keptNpmFlags(args: string[]): string[] {
  return args.filter((arg) => !DROPPED_NPM_FLAGS.some((flag) => arg === flag || arg.startsWith(`${flag}=`)));
}

async function npmChromium(): Promise<ResolvedChromium> {
  const { default: sparticuz } = await import("@sparticuz/chromium");
  const executablePath = await sparticuz.executablePath();
  const args = [...new Set([...keptNpmFlags(sparticuz.args), ...SAFETY_ARGS])];
  return { source: "npm", executablePath, args };
}

export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedChromium> {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured === "npm") return npmChromium();
  if (configured) {
    if (!existsSync(configured))
      throw new Error(`CHROMIUM_PATH=${configured} does not exist (unset it, or set CHROMIUM_PATH=npm).`);
    return { source: "CHROMIUM_PATH", executablePath: configured, args: SAFETY_ARGS };
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { source: "debian", executablePath: DEBIAN_CHROMIUM, args: SAFETY_ARGS };
  return npmChromium();
}

export function describeChromium(chromium: ResolvedChromium): string {
  const from = {
    CHROMIUM_PATH: "CHROMIUM_PATH",
    debian: "Debian's package",
    npm: "the @sparticuz/chromium npm package",
  };
  return `Chromium from ${from[chromium.source]}: ${chromium.executablePath}`;
}
