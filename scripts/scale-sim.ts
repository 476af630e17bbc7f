/**
 * `npm run scale-sim`: the load simulation of docs/decisions/0027-scale-plan.md. Measured figures, not assertions
 * (except the invariant checks, which fail the run).
 *
 * Serves the scale prototype (scale/wrangler.toml: the app's schema in its own local D1, one `EventInventory`
 * Durable Object per event, a queue writing the objects' orders into D1) with local wrangler dev on loopback, then
 * fires the same on-sale rush at two designs in the same run:
 *   - "D1"  today's path: the app's `placeOrder`, one guarded D1 batch per order (POST /d1/events/:id/orders);
 *   - "DO"  the event's Durable Object answers from memory + its SQLite, D1 gets the order through the queue.
 * Scenario 1: one hot event. Scenario 2: N hot events at once (one D1 database for all of them against one object per
 * event). Each event: three tickets (200 free, 200 at 25 €, 150 at 15 €), capacity 500, a promo code of 50 uses
 * (100 % off the 25 € ticket), more buyers than places. After each run: reservations per minute, p50/p95, the CPU the
 * wrangler/workerd processes spent per request, the time until D1 holds every order (the DO path's queue drained), and
 * the invariants (no ticket, capacity or promo code oversold; D1 and the object agree). Then a hold-expiry check.
 *
 * Before the rush, in Node (libSQL on a copy of the same database, no server): the database time of one booking
 * today (the app's placeOrder, its two batches timed), and of one order written by the queue consumer in a batch:
 * what a single-threaded D1 database spends per order in each design.
 *
 * SCALE_PORT (8841), SCALE_PERSIST (.wrangler/scale-state), SCALE_BUYERS (3000), SCALE_EVENTS (4),
 * SCALE_CONCURRENCY (50). Local workerd runs the Worker, every Durable Object, D1 and the queue on ONE thread: see the
 * decision for what that can and cannot show.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import * as v from "valibot";
import { createLibsqlDatabase } from "../db/libsql";
import { placeOrderBodySchema } from "../domain/booking/order-input-schema";
import { placeOrder } from "../domain/booking/place-order";
import { planOrder } from "../domain/booking/plan-order";
import type { InventoryMessage } from "../scale/src/messages";
import { writeOrders } from "../scale/src/orders-writer";
import { findLocalD1File } from "./lib/local-d1";

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.SCALE_PORT ?? 8841);
const persistTo = resolve(root, process.env.SCALE_PERSIST ?? ".wrangler/scale-state");
const buyers = Number(process.env.SCALE_BUYERS ?? 3000);
const hotEvents = Number(process.env.SCALE_EVENTS ?? 4);
const concurrency = Number(process.env.SCALE_CONCURRENCY ?? 50);
const base = `http://127.0.0.1:${port}`;
// wrangler resolves the config's `tsconfig` from its working directory: it runs inside scale/.
const scaleDir = resolve(root, "scale");
const config = resolve(scaleDir, "wrangler.toml");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", X_LOCAL_OBSERVABILITY: "false" };
const TICKETS = [
  { title: "Entrée libre", price: 0, amount: 200 },
  { title: "Plein tarif", price: 2500, amount: 200 },
  { title: "Tarif réduit", price: 1500, amount: 150 },
] as const;
const CAPACITY = 500;
const PROMO = { code: "RUSH50", maxUses: 50 };

type SimEvent = { eventId: number; ticketIds: number[] };
type Design = "d1" | "do";

function wrangler(args: string[]): void {
  const result = spawnSync(process.execPath, [resolve(root, "node_modules/wrangler/bin/wrangler.js"), ...args], {
    cwd: scaleDir,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed`);
}

/** One organization; `count` events of the rush's shape, written into the D1 file before workerd starts. */
async function createEvents(file: string, count: number, options: { paidStock?: number } = {}): Promise<SimEvent[]> {
  const client = createClient({ url: `file:${file}` });
  try {
    const now = Date.now();
    const day = 86_400_000;
    let organizationId = Number(
      (await client.execute("select id from organizations where title_key = 'scale-sim'")).rows[0]?.id ?? 0,
    );
    if (!organizationId)
      organizationId = Number(
        (
          await client.execute(
            "insert into organizations (title, title_key) values ('Simulation de charge', 'scale-sim') returning id",
          )
        ).rows[0]!.id,
      );
    const created: SimEvent[] = [];
    for (let i = 0; i < count; i++) {
      const event = await client.execute({
        sql: `insert into events (organization_id, title, status, visibility, timezone, start_at, end_at, published_at,
                event_capacity) values (?, ?, 'published', 'public', 'Europe/Paris', ?, ?, ?, ?) returning id`,
        args: [
          organizationId,
          `Ouverture des ventes ${i + 1}`,
          now + 30 * day,
          now + 30 * day + 4 * 3_600_000,
          now,
          CAPACITY,
        ],
      });
      const eventId = Number(event.rows[0]!.id);
      const tickets = options.paidStock ? [{ title: "Place", price: 2000, amount: options.paidStock }] : TICKETS;
      const ticketIds: number[] = [];
      for (const [sort, ticket] of tickets.entries()) {
        const row = await client.execute({
          sql: `insert into tickets (organization_id, event_id, ticket_type, title, price, is_free, amount, max_per_order,
                  sort) values (?, ?, 'ticket', ?, ?, ?, ?, 10, ?) returning id`,
          args: [organizationId, eventId, ticket.title, ticket.price, ticket.price === 0 ? 1 : 0, ticket.amount, sort],
        });
        ticketIds.push(Number(row.rows[0]!.id));
      }
      await client.execute({
        sql: `insert into promo_codes (organization_id, event_id, code, discount_type, discount_value, max_uses,
                applies_to_all_tickets) values (?, ?, ?, 'percent', 10000, ?, 1)`,
        args: [organizationId, eventId, PROMO.code, PROMO.maxUses],
      });
      created.push({ eventId, ticketIds });
    }
    return created;
  } finally {
    client.close();
  }
}

