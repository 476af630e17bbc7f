/**
 * `npm run load` (issue 14 §1): an on-sale rush against the built Worker in local workerd and D1 (wrangler dev on
 * 127.0.0.1), bounded in count and time. 2,000 buyers arrive over 60 s (an open, front-loaded Poisson schedule) on one
 * event of 500 seats across three tickets (free, full price, reduced; stocks summing to 600, so the capacity bites),
 * with a promo code of 50 uses and mandatory questions, and a browsing crowd loads the public page and its JSON
 * meanwhile. Paid orders are paid as the demo checkout pays them (most buyers pay, some cancel, some close the tab):
 * by default the provider's signed event goes to POST /webhooks/stripe (the payment page is Stripe's, off this server,
 * in production); `--checkout-page` has buyers open the demo checkout page and press its buttons instead. A second,
 * short phase offers bookings as fast as the server takes them, on an event with room for all, to measure the
 * ceiling. Then it waits (bounded) for the confirmation emails to leave the queue, stops the server and checks the
 * invariants in the database file: nothing oversold, promo uses within the maximum, every paid order with its
 * participants and its email, the dashboard figures equal to a recount, an order row for every 201 and none for a
 * refusal. Exits 1 when an invariant fails.
 *
 * Reuses build/ when it is newer than every source, else builds first (`--build` forces it, `--no-build` takes build/
 * as it is). Bounded to LOAD_BUDGET_SECONDS (285): the rush is cut LOAD_GRACE_SECONDS (30) after its last arrival
 * (buyers still waiting are counted as not served), and the ceiling phase and the waits shrink or are skipped to
 * stay within the budget. Options (environment): LOAD_PORT (8831), LOAD_BUYERS (2000), LOAD_SECONDS (60),
 * LOAD_VISITORS_PER_SECOND (8), LOAD_MAX_IN_FLIGHT (48), LOAD_CEILING_SECONDS (20; 0 or `--no-ceiling` skips it),
 * LOAD_CEILING_CONCURRENCY (48).
 */
import { availableParallelism, loadavg } from "node:os";
import { resolve } from "node:path";
import { findLocalD1File } from "./lib/local-d1";
import {
  checkEvent,
  type InvariantCheck,
  openReadOnly,
  unsentConfirmations,
  waitForConfirmations,
} from "./lib/load-invariants";
import { type CheckoutMode, type PhaseResult, quietHealth, runCeiling, runRush } from "./lib/load-run";
import {
  ceilingEventSpec,
  createLoadEvent,
  createLoadOrganization,
  type LoadEvent,
  rushEventSpec,
} from "./lib/load-scenario";
import {
  checkMultiEvents,
  createMultiEvents,
  MULTI_EVENTS,
  type MultiPhase,
  printMultiPhase,
  runMultiPhase,
  waitForDrain,
  waitingRoomPass,
} from "./lib/load-multi";
import { buildState, copyBuild, freshMigratedState, type LoadServer, runTool, startServer } from "./lib/load-server";
import {
  latencyLine,
  outcomeCounts,
  peakInWindow,
  perMinute,
  type RequestKind,
  summarize,
  thousands,
} from "./lib/load-stats";

const startedAt = performance.now();
const root = resolve(import.meta.dirname, "..");
const flag = (name: string) => process.argv.includes(name);
const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};
const port = numberEnv("LOAD_PORT", 8831);
const buyers = numberEnv("LOAD_BUYERS", 2000);
const rushMs = numberEnv("LOAD_SECONDS", 60) * 1000;
const visitorsPerSecond = numberEnv("LOAD_VISITORS_PER_SECOND", 8);
const maxInFlight = Math.max(1, numberEnv("LOAD_MAX_IN_FLIGHT", 48));
const ceilingMs = flag("--no-ceiling") ? 0 : numberEnv("LOAD_CEILING_SECONDS", 20) * 1000;
const ceilingConcurrency = Math.max(1, numberEnv("LOAD_CEILING_CONCURRENCY", 48));
const graceMs = numberEnv("LOAD_GRACE_SECONDS", 30) * 1000;
const checkoutMode: CheckoutMode = flag("--checkout-page") ? "page" : "webhook";
const budgetMs = numberEnv("LOAD_BUDGET_SECONDS", 285) * 1000;
const persistTo = ".wrangler/load-state";
const buildCopy = ".wrangler/load-build";
const logs = resolve(root, ".wrangler/load-logs");
// X_LOCAL_OBSERVABILITY: wrangler dev's local trace collector is development tooling, not the Worker's own work.
const env = { X_LOCAL_OBSERVABILITY: "false", ...process.env, WRANGLER_SEND_METRICS: "false" };
// wrangler dev's DevTools inspector, which turns every log line into a DevTools event too (scripts/lib/load-worker.ts):
// off unless LOAD_INSPECTOR=1.
const inspector = process.env.LOAD_INSPECTOR === "1";

