import { describe, expect, it } from "vitest";
import { isReleased, payableFromLedger, type LedgerTotal } from "./payable";

const NOW = Date.parse("2026-11-26T10:00:00Z");
const HOUR = 3_600_000;

describe("payableFromLedger", () => {
  it("pays what ended events earned: charges less platform fees, less refunds", () => {
    // Net of the ledger: 5 000 − 300 fee charged, a 2 000 order refunded with its 150 fee given back.
    const totals: LedgerTotal[] = [{ eventId: 1, endsAt: NOW - HOUR, net: 4700 + 1850 - 1850 }];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 4700, held: 0, payable: 4700 });
  });

  it("holds the money of events that have not ended, and of events without any date", () => {
    const totals: LedgerTotal[] = [
      { eventId: 1, endsAt: NOW - HOUR, net: 4700 },
      { eventId: 2, endsAt: NOW + HOUR, net: 2800 },
      { eventId: 3, endsAt: null, net: 900 },
    ];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 4700, held: 3700, payable: 4700 });
  });

  it("releases an event's money at its end time exactly", () => {
    expect(isReleased({ eventId: 1, endsAt: NOW }, NOW)).toBe(true);
    expect(isReleased({ eventId: 1, endsAt: NOW + 1 }, NOW)).toBe(false);
  });

  it("takes earlier payouts off, and gives a failed one back (rows without an event are never held)", () => {
    const totals: LedgerTotal[] = [
      { eventId: 1, endsAt: NOW - HOUR, net: 10_000 },
      // Two payouts of 4 000 (−8 000) and the reversal of the second, which failed (+4 000).
      { eventId: null, endsAt: null, net: -8000 + 4000 },
    ];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: 6000, held: 0, payable: 6000 });
  });

  it("never pays a negative amount: a refund of money already paid out waits for the next sales", () => {
    const totals: LedgerTotal[] = [
      { eventId: 1, endsAt: NOW - HOUR, net: 4700 - 2000 },
      { eventId: null, endsAt: null, net: -4700 },
      { eventId: 2, endsAt: NOW + HOUR, net: 1000 },
    ];
    expect(payableFromLedger(totals, NOW)).toEqual({ released: -2000, held: 1000, payable: 0 });
  });

  it("is zero for an organization without any movement", () => {
    expect(payableFromLedger([], NOW)).toEqual({ released: 0, held: 0, payable: 0 });
  });
});