/** Buyer `i`'s order: one in ten uses the promo code on the 25 € ticket; the others spread over the three tickets. */
function orderOf(event: SimEvent, i: number) {
  const [free, full, reduced] = event.ticketIds as [number, number, number];
  const items =
    i % 10 === 0
      ? [{ ticket_id: full, quantity: 1 }]
      : i % 3 === 0
        ? [{ ticket_id: free, quantity: 1 + (i % 2) }]
        : i % 3 === 1
          ? [{ ticket_id: full, quantity: 1 }]
          : [{ ticket_id: reduced, quantity: i % 7 === 0 ? 2 : 1 }];
  return {
    items,
    buyer: { first_name: "Camille", last_name: `Rush ${i}`, email: `rush-${i}@scale.guichet.test` },
    locale: "fr",
    ...(i % 10 === 0 ? { promo_code: PROMO.code } : {}),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** CPU time (ms) of a process and all its descendants, from /proc (Linux). */
function treeCpuMs(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended meanwhile.
    }
  }
  let ticks = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) queue.push(child);
  }
  return ticks * 10;
}

type RushResult = {
  label: string;
  requests: number;
  wallMs: number;
  perMinute: number;
  accepted: number;
  units: number;
  unitsByEvent: Map<number, number>;
  /** From the first request to the last accepted order: how long the places took to go. */
  lastAcceptedMs: number;
  statuses: Record<number, number>;
  p50: number;
  p95: number;
  cpuMsPerRequest: number;
  firstError: string | null;
};

