import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Recommended rules of ESLint, typescript-eslint (without type information, so it runs in seconds) and React hooks.
 * Formatting is Prettier's (.prettierrc.json): no stylistic rules here.
 * typescript-eslint needs TypeScript's JS API, which TypeScript 7 no longer ships: the `typescript` package is
 * TypeScript 6 (`@typescript/typescript6`) for tools, and `tsc` comes from TypeScript 7 (`@typescript/native`).
 */
/**
 * The layer rule of docs/decisions/0001-layout.md, one entry per folder: what its files may NOT import. Each folder is
 * named three ways (alias, a relative path climbing out of the folder, a relative path climbing into it from a sibling
 * folder) so that neither spelling gets past. Test code (tests/, *.test.ts, *.worker-test.ts, shared *-suite.ts files)
 * exercises several layers at once and is not bound by it.
 */
const layerNames = {
  app: ["~/*", "**/app/*", "../app", "../../app"],
  workers: ["\\#workers/*", "**/workers/*"],
  domain: ["\\#domain/*", "**/domain/*"],
  adapters: ["\\#adapters/*", "**/adapters/*"],
  scripts: ["**/scripts/*"],
  tests: ["**/tests/*"],
};
const testFiles = ["**/*.test.{ts,tsx}", "**/*.worker-test.ts", "**/*-suite.ts"];

/** A `no-restricted-imports` rule that refuses the named layers, with the layer rule's message. */
function layerRule(folder, forbidden) {
  return {
    files: [`${folder}/**/*.{ts,tsx,js}`],
    ignores: [...testFiles, ...(folder === "workers" ? ["workers/app.ts"] : [])],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: forbidden.flatMap((layer) => layerNames[layer]),
              message: `${folder}/ may not import ${forbidden.join(", ")}: imports run down only (docs/decisions/0001-layout.md).`,
            },
          ],
        },
      ],
    },
  };
}

export default defineConfig([
  globalIgnores([
    "build/",
    ".react-router/",
    ".wrangler/",
    "coverage/",
    "test-results/",
    "playwright-report/",
    "public/",
    "migrations/",
    "worker-configuration.d.ts",
    "tests/support/worker-env.d.ts",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node, ...globals.serviceworker },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Both rules serve the React Compiler, which this project does not run. What they flag here is deliberate:
      // effects that react to a fetcher's answer (close a panel, reset a form), and refs read by a navigation blocker
      // at navigation time.
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/refs": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  layerRule("db", ["app", "workers", "domain", "adapters", "scripts", "tests"]),
  layerRule("adapters", ["app", "workers", "domain", "scripts", "tests"]),
  layerRule("domain", ["app", "workers", "scripts", "tests"]),
  layerRule("app", ["workers", "scripts", "tests"]),
  // workers/app.ts, the Worker entry, is the one file of workers/ that imports app/: it mounts React Router (the server
  // build and ~/server/context). Everything else the Worker shares with pages lives below both, in domain/ or adapters/.
  layerRule("workers", ["app", "scripts", "tests"]),
]);
