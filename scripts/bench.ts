/**
 * `npm run bench`: measured figures, not assertions. Serves the built Worker in workerd on a freshly seeded database
 * and times the public event page: cache misses (full server render, cache-busting query) and edge-cache hits.
 * Figures are wall-clock times of the whole request over loopback, so they include wrangler's local proxy: the
 * Worker's own time is below them. Then each kind of page's JavaScript, gzipped, beside its budget (issue 8 §2),
 * measured from the server-rendered HTML's module scripts and modulepreloads. `--weight` measures only that.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, realpathSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";
import { eventSlug } from "../domain/events/event-slug";
import { findLocalD1File } from "./lib/local-d1";
import { localVarArgs } from "./lib/dev-vars";
import { formatBudgetLine, kb, measurePageWeight, type PageKey, pageBudgets } from "./lib/page-weight";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 8789);
const persistTo = ".wrangler/bench-state";
const runs = Number(process.env.BENCH_RUNS ?? 200);
const participants = process.argv.includes("--large") ? ["--participants", "100000"] : [];
const weightOnly = process.argv.includes("--weight");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
const bin = (name: string) => realpathSync(resolve(root, "node_modules/.bin", name));

function step(label: string, name: string, args: string[]) {
  process.stdout.write(`• ${label}… `);
  const result = spawnSync(process.execPath, [bin(name), ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`${label} failed`);
  console.log("done");
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(url: string, init?: RequestInit) {
  const start = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status, cache: response.headers.get("X-Guichet-Cache") };
}

async function series(label: string, makeUrl: (i: number) => string, expectCache: string | null, init?: RequestInit) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await time(makeUrl(i), init);
    if (result.status !== 200) throw new Error(`${label}: HTTP ${result.status}`);
    if (expectCache && result.cache !== expectCache)
      throw new Error(`${label}: expected cache ${expectCache}, got ${result.cache}`);
    times.push(result.ms);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `${label.padEnd(34)} n=${runs}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms  mean ${mean.toFixed(1)} ms`,
  );
}

async function main() {
  if (!existsSync(resolve(root, "build/server/wrangler.json"))) {
    console.error("build/server/wrangler.json is missing: run npm run build first.");
    process.exit(1);
  }
  rmSync(resolve(root, persistTo), { recursive: true, force: true });
  step("migrating a fresh database", "wrangler", [
    "d1",
    "migrations",
    "apply",
    "DB",
    "--local",
    "--persist-to",
    persistTo,
  ]);
  step(`seeding demo data${participants.length ? " with 100,000 participants" : ""}`, "tsx", [
    "scripts/seed.ts",
    "--persist-to",
    persistTo,
    ...participants,
  ]);

  const client = createClient({ url: `file:${findLocalD1File(persistTo)}` });
  const { rows } = await client.execute(
    "select e.id, e.title, (select count(*) from participants p where p.event_id = e.id) as participants from events e where e.status = 'published' and e.visibility = 'public' order by participants desc limit 1",
  );
  client.close();
  const event = rows[0];
  if (!event) throw new Error("no published public event in the seed");
  const path = `/events/${event.id}/${eventSlug(String(event.title))}`;

  const server = spawn(
    process.execPath,
    [
      bin("wrangler"),
      "dev",
      "--port",
      String(port),
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      ...localVarArgs(`http://localhost:${port}`),
    ],
    {
      cwd: root,
      env,
      stdio: "ignore",
    },
  );
  try {
    const base = `http://localhost:${port}`;
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    if (!weightOnly) {
      console.log(`\nPublic page ${path} (“${event.title}”, ${event.participants} participants)\n`);
      for (let i = 0; i < 20; i++) await time(`${base}${path}?warm=${i}`);
      await series("server render (edge-cache miss)", (i) => `${base}${path}?bench=${Date.now()}-${i}`, "MISS");
      await time(`${base}${path}`);
      await series("edge-cache hit", () => `${base}${path}`, "HIT");
      await series("health endpoint (baseline)", () => `${base}/api/health`, null);
    }

    // The organizer's side on the same data: the owner's events home and this event's dashboard (SQL figures).
    const login = await fetch(`${base}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "owner@guichet.test", password: "guichet-demo-2026" }),
    });
    const token = (await login.json()) as string;
    const signedIn = { headers: { Cookie: `guichet_session=${token}` }, redirect: "manual" as const };
    if (!weightOnly) {
      console.log("");
      await series("events home (signed in)", () => `${base}/`, null, signedIn);
      await series(`event dashboard /event/${event.id}`, () => `${base}/event/${event.id}`, null, signedIn);
    }

    const pages: Record<PageKey, { path: string; init?: RequestInit }> = {
      "public-event": { path },
      login: { path: "/auth/login" },
      home: { path: "/", init: signedIn },
      "event-dashboard": { path: `/event/${event.id}`, init: signedIn },
      "event-editor": { path: `/event/update/${event.id}`, init: signedIn },
    };
    console.log("\nJavaScript per page, gzipped (module scripts and modulepreloads of the server-rendered HTML)\n");
    let overBudget = 0;
    for (const budget of pageBudgets) {
      const page = pages[budget.key];
      const weight = await measurePageWeight(`${base}${page.path}`, page.init);
      if (kb(weight.gzipBytes) > budget.budgetKb) overBudget++;
      console.log(
        `${formatBudgetLine(budget.name, weight.gzipBytes, budget.budgetKb)}  ${weight.files.length} files  ${page.path}`,
      );
    }
    console.log(overBudget ? `\n${overBudget} page(s) over budget` : "\nEvery page within its budget");
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