/** The built Worker (`config`, the private copy of build/) served on the load's port, state and log. */
function startLoadServer(config: string): Promise<LoadServer> {
  return startServer(root, {
    config,
    port,
    persistTo,
    env,
    log: resolve(logs, "wrangler.log"),
    timeoutMs: 120_000,
    inspector,
  });
}

const elapsed = () => performance.now() - startedAt;
const remaining = () => budgetMs - elapsed();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace(".", ",")} €`;

async function timedStep<T>(label: string, work: () => T | Promise<T>): Promise<T> {
  process.stdout.write(`• ${label}… `);
  const begin = performance.now();
  const result = await work();
  console.log(`done in ${seconds(performance.now() - begin)}`);
  return result;
}

async function ensureBuild() {
  if (flag("--no-build")) {
    console.log("• using build/ as it is (--no-build)");
    return;
  }
  const state = buildState(root);
  if (state.fresh && !flag("--build")) {
    console.log(`• reusing build/ (written ${new Date(state.builtAt).toISOString()}, after every source change)`);
    return;
  }
  const why = flag("--build") ? "--build" : state.exists ? "build/ is older than the sources" : "no build/";
  await timedStep(`building (${why})`, () => runTool(root, "react-router", ["build"], env, resolve(logs, "build.log")));
}

function describeEvent(event: LoadEvent): string {
  const [free, full, reduced] = event.tickets;
  return (
    `event ${event.eventId} “${event.title}”: capacity ${thousands(event.capacity)}; ${free!.title} ${thousands(free!.amount)} (free), ` +
    `${full!.title} ${thousands(full!.amount)} (${euros(full!.price)}), ${reduced!.title} ${thousands(reduced!.amount)} (${euros(reduced!.price)} + fees); ` +
    `promo ${event.promo.code} −20 %, ${event.promo.maxUses} uses; mandatory questions: the venue's rules (order), category (each participant)`
  );
}

const KIND_LABELS: Record<RequestKind, string> = {
  booking: "booking POST /api/public/events/:id/orders",
  page: "public event page (HTML)",
  "event-json": "GET /api/public/events/:id",
  webhook: "payment webhook POST /webhooks/stripe",
  "checkout-page": "demo checkout page",
  "checkout-pay": "demo checkout pay/cancel (form post)",
  health: "health endpoint (same run)",
};