async function rush(server: ChildProcess, label: string, design: Design, events: SimEvent[]): Promise<RushResult> {
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  let accepted = 0;
  let units = 0;
  const unitsByEvent = new Map<number, number>();
  let firstError: string | null = null;
  let next = 0;
  let lastAcceptedAt = 0;
  const cpuBefore = treeCpuMs(server.pid!);
  const started = performance.now();
  const buyer = async () => {
    for (let i = next++; i < buyers; i = next++) {
      const event = events[i % events.length]!;
      const order = orderOf(event, Math.floor(i / events.length));
      const begin = performance.now();
      const response = await fetch(`${base}/${design}/events/${event.eventId}/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(order),
      });
      const text = await response.text();
      latencies.push(performance.now() - begin);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 201) {
        accepted++;
        lastAcceptedAt = Math.max(lastAcceptedAt, performance.now());
        const orderUnits = order.items.reduce((sum, item) => sum + item.quantity, 0);
        units += orderUnits;
        unitsByEvent.set(event.eventId, (unitsByEvent.get(event.eventId) ?? 0) + orderUnits);
      } else if (response.status !== 409 && firstError === null)
        firstError = `HTTP ${response.status}: ${text.slice(0, 300)}`;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, buyer));
  const wallMs = performance.now() - started;
  const cpuMs = treeCpuMs(server.pid!) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    label,
    requests: buyers,
    wallMs,
    perMinute: (buyers / wallMs) * 60_000,
    accepted,
    units,
    unitsByEvent,
    lastAcceptedMs: lastAcceptedAt > 0 ? lastAcceptedAt - started : wallMs,
    statuses,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    cpuMsPerRequest: cpuMs / buyers,
    firstError,
  };
}

async function health(server: ChildProcess, requests: number): Promise<{ perMinute: number; cpuMsPerRequest: number }> {
  let next = 0;
  const cpuBefore = treeCpuMs(server.pid!);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < requests; i = next++) await (await fetch(`${base}/health`)).arrayBuffer();
    }),
  );
  const wallMs = performance.now() - started;
  return { perMinute: (requests / wallMs) * 60_000, cpuMsPerRequest: (treeCpuMs(server.pid!) - cpuBefore) / requests };
}

type Stats = {
  capacity: number;
  d1: {
    tickets: { id: number; amount: number; type: string; purchased: number; held: number; participants: number }[];
    orders: { status: string; n: number }[];
    promos: { id: number; max_uses: number; use_count: number; paid_orders: number; pending_orders: number }[];
    figures: { participants: number; orders: number } | null;
  };
  inventory: {
    tickets: { id: number; amount: number; taken: number }[];
    reservations: { paid: number; pending: number; expired: number };
    outbox: number;
    error?: string;
  };
};

async function stats(eventId: number): Promise<Stats> {
  const response = await fetch(`${base}/stats/${eventId}`);
  if (!response.ok) throw new Error(`stats ${eventId}: HTTP ${response.status}`);
  return (await response.json()) as Stats;
}

const ordersIn = (s: Stats, status: string) => s.d1.orders.find((row) => row.status === status)?.n ?? 0;

/** The DO path: waits until D1 holds every order the objects accepted. Milliseconds from `since`, or null on timeout. */
async function waitForDrain(events: SimEvent[], since: number, timeoutMs = 180_000): Promise<number | null> {
  for (;;) {
    const all = await Promise.all(events.map((event) => stats(event.eventId)));
    const done = all.every(
      (s) =>
        s.inventory.outbox === 0 &&
        ordersIn(s, "paid") === s.inventory.reservations.paid &&
        ordersIn(s, "pending") === s.inventory.reservations.pending &&
        ordersIn(s, "expired") === s.inventory.reservations.expired,
    );
    if (done) return performance.now() - since;
    if (performance.now() - since > timeoutMs) return null;
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
}

/** Invariants of one event after a run; returns the problems found (empty: all hold). */
function check(design: Design, s: Stats, unitsAccepted: number): string[] {
  const problems: string[] = [];
  let eventTaken = 0;
  for (const ticket of s.d1.tickets) {
    const taken = ticket.purchased + ticket.held;
    if (ticket.amount !== -1 && taken > ticket.amount)
      problems.push(`ticket ${ticket.id}: ${taken} taken > ${ticket.amount}`);
    if (ticket.participants !== ticket.purchased)
      problems.push(`ticket ${ticket.id}: ${ticket.participants} participants ≠ ${ticket.purchased} purchased`);
    if (ticket.type === "ticket") eventTaken += taken;
    if (design === "do") {
      const held = s.inventory.tickets.find((row) => row.id === ticket.id);
      if (!held || held.taken !== taken)
        problems.push(`ticket ${ticket.id}: object says ${held?.taken} taken, D1 ${taken}`);
    }
  }
  if (s.capacity !== -1 && eventTaken > s.capacity) problems.push(`capacity: ${eventTaken} > ${s.capacity}`);
  if (eventTaken !== unitsAccepted) problems.push(`${unitsAccepted} places accepted ≠ ${eventTaken} taken in D1`);
  for (const promo of s.d1.promos) {
    if (promo.max_uses !== -1 && promo.use_count + promo.pending_orders > promo.max_uses)
      problems.push(`promo ${promo.id}: ${promo.use_count} uses + ${promo.pending_orders} pending > ${promo.max_uses}`);
    if (promo.use_count !== promo.paid_orders)
      problems.push(`promo ${promo.id}: use_count ${promo.use_count} ≠ ${promo.paid_orders} paid orders`);
  }
  const participants = s.d1.tickets.reduce((sum, ticket) => sum + ticket.purchased, 0);
  if (s.d1.figures && s.d1.figures.participants !== participants)
    problems.push(`sales figures: ${s.d1.figures.participants} participants ≠ ${participants}`);
  return problems;
}

function summary(events: Stats[]) {
  const sold = events.reduce((sum, s) => sum + s.d1.tickets.reduce((n, t) => n + t.purchased + t.held, 0), 0);
  const promo = events.reduce((sum, s) => sum + s.d1.promos.reduce((n, p) => n + p.use_count, 0), 0);
  return { sold, promo };
}

/** The database time of one booking in each design, measured in Node on a copy of the prototype's D1 file. */
async function databaseTimes(file: string): Promise<{ today: number; consumer: number; orders: number }> {
  const copy = join(tmpdir(), `scale-sim-${process.pid}.sqlite`);
  // The migrations may still sit in the write-ahead log: fold it into the file before copying it.
  const source = createClient({ url: `file:${file}` });
  await source.execute("pragma wal_checkpoint(truncate)");
  source.close();
  copyFileSync(file, copy);
  const [todayEvent, consumerEvent] = await createEvents(copy, 2);
  const { db, close } = createLibsqlDatabase(`file:${copy}`);
  // CPU time, not wall time: libSQL runs the SQL on this thread, and the shared machine's load would swell wall time.
  const cpuMs = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  let batchMs = 0;
  const batch = db.batch.bind(db);
  db.batch = (async (statements: Parameters<typeof batch>[0]) => {
    const begin = cpuMs();
    try {
      return await batch(statements);
    } finally {
      batchMs += cpuMs() - begin;
    }
  }) as unknown as typeof db.batch;
  try {
    const count = 300;
    const signing = { ENVIRONMENT: "development" };
    // Warm the statement caches and the JIT first, on orders that are not counted.
    for (let i = 0; i < 20; i++)
      await placeOrder(db, { env: signing }, { eventId: todayEvent!.eventId, body: bodyOf(todayEvent!, i + 5000) });
    batchMs = 0;
    let placed = 0;
    for (let i = 0; i < count; i++) {
      await placeOrder(db, { env: signing }, { eventId: todayEvent!.eventId, body: bodyOf(todayEvent!, i) }).catch(
        () => undefined,
      );
      placed++;
    }
    const today = batchMs / placed;

    // The consumer: the same kind of orders, 20 per batch (scale/wrangler.toml max_batch_size).
    const messages: InventoryMessage[] = [];
    const now = Date.now();
    for (let i = 0; i < count; i++) {
      const plan = planOrder({
        event: (await db.query.events.findFirst({ where: (e, { eq }) => eq(e.id, consumerEvent!.eventId) }))!,
        tickets: await db.query.tickets.findMany({ where: (t, { eq }) => eq(t.eventId, consumerEvent!.eventId) }),
        promo: null,
        forms: { before: null, beforeTickets: null },
        // Never the promo code (one in ten buyers): the plan here is made without its row.
        body: bodyOf(consumerEvent!, i * 10 + 1),
        now,
      });
      messages.push({
        kind: "place",
        token: `sim-${process.pid}-${i}`,
        eventId: consumerEvent!.eventId,
        organizationId: plan.organizationId,
        timezone: "Europe/Paris",
        plan,
        placedAt: now,
        payableUntil: plan.amount === 0 ? null : now + 30 * 60_000,
      });
    }
    // The consumer's whole call: its select of the tokens already written, then its one batch.
    let consumerMs = 0;
    for (let i = 0; i < messages.length; i += 20) {
      const begin = cpuMs();
      await writeOrders(db, messages.slice(i, i + 20));
      consumerMs += cpuMs() - begin;
    }
    return { today, consumer: consumerMs / messages.length, orders: count };
  } finally {
    close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${copy}${suffix}`, { force: true });
  }
}

function bodyOf(event: SimEvent, i: number) {
  return v.parse(placeOrderBodySchema, orderOf(event, i));
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(
    process.execPath,
    [
      resolve(root, "node_modules/wrangler/bin/wrangler.js"),
      "dev",
      "-c",
      config,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
    ],
    { cwd: scaleDir, env, stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  let stderr = "";
  server.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) })).ok) return server;
    } catch {
      // Not up yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
  }
  throw new Error(`wrangler dev did not answer on ${base}: ${stderr}`);
}

