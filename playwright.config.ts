import { defineConfig } from "@playwright/test";
import { resolveChromium } from "./scripts/lib/chromium";

// E2E_PORT (and E2E_STATE, read by scripts/e2e-server.ts) let several people run the suite side by side.
const port = Number(process.env.E2E_PORT ?? 8788);
const baseURL = `http://localhost:${port}`;
const inCI = Boolean(process.env.CI);

// Never a downloaded browser: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the one inside @sparticuz/chromium
// (CHROMIUM_PATH=npm forces it). See scripts/lib/chromium.ts.
const chromium = await resolveChromium();

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  forbidOnly: inCI,
  workers: 2,
  // No retries, in CI either: a test that passes only on its second try hides a bug (issue 25).
  retries: 0,
  // A 2-core machine renders each page with ~100 module requests; sign-in is deliberately slow (scrypt).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    baseURL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    screenshot: "only-on-failure",
    trace: "off",
    headless: true,
    launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
  },
  webServer: {
    // Serves the existing build in workerd on a fresh, seeded database (see scripts/e2e-server.ts).
    command: "tsx scripts/e2e-server.ts",
    url: `${baseURL}/api/health`,
    // Migrating and seeding a fresh database, then starting workerd, can take minutes on a loaded 2-core machine.
    timeout: 300_000,
    reuseExistingServer: !inCI,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: { ...(process.env as Record<string, string>), WRANGLER_SEND_METRICS: "false", E2E_PORT: String(port) },
  },
});
