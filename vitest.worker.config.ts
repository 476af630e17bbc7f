import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Worker integration tests: they run inside workerd with the bindings of wrangler.toml and a local D1 migrated
// from migrations/. wrangler.toml's vars are production values; the tests override them with test ones.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    plugins: [
      {
        // workerd's module runner gets each module over a WebSocket whose messages stop at 1 MiB: fontkit's minified
        // build (714 KB) fits, with its source map it does not. Stack traces inside it are not ours to read anyway.
        name: "guichet:no-source-map-for-fontkit",
        enforce: "post" as const,
        transform(code: string, id: string) {
          if (id.includes("fontkit.es.min.js")) return { code, map: { mappings: "" } };
          return undefined;
        },
      },
      cloudflareTest({
        main: "./tests/integration/test-worker.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: { ENVIRONMENT: "test", APP_URL: "http://localhost:8787", TEST_MIGRATIONS: migrations },
          // No test reaches the network: a request no test stubbed (e.g. the queue delivering a webhook a test
          // recorded) gets this answer instead of a DNS lookup.
          outboundService: () => new Response("no network in tests", { status: 503 }),
        },
      }),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      name: "integration",
      // The PDF fonts' test inlines font files: once the Worker declares Durable Objects, the runtime that ran it
      // fails every later file with "WebSocket … Message is too large". It runs alone, as a second run
      // (GUICHET_PDF_WORKER_TESTS=1; scripts/test.ts and npm run test:integration run both).
      include: process.env.GUICHET_PDF_WORKER_TESTS
        ? ["domain/pdf/**/*.worker-test.ts"]
        : ["tests/integration/**/*.test.ts", "domain/**/*.worker-test.ts"],
      exclude: process.env.GUICHET_PDF_WORKER_TESTS ? [] : ["domain/pdf/**", "**/node_modules/**"],
      setupFiles: ["./tests/integration/setup.ts"],
      // CommonJS packages whose require() chains workerd's module loader cannot follow: pre-bundle them with Vite.
      deps: { optimizer: { ssr: { enabled: true, include: ["sanitize-html"] } } },
      testTimeout: 20_000,
      hookTimeout: 60_000,
      // Every request writes a JSON log line (domain/shared/logger.ts): show them only for a failing test.
      silent: "passed-only" as const,
    },
  };
});
