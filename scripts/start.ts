/**
 * `npm start`: builds the app, migrates and (when empty) seeds the local D1 database in .wrangler/state, then serves
 * the build in workerd with `wrangler dev` on PORT (8787 by default) with the development vars (wrangler.toml holds
 * production values). Works offline.
 */
import { spawn, spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { formatDemoLogins } from "./lib/demo-logins";
import { ensureDevVarsFile, localVarArgs } from "./lib/dev-vars";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 8787);
const url = `http://localhost:${port}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`PORT must be a TCP port number, got ${JSON.stringify(process.env.PORT)}.`);
  process.exit(1);
}

/** Runs a package binary from node_modules/.bin with the Node running this script (the project's Node 24). */
function binArgs(name: string, args: string[]): string[] {
  return [realpathSync(resolve(root, "node_modules/.bin", name)), ...args];
}

function runStep(label: string, name: string, args: string[]) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, binArgs(name, args), {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function waitForHealth(deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) return false;
    await new Promise((done) => setTimeout(done, 300));
  }
  return false;
}

if (ensureDevVarsFile(root, "http://localhost:8787")) console.log("\n✔ Wrote .dev.vars with the development values");
runStep("Building the app", "react-router", ["build"]);
runStep("Applying database migrations (.wrangler/state)", "wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
runStep("Seeding demo data if the database is empty", "tsx", ["scripts/seed.ts", "--if-empty"]);

console.log(`\n▶ Starting the server on port ${port}`);
const server = spawn(
  process.execPath,
  binArgs("wrangler", ["dev", "--port", String(port), "--show-interactive-dev-session=false", ...localVarArgs(url)]),
  { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] },
);

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

if (await waitForHealth(Date.now() + 60_000)) {
  const rule = "─".repeat(72);
  console.log(
    `\n${rule}\n  Guichet is running at ${url}\n\n  Demo logins:\n${formatDemoLogins()}\n\n  Stop with Ctrl+C.\n${rule}\n`,
  );
} else if (server.exitCode === null) {
  console.error(`\n✖ The server did not answer ${url}/api/health within 60 s.`);
  server.kill("SIGTERM");
}
