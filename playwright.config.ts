import { defineConfig } from "@playwright/test";

// E2E_PORT (and E2E_STATE, read by scripts/e2e-server.ts) let several people run the suite side by side.
const port = Number(process.env.E2E_PORT ?? 8788);
const baseURL = `http://localhost:${port}`;
const inCI = Boolean(process.env.CI);

// Debian's Chromium, never a downloaded browser: `apt-get install -y chromium` or CHROMIUM_PATH.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  forbidOnly: inCI,
  workers: 2,
  retries: inCI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    baseURL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-quic",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  webServer: {
    // Serves the existing build in workerd on a fresh, seeded database (see scripts/e2e-server.ts).
    command: "tsx scripts/e2e-server.ts",
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: !inCI,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: { ...(process.env as Record<string, string>), WRANGLER_SEND_METRICS: "false", E2E_PORT: String(port) },
  },
});
