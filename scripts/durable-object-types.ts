/**
 * `wrangler types` names a Durable Object's class through the Worker's entry (`import("./workers/app").EventInventory`),
 * which pulls the whole entry — React Router's virtual server build included — into every program that reads `Env`,
 * the Node-side one among them. The class lives in workers/durable-objects/: point the generated types there.
 */
import { readFileSync, writeFileSync } from "node:fs";

const files = { "worker-configuration.d.ts": "./workers", "tests/support/worker-env.d.ts": "../../workers" };
for (const [file, prefix] of Object.entries(files)) {
  const text = readFileSync(file, "utf8");
  const fixed = text.replace(
    new RegExp(`import\\("${prefix.replace(/[./]/g, "\\$&")}/app"\\)\\.(\\w+)`, "g"),
    (_match, name: string) => `import("${prefix}/durable-objects/${kebab(name)}").${name}`,
  );
  if (fixed !== text) writeFileSync(file, fixed);
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}
