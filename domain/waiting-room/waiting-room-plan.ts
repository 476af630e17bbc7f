/**
 * The waiting room's arithmetic (docs/decisions/0070-waiting-room.md), with no storage and no clock of its own: the
 * Durable Object (workers/durable-objects/waiting-room.ts) keeps the state, this module says what it means.
 *
 * The window: the room is on from `opensAt` (the on-sale time minus the lead the organizer chose) until `closesAt`.
 * Those who arrive before the on-sale time are put in a random order (each draws a random rank, which is a shuffle
 * done at their arrival and revealed at the opening: nobody sees a position before it); those who arrive after it
 * queue behind them, first come first served. From the on-sale time on, people are let in at the organizer's rate.
 */

/** What the events row says about an on-sale; null when none is scheduled. */
export type OnSaleSchedule = {
  onSaleAt: number;
  opensAt: number;
  closesAt: number;
  ratePerMinute: number;
};

/**
 * The default admission rate (people let in per minute). One on-sale should take at most an eighth of what one D1
 * database writes for the whole platform (~8,000 bookings a minute, decision 0027), and an admitted buyer makes about
 * four requests on the booking path (event page, booking page, order, order page) against the ~4,000 a minute one
 * event's object sustains locally: both give 1,000.
 */
export const DEFAULT_RATE_PER_MINUTE = 1_000;
export const MIN_RATE_PER_MINUTE = 1;
export const MAX_RATE_PER_MINUTE = 10_000;
/** The queue opens this many minutes before the on-sale time unless the organizer says otherwise. */
export const DEFAULT_LEAD_MINUTES = 15;
export const MAX_LEAD_MINUTES = 24 * 60;
/** …and the room stays on this long after the on-sale time. */
export const DEFAULT_DURATION_MINUTES = 60;
export const MAX_DURATION_MINUTES = 7 * 24 * 60;
/** How long an admitted visitor has to book with their pass. */
export const PASS_TTL_MS = 15 * 60_000;
/** Unused admissions carry over at most this long's worth when nobody waits, so an empty queue lets a newcomer in. */
const BURST_MS = 10_000;
/** Ranks of those who arrive after the on-sale time start here, above every random rank drawn before it. */
export const FIFO_RANK_BASE = 2 ** 40;

/** The on-sale fields of an events row, as drizzle reads them. */
export type OnSaleColumns = {
  onSaleAt: Date | null;
  waitingRoomOpensAt: Date | null;
  waitingRoomClosesAt: Date | null;
  waitingRoomRatePerMinute: number | null;
};

export function onSaleScheduleOf(row: OnSaleColumns): OnSaleSchedule | null {
  if (!row.onSaleAt || !row.waitingRoomOpensAt || !row.waitingRoomClosesAt || !row.waitingRoomRatePerMinute)
    return null;
  return {
    onSaleAt: row.onSaleAt.getTime(),
    opensAt: row.waitingRoomOpensAt.getTime(),
    closesAt: row.waitingRoomClosesAt.getTime(),
    ratePerMinute: row.waitingRoomRatePerMinute,
  };
}

export type RoomPhase =
  /** No on-sale, or its room has not opened yet or has closed: nothing changes for buyers. */
  | "off"
  /** The queue is open, the sale is not: people join in a random order, nobody is let in. */
  | "queue"
  /** The sale is on: people are let in, in order, at the rate. */
  | "selling";

export function roomPhase(schedule: OnSaleSchedule | null, now: number): RoomPhase {
  if (!schedule || now < schedule.opensAt || now >= schedule.closesAt) return "off";
  return now < schedule.onSaleAt ? "queue" : "selling";
}

/**
 * The rank of a newcomer: smaller goes first. Before the on-sale time a random rank in [0, FIFO_RANK_BASE) drawn
 * from `random` (uniform in [0, 1)); after it, FIFO_RANK_BASE + the arrival's sequence number.
 */
export function rankForArrival(input: { arrivedAt: number; onSaleAt: number; sequence: number; random: number }) {
  // Clamped: a random number rounded up to 1 still ranks before every later arrival.
  if (input.arrivedAt < input.onSaleAt) return Math.min(FIFO_RANK_BASE - 1, Math.floor(input.random * FIFO_RANK_BASE));
  return FIFO_RANK_BASE + input.sequence;
}

/**
 * The admission counter as of `at`: admissions earned and not yet given (a fraction carries over), and how many people
 * waited after that call.
 */
export type AdmissionState = { credit: number; at: number; waiting: number };

export const INITIAL_ADMISSION_STATE: AdmissionState = { credit: 0, at: 0, waiting: 0 };

/**
 * How many people to let in now, and the counter after. Admissions accrue at `ratePerMinute` from the on-sale time
 * on. What accrues while nobody waits (since a call that left the queue empty, or since the opening until the first
 * call after it) banks at most ten seconds' worth: a lone newcomer to a quiet queue is let in at once, and a crowd
 * arriving later is not poured through in one go.
 */
export function admissionsDue(
  state: AdmissionState,
  input: { now: number; onSaleAt: number; ratePerMinute: number; waiting: number },
): { admit: number; state: AdmissionState } {
  const waiting = Math.max(0, input.waiting);
  if (input.now < input.onSaleAt) return { admit: 0, state: { credit: 0, at: Math.max(state.at, input.now), waiting } };
  const from = Math.max(state.at, input.onSaleAt);
  const burst = Math.max(1, (input.ratePerMinute * BURST_MS) / 60_000);
  let earned = state.credit + (input.ratePerMinute * Math.max(0, input.now - from)) / 60_000;
  if (state.waiting === 0 || state.at < input.onSaleAt) earned = Math.min(earned, Math.max(state.credit, burst));
  const admit = Math.min(Math.floor(earned), waiting);
  const left = earned - admit;
  // The queue drained: what could not be used is capped to the burst.
  const credit = admit < Math.floor(earned) ? Math.min(left, burst) : left;
  return { admit, state: { credit, at: Math.max(state.at, input.now), waiting: waiting - admit } };
}

/**
 * The estimated wait of the person at `position` (1 = next), in ms: the time to the on-sale (when it has not come),
 * then the time the rate takes to reach them, less what is already earned.
 */
export function estimatedWaitMs(input: {
  position: number;
  now: number;
  onSaleAt: number;
  ratePerMinute: number;
  credit: number;
}): number {
  const toOpening = Math.max(0, input.onSaleAt - input.now);
  const ahead = Math.max(0, input.position - (toOpening > 0 ? 0 : input.credit));
  return toOpening + Math.ceil((ahead * 60_000) / input.ratePerMinute);
}

/**
 * How soon the waiting page asks again, in seconds: often when the turn is near, seldom when it is far, so that a
 * long queue does not flood the object with polls (each waiting visitor is one request per interval).
 */
export function refreshAfterSeconds(waitMs: number): number {
  if (waitMs <= 60_000) return 5;
  if (waitMs <= 5 * 60_000) return 15;
  if (waitMs <= 30 * 60_000) return 30;
  return 60;
}

/** The wait shown to people, in whole minutes, rounded up (0 means "less than a minute"). */
export function waitMinutes(waitMs: number): number {
  return waitMs < 60_000 ? 0 : Math.ceil(waitMs / 60_000);
}