function stopServer(server: ChildProcess): void {
  if (server.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      server.kill("SIGTERM");
    }
  }
}

function line(result: RushResult, drainMs: number | null) {
  const statuses = Object.entries(result.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
  console.log(
    `  ${result.label.padEnd(34)} ${Math.round(result.perMinute).toLocaleString("en").padStart(6)} req/min  ` +
      `last place at ${(result.lastAcceptedMs / 1000).toFixed(1).padStart(5)} s  ` +
      `p50 ${result.p50.toFixed(0).padStart(5)} ms  p95 ${result.p95.toFixed(0).padStart(5)} ms  ` +
      `CPU ${result.cpuMsPerRequest.toFixed(1)} ms/req  [${statuses}]` +
      (drainMs === null ? "" : `  all in D1 after ${(drainMs / 1000).toFixed(1)} s`),
  );
  if (result.firstError) console.log(`    first error: ${result.firstError}`);
}

async function main(): Promise<void> {
  console.log(
    `Scale simulation: ${buyers} buyers per run at concurrency ${concurrency}, ${CAPACITY} places and a promo code ` +
      `of ${PROMO.maxUses} uses per event; ${hotEvents} hot events in scenario 2. Load average: ` +
      readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
  );
  rmSync(persistTo, { recursive: true, force: true });
  process.stdout.write("• migrations… ");
  wrangler(["d1", "migrations", "apply", "DB", "--local", "-c", config, "--persist-to", persistTo]);
  console.log("done");
  const file = findLocalD1File(persistTo);

  process.stdout.write("• database CPU time per order (Node, libSQL, one order at a time)… ");
  const times = await databaseTimes(file);
  console.log("done");
  console.log(
    `  today's booking (reads batch + guarded batch): ${times.today.toFixed(2)} ms of CPU in its two batches → one ` +
      `single-threaded database tops out near ${Math.round(60_000 / times.today).toLocaleString("en")} bookings/min`,
  );
  console.log(
    `  queue consumer (orders written 20 per batch, no guard): ${times.consumer.toFixed(2)} ms per order → ` +
      `${Math.round(60_000 / times.consumer).toLocaleString("en")} orders/min into one database`,
  );

  const warm = await createEvents(file, 2);
  const single = await createEvents(file, 2);
  const many = await createEvents(file, hotEvents * 2);
  const [holdEvent] = await createEvents(file, 1, { paidStock: 1 });
  const server = await startServer();
  const problems: string[] = [];
  try {
    // Warm-up: both paths compiled and their objects awake, on events that are not counted.
    for (let i = 0; i < 30; i++) {
      await fetch(`${base}/d1/events/${warm[0]!.eventId}/orders`, {
        method: "POST",
        body: JSON.stringify(orderOf(warm[0]!, i + 1)),
      });
      await fetch(`${base}/do/events/${warm[1]!.eventId}/orders`, {
        method: "POST",
        body: JSON.stringify(orderOf(warm[1]!, i + 1)),
      });
    }
    await waitForDrain([warm[1]!], performance.now());
    const ceiling = await health(server, 2000);
    console.log(
      `• health endpoint (no storage), same concurrency: ${Math.round(ceiling.perMinute).toLocaleString("en")} req/min, ` +
        `CPU ${ceiling.cpuMsPerRequest.toFixed(1)} ms/req — this minute's ceiling`,
    );

    const scenarios: { title: string; d1: SimEvent[]; do: SimEvent[] }[] = [
      { title: "Scenario 1: one hot event", d1: [single[0]!], do: [single[1]!] },
      {
        title: `Scenario 2: ${hotEvents} hot events at once (D1: one database for all; DO: one object per event)`,
        d1: many.slice(0, hotEvents),
        do: many.slice(hotEvents),
      },
    ];
    const ratios: string[] = [];
    for (const scenario of scenarios) {
      console.log(scenario.title);
      const d1Run = await rush(server, "single D1 (today's guarded batch)", "d1", scenario.d1);
      line(d1Run, null);
      const doStarted = performance.now();
      const cpuBefore = treeCpuMs(server.pid!);
      const doRun = await rush(server, "Durable Object per event + queue", "do", scenario.do);
      const drainMs = await waitForDrain(scenario.do, doStarted);
      const doCpuWithDrain = (treeCpuMs(server.pid!) - cpuBefore) / doRun.requests;
      line(doRun, drainMs);
      console.log(
        `    DO path CPU per request including the queue's D1 writes until drained: ${doCpuWithDrain.toFixed(1)} ms ` +
          `(the stats polling included)`,
      );
      if (drainMs === null) problems.push(`${scenario.title}: D1 did not receive every order within 180 s`);

      for (const [design, events, run] of [
        ["d1", scenario.d1, d1Run],
        ["do", scenario.do, doRun],
      ] as const) {
        const all = await Promise.all(events.map((event) => stats(event.eventId)));
        for (const [index, s] of all.entries()) {
          const eventId = events[index]!.eventId;
          for (const problem of check(design, s, run.unitsByEvent.get(eventId) ?? 0))
            problems.push(`${design} event ${eventId}: ${problem}`);
        }
        const { sold, promo } = summary(all);
        console.log(
          `    ${design.toUpperCase()}: ${sold} places taken of ${events.length * CAPACITY}, promo uses ${promo} of ` +
            `${events.length * PROMO.maxUses}, ${run.units} places in 201 answers`,
        );
      }
      ratios.push(
        `${scenario.title.split(":")[0]}: DO/D1 requests per minute ${(doRun.perMinute / d1Run.perMinute).toFixed(2)}×, ` +
          `p95 ${(d1Run.p95 / doRun.p95).toFixed(2)}× lower, CPU per request ${(d1Run.cpuMsPerRequest / doRun.cpuMsPerRequest).toFixed(2)}× lower`,
      );
    }

    // Holds with expiry: one paid place, a hold of 1.5 s; the second buyer is refused, the third gets the released place.
    console.log("Hold expiry (Durable Object): one paid place, hold shortened to 1.5 s");
    await fetch(`${base}/do/events/${holdEvent!.eventId}/hold-ms`, {
      method: "POST",
      body: JSON.stringify({ holdMs: 1500 }),
    });
    const reserve = async (i: number) =>
      (
        await fetch(`${base}/do/events/${holdEvent!.eventId}/orders`, {
          method: "POST",
          body: JSON.stringify({
            items: [{ ticket_id: holdEvent!.ticketIds[0], quantity: 1 }],
            buyer: { first_name: "Camille", last_name: `Attente ${i}`, email: `hold-${i}@scale.guichet.test` },
            locale: "fr",
          }),
        })
      ).status;
    const first = await reserve(1);
    const second = await reserve(2);
    await new Promise((resolveWait) => setTimeout(resolveWait, 2500));
    // The third buyer's hold gets the app's 30 minutes, so it is still pending when D1 is checked.
    await fetch(`${base}/do/events/${holdEvent!.eventId}/hold-ms`, {
      method: "POST",
      body: JSON.stringify({ holdMs: 30 * 60_000 }),
    });
    const third = await reserve(3);
    const holdDrain = await waitForDrain([holdEvent!], performance.now(), 30_000);
    const held = await stats(holdEvent!.eventId);
    console.log(
      `  first ${first}, second ${second} (place held), after expiry third ${third}; D1: ` +
        held.d1.orders.map((row) => `${row.status} ${row.n}`).join(", "),
    );
    if (first !== 201 || second !== 409 || third !== 201) problems.push("hold expiry: expected 201, 409, then 201");
    if (holdDrain === null || ordersIn(held, "expired") !== 1 || ordersIn(held, "pending") !== 1)
      problems.push("hold expiry: D1 should hold one expired and one pending order");

    console.log("Ratios (same run, same machine minute by minute):");
    for (const ratio of ratios) console.log(`  ${ratio}`);
  } finally {
    stopServer(server);
  }
  if (problems.length > 0) {
    console.log(`Invariant checks: ${problems.length} FAILED`);
    for (const problem of problems) console.log(`  ✗ ${problem}`);
    process.exitCode = 1;
  } else console.log("Invariant checks: all passed (no oversell of tickets, capacity or promo uses; D1 = objects).");
  if (!existsSync(persistTo)) throw new Error("persist directory vanished");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
