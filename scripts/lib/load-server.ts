import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { localVarArgs, localVars } from "./dev-vars";

/*
 * The server side of `npm run load`, the way `npm run bench` does it: a private copy of build/ (someone else's build
 * must not restart the Worker mid-run), a fresh persist directory with every migration applied, and `wrangler dev` on
 * loopback serving the built Worker with the development variables (demo checkout, dev mailbox, local queue).
 */

const SOURCES = ["app", "domain", "workers", "db", "adapters", "public", "migrations"];
const SOURCE_FILES = ["wrangler.toml", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** build/ is fresh when it was written after the last change to anything it is built from. */
export function buildState(root: string): { exists: boolean; fresh: boolean; builtAt: number; sourcesAt: number } {
  const marker = resolve(root, "build/server/wrangler.json");
  const builtAt = statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sourcesAt = Math.max(...[...SOURCES, ...SOURCE_FILES].map((name) => newestMtime(resolve(root, name))));
  return { exists: builtAt > 0, fresh: builtAt > 0 && builtAt >= sourcesAt, builtAt, sourcesAt };
}

const bin = (root: string, name: string) => realpathSync(resolve(root, "node_modules/.bin", name));

/** Runs a node_modules binary with Node 24 (this process's), its output to `log`; throws with the log's path on failure. */
export function runTool(root: string, name: string, args: string[], env: NodeJS.ProcessEnv, log: string): void {
  mkdirSync(dirname(log), { recursive: true });
  const out = openSync(log, "w");
  const result = spawnSync(process.execPath, [bin(root, name), ...args], {
    cwd: root,
    env,
    stdio: ["ignore", out, out],
  });
  if (result.status !== 0) throw new Error(`${name} ${args.join(" ")} failed: see ${log}`);
}

/** A private copy of build/ (waiting a while for a build someone else is running), returning its wrangler.json. */
export async function copyBuild(root: string, target: string): Promise<string> {
  const source = resolve(root, "build");
  for (let i = 0; i < 40 && !existsSync(resolve(source, "server/wrangler.json")); i++) {
    if (i === 0) console.log("• waiting for build/server/wrangler.json (a build is running?)…");
    await new Promise((r) => setTimeout(r, 3000));
  }
  if (!existsSync(resolve(source, "server/wrangler.json"))) throw new Error("build/server/wrangler.json is missing");
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, { recursive: true });
  return resolve(target, "server/wrangler.json");
}

/**
 * A fresh database in `persistTo`: every migration applied to an empty local D1. `wrangler d1 migrations apply` starts
 * its own workerd (half a minute to a minute and a half on a busy 2-core machine), so its result is kept once per set
 * of migrations under `templates/<hash>` and copied from there on the next runs. Returns whether it was copied.
 */
export function freshMigratedState(
  root: string,
  options: { persistTo: string; templates: string; env: NodeJS.ProcessEnv; log: string },
): boolean {
  const hash = createHash("sha256");
  hash.update(readFileSync(resolve(root, "node_modules/wrangler/package.json")));
  hash.update(readFileSync(resolve(root, "wrangler.toml")));
  const migrations = resolve(root, "migrations");
  for (const name of readdirSync(migrations)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    hash.update(name);
    hash.update(readFileSync(join(migrations, name)));
  }
  const template = resolve(options.templates, hash.digest("hex").slice(0, 16));
  const target = resolve(root, options.persistTo);
  rmSync(target, { recursive: true, force: true });
  if (existsSync(template)) {
    cpSync(template, target, { recursive: true });
    return true;
  }
  runTool(
    root,
    "wrangler",
    ["d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml", "--persist-to", options.persistTo],
    options.env,
    options.log,
  );
  const partial = `${template}.partial-${process.pid}`;
  rmSync(options.templates, { recursive: true, force: true });
  cpSync(target, partial, { recursive: true });
  renameSync(partial, template);
  return false;
}

export type LoadServer = { base: string; process: ChildProcess; stop: () => void };

/**
 * `wrangler dev` of the copied build on 127.0.0.1:`port`, in its own process group (stopped with its workerd children),
 * output to `log`. Resolves once the health endpoint answers, within `timeoutMs`.
 */
export async function startServer(
  root: string,
  options: {
    config: string;
    port: number;
    persistTo: string;
    env: NodeJS.ProcessEnv;
    log: string;
    timeoutMs: number;
    /** wrangler dev's DevTools inspector on, as its command line always has it (load-worker.ts says what it costs). */
    inspector?: boolean;
  },
): Promise<LoadServer> {
  const base = `http://127.0.0.1:${options.port}`;
  const out = openSync(options.log, "w");
  const args = options.inspector
    ? [
        bin(root, "wrangler"),
        "dev",
        "--config",
        options.config,
        "--ip",
        "127.0.0.1",
        "--port",
        String(options.port),
        "--persist-to",
        options.persistTo,
        "--show-interactive-dev-session=false",
        ...localVarArgs(base),
      ]
    : [
        bin(root, "tsx"),
        resolve(root, "scripts/lib/load-worker.ts"),
        options.config,
        String(options.port),
        options.persistTo,
        JSON.stringify(localVars(base)),
      ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: options.env,
    stdio: ["ignore", out, out],
    detached: true,
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  const stop = () => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })).ok)
        return { base, process: child, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  stop();
  throw new Error(
    exited
      ? `wrangler dev exited before answering: see ${options.log}`
      : `wrangler dev did not answer on ${base} within ${options.timeoutMs / 1000} s: see ${options.log}`,
  );
}
