/**
 * `npm run bench`: measured figures, not assertions. Serves the built Worker in workerd on a freshly seeded database
 * and times the public event page: cache misses (full server render, cache-busting query) and edge-cache hits.
 * Figures are wall-clock times of the whole request over loopback, so they include wrangler's local proxy: the
 * Worker's own time is below them. The events home and the event dashboard (page and JSON) follow, each as a ratio
 * to the health endpoint's p50 (issue 10: the dashboard within 2× at 100,000 participants, `--large`), measured in turn
 * with the health endpoint, request by request, so that both see the same load on a shared machine. Then each kind
 * of page's JavaScript, gzipped, beside its budget (issue 8 §2), measured from the server-rendered HTML's module
 * scripts and modulepreloads. Last, bookings per minute on one event through the public booking API (many concurrent
 * buyers of a free ticket, more buyers than places) and a recount that must find no place sold twice.
 * After the dashboard, the after-sale figures (issue 11): the participants page (first page, a search, a sort on a hidden
 * column, the last page) against the health endpoint, check-ins of one participant in and out, and a 10,000-row CSV
 * import through the import API in the page's chunks, onto an event of its own with enough places, then a message to
 * those 10,000 participants through the queue (time to enqueue, time until all are delivered to the dev mailbox).
 * Last of all, Lighthouse (issue 14 §9) on the public event page and the booking flow, mobile settings, the median of
 * BENCH_LIGHTHOUSE_RUNS (3) runs per page with the load average (scripts/lib/lighthouse.ts); BENCH_LIGHTHOUSE_COLOR
 * (#rrggbb) and BENCH_LIGHTHOUSE_THEME (light|dark) set the audited event's colour and theme first (issue 14 §9: any
 * organizer colour).
 * `--weight` measures only the page weights, `--bookings` only the bookings, `--lighthouse` only Lighthouse,
 * `--messages` only the message to the import's participants (after the import), `--dates` only the 500-date twin
 * of the big event beside it (issue 30 §5, on the --large data; also part of a whole --large run), `--search` only the
 * participants search (issue 31 §4: a name, one email and an order number as `.data`, each against the health endpoint,
 * and their SQL alone on the database file; also part of a whole --large run). `--participants N` seeds the big event
 * with N participants instead of --large's 100,000 (`--search --participants 1000000`: the search at 1,000,000, beside
 * the figures at 100,000 the last --large or --search run kept in .wrangler/bench-search-figures.json).
 * BENCH_RUNS (200), BENCH_BOOKINGS (1,500 buyers), BENCH_STOCK (1,000 places), BENCH_CONCURRENCY (50).
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";
import { eventSlug } from "../domain/events/event-slug";
import { participantsUrl, readParticipantsFacts, runCheckIns, runImport } from "./lib/bench-after-sale";
import {
  type BookingBenchEvent,
  checkBookings,
  createBookingBenchEvent,
  runBookings,
  runHealthAtConcurrency,
} from "./lib/bench-bookings";
import { findLocalD1File } from "./lib/local-d1";
import { measureSearchSql, readSearchProbes, type SearchProbe } from "./lib/bench-search";
import { createMultiDateTwin, type DatedTwin } from "./lib/bench-dates";
import { allowBenchEmails, runMessageSend } from "./lib/bench-messages";
import { localVarArgs } from "./lib/dev-vars";
import { auditPages, prepareBookingFlow } from "./lib/lighthouse";
import { formatLighthouseLine, loadAverage } from "./lib/lighthouse-figures";
import { formatBudgetLine, kb, measurePageWeight, type PageKey, pageBudgets } from "./lib/page-weight";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 8789);
const persistTo = ".wrangler/bench-state";
const benchBuild = ".wrangler/bench-build";
const runs = Number(process.env.BENCH_RUNS ?? 200);
// `--dates` (issue 30 §5): only the 500-date twin beside the big event, on the --large data.
const datesOnly = process.argv.includes("--dates");
const searchOnly = process.argv.includes("--search");
const participantsFlag = process.argv.indexOf("--participants");
const participantCount =
  participantsFlag >= 0
    ? Number(process.argv[participantsFlag + 1])
    : process.argv.includes("--large") || datesOnly || searchOnly
      ? 100_000
      : 0;
if (!Number.isInteger(participantCount) || participantCount < 0)
  throw new Error("--participants expects a whole number");
const participants = participantCount > 0 ? ["--participants", String(participantCount)] : [];
const weightOnly = process.argv.includes("--weight");
const bookingsOnly = process.argv.includes("--bookings");
const lighthouseOnly = process.argv.includes("--lighthouse");
const messagesOnly = process.argv.includes("--messages");
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const bookingRequests = Number(process.env.BENCH_BOOKINGS ?? 1500);
const bookingStock = Number(process.env.BENCH_STOCK ?? 1000);
const bookingConcurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
// X_LOCAL_OBSERVABILITY: wrangler dev's local trace collector (a tail worker storing every invocation in SQLite inside
// the same workerd) is development tooling, not the Worker's own work; the bench runs without it unless asked.
const env = { X_LOCAL_OBSERVABILITY: "false", ...process.env, WRANGLER_SEND_METRICS: "false" };
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
  const otherCache: Record<string, number> = {};
  for (let i = 0; i < runs; i++) {
    const result = await time(makeUrl(i), init);
    if (result.status !== 200) throw new Error(`${label}: HTTP ${result.status}`);
    // Counted and said, not fatal: the other figures of the run are still worth having.
    if (expectCache && result.cache !== expectCache) {
      const key = String(result.cache);
      otherCache[key] = (otherCache[key] ?? 0) + 1;
    }
    times.push(result.ms);
  }
  for (const [cache, n] of Object.entries(otherCache))
    console.log(`${label}: ${n} of ${runs} answers had cache ${cache}, not ${expectCache}`);
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const p50 = percentile(times, 50);
  console.log(
    `${label.padEnd(34)} n=${runs}  p50 ${p50.toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms  mean ${mean.toFixed(1)} ms`,
  );
  return { p50 };
}

function ratioLine(label: string, p50: number, baseline: number) {
  return `${label.padEnd(34)} p50 ${p50.toFixed(1)} ms = ${(p50 / baseline).toFixed(2)}× the health endpoint's ${baseline.toFixed(1)} ms`;
}

type Probe = {
  label: string;
  url: string;
  init?: RequestInit;
  /** The URL of each request (a cache-busting query). */ urlOf?: (url: string) => string;
};

