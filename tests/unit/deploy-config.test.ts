/**
 * What `wrangler deploy` would upload is safe as committed (docs/decisions/0006-production-defaults.md): the Worker
 * that `wrangler deploy --dry-run` bundles from the build, run in workerd (Miniflare) with the vars the build
 * deploys — wrangler.toml's top-level ones — on a migrated local D1, answers nothing but its start-up error until
 * SESSION_SECRET is set, then hides /dev/*. Controls in the same run show it is the configuration that refuses: the same bundle
 * with a secret serves the link, and with development vars serves the dev mailbox, on a loopback host only.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Miniflare, V4MiniflareOptions } from "miniflare";
import { parse as parseToml } from "smol-toml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicEventPath } from "#domain/events/private-event-link";

const root = resolve(import.meta.dirname, "../..");
const builtConfigPath = resolve(root, "build/server/wrangler.json");
const EVENT_TITLE = "Soirée privée des bénévoles";

type DeployedConfig = {
  vars: Record<string, string>;
  compatibility_date: string;
  compatibility_flags: string[];
  d1_databases: { binding: string; database_id: string }[];
  r2_buckets: { binding: string; bucket_name: string }[];
  queues: { producers: { binding: string; queue: string }[] };
};

/** Runs a package binary with the project's Node, as the npm scripts do. */
function run(bin: string, args: string[], extraEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [realpathSync(resolve(root, "node_modules/.bin", bin)), ...args], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code) =>
      code === 0 ? done() : fail(new Error(`${bin} ${args.join(" ")} failed (${code}):\n${output}`)),
    );
  });
}

function jsFilesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js"))
    .map((name) => join(directory, name));
}

type MiniflareModule = typeof import("miniflare");

/** Miniflare from the wrangler this project deploys with, so the runtime matches `wrangler dev`/`deploy`. */
async function loadMiniflare(): Promise<MiniflareModule> {
  const fromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler/package.json"));
  return (await import(pathToFileURL(fromWrangler.resolve("miniflare")).href)) as MiniflareModule;
}

let workdir: string;
let deployed: DeployedConfig;
let committedVars: Record<string, unknown>;
let modules: string[];
let miniflare: MiniflareModule;
let eventId: number;
/** The deployed Worker as committed, the same with SESSION_SECRET set, and with development vars. */
const workers: Partial<Record<"production" | "withSecret" | "development", Miniflare>> = {};
const SESSION_SECRET = "deploy-config-test-secret-0123456789";

async function migrateAndSeed(mf: Miniflare): Promise<number> {
  const db = await mf.getD1Database("DB");
  const migrations = readdirSync(resolve(root, "migrations"))
    .filter((name) => name.endsWith(".sql"))
    .sort();
  for (const name of migrations) {
    const sql = readFileSync(resolve(root, "migrations", name), "utf8");
    for (const statement of sql
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean)) {
      await db.prepare(statement).run();
    }
  }
  const organization = await db
    .prepare("insert into organizations (title, title_key) values (?, ?) returning id")
    .bind("Les Nuits Sonores", "les nuits sonores")
    .first<{ id: number }>();
  const event = await db
    .prepare(
      "insert into events (organization_id, title, status, visibility, start_at, published_at) values (?, ?, 'published', 'private', ?, ?) returning id",
    )
    .bind(organization!.id, EVENT_TITLE, Date.now() + 30 * 86_400_000, Date.now())
    .first<{ id: number }>();
  return event!.id;
}

beforeAll(async () => {
  // `npm test` builds first; run alone on a fresh clone, this test builds once itself — as `npm run build` does, in
  // production mode: vitest sets NODE_ENV=test, which would give development React bundles over the page budgets.
  if (!existsSync(builtConfigPath)) await run("react-router", ["build"], { NODE_ENV: "production" });
  workdir = mkdtempSync(join(tmpdir(), "guichet-deploy-"));
  const outdir = join(workdir, "bundle");
  [, miniflare] = await Promise.all([run("wrangler", ["deploy", "--dry-run", "--outdir", outdir]), loadMiniflare()]);
  committedVars = (parseToml(readFileSync(resolve(root, "wrangler.toml"), "utf8")) as { vars: Record<string, unknown> })
    .vars;
  modules = jsFilesUnder(outdir).sort((a, b) => Number(b.endsWith("/index.js")) - Number(a.endsWith("/index.js")));
  deployed = JSON.parse(readFileSync(builtConfigPath, "utf8")) as DeployedConfig;

  // Each Worker gets its own D1, migrated from migrations/ and seeded with one published private event.
  workers.production = start("production", {});
  workers.withSecret = start("with-secret", { SESSION_SECRET });
  workers.development = start("development", { ENVIRONMENT: "development" });
  const ids = await Promise.all(Object.values(workers).map(migrateAndSeed));
  expect(new Set(ids).size).toBe(1);
  eventId = ids[0]!;
}, 240_000);

