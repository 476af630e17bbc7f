/**
 * What `npm run load` records of each request and how it sums them up: latency percentiles, answers by kind, accepted
 * bookings per minute over the whole phase and over the busiest 10 seconds.
 */

export type RequestKind = "booking" | "page" | "event-json" | "webhook" | "checkout-page" | "checkout-pay" | "health";

/** What an answer was, in the words the report prints: the booking API's refusals by kind, then the transport. */
export type Outcome =
  | "201"
  | "200"
  | "3xx"
  | "409 sold_out"
  | "409 other"
  | "422"
  | "429"
  | "other 4xx"
  | "5xx"
  | "network"
  | "timeout"
  | "cut";

export type Sample = {
  kind: RequestKind;
  /** When the request was sent, ms since the phase started. */
  sentAt: number;
  /** Send to last byte, ms. */
  ms: number;
  outcome: Outcome;
  status: number;
};

export function outcomeOf(status: number, body: string): Outcome {
  if (status === 201) return "201";
  if (status >= 200 && status < 300) return "200";
  if (status >= 300 && status < 400) return "3xx";
  // A ticket, the event or a promo code ran short (the error's code, docs/decisions/0046-one-api-error-format.md).
  if (status === 409) return /"code":"(sold_out|promo_used_up)"/.test(body) ? "409 sold_out" : "409 other";
  if (status === 422) return "422";
  if (status === 429) return "429";
  if (status >= 500) return "5xx";
  return "other 4xx";
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export type LatencySummary = { n: number; p50: number; p95: number; p99: number; max: number };

export function summarize(times: readonly number[]): LatencySummary {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

const ms = (value: number) => (Number.isNaN(value) ? "–" : `${value.toFixed(1)} ms`);

export function latencyLine(label: string, summary: LatencySummary): string {
  return `${label.padEnd(40)} n=${String(summary.n).padEnd(5)} p50 ${ms(summary.p50).padEnd(9)} p95 ${ms(summary.p95).padEnd(9)} p99 ${ms(summary.p99).padEnd(9)} max ${ms(summary.max)}`;
}

/** "201×412  409 sold_out×1490  …" in a fixed order, kinds that never happened left out. */
export function outcomeCounts(samples: readonly Sample[]): string {
  const order: Outcome[] = [
    "201",
    "200",
    "3xx",
    "409 sold_out",
    "409 other",
    "422",
    "429",
    "other 4xx",
    "5xx",
    "network",
    "timeout",
    "cut",
  ];
  const counts = new Map<Outcome, number>();
  for (const sample of samples) counts.set(sample.outcome, (counts.get(sample.outcome) ?? 0) + 1);
  const parts = order.filter((outcome) => counts.has(outcome)).map((outcome) => `${outcome}×${counts.get(outcome)}`);
  return parts.length ? parts.join("  ") : "none";
}

/** The most accepted bookings whose answers arrived within any `windowMs`, as a count. */
export function peakInWindow(doneAt: readonly number[], windowMs: number): number {
  const sorted = [...doneAt].sort((a, b) => a - b);
  let best = 0;
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export const perMinute = (count: number, wallMs: number) => (wallMs > 0 ? (count / wallMs) * 60_000 : 0);

export const thousands = (value: number) => Math.round(value).toLocaleString("en-US");