/**
 * The probes in turn, `runs` rounds of one request each, after 10 warm-up rounds, each printed like `series`. Taken
 * together, every probe sees the same machine load: on a shared machine, series run one after the other compare a
 * page measured in a busy minute with a baseline measured in a quiet one. The health endpoint is the first probe,
 * and every ratio is to its p50 of the same rounds.
 */
async function roundRobin(probes: Probe[]): Promise<Map<string, number>> {
  const times = new Map<string, number[]>(probes.map((probe) => [probe.label, []]));
  for (let round = -10; round < runs; round++) {
    for (const probe of probes) {
      const result = await time(probe.urlOf ? probe.urlOf(probe.url) : probe.url, probe.init);
      if (result.status !== 200) throw new Error(`${probe.label}: HTTP ${result.status}`);
      if (round >= 0) times.get(probe.label)!.push(result.ms);
    }
  }
  const p50s = new Map<string, number>();
  for (const probe of probes) {
    const sorted = times.get(probe.label)!.sort((a, b) => a - b);
    const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
    p50s.set(probe.label, percentile(sorted, 50));
    console.log(
      `${probe.label.padEnd(34)} n=${runs}  p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms  max ${sorted.at(-1)!.toFixed(1)} ms  mean ${mean.toFixed(1)} ms`,
    );
  }
  return p50s;
}

/**
 * A private copy of build/: on a shared machine someone may run `npm run build` meanwhile, and wrangler dev restarts
 * the Worker (failing requests in flight) when the build it serves changes.
 */
async function copyBuild(): Promise<string> {
  const source = resolve(root, "build");
  for (let i = 0; i < 60 && !existsSync(resolve(source, "server/wrangler.json")); i++) {
    if (i === 0) console.log("• waiting for build/server/wrangler.json (a build is running?)…");
    await new Promise((r) => setTimeout(r, 3000));
  }
  if (!existsSync(resolve(source, "server/wrangler.json"))) {
    console.error("build/server/wrangler.json is missing: run npm run build first.");
    process.exit(1);
  }
  const target = resolve(root, benchBuild);
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, { recursive: true });
  return resolve(target, "server/wrangler.json");
}