afterAll(async () => {
  await Promise.all(Object.values(workers).map((mf) => mf.dispose()));
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

/** The bundled Worker with the deployed bindings; `vars` are laid over the deployed ones. */
function start(name: string, vars: Record<string, string>): Miniflare {
  // Miniflare 5 still reads the familiar (v4) option shape through its converter.
  const options: V4MiniflareOptions = {
    resourcePersistencePath: join(workdir, `state-${name}`),
    modulesRoot: join(workdir, "bundle"),
    modules: modules.map((path) => ({ type: "ESModule" as const, path })),
    compatibilityDate: deployed.compatibility_date,
    compatibilityFlags: deployed.compatibility_flags,
    bindings: { ...deployed.vars, ...vars },
    d1Databases: Object.fromEntries(deployed.d1_databases.map((d) => [d.binding, d.database_id])),
    r2Buckets: deployed.r2_buckets.map((r) => r.binding),
    queueProducers: Object.fromEntries(deployed.queues.producers.map((q) => [q.binding, { queueName: q.queue }])),
    // Offline: no fetch of the Request.cf object from workers.cloudflare.com.
    cf: false,
  };
  return new miniflare.Miniflare(miniflare.convertV4MiniflareOptions(options));
}

function privateLink(env: { ENVIRONMENT?: string; SESSION_SECRET?: string }): string {
  return publicEventPath(env, { id: eventId, title: EVENT_TITLE, visibility: "private", privateLinkVersion: 0 });
}

describe("the configuration wrangler deploys", () => {
  it("ships wrangler.toml's top-level production vars, with no secret among them", () => {
    expect(deployed.vars).toEqual(committedVars);
    expect(deployed.vars.ENVIRONMENT).toBe("production");
    expect(Object.keys(deployed.vars)).not.toContain("SESSION_SECRET");
  });

  it("has no /dev route, even on a loopback host", async () => {
    for (const path of ["/dev/mailbox", "/dev/mailbox.json?to=owner@guichet.test"]) {
      for (const origin of ["http://localhost", "http://127.0.0.1", "https://billetterie.example.org"]) {
        const response = await workers.withSecret!.dispatchFetch(`${origin}${path}`);
        expect(response.status, `${origin}${path}`).toBe(404);
        expect(await response.text()).not.toMatch(/boîte de réception|mailbox/i);
      }
    }
  });

  it("fails at start-up without SESSION_SECRET: every request, private links included, gets one clear message", async () => {
    const links = [privateLink({ ENVIRONMENT: "development" }), privateLink({ SESSION_SECRET: "a-guessed-secret" })];
    for (const path of ["/", "/api/health", "/auth/login", "/dev/mailbox.json", ...links]) {
      const response = await workers.production!.dispatchFetch(`https://billetterie.example.org${path}`);
      expect(response.status, path).toBe(500);
      const text = await response.text();
      expect(text, path).toContain("SESSION_SECRET is not set");
      expect(text, path).not.toContain(EVENT_TITLE);
    }
  });

  it("ships public/_headers with the static assets", () => {
    expect(readFileSync(resolve(root, "build/client/_headers"), "utf8")).toBe(
      readFileSync(resolve(root, "public/_headers"), "utf8"),
    );
  });

  it("serves the private link once SESSION_SECRET is set, and only with that secret", async () => {
    const mf = workers.withSecret!;
    const good = await mf.dispatchFetch(`https://billetterie.example.org${privateLink({ SESSION_SECRET })}`);
    expect(good.status).toBe(200);
    expect(await good.text()).toContain(EVENT_TITLE);
    const devLink = await mf.dispatchFetch(
      `https://billetterie.example.org${privateLink({ ENVIRONMENT: "development" })}`,
    );
    expect(devLink.status).toBe(404);
    expect((await mf.dispatchFetch("http://localhost/dev/mailbox.json")).status).toBe(404);
  });

  it("opens the dev mailbox only with development vars and on a loopback host", async () => {
    const mf = workers.development!;
    for (const origin of ["http://localhost:8787", "http://127.0.0.1:8787", "http://[::1]:8787"]) {
      expect((await mf.dispatchFetch(`${origin}/dev/mailbox.json`)).status, origin).toBe(200);
    }
    for (const origin of [
      "http://192.168.1.20:8787",
      "https://billetterie.example.org",
      "http://localhost.example.org",
    ]) {
      expect((await mf.dispatchFetch(`${origin}/dev/mailbox.json`)).status, origin).toBe(404);
    }
  });
});
