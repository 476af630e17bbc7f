import { resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { pageWeightReport } from "./scripts/lib/page-weight";

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
    // Strict: a page over its budget fails the build (scripts/lib/page-weight.ts has the budgets).
    pageWeightReport({ clientDirectory: resolve(import.meta.dirname, "build/client"), strict: true }),
  ],
  resolve: { tsconfigPaths: true },
});
