import { readFileSync, writeFileSync } from "node:fs";

/**
 * `wrangler types` types each Durable Object binding of tests/support/worker-env.d.ts (the Env of the Node-side
 * TypeScript project: scripts, unit tests) as a class of the Worker's entry, workers/app.ts, which that project cannot
 * compile (it imports the React Router build). The classes are all re-exported by workers/durable-objects/index.ts:
 * point the types there.
 */
const path = "tests/support/worker-env.d.ts";
const text = readFileSync(path, "utf8");
const fixed = text.replaceAll('import("../../workers/app")', 'import("../../workers/durable-objects")');
if (fixed !== text) writeFileSync(path, fixed);
