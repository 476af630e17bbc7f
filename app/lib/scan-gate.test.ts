import { describe, expect, it } from "vitest";
import {
  codeRead,
  initialScanGate,
  looksLikeTicketCode,
  resultArrived,
  resultDismissed,
  SAME_CODE_QUIET_MS,
  type ScanGate,
} from "./scan-gate";

type Result = { result: string; code: string | null };

/** Feeds camera reads every `every` ms from `from` to `to`, answering each checked code at once; counts the checks. */
function holdInView(start: ScanGate<Result>, code: string, from: number, to: number, every = 200) {
  let gate = start;
  const checked: number[] = [];
  for (let now = from; now <= to; now += every) {
    const read = codeRead(gate, code, now);
    gate = read.gate;
    if (read.submit) {
      checked.push(now);
      gate = resultArrived(gate, { result: checked.length === 1 ? "ok" : "already_in", code }, { code, now });
    }
  }
  return { gate, checked };
}

describe("scan gate", () => {
  it("checks a ticket held in view for a minute once, and keeps its first result on screen", () => {
    const { gate, checked } = holdInView(initialScanGate(), "G1.1.2.abc", 500, 60_500);
    expect(checked).toEqual([500]);
    expect(gate.shown).toEqual({ result: "ok", code: "G1.1.2.abc" });
  });

  it("checks a different code at once and shows its result instead", () => {
    let { gate } = holdInView(initialScanGate(), "A-code", 0, 1000);
    const read = codeRead(gate, "B-code", 1200);
    expect(read.submit).toBe(true);
    gate = resultArrived(read.gate, { result: "ok", code: "B-code" }, { code: "B-code", now: 1300 });
    expect(gate.shown).toEqual({ result: "ok", code: "B-code" });
  });

  it("checks each of two tickets read in turn (both in the frame) once", () => {
    let gate = initialScanGate<Result>();
    const checked: string[] = [];
    for (let now = 0; now <= 30_000; now += 200) {
      const code = (now / 200) % 2 === 0 ? "A" : "B";
      const read = codeRead(gate, code, now);
      gate = read.gate;
      if (read.submit) {
        checked.push(code);
        gate = resultArrived(gate, { result: "ok", code }, { code, now });
      }
    }
    expect(checked).toEqual(["A", "B"]);
    expect(gate.shown).toEqual({ result: "ok", code: "B" });
  });

  it("forgets codes out of view for the quiet time", () => {
    let gate = codeRead(initialScanGate<Result>(), "A", 0).gate;
    gate = codeRead(gate, "B", SAME_CODE_QUIET_MS + 1).gate;
    expect(Object.keys(gate.recent)).toEqual(["B"]);
  });

  it("checks the same code again once it has been out of view for the quiet time", () => {
    const held = holdInView(initialScanGate(), "C", 0, 2000);
    expect(codeRead(held.gate, "C", 2000 + SAME_CODE_QUIET_MS - 1).submit).toBe(false);
    expect(codeRead(held.gate, "C", 2000 + SAME_CODE_QUIET_MS).submit).toBe(true);
  });

  it("counts the quiet time from the answer when the network is slow", () => {
    let gate = codeRead(initialScanGate<Result>(), "D", 0).gate;
    gate = resultArrived(gate, { result: "ok", code: "D" }, { code: "D", now: 6000 });
    expect(codeRead(gate, "D", 6000 + SAME_CODE_QUIET_MS - 1).submit).toBe(false);
  });

  it("ignores surrounding spaces and empty reads (a handheld scanner's typing)", () => {
    const gate = codeRead(initialScanGate<Result>(), " E ", 0).gate;
    expect(gate.recent).toEqual({ E: 0 });
    expect(codeRead(gate, "E\n", 100).submit).toBe(false);
    expect(codeRead(gate, "   ", 100)).toEqual({ gate, submit: false });
  });

  it("clears the screen on a tap without checking the ticket still in view again", () => {
    const held = holdInView(initialScanGate(), "F", 0, 1000);
    const tapped = resultDismissed(held.gate);
    expect(tapped.shown).toBeNull();
    expect(codeRead(tapped, "F", 1200).submit).toBe(false);
    expect(codeRead(tapped, "G", 1200).submit).toBe(true);
  });

  it("shows a manual pick's result without touching the codes' quiet times", () => {
    const held = holdInView(initialScanGate(), "H", 0, 1000);
    const picked = resultArrived(held.gate, { result: "ok", code: null }, { code: null, now: 1100 });
    expect(picked.shown).toEqual({ result: "ok", code: null });
    expect(picked.recent).toEqual(held.gate.recent);
  });

  it("recognises a ticket code typed in the search", () => {
    expect(looksLikeTicketCode("G1.12.345.AbCdEfGhIjKlMnOpQrStUv")).toBe(true);
    expect(looksLikeTicketCode(" G1.12.345.AbCdEfGh_-x ")).toBe(true);
    expect(looksLikeTicketCode("Zacharie")).toBe(false);
    expect(looksLikeTicketCode("G1.12")).toBe(false);
  });
});
