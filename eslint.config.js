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
]);