/** Answers, latency and bookings per minute of a phase; returns its figures for the goal line. */
function printPhase(phase: PhaseResult, quietHealthP50: number) {
  const ofKind = (kind: RequestKind) => phase.samples.filter((sample) => sample.kind === kind);
  // A request aborted at the phase's end has no latency of its own: counted among the answers, not timed.
  const timed = (kind: RequestKind) => ofKind(kind).filter((sample) => sample.outcome !== "cut");
  const kinds = (Object.keys(KIND_LABELS) as RequestKind[]).filter((kind) => ofKind(kind).length > 0);
  console.log("\nAnswers by kind");
  for (const kind of kinds) console.log(`  ${KIND_LABELS[kind].padEnd(42)} ${outcomeCounts(ofKind(kind))}`);

  console.log("\nLatency (send to last byte, over loopback)");
  const bookings = timed("booking");
  const accepted = summarize(bookings.filter((sample) => sample.outcome === "201").map((sample) => sample.ms));
  const everyBooking = summarize(bookings.map((sample) => sample.ms));
  const health = summarize(timed("health").map((sample) => sample.ms));
  console.log(`  ${latencyLine("booking, every answer", everyBooking)}`);
  console.log(`  ${latencyLine("booking, accepted (201)", accepted)}`);
  for (const kind of kinds.filter((kind) => kind !== "booking"))
    console.log(`  ${latencyLine(KIND_LABELS[kind], summarize(timed(kind).map((sample) => sample.ms)))}`);
  console.log(
    `  booking p50 (every answer) ${everyBooking.p50.toFixed(1)} ms = ${(everyBooking.p50 / health.p50).toFixed(1)}× the health endpoint's p50 ${health.p50.toFixed(1)} ms in the same phase` +
      (accepted.n > 0 ? ` (accepted only ${(accepted.p50 / health.p50).toFixed(1)}×)` : "") +
      `; ${(everyBooking.p50 / quietHealthP50).toFixed(0)}× its p50 ${quietHealthP50.toFixed(1)} ms before the load`,
  );

  const doneAt = phase.accepted.map((order) => order.doneAt);
  const peak = peakInWindow(doneAt, 10_000);
  const places = phase.accepted.reduce((sum, order) => sum + order.places, 0);
  const lastAccepted = doneAt.length ? Math.max(...doneAt) : 0;
  console.log(
    `\nBookings: ${thousands(phase.accepted.length)} accepted orders (${thousands(places)} places) in ${seconds(phase.wallMs)} of wall time = ${thousands(perMinute(phase.accepted.length, phase.wallMs))} bookings/min; ` +
      `peak 10 s window ${peak} = ${thousands(peak * 6)} bookings/min; last accepted at ${seconds(lastAccepted)}`,
  );
  const { buyers: outcome } = phase;
  console.log(
    `Buyers: ${thousands(outcome.booked)} booked, ${thousands(outcome["sold out"])} left with sold out, ${outcome.refused} refused, ${outcome.error} errors, ${thousands(outcome["not served"])} not served before the phase's end; ${thousands(phase.retries)} booking retries (a slip corrected after a 422, a rebooking after a 409)`,
  );
  if (phase.cut)
    console.log(
      `The phase was CUT at its deadline: ${thousands(phase.notSent)} requests never sent (waiting for a slot), those in flight aborted ("cut")`,
    );
  const { checkout } = phase;
  if (checkout.paid + checkout.cancelled + checkout.left + checkout.failed + checkout.unfinished > 0)
    console.log(
      `Payment of the paid orders: ${checkout.paid} paid, ${checkout.cancelled} cancelled, ${checkout.left} left open (held until their deadline), ${checkout.failed} failed, ${checkout.unfinished} unfinished at the phase's end${checkout.firstFailure ? ` (${checkout.firstFailure})` : ""}`,
    );
  if (phase.cap.waited > 0)
    console.log(
      `Client cap: ${phase.cap.waited} requests waited for one of the ${phase.cap.max} slots (longest ${seconds(phase.cap.maxWaitMs)}); their latency counts from when they were sent`,
    );
  if (phase.firstUnexpected) console.log(`First unexpected answer: ${phase.firstUnexpected}`);
  return {
    perMinute: perMinute(phase.accepted.length, phase.wallMs),
    peakPerMinute: peak * 6,
    notServed: phase.buyers["not served"],
  };
}

