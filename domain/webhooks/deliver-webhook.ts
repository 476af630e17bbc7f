import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from "#db/schema";
import { delayBeforeAttempt, WEBHOOK_ATTEMPT_LEASE_MS, WEBHOOK_FAILURES_BEFORE_DISABLE } from "./retry-schedule";
import { webhookHeaders } from "./webhook-signature";

export type WebhookAttemptOutcome =
  /** Another run already made (or is making) this attempt: a redelivered queue message. */
  | { outcome: "skipped" }
  | { outcome: "succeeded"; status: number }
  /** Failed; try again after the delay (the caller queues attempt `nextAttempt`). */
  | { outcome: "retry"; nextAttempt: number; delaySeconds: number; status: number | null }
  /** Failed for good; `endpointDisabled` when this failure disabled the endpoint (its owners are then told). */
  | { outcome: "failed"; endpointDisabled: boolean; endpointId: number; status: number | null };

export type DeliverWebhookDeps = { fetch?: typeof fetch; now?: () => Date; timeoutMs?: number };

const EXCERPT_LENGTH = 500;

/**
 * One delivery attempt. The claim (attempts = attempt - 1 → attempt) is a single conditional update, so a queue
 * message delivered twice makes one HTTP call. The result, the attempt log row and the endpoint's failure count are
 * written in one batch.
 */
export async function deliverWebhook(
  db: Database,
  job: { deliveryId: number; attempt: number },
  deps: DeliverWebhookDeps = {},
): Promise<WebhookAttemptOutcome> {
  const now = deps.now ?? (() => new Date());
  const startedAt = now();
  const [delivery] = await db
    .update(webhookDeliveries)
    .set({ attempts: job.attempt, nextAttemptAt: new Date(startedAt.getTime() + WEBHOOK_ATTEMPT_LEASE_MS) })
    .where(
      and(
        eq(webhookDeliveries.id, job.deliveryId),
        eq(webhookDeliveries.status, "pending"),
        eq(webhookDeliveries.attempts, job.attempt - 1),
      ),
    )
    .returning();
  if (!delivery) return { outcome: "skipped" };

  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.id, delivery.endpointId), eq(webhookEndpoints.organizationId, delivery.organizationId)),
    )
    .limit(1);

  let status: number | null = null;
  let error: string | null = null;
  let excerpt = "";
  if (!endpoint || !endpoint.enabled) {
    error = "endpoint-disabled";
  } else {
    try {
      const response = await (deps.fetch ?? fetch)(endpoint.url, {
        method: "POST",
        headers: webhookHeaders(endpoint.secret, delivery.messageId, delivery.payload, startedAt),
        body: delivery.payload,
        redirect: "manual",
        signal: AbortSignal.timeout(deps.timeoutMs ?? 15_000),
      });
      status = response.status;
      excerpt = (await response.text().catch(() => "")).slice(0, EXCERPT_LENGTH);
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}`.slice(0, EXCERPT_LENGTH) : "network-error";
    }
  }
  const finishedAt = now();
  const succeeded = status !== null && status >= 200 && status < 300;
  const gone = status === 410;
  const nextDelay = succeeded || gone || !endpoint?.enabled ? null : delayBeforeAttempt(job.attempt + 1);
  const finalFailure = !succeeded && nextDelay === null;

  const attemptRow = db.insert(webhookDeliveryAttempts).values({
    organizationId: delivery.organizationId,
    deliveryId: delivery.id,
    attempt: job.attempt,
    responseStatus: status,
    error,
    responseExcerpt: excerpt,
    durationMs: finishedAt.getTime() - startedAt.getTime(),
    attemptedAt: startedAt,
  });
  const deliveryUpdate = db
    .update(webhookDeliveries)
    .set({
      status: succeeded ? "succeeded" : finalFailure ? "failed" : "pending",
      lastResponseStatus: status,
      lastError: error,
      deliveredAt: succeeded ? finishedAt : null,
      nextAttemptAt: nextDelay === null ? null : new Date(finishedAt.getTime() + nextDelay * 1000),
      enqueuedAt: finishedAt,
    })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, job.attempt)));

  if (!endpoint) {
    await db.batch([attemptRow, deliveryUpdate]);
    return { outcome: "failed", endpointDisabled: false, endpointId: delivery.endpointId, status };
  }
  const endpointScope = and(
    eq(webhookEndpoints.id, endpoint.id),
    eq(webhookEndpoints.organizationId, endpoint.organizationId),
  );
  if (succeeded) {
    await db.batch([
      attemptRow,
      deliveryUpdate,
      db.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(endpointScope),
    ]);
    return { outcome: "succeeded", status: status! };
  }
  if (!finalFailure) {
    await db.batch([attemptRow, deliveryUpdate]);
    return { outcome: "retry", nextAttempt: job.attempt + 1, delaySeconds: nextDelay!, status };
  }
  // A final failure counts against the endpoint; 410 Gone (Standard Webhooks) disables it at once.
  const reason = gone ? "gone" : "failing";
  const [, , , disabled] = await db.batch([
    attemptRow,
    deliveryUpdate,
    db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
      .where(endpointScope),
    db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, disabledAt: finishedAt })
      .where(
        and(
          endpointScope,
          eq(webhookEndpoints.enabled, true),
          gone ? sql`1` : sql`${webhookEndpoints.consecutiveFailures} >= ${WEBHOOK_FAILURES_BEFORE_DISABLE}`,
        ),
      )
      .returning({ id: webhookEndpoints.id }),
  ]);
  return {
    outcome: "failed",
    endpointDisabled: (disabled as { id: number }[]).length > 0,
    endpointId: endpoint.id,
    status,
  };
}
