import type { Client } from "@libsql/client";
import { createLibsqlDatabase } from "../../db/libsql";
import { sql } from "drizzle-orm";
import { checkEvent, type InvariantCheck } from "./load-invariants";
import { type PhaseResult, runCeiling } from "./load-run";
import { ceilingEventSpec, createLoadEvent, type LoadEvent } from "./load-scenario";
import { latencyLine, perMinute, summarize, thousands } from "./load-stats";

/*
 * `npm run load -- --multi` (issue 31, decision 0072): five events on sale at once, each with its own rush of buyers
 * booking back to back, first with every event counted by the one D1 database (today's path), then with each event
 * counted by its own inventory Durable Object, one of them behind its waiting room; the ratio of the totals, the queue's
 * drain time into D1, and the invariants of every event read from D1 after the drain.
 */

export const MULTI_EVENTS = 5;

export type MultiEvents = { database: LoadEvent[]; object: LoadEvent[]; behindRoom: LoadEvent };

/** Ten events of room enough for every buyer: five counted by D1, five by their objects (set before the server starts). */
export async function createMultiEvents(file: string, organizationId: number): Promise<MultiEvents> {
  const make = async (label: string, index: number) =>
    createLoadEvent(file, organizationId, {
      ...ceilingEventSpec(100_000),
      title: `Festival ${label} · scène ${index + 1}`,
    });
  const database: LoadEvent[] = [];
  const object: LoadEvent[] = [];
  for (let index = 0; index < MULTI_EVENTS; index++) database.push(await make("D1", index));
  for (let index = 0; index < MULTI_EVENTS; index++) object.push(await make("objet", index));
  const { db, close } = createLibsqlDatabase(`file:${file}`);
  try {
    await db.run(
      sql.raw(
        `update events set inventory_mode = 'object' where id in (${object.map((event) => event.eventId).join(", ")})`,
      ),
    );
    // The first object's event is behind its waiting room (decision 0070): opened two minutes ago, on sale since one,
    // for an hour, letting in ROOM_RATE a minute (the organizer's maximum, above what the phase asks for).
    const now = Date.now();
    await db.run(
      sql`update events set on_sale_at = ${now - 60_000}, waiting_room_opens_at = ${now - 120_000},
        waiting_room_closes_at = ${now + 3_600_000}, waiting_room_rate_per_minute = ${ROOM_RATE}
        where id = ${object[0]!.eventId}`,
    );
  } finally {
    close();
  }
  return { database, object, behindRoom: object[0]! };
}

const ROOM_RATE = 10_000;

/**
 * A buyer of the event behind the waiting room joins the queue through its public API, asks for news until let in,
 * and books with the pass in the `Guichet-Waiting-Room-Pass` header, as an API client does.
 */
export function waitingRoomPass(base: string, event: LoadEvent) {
  const url = `${base}/api/public/events/${event.eventId}/waiting-room`;
  return async (ip: string): Promise<Record<string, string>> => {
    const headers = { "Content-Type": "application/json", "CF-Connecting-IP": ip };
    let news = (await (await fetch(url, { method: "POST", headers, body: "{}" })).json()) as RoomNews;
    for (let attempt = 0; news.state === "waiting" && attempt < 60; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, news.refresh_after_seconds * 1000)));
      news = (await (
        await fetch(`${url}?ticket=${encodeURIComponent(news.ticket ?? "")}`, { headers })
      ).json()) as RoomNews;
    }
    if (news.state !== "admitted" || !news.pass) throw new Error(`waiting room: ${news.state}`);
    return { [news.pass_header ?? "Guichet-Waiting-Room-Pass"]: news.pass };
  };
}

type RoomNews = {
  state: "off" | "waiting" | "admitted" | "expired";
  ticket?: string;
  pass?: string;
  pass_header?: string;
  refresh_after_seconds: number;
};

export type MultiPhase = { label: string; events: { event: LoadEvent; phase: PhaseResult }[]; wallMs: number };

/** Every event's buyers at once, `concurrency` each, for `durationMs`. */
export async function runMultiPhase(
  base: string,
  label: string,
  events: LoadEvent[],
  options: {
    durationMs: number;
    concurrency: number;
    bookingHeaders?: (event: LoadEvent) => ((ip: string) => Promise<Record<string, string>>) | undefined;
  },
): Promise<MultiPhase> {
  const started = performance.now();
  const phases = await Promise.all(
    events.map((event, index) =>
      runCeiling(base, event, {
        durationMs: options.durationMs,
        concurrency: options.concurrency,
        bookingHeaders: options.bookingHeaders?.(event),
        healthProbe: index === 0,
        quiet: true,
      }),
    ),
  );
  return {
    label,
    events: events.map((event, index) => ({ event, phase: phases[index]! })),
    wallMs: performance.now() - started,
  };
}

/** Prints a phase's bookings per minute per event and in total, and its latency percentiles; returns the total. */
export function printMultiPhase(phase: MultiPhase, names: (event: LoadEvent) => string): number {
  let total = 0;
  const bookings: number[] = [];
  const health: number[] = [];
  for (const { event, phase: one } of phase.events) {
    const rate = perMinute(one.accepted.length, one.wallMs);
    total += rate;
    const times = one.samples.filter((sample) => sample.kind === "booking" && sample.outcome !== "cut");
    bookings.push(...times.map((sample) => sample.ms));
    health.push(...one.samples.filter((sample) => sample.kind === "health").map((sample) => sample.ms));
    const errors = one.buyers.error + one.buyers.refused;
    console.log(
      `  event ${event.eventId} ${names(event).padEnd(24)} ${thousands(one.accepted.length).padStart(6)} orders in ${(one.wallMs / 1000).toFixed(1)} s = ${thousands(rate).padStart(6)} bookings/min` +
        `${errors > 0 ? `; ${errors} errors or refusals${one.firstUnexpected ? ` (first: ${one.firstUnexpected.slice(0, 160)})` : ""}` : ""}`,
    );
  }
  console.log(`  total ${thousands(total)} bookings/min across ${phase.events.length} events`);
  console.log(`  ${latencyLine("booking, every answer", summarize(bookings))}`);
  if (health.length > 0) console.log(`  ${latencyLine("health endpoint (same phase)", summarize(health))}`);
  return total;
}

/** Waits until D1 holds every order the objects accepted; the time it took after the phase's end. */
export async function waitForDrain(
  client: Client,
  phase: MultiPhase,
  timeoutMs: number,
): Promise<{ missing: number; waitedMs: number }> {
  const started = performance.now();
  const expected = phase.events.reduce((sum, { phase: one }) => sum + one.accepted.length, 0);
  const ids = phase.events.map(({ event }) => event.eventId).join(", ");
  const count = async () =>
    Number((await client.execute(`select count(*) as n from orders where event_id in (${ids})`)).rows[0]!.n);
  let found = await count();
  while (found < expected && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    found = await count();
  }
  return { missing: Math.max(0, expected - found), waitedMs: performance.now() - started };
}

/** The invariants of every event of the phases, from D1. */
export async function checkMultiEvents(client: Client, phases: MultiPhase[]): Promise<InvariantCheck[]> {
  const results: InvariantCheck[] = [];
  for (const phase of phases)
    for (const { event, phase: one } of phase.events) {
      console.log(`\n${phase.label}: event ${event.eventId} “${event.title}”`);
      for (const check of await checkEvent(client, event, one)) {
        results.push(check);
        console.log(`  ${check.pass ? "PASS" : "FAIL"}  ${check.name.padEnd(40)} ${check.detail}`);
      }
    }
  return results;
}