async function main() {
  console.log(
    `npm run load: an on-sale rush against the built Worker (wrangler dev${inspector ? "" : " without its DevTools inspector"}, local workerd + D1, 127.0.0.1:${port}); budget ${seconds(budgetMs)}; ` +
      `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the start\n`,
  );
  await ensureBuild();
  const config = await timedStep("copying build/", () => copyBuild(root, resolve(root, buildCopy)));
  await timedStep("a fresh database with every migration", () => {
    const copied = freshMigratedState(root, {
      persistTo,
      templates: resolve(root, ".wrangler/load-templates"),
      env,
      log: resolve(logs, "migrate.log"),
    });
    process.stdout.write(copied ? "(copied from the migrated template) " : "(migrated, kept as the template) ");
  });
  const file = findLocalD1File(resolve(root, persistTo));
  const organizationId = await createLoadOrganization(file);
  const rushEvent = await createLoadEvent(file, organizationId, rushEventSpec);
  const ceilingEvent = await createLoadEvent(file, organizationId, ceilingEventSpec(100_000));
  console.log(`• ${describeEvent(rushEvent)}`);

  let server: LoadServer | null = null;
  const stop = () => server?.stop();
  process.once("SIGINT", () => {
    stop();
    process.exit(130);
  });
  const checks: { event: LoadEvent; phase: PhaseResult }[] = [];
  let rushFigures: ReturnType<typeof printPhase> | undefined;
  let ceilingFigures: ReturnType<typeof printPhase> | undefined;
  try {
    server = await timedStep("starting wrangler dev", () => startLoadServer(config));
    const base = server.base;
    for (const event of [rushEvent, ceilingEvent])
      for (let i = 0; i < 5; i++) {
        await (await fetch(`${base}${event.path}?warm=${i}`)).arrayBuffer();
        await (await fetch(`${base}/api/public/events/${event.eventId}`)).arrayBuffer();
      }
    const quiet = summarize(await quietHealth(base, 50));
    console.log(
      `• health endpoint before any load: p50 ${quiet.p50.toFixed(1)} ms, p95 ${quiet.p95.toFixed(1)} ms (50 requests one at a time)`,
    );

    console.log(
      `\n== Phase 1: the rush: ${thousands(buyers)} buyers over ${seconds(rushMs)} (open Poisson arrivals, rate 1.75× the mean at the opening down to 0.25×), ` +
        `~${visitorsPerSecond} visitors/s browsing the page, at most ${maxInFlight} requests in flight ` +
        `(+ at most 8 for the payment step${checkoutMode === "webhook" ? ": the provider's signed webhook, as the demo checkout sends it" : ": the demo checkout page and its buttons"}) ==`,
    );
    const rush = await runRush(base, rushEvent, {
      buyers,
      durationMs: rushMs,
      visitorsPerSecond,
      maxInFlight,
      graceMs,
      checkoutMode,
    });
    rushFigures = printPhase(rush, quiet.p50);
    checks.push({ event: rushEvent, phase: rush });

    const client = await openReadOnly(file);
    try {
      const ceilingNeedsMs = ceilingMs > 0 ? ceilingMs + 30_000 : 0;
      const rushWait = await waitForConfirmations(
        client,
        [rushEvent.eventId],
        Math.max(0, Math.min(90_000, remaining() - ceilingNeedsMs - 15_000)),
      );
      console.log(
        `\nConfirmation emails of the rush (queue consumer, PDF tickets, dev mailbox): ${rushWait.left === 0 ? "all sent" : `${rushWait.left} not sent yet`} ${seconds(rushWait.waitedMs)} after the last answer`,
      );

      const ceilingBudget = Math.min(ceilingMs, remaining() - 40_000);
      if (ceilingMs === 0) console.log("\n== Phase 2 (the ceiling) skipped: --no-ceiling or LOAD_CEILING_SECONDS=0 ==");
      else if (ceilingBudget < 5_000)
        console.log(`\n== Phase 2 (the ceiling) skipped: ${seconds(remaining())} left of the budget ==`);
      else {
        const queued = await unsentConfirmations(client, [rushEvent.eventId]);
        console.log(
          `\n== Phase 2: the ceiling: ${ceilingConcurrency} buyers booking back to back for ${seconds(ceilingBudget)} on event ${ceilingEvent.eventId} ` +
            `(${thousands(ceilingEvent.capacity)} places; the same orders and promo code, no slips, no checkout)${queued ? `; ${queued} rush emails still queued` : ""} ==`,
        );
        const ceiling = await runCeiling(base, ceilingEvent, {
          durationMs: ceilingBudget,
          concurrency: ceilingConcurrency,
        });
        ceilingFigures = printPhase(ceiling, quiet.p50);
        checks.push({ event: ceilingEvent, phase: ceiling });
      }

      const finalWait = await waitForConfirmations(
        client,
        checks.map(({ event }) => event.eventId),
        Math.max(0, remaining() - 10_000),
      );
      const emailsLeft = finalWait.left;
      console.log(
        `\nConfirmation emails, every phase: ${emailsLeft === 0 ? "all sent" : `${emailsLeft} still unsent when the budget ran out`} (waited ${seconds(finalWait.waitedMs)})`,
      );
    } finally {
      client.close();
    }
  } finally {
    stop();
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));

  console.log("\n== Invariants (the D1 file read afterwards, writes refused) ==");
  const client = await openReadOnly(file);
  const results: InvariantCheck[] = [];
  try {
    for (const { event, phase } of checks) {
      console.log(`\n${phase.label === "rush" ? "Rush" : "Ceiling"} event ${event.eventId}`);
      for (const check of await checkEvent(client, event, phase)) {
        results.push(check);
        console.log(`  ${check.pass ? "PASS" : "FAIL"}  ${check.name.padEnd(40)} ${check.detail}`);
      }
    }
  } finally {
    client.close();
  }
  const failed = results.filter((check) => !check.pass);
  const oversold = results.some((check) => check.name.startsWith("sold ≤") && !check.pass);

  console.log("\n== Goal ==");
  const measured = ceilingFigures
    ? `${thousands(ceilingFigures.perMinute)} bookings/min at the ceiling (phase 2)`
    : "no ceiling phase";
  const offered = thousands(buyers / (rushMs / 60_000));
  const notServed = rushFigures?.notServed ?? 0;
  console.log(
    `goal ≥ 5,000 bookings/min, zero oversell  →  measured ${measured}; the rush ${thousands(rushFigures?.perMinute ?? 0)}/min over its wall time ` +
      `(peak 10 s ${thousands(rushFigures?.peakPerMinute ?? 0)}/min; ${thousands(buyers)} buyers in ${seconds(rushMs)} offer ~${offered}/min and the ${rushEvent.capacity} seats go first` +
      `${notServed > 0 ? `; ${thousands(notServed)} buyers not served before the rush's end` : ""}); ` +
      `oversell: ${oversold ? "FOUND" : "none"}  →  ${ceilingFigures && ceilingFigures.perMinute >= 5000 && !oversold ? "goal met" : "goal NOT met"}`,
  );
  console.log(
    `\n${failed.length === 0 ? `All ${results.length} invariants PASS` : `${failed.length} of ${results.length} invariants FAIL`}; total run time ${seconds(elapsed())}`,
  );
  if (failed.length > 0) process.exitCode = 1;
}

