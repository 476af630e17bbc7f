/**
 * Delay before each attempt, in seconds (Standard Webhooks' schedule): immediately, 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 14 h, 20 h, 24 h — ten attempts over about three days. Queue messages accept delays up to 24 h.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length;

/** Seconds to wait before attempt number `attempt` (1-based); null when there is none. */
export function delayBeforeAttempt(attempt: number): number | null {
  return WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1] ?? null;
}

/** Deliveries that failed for good in a row before the endpoint is disabled and its owners told. */
export const WEBHOOK_FAILURES_BEFORE_DISABLE = 5;

/** How long a claimed attempt may run before the sweep treats it as lost and hands it to the queue again. */
export const WEBHOOK_ATTEMPT_LEASE_MS = 10 * 60_000;
