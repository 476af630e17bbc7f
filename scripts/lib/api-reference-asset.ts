import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";

/** Where /developers loads the renderer from (workers/routes/developers.ts). */
const PUBLIC_PATH = "developers/api-reference.js";

/** Scalar's self-contained browser bundle (no CDN, no other file it loads). */
const STANDALONE = resolve(import.meta.dirname, "../../node_modules/@scalar/api-reference/dist/browser/standalone.js");

/**
 * Puts the API reference renderer among the build's static assets (build/client/developers/api-reference.js), served
 * from our origin under the page's CSP, and serves it in `react-router dev`. Copied from node_modules at build time
 * rather than committed: the version is the lockfile's.
 */
export function apiReferenceAsset(): Plugin {
  return {
    name: "guichet:api-reference-asset",
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: PUBLIC_PATH, source: readFileSync(STANDALONE) });
    },
    configureServer(server) {
      server.middlewares.use(`/${PUBLIC_PATH}`, (_request, response) => {
        response.setHeader("Content-Type", "text/javascript; charset=utf-8");
        response.end(readFileSync(STANDALONE));
      });
    },
  };
}
