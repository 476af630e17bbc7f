/**
 * `npm start`: builds the app, migrates and (when empty) seeds the local D1 database in .wrangler/state, then serves
 * the build in workerd with `wrangler dev` on PORT (8787 by default) with the development vars (wrangler.toml holds
 * production values). Works offline.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { cronIsDue, readCrons } from "./lib/cron-schedule";
import { formatDemoLogins } from "./lib/demo-logins";
import { isStartupError, presentServerLine } from "./lib/dev-server-output";
import { ensureDevVarsFile, localVarArgs } from "./lib/dev-vars";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 8787);
const url = `http://localhost:${port}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", FORCE_COLOR: "0" };
// VERBOSE=1 npm start shows every tool's whole output, as before.
const verbose = Boolean(process.env.VERBOSE);

if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`PORT must be a TCP port number, got ${JSON.stringify(process.env.PORT)}.`);
  process.exit(1);
}

/** Runs a package binary from node_modules/.bin with the Node running this script (the project's Node 24). */
function binArgs(name: string, args: string[]): string[] {
  return [realpathSync(resolve(root, "node_modules/.bin", name)), ...args];
}

/** Runs one step quietly: its output is shown only when it fails (or with VERBOSE=1); `summary` picks what to add. */
function runStep(label: string, name: string, args: string[], summary?: (output: string) => string | undefined) {
  const started = Date.now();
  process.stdout.write(`▶ ${label}…\n`);
  const result = spawnSync(process.execPath, binArgs(name, args), {
    cwd: root,
    env,
    stdio: ["ignore", verbose ? "inherit" : "pipe", verbose ? "inherit" : "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (!verbose) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
  const extra = verbose ? undefined : summary?.(`${result.stdout ?? ""}${result.stderr ?? ""}`);
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)${extra ? ` — ${extra}` : ""}`);
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

/** wrangler dev never fires the Worker's crons: fire each one when due, as Cloudflare would. */
function fireCronsLocally() {
  const crons = readCrons(readFileSync(resolve(root, "wrangler.toml"), "utf8"));
  let lastMinute = -1;
  const timer = setInterval(() => {
    const now = new Date();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute === lastMinute) return;
    lastMinute = minute;
    for (const cron of crons.filter((expression) => cronIsDue(expression, now))) {
      fetch(`${url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`, {
        signal: AbortSignal.timeout(60_000),
      }).catch((error: unknown) => console.error(`✖ cron "${cron}" could not be fired: ${String(error)}`));
    }
  }, 5_000);
  timer.unref();
}

try {
  await fetch(url, { signal: AbortSignal.timeout(2_000) });
  console.error(`✖ Something already answers on ${url}: stop it, or choose another port with PORT=8788 npm start.`);
  process.exit(1);
} catch {
  // the port is free
}

const devVars = ensureDevVarsFile(root, url);
if (devVars === "written") console.log("✔ Wrote .dev.vars with the development values");
if (devVars === "updated") console.log(`✔ .dev.vars now points APP_URL at ${url}`);
runStep("Building the app", "react-router", ["build"]);
runStep(
  "Applying database migrations (.wrangler/state)",
  "wrangler",
  ["d1", "migrations", "apply", "DB", "--local"],
  (output) => {
    const count = /About to apply (\d+) migration/.exec(output)?.[1];
    return count ? `${count} applied` : "up to date";
  },
);
runStep("Seeding demo data if the database is empty", "tsx", ["scripts/seed.ts", "--if-empty"], (output) =>
  /^Seeded .*$/m.test(output) ? "demo data added" : "kept the existing data",
);

console.log(`▶ Starting the server on port ${port}…`);
const server = spawn(
  process.execPath,
  binArgs("wrangler", [
    "dev",
    "--port",
    String(port),
    "--show-interactive-dev-session=false",
    "--test-scheduled",
    ...localVarArgs(url),
  ]),
  { cwd: root, env, stdio: ["ignore", verbose ? "inherit" : "pipe", verbose ? "inherit" : "pipe"] },
);

let ready = false;
const startupOutput: string[] = [];
for (const stream of [server.stdout, server.stderr]) {
  if (!stream) continue;
  createInterface({ input: stream }).on("line", (line) => {
    if (!ready) {
      startupOutput.push(line);
      if (isStartupError(line)) console.error(line);
      return;
    }
    const shown = presentServerLine(line);
    if (shown !== null) console.log(shown);
  });
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on("exit", (code, signal) => {
  if (!ready && !verbose) process.stderr.write(`${startupOutput.join("\n")}\n`);
  process.exit(code ?? (signal ? 0 : 1));
});

if (await waitForHealth(Date.now() + 60_000)) {
  ready = true;
  fireCronsLocally();
  const rule = "─".repeat(72);
  console.log(
    `\n${rule}\n  Guichet is running at ${url}\n\n  Demo logins:\n${formatDemoLogins()}\n\n` +
      `  Emails land in the dev mailbox: ${url}/dev/mailbox\n` +
      `  Payments run in demo mode while STRIPE_SECRET_KEY is unset: a labelled checkout page, no card needed.\n` +
      `  Crons (scheduled messages and reminders, waiting-list offers, release of expired holds, payouts, daily purge) fire here on their schedule.\n\n` +
      `  Stop with Ctrl+C. VERBOSE=1 npm start shows every tool's whole output.\n${rule}\n`,
  );
} else if (server.exitCode === null) {
  if (!verbose) process.stderr.write(`${startupOutput.join("\n")}\n`);
  console.error(`\n✖ The server did not answer ${url}/api/health within 60 s.`);
  server.kill("SIGTERM");
}