/**
 * `--multi` (issue 31): five events on sale at once, first all counted by the one D1 database, then each by its own
 * inventory object (decision 0072); the ratio of the totals measured in the same run, the queue's drain time into D1,
 * and every event's invariants read from D1 after the drain. LOAD_MULTI_SECONDS (20) per phase,
 * LOAD_MULTI_CONCURRENCY (10) buyers booking back to back per event.
 */
async function mainMulti() {
  const phaseMs = numberEnv("LOAD_MULTI_SECONDS", 20) * 1000;
  const concurrency = Math.max(1, numberEnv("LOAD_MULTI_CONCURRENCY", 10));
  console.log(
    `npm run load -- --multi: ${MULTI_EVENTS} events on sale at once, ${concurrency} buyers each, ${seconds(phaseMs)} per phase, ` +
      `against the built Worker (wrangler dev${inspector ? "" : " without its DevTools inspector"}, local workerd + D1, 127.0.0.1:${port}); ${availableParallelism()} cores, ` +
      `load average ${loadavg()[0]!.toFixed(1)} at the start\n`,
  );
  await ensureBuild();
  const config = await timedStep("copying build/", () => copyBuild(root, resolve(root, buildCopy)));
  await timedStep("a fresh database with every migration", () =>
    freshMigratedState(root, {
      persistTo,
      templates: resolve(root, ".wrangler/load-templates"),
      env,
      log: resolve(logs, "migrate.log"),
    }),
  );
  const file = findLocalD1File(resolve(root, persistTo));
  const organizationId = await createLoadOrganization(file);
  const multi = await createMultiEvents(file, organizationId);
  const names = (event: LoadEvent) =>
    event === multi.behindRoom
      ? "(object, waiting room)"
      : multi.object.includes(event)
        ? "(its own object)"
        : "(the one D1)";

  let server: LoadServer | null = null;
  process.once("SIGINT", () => {
    server?.stop();
    process.exit(130);
  });
  const phases: MultiPhase[] = [];
  const measured = { ratio: 0 };
  try {
    server = await timedStep("starting wrangler dev", () => startLoadServer(config));
    const base = server.base;
    for (const event of [...multi.database, ...multi.object])
      await (await fetch(`${base}/api/public/events/${event.eventId}`)).arrayBuffer();
    const quiet = summarize(await quietHealth(base, 50));
    console.log(`• health endpoint before any load: p50 ${quiet.p50.toFixed(1)} ms, p95 ${quiet.p95.toFixed(1)} ms`);

    console.log(
      `\n== Phase 1: today's path: ${MULTI_EVENTS} events, every booking checked and written in the one D1 ==`,
    );
    const today = await runMultiPhase(base, "D1", multi.database, { durationMs: phaseMs, concurrency });
    phases.push(today);
    const todayTotal = printMultiPhase(today, names);

    console.log(
      `\n== Phase 2: each event counted by its own inventory object, D1 written through the queue; event ${multi.behindRoom.eventId}'s buyers queue in its waiting room first (join, news until let in, the pass on the booking) ==`,
    );
    const objects = await runMultiPhase(base, "objects", multi.object, {
      durationMs: phaseMs,
      concurrency,
      bookingHeaders: (event) => (event === multi.behindRoom ? waitingRoomPass(base, event) : undefined),
    });
    phases.push(objects);
    const objectsTotal = printMultiPhase(objects, names);
    const client = await openReadOnly(file);
    try {
      const drain = await waitForDrain(client, objects, 120_000);
      console.log(
        `  queue drain into D1: ${drain.missing === 0 ? "every accepted order written" : `${drain.missing} orders still missing`} ` +
          `${seconds(drain.waitedMs)} after the phase's last answer`,
      );
      measured.ratio = todayTotal > 0 ? objectsTotal / todayTotal : 0;
      console.log(
        `\nTotal: ${thousands(objectsTotal)} bookings/min through the objects against ${thousands(todayTotal)} through the one D1 in the same run = ${measured.ratio.toFixed(2)}×`,
      );
      const emails = await waitForConfirmations(
        client,
        [...multi.database, ...multi.object].map((event) => event.eventId),
        90_000,
      );
      console.log(
        `Confirmation emails: ${emails.left === 0 ? "all sent" : `${emails.left} not sent yet`} (waited ${seconds(emails.waitedMs)})`,
      );
    } finally {
      client.close();
    }
  } finally {
    server?.stop();
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));

  console.log("\n== Invariants (the D1 file read afterwards, writes refused) ==");
  const client = await openReadOnly(file);
  let results: InvariantCheck[];
  try {
    results = await checkMultiEvents(client, phases);
  } finally {
    client.close();
  }
  const failed = results.filter((check) => !check.pass);
  const oversold = results.some((check) => check.name.startsWith("sold ≤") && !check.pass);
  console.log("\n== Goal ==");
  console.log(
    `goal ≥ 1.5× today's total, zero oversell  →  measured ${measured.ratio.toFixed(2)}×; oversell: ${oversold ? "FOUND" : "none"}  →  ${measured.ratio >= 1.5 && !oversold ? "goal met" : "goal NOT met"}`,
  );
  console.log(
    `\n${failed.length === 0 ? `All ${results.length} invariants PASS` : `${failed.length} of ${results.length} invariants FAIL`}; total run time ${seconds(elapsed())}`,
  );
  if (failed.length > 0) process.exitCode = 1;
}

(flag("--multi") ? mainMulti() : main()).catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
