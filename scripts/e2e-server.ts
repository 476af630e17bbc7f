/**
 * The server the end-to-end tests run against (started by Playwright's webServer): the existing build served by
 * workerd through `wrangler dev` with the development vars, on a database of its own that is migrated and seeded
 * afresh on every run.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, realpathSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { localVarArgs } from "./lib/dev-vars";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.E2E_PORT ?? 8788);
const persistTo = process.env.E2E_STATE ?? ".wrangler/e2e-state";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

/** Runs a package binary from node_modules/.bin with the Node running this script (the project's Node 24). */
function binArgs(name: string, args: string[]): string[] {
  return [realpathSync(resolve(root, "node_modules/.bin", name)), ...args];
}

function runStep(label: string, name: string, args: string[]) {
  console.log(`[e2e-server] ${label}`);
  const result = spawnSync(process.execPath, binArgs(name, args), {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) {
    console.error(`[e2e-server] ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

if (!existsSync(resolve(root, "build/server/wrangler.json"))) {
  console.error("[e2e-server] build/server/wrangler.json is missing: run npm run build first.");
  process.exit(1);
}

rmSync(resolve(root, persistTo), { recursive: true, force: true });
runStep("applying migrations", "wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
runStep("seeding demo data", "tsx", ["scripts/seed.ts", "--persist-to", persistTo]);

console.log(`[e2e-server] starting wrangler dev on port ${port}`);
const server = spawn(
  process.execPath,
  binArgs("wrangler", [
    "dev",
    "--port",
    String(port),
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    // The specs fire the Worker's crons themselves (GET /cdn-cgi/handler/scheduled?cron=…), as npm start does.
    "--test-scheduled",
    // Development values on the command line: wrangler.toml holds production ones, and the build may have no .dev.vars.
    ...localVarArgs(`http://localhost:${port}`),
    // The webhook specs' receiver runs in the test process on 127.0.0.1 over plain http: the test-only escape of
    // domain/webhooks/webhook-url.ts (honoured only because ENVIRONMENT is development).
    "--var",
    "WEBHOOK_ALLOW_LOCAL_URLS:true",
  ]),
  { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] },
);

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on("exit", (code, signal) => {
  process.exit(code ?? (signal ? 0 : 1));
});
