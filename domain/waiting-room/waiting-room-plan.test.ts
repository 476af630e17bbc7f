import { describe, expect, it } from "vitest";
import {
  admissionsDue,
  estimatedWaitMs,
  FIFO_RANK_BASE,
  onSaleScheduleOf,
  rankForArrival,
  refreshAfterSeconds,
  roomPhase,
  waitMinutes,
  type AdmissionState,
} from "./waiting-room-plan";
import { checkWaitingRoomPass, signWaitingRoomPass } from "./waiting-room-pass";

const ON_SALE = Date.UTC(2026, 11, 1, 10, 0);
const MINUTE = 60_000;
const schedule = {
  onSaleAt: ON_SALE,
  opensAt: ON_SALE - 15 * MINUTE,
  closesAt: ON_SALE + 60 * MINUTE,
  ratePerMinute: 60,
};

/** A seeded generator (mulberry32), so the draws are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the window", () => {
  it("is off without an on-sale, before the queue opens and once the room closes", () => {
    expect(roomPhase(null, ON_SALE)).toBe("off");
    expect(roomPhase(schedule, schedule.opensAt - 1)).toBe("off");
    expect(roomPhase(schedule, schedule.opensAt)).toBe("queue");
    expect(roomPhase(schedule, ON_SALE - 1)).toBe("queue");
    expect(roomPhase(schedule, ON_SALE)).toBe("selling");
    expect(roomPhase(schedule, schedule.closesAt - 1)).toBe("selling");
    expect(roomPhase(schedule, schedule.closesAt)).toBe("off");
  });

  it("reads the events row's columns, and none of them missing means no on-sale", () => {
    const row = {
      onSaleAt: new Date(ON_SALE),
      waitingRoomOpensAt: new Date(schedule.opensAt),
      waitingRoomClosesAt: new Date(schedule.closesAt),
      waitingRoomRatePerMinute: 60,
    };
    expect(onSaleScheduleOf(row)).toEqual(schedule);
    expect(onSaleScheduleOf({ ...row, onSaleAt: null })).toBeNull();
    expect(onSaleScheduleOf({ ...row, waitingRoomRatePerMinute: null })).toBeNull();
  });
});

describe("the admission order", () => {
  it("shuffles those who arrived before the opening and puts later arrivals behind them, first come first served", () => {
    const random = seeded(31);
    const early = Array.from({ length: 200 }, (_, sequence) => ({
      name: `early-${sequence}`,
      rank: rankForArrival({
        arrivedAt: schedule.opensAt + sequence * 1000,
        onSaleAt: ON_SALE,
        sequence,
        random: random(),
      }),
    }));
    const late = Array.from({ length: 50 }, (_, index) => ({
      name: `late-${index}`,
      rank: rankForArrival({ arrivedAt: ON_SALE + index, onSaleAt: ON_SALE, sequence: 200 + index, random: random() }),
    }));
    // Arrivals given in the wrong order on purpose: the rank alone decides.
    const order = [...late.toReversed(), ...early].toSorted((a, b) => a.rank - b.rank).map((entry) => entry.name);

    const earlyOrder = order.slice(0, 200);
    expect(new Set(earlyOrder)).toEqual(new Set(early.map((entry) => entry.name)));
    // Shuffled: far from arrival order (a sorted list would have 199 neighbours in sequence).
    const inSequence = earlyOrder.filter(
      (name, i) => i > 0 && Number(name.slice(6)) === Number(earlyOrder[i - 1]!.slice(6)) + 1,
    );
    expect(inSequence.length).toBeLessThan(20);
    expect(order.slice(200)).toEqual(late.map((entry) => entry.name));
    expect(Math.max(...early.map((entry) => entry.rank))).toBeLessThan(FIFO_RANK_BASE);
  });

  it("lets nobody in before the on-sale time", () => {
    const due = admissionsDue(
      { credit: 0, at: schedule.opensAt, waiting: 0 },
      { now: ON_SALE - 1, onSaleAt: ON_SALE, ratePerMinute: 60, waiting: 500 },
    );
    expect(due.admit).toBe(0);
  });

  it("lets people in at the rate from the on-sale time, however often it is asked", () => {
    // 60 a minute: asked every 700 ms for ten minutes, 600 people are let in, never more than the time allows.
    let state: AdmissionState = { credit: 0, at: schedule.opensAt, waiting: 0 };
    let admitted = 0;
    for (let now = ON_SALE - 5_000; now <= ON_SALE + 10 * MINUTE; now += 700) {
      const due = admissionsDue(state, { now, onSaleAt: ON_SALE, ratePerMinute: 60, waiting: 10_000 - admitted });
      admitted += due.admit;
      state = due.state;
      expect(admitted).toBeLessThanOrEqual(Math.max(0, Math.floor((now - ON_SALE) / 1000)));
    }
    expect(admitted).toBeGreaterThanOrEqual(599);
    expect(admitted).toBeLessThanOrEqual(600);
  });

  it("asked once after a long gap, lets in what the gap earned, up to those waiting", () => {
    const due = admissionsDue(
      { credit: 0, at: ON_SALE, waiting: 1_000 },
      { now: ON_SALE + 5 * MINUTE, onSaleAt: ON_SALE, ratePerMinute: 60, waiting: 1_000 },
    );
    expect(due.admit).toBe(300);
    const few = admissionsDue(
      { credit: 0, at: ON_SALE, waiting: 1_000 },
      { now: ON_SALE + 5 * MINUTE, onSaleAt: ON_SALE, ratePerMinute: 60, waiting: 7 },
    );
    expect(few.admit).toBe(7);
  });

  it("does not bank more than ten seconds' worth while nobody waits", () => {
    const idle = admissionsDue(
      { credit: 0, at: ON_SALE, waiting: 1_000 },
      { now: ON_SALE + 30 * MINUTE, onSaleAt: ON_SALE, ratePerMinute: 600, waiting: 0 },
    );
    expect(idle.admit).toBe(0);
    expect(idle.state.credit).toBe(100);
    // A crowd arriving then gets the burst at once, then the rate.
    const crowd = admissionsDue(idle.state, {
      now: ON_SALE + 30 * MINUTE,
      onSaleAt: ON_SALE,
      ratePerMinute: 600,
      waiting: 5_000,
    });
    expect(crowd.admit).toBe(100);
    // An empty queue lets a newcomer in at once, whatever the rate.
    const slow = admissionsDue(
      { credit: 0, at: ON_SALE, waiting: 1_000 },
      { now: ON_SALE + 30 * MINUTE, onSaleAt: ON_SALE, ratePerMinute: 1, waiting: 0 },
    );
    expect(
      admissionsDue(slow.state, { now: slow.state.at, onSaleAt: ON_SALE, ratePerMinute: 1, waiting: 1 }).admit,
    ).toBe(1);
  });

  it("lets a crowd that queued before the opening in at the burst at the first call after it, then at the rate", () => {
    const first = admissionsDue(
      { credit: 0, at: ON_SALE - MINUTE, waiting: 5_000 },
      { now: ON_SALE + 5 * MINUTE, onSaleAt: ON_SALE, ratePerMinute: 60, waiting: 5_000 },
    );
    expect(first.admit).toBe(10);
    const next = admissionsDue(first.state, {
      now: ON_SALE + 6 * MINUTE,
      onSaleAt: ON_SALE,
      ratePerMinute: 60,
      waiting: 4_990,
    });
    expect(next.admit).toBe(60);
  });

  it("estimates the wait from the position and the rate, and the time left to the opening", () => {
    expect(estimatedWaitMs({ position: 120, now: ON_SALE, onSaleAt: ON_SALE, ratePerMinute: 60, credit: 0 })).toBe(
      2 * MINUTE,
    );
    expect(
      estimatedWaitMs({ position: 60, now: ON_SALE - 3 * MINUTE, onSaleAt: ON_SALE, ratePerMinute: 60, credit: 0 }),
    ).toBe(4 * MINUTE);
    expect(waitMinutes(59_999)).toBe(0);
    expect(waitMinutes(2 * MINUTE + 1)).toBe(3);
    expect(refreshAfterSeconds(30_000)).toBe(5);
    expect(refreshAfterSeconds(3 * MINUTE)).toBe(15);
    expect(refreshAfterSeconds(2 * 60 * MINUTE)).toBe(60);
  });
});

describe("the pass", () => {
  const env = { ENVIRONMENT: "test", SESSION_SECRET: "waiting-room-unit-secret-0123456789" };
  const pass = signWaitingRoomPass(env, { eventId: 42, expiresAt: ON_SALE + 15 * MINUTE });

  it("is valid for its event until it expires", () => {
    expect(checkWaitingRoomPass(env, pass, { eventId: 42, now: ON_SALE })).toBe("valid");
    expect(checkWaitingRoomPass(env, pass, { eventId: 42, now: ON_SALE + 15 * MINUTE })).toBe("expired");
  });

  it("is refused for another event, tampered with, signed with another secret, or missing", () => {
    expect(checkWaitingRoomPass(env, pass, { eventId: 43, now: ON_SALE })).toBe("invalid");
    const [id, expiresAt, mac] = pass.split(".");
    const later = `${id}.${Number(expiresAt) + 3_600_000}.${mac}`;
    expect(checkWaitingRoomPass(env, later, { eventId: 42, now: ON_SALE })).toBe("invalid");
    const flipped = `${id}.${expiresAt}.${mac!.startsWith("A") ? "B" : "A"}${mac!.slice(1)}`;
    expect(checkWaitingRoomPass(env, flipped, { eventId: 42, now: ON_SALE })).toBe("invalid");
    const other = { ...env, SESSION_SECRET: "another-secret-0123456789abcdefgh" };
    expect(checkWaitingRoomPass(other, pass, { eventId: 42, now: ON_SALE })).toBe("invalid");
    expect(checkWaitingRoomPass(env, "not a pass", { eventId: 42, now: ON_SALE })).toBe("invalid");
    expect(checkWaitingRoomPass(env, null, { eventId: 42, now: ON_SALE })).toBe("missing");
  });

  it("is never signed without a secret outside development and test", () => {
    expect(() => signWaitingRoomPass({ ENVIRONMENT: "production" }, { eventId: 1, expiresAt: ON_SALE })).toThrow(
      /SESSION_SECRET/,
    );
  });
});