/** Single fetch's `_routes` parameter: the route ids whose loaders a client navigation asks for. */
function routesParam(routeIds: string[]): string {
  return encodeURIComponent(routeIds.join(","));
}

function withRoutes(url: string, routeIds: string[]): string {
  return `${url}${url.includes("?") ? "&" : "?"}_routes=${routesParam(routeIds)}`;
}

async function main() {
  const config = await copyBuild();
  rmSync(resolve(root, persistTo), { recursive: true, force: true });
  step("migrating a fresh database", "wrangler", [
    "d1",
    "migrations",
    "apply",
    "DB",
    "--local",
    "--config",
    "wrangler.toml",
    "--persist-to",
    persistTo,
  ]);
  const seedStart = performance.now();
  step(
    `seeding demo data${participantCount ? ` with ${participantCount.toLocaleString("en-US")} participants` : ""}`,
    "tsx",
    ["scripts/seed.ts", "--persist-to", persistTo, ...participants],
  );
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`• seeded in ${seedSeconds.toFixed(0)} s (load average ${loadAverage()})`);

  const client = createClient({ url: `file:${findLocalD1File(persistTo)}` });
  const { rows } = await client.execute(
    "select e.id, e.organization_id, e.title, (select count(*) from participants p where p.event_id = e.id) as participants from events e where e.status = 'published' and e.visibility = 'public' order by participants desc limit 1",
  );
  client.close();
  const bookingEvent = await createBookingBenchEvent(findLocalD1File(persistTo), bookingStock);
  // The import's own event: the same free-ticket shape with a place for every imported row.
  const importEvent = await createBookingBenchEvent(findLocalD1File(persistTo), importRows);
  // The import's participants then get a message each (issue 27): more than the default daily quota allows.
  await allowBenchEmails(findLocalD1File(persistTo), importEvent.eventId, 100_000);
  const event = rows[0];
  if (!event) throw new Error("no published public event in the seed");
  // Issue 30 §5: with --large, the big event's multi-date twin (500 dates, the same participants) to time beside it.
  const twin =
    participants.length && !searchOnly ? await createMultiDateTwin(findLocalD1File(persistTo), Number(event.id)) : null;
  const path = `/events/${event.id}/${eventSlug(String(event.title))}`;

  const server = spawn(
    process.execPath,
    [
      bin("wrangler"),
      "dev",
      "--config",
      config,
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
    // On a busy machine workerd can take a minute to start.
    let listening = false;
    for (let i = 0; i < 600 && !listening; i++) {
      try {
        listening = (await fetch(`${base}/api/health`)).ok;
      } catch {
        // Not listening yet.
      }
      if (!listening) await new Promise((r) => setTimeout(r, 300));
    }
    if (!listening) throw new Error(`wrangler dev did not answer on ${base} within 3 minutes`);
    if (!weightOnly && !bookingsOnly && !lighthouseOnly && !messagesOnly && !datesOnly && !searchOnly) {
      console.log(`\nPublic page ${path} (“${event.title}”, ${event.participants} participants)\n`);
      for (let i = 0; i < 20; i++) await time(`${base}${path}?warm=${i}`);
      await series("server render (edge-cache miss)", (i) => `${base}${path}?bench=${Date.now()}-${i}`, "MISS");
      await time(`${base}${path}`);
      await series("edge-cache hit", () => `${base}${path}`, "HIT");
      await series("health endpoint", () => `${base}/api/health`, null);
    }

    // The organizer's side on the same data: the owner's events home and this event's dashboard (SQL figures).
    const login = await fetch(`${base}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "owner@guichet.test", password: "guichet-demo-2026" }),
    });
    const token = (await login.json()) as string;
    const signedIn = { headers: { Cookie: `guichet_session=${token}` }, redirect: "manual" as const };
    if (lighthouseOnly) {
      await benchLighthouse(base, path, Number(event.id), token);
      return;
    }
    if (searchOnly) {
      await benchSearch(base, Number(event.id), signedIn, participantCount);
      return;
    }
    if (datesOnly && twin) {
      await benchDates(base, Number(event.id), String(event.title), twin, signedIn);
      return;
    }
    if (messagesOnly) {
      const imported = await runImport(base, importEvent.eventId, importEvent.ticketId, token, importRows);
      if (imported.firstError) throw new Error(`the import for the message failed: ${imported.firstError}`);
      await benchMessage(base, importEvent.eventId, token);
      return;
    }
    if (!weightOnly && !bookingsOnly) {
      console.log(
        `\nSigned-in pages, in turn with the health endpoint (the full HTML of each page; ${event.participants} participants on the dashboard's event)\n`,
      );
      const statsPath = `/api/dashboard/${event.organization_id}/events/${event.id}/stats`;
      const p50s = await roundRobin([
        { label: "health endpoint (baseline)", url: `${base}/api/health` },
        { label: "events home (signed in)", url: `${base}/`, init: signedIn },
        { label: "event dashboard page", url: `${base}/event/${event.id}`, init: signedIn },
        // What the app fetches to open the dashboard from the events home: the event area's frame and the dashboard
        // (the signed-in shell keeps its data, app/lib/frame-revalidation.ts).
        {
          label: "dashboard, from the events home (.data)",
          url: `${base}/event/${event.id}.data?_routes=${routesParam(["root", "routes/app/event/layout", "routes/app/event/dashboard"])}`,
          init: signedIn,
        },
        { label: "dashboard figures (JSON)", url: `${base}${statsPath}`, init: signedIn },
        // A signed-in call that reads one profile: what any API call costs before its own work (session, D1 hop).
        { label: "signed-in baseline (GET /api/me)", url: `${base}/api/me`, init: signedIn },
        // The smallest server render (no session, no D1, a 13 KB form): what React Router's SSR costs on its own here.
        { label: "sign-in page (smallest render)", url: `${base}/auth/login` },
      ]);
      const baseline = p50s.get("health endpoint (baseline)")!;
      console.log(`\nAgainst the health endpoint of the same rounds (goal ≤ 2×)\n`);
      for (const [label, p50] of p50s) if (!label.startsWith("health")) console.log(ratioLine(label, p50, baseline));
      await compareFigureReads(Number(event.id));
      await benchAfterSale(base, Number(event.id), token, signedIn, importEvent);
      if (participantCount) await benchSearch(base, Number(event.id), signedIn, participantCount);
      if (twin) await benchDates(base, Number(event.id), String(event.title), twin, signedIn);
    }
    if (bookingsOnly) {
      await benchBookings(base, bookingEvent);
      return;
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
    if (!weightOnly) {
      await benchBookings(base, bookingEvent);
      await benchLighthouse(base, path, Number(event.id), token);
    }
  } finally {
    server.kill("SIGTERM");
  }
}

/**
 * The SQL alone, on the same database file (SQLite in this process, no Worker): the dashboard's figure reads against
 * the aggregation over every order and participant that they replace.
 */
async function compareFigureReads(eventId: number) {
  const client = createClient({ url: `file:${findLocalD1File(persistTo)}` });
  const timed = async (statements: string[]) => {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      for (const statement of statements) await client.execute({ sql: statement, args: [eventId] });
      times.push(performance.now() - start);
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  };
  try {
    const figures = await timed([
      "select participants, orders, gross, net from sales_figures where event_id = ?1",
      "select day, participants from sales_figure_days where event_id = ?1 and participants > 0 order by day",
    ]);
    const recount = await timed([
      `select count(*), min(p.created_at) from participants p join orders o on o.id = p.order_id
       where p.event_id = ?1 and p.ticket_type = 'ticket' and o.status in ('paid', 'manual', 'pending')`,
      `select count(*), sum(amount), sum(net_amount) from orders where event_id = ?1 and status in ('paid', 'manual')`,
    ]);
    console.log(
      `\nSQL alone (SQLite, same file): figure rows p50 ${figures.toFixed(2)} ms, aggregating the rows p50 ${recount.toFixed(2)} ms`,
    );
  } finally {
    client.close();
  }
}

/** Issue 11's figures: the participants table on the big event, check-ins on it, and the CSV import's wall time. */
/**
 * Issue 30 §5: the multi-date twin's pages (500 dates, the same participants) beside the single-date event's, in
 * turn with the health endpoint: the dashboard (whole event and one date), the participants, orders and entries as
 * the app fetches them (.data; unfiltered, by date, a search), and the public page (a cache miss). Goal: each twin page
 * as fast as its single-date original.
 */
async function benchDates(base: string, eventId: number, title: string, twin: DatedTwin, signedIn: RequestInit) {
  const data = (path: string, route: string) => withRoutes(`${base}${path}`, ["root", route]);
  const byDate = (id: number) => encodeURIComponent(JSON.stringify([{ id: "date", value: [String(id)] }]));
  const pairs: { label: string; single: string; dated: string }[] = [
    {
      label: "dashboard (.data)",
      single: data(`/event/${eventId}.data`, "routes/app/event/dashboard"),
      dated: data(`/event/${twin.eventId}.data`, "routes/app/event/dashboard"),
    },
    {
      label: "participants, first page (.data)",
      single: data(`/event/${eventId}/participants.data`, "routes/app/event/participants"),
      dated: data(`/event/${twin.eventId}/participants.data`, "routes/app/event/participants"),
    },
    {
      label: "orders, first page (.data)",
      single: data(`/event/${eventId}/orders.data`, "routes/app/event/orders"),
      dated: data(`/event/${twin.eventId}/orders.data`, "routes/app/event/orders"),
    },
    {
      label: "entries, first page (.data)",
      single: data(`/event/${eventId}/entries.data`, "routes/app/event/entries"),
      dated: data(`/event/${twin.eventId}/entries.data`, "routes/app/event/entries"),
    },
    {
      label: "public page (cache miss)",
      single: `${base}/events/${eventId}/${eventSlug(title)}?bench=`,
      dated: `${base}/events/${twin.eventId}/${eventSlug(twin.title)}?bench=`,
    },
  ];
  console.log(
    `
Multi-date twin /event/${twin.eventId} (${twin.dateIds.length} dates, ${twin.participants} participants) ` +
      `beside /event/${eventId}, in turn with the health endpoint
`,
  );
  let bust = 0;
  const bustable = (url: string) => (url.endsWith("?bench=") ? `${url}${Date.now()}-${bust++}` : url);
  const p50s = await roundRobin([
    { label: "health endpoint (baseline)", url: `${base}/api/health` },
    ...pairs
      .flatMap((pair) => [
        { label: `single date: ${pair.label}`, url: pair.single, init: signedIn },
        { label: `500 dates: ${pair.label}`, url: pair.dated, init: signedIn },
      ])
      .map((probe) => ({ ...probe, urlOf: bustable })),
    {
      label: "500 dates: dashboard of one date (.data)",
      url: data(`/event/${twin.eventId}.data?date=${twin.middleDateId}`, "routes/app/event/dashboard"),
      init: signedIn,
    },
    {
      label: "500 dates: participants of one date (.data)",
      url: data(
        `/event/${twin.eventId}/participants.data?filters=${byDate(twin.middleDateId)}`,
        "routes/app/event/participants",
      ),
      init: signedIn,
    },
    {
      label: "500 dates: orders of one date (.data)",
      url: data(`/event/${twin.eventId}/orders.data?filters=${byDate(twin.middleDateId)}`, "routes/app/event/orders"),
      init: signedIn,
    },
  ]);
  const baseline = p50s.get("health endpoint (baseline)")!;
  console.log(`
Against the health endpoint of the same rounds, and the 500-date twin against its single-date original
`);
  for (const [label, p50] of p50s) if (!label.startsWith("health")) console.log(ratioLine(label, p50, baseline));
  for (const pair of pairs) {
    const single = p50s.get(`single date: ${pair.label}`)!;
    const dated = p50s.get(`500 dates: ${pair.label}`)!;
    console.log(`${`500 dates ÷ single: ${pair.label}`.padEnd(50)} ${(dated / single).toFixed(2)}×`);
  }
}

async function benchAfterSale(
  base: string,
  eventId: number,
  token: string,
  signedIn: RequestInit,
  importEvent: BookingBenchEvent,
) {
  const facts = await readParticipantsFacts(findLocalD1File(persistTo), eventId);
  const lastPage = Math.max(0, Math.ceil(facts.total / 10) - 1);
  const views = [
    { label: "participants: first page", url: participantsUrl(eventId, {}) },
    {
      label: "participants: search “dupont”",
      url: participantsUrl(eventId, { filters: [{ id: "search", value: "dupont" }] }),
    },
    {
      label: "participants: search one email",
      url: participantsUrl(eventId, { filters: [{ id: "search", value: facts.middleEmail }] }),
    },
    {
      label: "participants: sort created_at desc",
      url: participantsUrl(eventId, { sort: [{ id: "created_at", desc: true }] }),
    },
    { label: `participants: last page (${lastPage})`, url: participantsUrl(eventId, { page: lastPage }) },
  ];
  console.log(
    `\nParticipants page /event/${eventId}/participants (${facts.total} participants, 10 a page; the full HTML of a ` +
      `first visit, then the .data the app fetches), in turn with the health endpoint\n`,
  );
  // A search, a sort or another page in the table is a client navigation: the browser fetches the page's `.data` (its
  // own loader and the root's, the frames keep theirs: app/lib/frame-revalidation.ts), not the document, which only a
  // first visit or a reload of a copied URL asks for.
  const p50s = await roundRobin([
    { label: "health endpoint (baseline)", url: `${base}/api/health` },
    ...views.map((view) => ({ label: view.label, url: `${base}${view.url}`, init: signedIn })),
    ...views.map((view) => ({
      label: `${view.label}, in the app (.data)`,
      url: withRoutes(`${base}${view.url.replace("/participants", "/participants.data")}`, [
        "root",
        "routes/app/event/participants",
      ]),
      init: signedIn,
    })),
  ]);
  const baseline = p50s.get("health endpoint (baseline)")!;
  console.log(`\nAgainst the health endpoint of the same rounds (goal ≤ 2×)\n`);
  for (const [label, p50] of p50s) if (!label.startsWith("health")) console.log(ratioLine(label, p50, baseline));

  console.log(
    `\nCheck-ins: participant ${facts.participantId}, in then out alternately, one at a time (POST /api/events/${eventId}/check-ins)\n`,
  );
  const checkIns = await runCheckIns(base, eventId, facts.participantId, token, runs);
  const resultText = Object.entries(checkIns.results)
    .map(([result, n]) => `${result}×${n}`)
    .join("  ");
  const checkInP50 = percentile(checkIns.times, 50);
  console.log(
    `${"check-in".padEnd(34)} n=${runs}  p50 ${checkInP50.toFixed(1)} ms  p95 ${percentile(checkIns.times, 95).toFixed(1)} ms  max ${checkIns.times.at(-1)!.toFixed(1)} ms  ${resultText}`,
  );
  console.log(ratioLine("check-in", checkInP50, baseline));
  if (checkIns.firstError) console.log(`first unexpected answer            ${checkIns.firstError}`);

  console.log(
    `\nCSV import: ${importRows.toLocaleString("en-US")} rows onto event ${importEvent.eventId} (${importEvent.stock} places), the capacity check then the chunks in turn (POST /api/events/${importEvent.eventId}/participant-import)\n`,
  );
  const run = await runImport(base, importEvent.eventId, importEvent.ticketId, token, importRows);
  const chunkText = run.chunkMs.map((ms) => ms.toFixed(0)).join(", ");
  console.log(
    `${"import wall time".padEnd(34)} ${(run.wallMs / 1000).toFixed(2)} s for ${run.imported}/${run.rows} rows in ${run.chunks} chunks (goal ≤ 5 s); chunks ${chunkText} ms`,
  );
  if (run.firstError) console.log(`first unexpected answer            ${run.firstError}`);

  await benchMessage(base, importEvent.eventId, token);
}

/**
 * Issue 31 §4: the participants search (a name, one email, an order number of the event's middle participant) as the
 * app fetches it (`.data`), in turn with the health endpoint, then the same searches' SQL alone on the database file.
 * The figures are kept per size in .wrangler/bench-search-figures.json: a run at another size prints its p50s beside
 * the 100,000 ones (goal: at 1,000,000 within 1.2× of 100,000).
 */
async function benchSearch(base: string, eventId: number, signedIn: RequestInit, size: number) {
  const file = findLocalD1File(persistTo);
  const probes = await readSearchProbes(file, eventId);
  console.log(
    `\nParticipants search /event/${eventId}/participants.data (${size.toLocaleString("en-US")} participants), in turn with the health endpoint\n`,
  );
  const label = (probe: SearchProbe) => `search ${probe.label} (.data)`;
  const firstPage = "first page, no search (.data)";
  const p50s = await roundRobin([
    { label: "health endpoint (baseline)", url: `${base}/api/health` },
    // The same page without a search: what the search adds to it.
    {
      label: firstPage,
      url: withRoutes(`${base}/event/${eventId}/participants.data`, ["root", "routes/app/event/participants"]),
      init: signedIn,
    },
    ...probes.map((probe) => ({
      label: label(probe),
      url: withRoutes(
        `${base}${participantsUrl(eventId, { filters: [{ id: "search", value: probe.search }] }).replace("/participants", "/participants.data")}`,
        ["root", "routes/app/event/participants"],
      ),
      init: signedIn,
    })),
  ]);
  const baseline = p50s.get("health endpoint (baseline)")!;
  console.log(`\nAgainst the health endpoint of the same rounds (goal ≤ 2×; load average ${loadAverage()})\n`);
  console.log(ratioLine(firstPage, p50s.get(firstPage)!, baseline));
  for (const probe of probes)
    console.log(`${ratioLine(label(probe), p50s.get(label(probe))!, baseline)}  “${probe.search}”`);

  console.log(`\nThe same searches' SQL alone on the database file (listParticipants over libSQL, p50 of ${runs})\n`);
  const sqlFigures = await measureSearchSql(file, eventId, probes, runs);
  for (const figure of sqlFigures) {
    const total = figure.capped ? "more than 10,000" : figure.total.toLocaleString("en-US");
    console.log(`${`SQL: search ${figure.label}`.padEnd(34)} p50 ${figure.p50.toFixed(2)} ms  (${total} found)`);
  }

  const kept = readSearchFigures();
  kept[String(size)] = {
    at: new Date().toISOString(),
    load: loadAverage(),
    health: baseline,
    data: Object.fromEntries(probes.map((probe) => [probe.label, p50s.get(label(probe))!])),
    sql: Object.fromEntries(sqlFigures.map((figure) => [figure.label, figure.p50])),
  };
  writeFileSync(searchFiguresFile, JSON.stringify(kept, null, 2));
  const reference = kept["100000"];
  if (size !== 100_000 && reference) {
    console.log(
      `\nAt ${size.toLocaleString("en-US")} against 100,000 participants (kept ${reference.at}, load ${reference.load}; goal ≤ 1.2×)\n`,
    );
    for (const probe of probes) {
      const now = p50s.get(label(probe))!;
      const then = reference.data[probe.label];
      const sqlNow = sqlFigures.find((figure) => figure.label === probe.label)!.p50;
      const sqlThen = reference.sql[probe.label];
      if (then === undefined || sqlThen === undefined) continue;
      // The two runs were made at different times on a shared machine: each one's health endpoint tells how fast the
      // machine ran, so the fair figure is the ratio of their ratios to it.
      const againstHealth = now / baseline / (then / reference.health);
      console.log(
        `${`search ${probe.label}`.padEnd(34)} .data p50 ${now.toFixed(1)} ÷ ${then.toFixed(1)} ms = ${(now / then).toFixed(2)}×  ` +
          `(health ${baseline.toFixed(1)} ÷ ${reference.health.toFixed(1)} ms; against each run's health ${againstHealth.toFixed(2)}×)  ` +
          `SQL ${sqlNow.toFixed(2)} ÷ ${sqlThen.toFixed(2)} ms = ${(sqlNow / sqlThen).toFixed(2)}×`,
      );
    }
  } else if (size !== 100_000) {
    console.log("\nNo 100,000-participant figures kept yet: run `npm run bench -- --search` (or --large) first.");
  }
}

type SearchFigures = Record<
  string,
  { at: string; load: string; health: number; data: Record<string, number>; sql: Record<string, number> }
>;

const searchFiguresFile = resolve(root, ".wrangler/bench-search-figures.json");

function readSearchFigures(): SearchFigures {
  try {
    return JSON.parse(readFileSync(searchFiguresFile, "utf8")) as SearchFigures;
  } catch {
    return {};
  }
}

/** A message to every participant of the import's event through the queue (issue 27): enqueue, then delivery. */
async function benchMessage(base: string, eventId: number, token: string) {
  console.log(
    `\nMessage to attendees: every participant of event ${eventId}, through the queue into the dev mailbox (POST /api/events/${eventId}/messages/:id/send)\n`,
  );
  const message = await runMessageSend(base, eventId, token);
  console.log(
    `${"enqueue (the send call)".padEnd(34)} ${(message.enqueueMs / 1000).toFixed(2)} s for ${message.recipients.toLocaleString("en-US")} recipients`,
  );
  console.log(
    `${"deliver (until none waits)".padEnd(34)} ${(message.deliverMs / 1000).toFixed(2)} s: ${message.sent.toLocaleString("en-US")} sent, ${message.failed} failed (${Math.round((message.sent / Math.max(message.deliverMs, 1)) * 60_000).toLocaleString("en-US")} emails/minute)`,
  );
  if (message.firstError) console.log(`first unexpected answer            ${message.firstError}`);
}

/** Last: it gives the event a banner and books two orders on it, after every other figure was taken. */
async function benchLighthouse(base: string, path: string, eventId: number, ownerToken: string) {
  console.log(
    `\nLighthouse, mobile settings (simulated throttling), median of ${lighthouseRuns} runs per page (goal: performance ≥ 95, accessibility 100)\n`,
  );
  const flow = await prepareBookingFlow(base, path, eventId, ownerToken);
  for (const note of flow.notes) console.log(`  ${note}`);
  for (const page of flow.pages) console.log(`  ${page.name}: ${page.url.replace(base, "")}`);
  console.log(`  load average before: ${loadAverage()}\n`);
  await auditPages(flow.pages, lighthouseRuns, ({ page, median }) => {
    console.log(formatLighthouseLine(page.name, median, lighthouseRuns));
    if (median.failing.length > 0) console.log(`${"".padEnd(26)} below 1: ${median.failing.join(", ")}`);
  });
}

async function benchBookings(base: string, event: BookingBenchEvent) {
  console.log(
    `\nBookings on one event: ${bookingRequests} buyers of a free ticket with ${event.stock} places, ${bookingConcurrency} at a time (POST /api/public/events/${event.eventId}/orders)\n`,
  );
  // Warmed up on the event's public JSON: a warm-up booking would change the count.
  for (let i = 0; i < 10; i++) await fetch(`${base}/api/public/events/${event.eventId}`);
  const health = await runHealthAtConcurrency(base, { requests: 500, concurrency: bookingConcurrency });
  console.log(
    `health endpoint, same concurrency  ${Math.round(health.perMinute).toLocaleString("en-US")} requests/minute  p50 ${health.p50.toFixed(1)} ms  p95 ${health.p95.toFixed(1)} ms (this machine's ceiling now)`,
  );
  const run = await runBookings(base, event, { requests: bookingRequests, concurrency: bookingConcurrency });
  const ok = run.accepted.length;
  const perMinute = (ok / run.acceptedWallMs) * 60_000;
  const statusText = Object.entries(run.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join("  ");
  console.log(`answers                            ${statusText}  in ${(run.wallMs / 1000).toFixed(1)} s`);
  console.log(
    `accepted bookings                  ${ok}  →  ${Math.round(perMinute).toLocaleString("en-US")} bookings/minute (goal ≥ 5,000), ${(perMinute / health.perMinute).toFixed(2)} of the health endpoint's rate`,
  );
  if (ok > 0)
    console.log(
      `latency of accepted bookings       p50 ${percentile(run.accepted, 50).toFixed(1)} ms  p95 ${percentile(run.accepted, 95).toFixed(1)} ms  max ${run.accepted.at(-1)!.toFixed(1)} ms`,
    );
  console.log(
    `latency of every answer            p50 ${percentile(run.all, 50).toFixed(1)} ms  p95 ${percentile(run.all, 95).toFixed(1)} ms  max ${run.all.at(-1)!.toFixed(1)} ms`,
  );
  if (run.firstError) console.log(`first unexpected answer            ${run.firstError}`);
  const check = await checkBookings(findLocalD1File(persistTo), event);
  const oversold = check.purchased > event.stock || check.participants > event.stock;
  console.log(
    `recount                            purchased ${check.purchased}/${event.stock}, participants ${check.participants}, paid orders ${check.paidOrders}, unexpired holds ${check.heldUnexpired}, figures ${check.figuresParticipants ?? 0} participants / ${check.figuresOrders ?? 0} orders`,
  );
  const consistent =
    check.participants === ok &&
    check.paidOrders === ok &&
    check.purchased === ok &&
    check.figuresParticipants === ok &&
    check.figuresOrders === ok;
  console.log(
    oversold
      ? `OVERSOLD: ${check.purchased} places taken out of ${event.stock}`
      : `no oversell${consistent ? "; accepted bookings, rows and sales figures agree" : "; ROWS AND ANSWERS DISAGREE"}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
