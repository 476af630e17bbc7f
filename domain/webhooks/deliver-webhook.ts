import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from "#db/schema";
import { delayBeforeAttempt, WEBHOOK_ATTEMPT_LEASE_MS, WEBHOOK_FAILURES_BEFORE_DISABLE } from "./retry-schedule";
import { signingSecrets, webhookHeaders } from "./webhook-signature";
import { webhookUrlProblem } from "./webhook-url";

export type WebhookAttemptOutcome =
  /** Another run already made (or is making) this attempt: a redelivered queue message. */
  | { outcome: "skipped" }
  | { outcome: "succeeded"; status: number }
  /** Failed; try again after the delay (the caller queues attempt `nextAttempt`). */
  | { outcome: "retry"; nextAttempt: number; delaySeconds: number; status: number | null }
  /** Failed for good; `endpointDisabled` when this failure disabled the endpoint (its owners are then told). */
  | { outcome: "failed"; endpointDisabled: boolean; endpointId: number; status: number | null };

export type DeliverWebhookDeps = {
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
  /** allowLocalWebhookUrls(env): local receivers, for the e2e tests only. */
  allowLocalUrls?: boolean;
};

const EXCERPT_LENGTH = 500;
/** The most of a receiver's answer ever read: the excerpt needs 500 characters, the rest is cancelled unread. */
export const RESPONSE_READ_LIMIT_BYTES = 4096;

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

  let endpoint: typeof webhookEndpoints.$inferSelect | undefined;
  try {
    [endpoint] = await db
      .select()
      .from(webhookEndpoints)
      .where(
        and(eq(webhookEndpoints.id, delivery.endpointId), eq(webhookEndpoints.organizationId, delivery.organizationId)),
      )
      .limit(1);
  } catch (error) {
    // Nothing was sent yet: give the claim back so that the queue's retry of this very message makes the attempt
    // (otherwise it would be skipped and the delivery would wait for the sweep after the lease). Best effort: if the
    // database is still failing, the lease and the sweep remain the safety net.
    await db
      .update(webhookDeliveries)
      .set({ attempts: job.attempt - 1, nextAttemptAt: delivery.nextAttemptAt === null ? null : startedAt })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.status, "pending"),
          eq(webhookDeliveries.attempts, job.attempt),
        ),
      )
      .catch(() => undefined);
    throw error;
  }

  let status: number | null = null;
  let error: string | null = null;
  let excerpt = "";
  // Saved URLs were checked when saved; checked again here for endpoints saved under older rules (and any way round).
  const urlProblem =
    endpoint?.enabled === true ? webhookUrlProblem(endpoint.url, { allowLocal: deps.allowLocalUrls ?? false }) : null;
  if (!endpoint || !endpoint.enabled) {
    error = "endpoint-disabled";
  } else if (urlProblem) {
    error = `url-refused: ${urlProblem}`;
  } else {
    try {
      const response = await (deps.fetch ?? fetch)(endpoint.url, {
        method: "POST",
        headers: webhookHeaders(signingSecrets(endpoint, startedAt), delivery.messageId, delivery.payload, startedAt),
        body: delivery.payload,
        redirect: "manual",
        signal: AbortSignal.timeout(deps.timeoutMs ?? 15_000),
      });
      status = response.status;
      excerpt = (await readExcerpt(response)).slice(0, EXCERPT_LENGTH);
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}`.slice(0, EXCERPT_LENGTH) : "network-error";
    }
  }
  const finishedAt = now();
  const succeeded = status !== null && status >= 200 && status < 300;
  const gone = status === 410;
  const nextDelay = succeeded || gone || !endpoint?.enabled || urlProblem ? null : delayBeforeAttempt(job.attempt + 1);
  const finalFailure = !succeeded && nextDelay === null;

  const recorded = { deliveryId: delivery.id, attempt: job.attempt };
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
    await recordOnce(db, recorded, () => db.batch([attemptRow, deliveryUpdate]));
    return { outcome: "failed", endpointDisabled: false, endpointId: delivery.endpointId, status };
  }
  const endpointScope = and(
    eq(webhookEndpoints.id, endpoint.id),
    eq(webhookEndpoints.organizationId, endpoint.organizationId),
  );
  if (succeeded) {
    await recordOnce(db, recorded, () =>
      db.batch([
        attemptRow,
        deliveryUpdate,
        db.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(endpointScope),
      ]),
    );
    return { outcome: "succeeded", status: status! };
  }
  if (!finalFailure) {
    await recordOnce(db, recorded, () => db.batch([attemptRow, deliveryUpdate]));
    return { outcome: "retry", nextAttempt: job.attempt + 1, delaySeconds: nextDelay!, status };
  }
  // A final failure counts against the endpoint; 410 Gone (Standard Webhooks) disables it at once.
  const reason = gone ? "gone" : "failing";
  const written = await recordOnce(db, recorded, () =>
    db.batch([
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
    ]),
  );
  return {
    outcome: "failed",
    // A lost answer leaves it unknown whether this failure disabled the endpoint: its owners are not told twice.
    endpointDisabled: ((written?.[3] ?? []) as { id: number }[]).length > 0,
    endpointId: endpoint.id,
    status,
  };
}

/**
 * The start of a receiver's answer, at most RESPONSE_READ_LIMIT_BYTES read: a receiver that streams megabytes (or
 * never ends its body) costs the Worker no memory and no time beyond that; the rest of the stream is cancelled.
 */
async function readExcerpt(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_READ_LIMIT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body that fails half-way keeps what arrived.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(Math.min(size, RESPONSE_READ_LIMIT_BYTES));
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= bytes.length) break;
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Writes an attempt's result, once more at once if D1 fails: the endpoint has been called already, and a result left
 * unwritten means the sweep calls it again after the lease (the same webhook-id, which receivers deduplicate, but a
 * duplicate all the same). The batch is atomic; if its attempt row is there, the first write committed and only its
 * answer was lost, so it is not written twice (null: what it returned is unknown).
 */
async function recordOnce<T>(
  db: Database,
  attempt: { deliveryId: number; attempt: number },
  write: () => Promise<T>,
): Promise<T | null> {
  try {
    return await write();
  } catch {
    const [written] = await db
      .select({ id: webhookDeliveryAttempts.id })
      .from(webhookDeliveryAttempts)
      .where(
        and(
          eq(webhookDeliveryAttempts.deliveryId, attempt.deliveryId),
          eq(webhookDeliveryAttempts.attempt, attempt.attempt),
        ),
      )
      .limit(1);
    return written ? null : write();
  }
}
