import { resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { apiReferenceAsset } from "./scripts/lib/api-reference-asset.ts";
import { pageWeightReport } from "./scripts/lib/page-weight.ts";
import { pureSchemaTables } from "./scripts/lib/pure-schema-tables.ts";

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
    // The browser build keeps only the tables of db/schema.ts it uses (none, normally).
    pureSchemaTables(),
    // The /developers page's renderer, from our own origin (docs/decisions/0052-openapi.md).
    apiReferenceAsset(),
    // Strict: a page over its budget fails the build (scripts/lib/page-weight.ts has the budgets).
    pageWeightReport({ clientDirectory: resolve(import.meta.dirname, "build/client"), strict: true }),
  ],
  resolve: { tsconfigPaths: true },
  build: {
    // The page budgets in scripts/lib/page-weight.ts are the enforced limit. The one chunk over Vite's 500 kB default is
    // the error-reporting SDK, loaded lazily after an error only.
    chunkSizeWarningLimit: 600,
    sourcemap: process.env.GUICHET_ANALYZE ? true : undefined,
    rolldownOptions: {
      onwarn(warning, warn) {
        // Tailwind rewrites CSS without a source map; no JavaScript map is affected.
        if (warning.code === "SOURCEMAP_BROKEN" && warning.plugin?.startsWith("@tailwindcss/vite")) return;
        // Printed when a build runs slowly (a loaded machine), about plugins we do not control: nothing to act on.
        if (warning.code === "PLUGIN_TIMINGS") return;
        warn(warning);
      },
    },
  },
});
