import { defineConfig } from "vitest/config";

// Node-side tests: pure functions, the domain on libSQL, scripts. Worker code is tested by vitest.worker.config.ts.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "unit",
    environment: "node",
    include: [
      "tests/unit/**/*.test.{ts,tsx}",
      "domain/**/*.test.ts",
      "app/lib/**/*.test.ts",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    testTimeout: 20_000,
    // Setups that build a libSQL database and seed it take seconds on a loaded 2-core machine.
    hookTimeout: 60_000,
  },
});
