import { describe, expect, it } from "vitest";
import { isReleased, payableFromLedger, type LedgerTotal } from "./payable";

const NOW = Date.parse("2026-11-26T10:00:00Z");
const HOUR = 3_600_000;

/** An event's ledger; `before`: the part written before the last payout (all of it unless said). */
const sales = (eventId: number | null, endsAt: number | null, net: number, before = net): LedgerTotal => ({
  eventId,
  endsAt,
  payout: false,
  net,
  netBeforeLastPayout: before,
});
/** The payouts and their reversals (all written up to the last payout row, which is one of them). */
const payouts = (net: number): LedgerTotal => ({
  eventId: null,
  endsAt: null,
  payout: true,
  net,
  netBeforeLastPayout: 0,
});

describe("payableFromLedger", () => {
  it("pays what ended events earned: charges less platform fees, less refunds", () => {
    // Net of the ledger: 5 000 − 300 fee charged, a 2 000 order refunded with its 150 fee given back.
    const totals = [sales(1, NOW - HOUR, 4700 + 1850 - 1850)];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 4700, held: 0, payable: 4700 });
  });

  it("holds the money of events that have not ended, and of events without any date", () => {
    const totals = [sales(1, NOW - HOUR, 4700), sales(2, NOW + HOUR, 2800), sales(3, null, 900)];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 4700, held: 3700, payable: 4700 });
  });

  it("releases an event's money at its end time exactly", () => {
    expect(isReleased({ eventId: 1, endsAt: NOW }, NOW)).toBe(true);
    expect(isReleased({ eventId: 1, endsAt: NOW + 1 }, NOW)).toBe(false);
  });

  it("takes earlier payouts off, and gives a failed one back (rows without an event are never held)", () => {
    // Two payouts of 4 000 (−8 000) and the reversal of the second, which failed (+4 000).
    const totals = [sales(1, NOW - HOUR, 10_000), payouts(-8000 + 4000)];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 6000, held: 0, payable: 6000 });
  });

  it("releases the money of a deleted event (its rows have no event any more)", () => {
    const totals = [sales(null, null, 2500, 2500), payouts(-1000)];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 1500, held: 0, payable: 1500 });
  });

  it("never pays a negative amount: a refund of money already paid out waits for the next sales", () => {
    // 4 700 paid out, then 2 000 refunded (after the payout); another event's 1 000 is still held.
    const totals = [sales(1, NOW - HOUR, 4700 - 2000, 4700), payouts(-4700), sales(2, NOW + HOUR, 1000)];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: -2000, held: 1000, payable: 0 });
  });

  it("is zero for an organization without any movement", () => {
    expect(payableFromLedger([], NOW)).toEqual({ released: 0, held: 0, payable: 0 });
  });
});

describe("payableFromLedger after a paid-out event's end moved back into the future (decision 0034)", () => {
  it("does not hold again what was paid out, nor make the available balance negative", () => {
    const totals = [sales(1, NOW + 7 * 24 * HOUR, 4700), payouts(-4700)];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 0, held: 0, payable: 0 });
  });

  it("still holds what the moved event earned since its payout, and the other events' money", () => {
    const totals = [sales(1, NOW + 7 * 24 * HOUR, 4700 + 1200, 4700), sales(2, NOW + HOUR, 3000, 2000), payouts(-4700)];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 0, held: 4200, payable: 0 });
  });

  it("pays sales released since, once and only once", () => {
    const moved = sales(1, NOW + 7 * 24 * HOUR, 4700);
    const later = sales(2, NOW - HOUR, 3000, 0);
    expect(payableFromLedger([moved, later, payouts(-4700)], NOW)).toEqual({ released: 3000, held: 0, payable: 3000 });
    // Once 3 000 more is paid out, everything written before that payout is accounted for.
    const paid = [sales(1, NOW + 7 * 24 * HOUR, 4700), sales(2, NOW - HOUR, 3000), payouts(-7700)];
    expect(payableFromLedger(paid, NOW)).toEqual({ released: 0, held: 0, payable: 0 });
  });

  it("shows a refund of the moved event after its payout as money owed, not as held money", () => {
    const totals = [sales(1, NOW + 7 * 24 * HOUR, 4700 - 2000, 4700), payouts(-4700)];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: -2000, held: 0, payable: 0 });
  });

  it("keeps another event's money held when the moved event's refund is larger than its sales since", () => {
    // Which held event the payout paid is unknown: the refund is counted against the moved event, the rest stays held.
    const totals = [
      sales(1, NOW + 7 * 24 * HOUR, 4700 - 2000, 4700),
      sales(2, NOW + HOUR, 1000),
      sales(3, NOW - HOUR, 5000, 0),
      payouts(-4700),
    ];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 3000, held: 1000, payable: 3000 });
  });

  it("holds again the money of a moved event whose payout failed and came back", () => {
    const totals = [sales(1, NOW + 7 * 24 * HOUR, 4700), payouts(-4700 + 4700)];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 0, held: 4700, payable: 0 });
  });

  it("counts a held event's net below zero as owed now", () => {
    // A refund made in Stripe's dashboard keeps the platform fee: the event is 150 below zero.
    const totals = [sales(1, NOW - HOUR, 2000), sales(2, NOW + HOUR, -150)];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 1850, held: 0, payable: 1850 });
  });
});
