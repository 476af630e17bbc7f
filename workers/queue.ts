import { emailSenderFromEnv, type EmailSender } from "#adapters/email";
import type { Database } from "#db/database";
import { databaseFromEnv } from "#db/from-env";
import {
  deliveryKeyOf,
  DELIVERY_CLAIM_LEASE_MS,
  MISSING_APP_URL_ERROR,
  sendOrderEmailBatch,
  type OrderEmailResult,
  type SendOrderConfirmationOutcome,
} from "#domain/order-documents/send-order-confirmation";
import { sendOrderRefundEmail } from "#domain/order-documents/send-order-refund-email";
import { deliverAttendeeMessage } from "#domain/attendee-messages/deliver-attendee-message";
import { logEvent } from "#domain/shared/log";
import { deliverWebhook } from "#domain/webhooks/deliver-webhook";
import { sendWaitingListOfferEmail } from "#domain/waiting-list/send-waiting-list-offer-email";
import { notifyWebhookEndpointDisabled } from "#domain/webhooks/notify-webhook-endpoint-disabled";
import { allowLocalWebhookUrls } from "#domain/webhooks/webhook-url";
import { isJob, type Job, type JobType, type OrderConfirmationJob } from "#domain/shared/jobs";
import { errorFields, logger, withLogScope } from "#domain/shared/logger";
import { reportError } from "#adapters/error-reporting";
import { isInventoryMessage, type InventoryMessage } from "#domain/inventory/inventory-messages";
import { writeInventoryOrders } from "#domain/inventory/write-inventory-orders";
import { queueOrderEmails } from "#domain/order-documents/queue-order-emails";
import { dispatchDueWebhookDeliveries } from "#domain/webhooks/dispatch-due-webhook-deliveries";

/** The pause after each Resend batch call of a message send (its default rate limit is 2 requests a second). */
const RESEND_PAUSE_MS = 600;

/**
 * What every job handler gets: one database and one email sender per batch, and the batch's order emails, sent
 * together (decision 0067): a handler gets its own job's outcome.
 */
export type JobContext = {
  env: Env;
  db: Database;
  email: EmailSender;
  orderEmail: (job: OrderConfirmationJob) => Promise<SendOrderConfirmationOutcome>;
};

/**
 * "done" acknowledges the message; `retryAfterSeconds` puts it back for later without it being an error (another
 * consumer holds the work). A thrown error retries with exponential backoff.
 */
export type JobOutcome = "done" | { retryAfterSeconds: number };

type JobHandlers = { [T in JobType]: (job: Extract<Job, { type: T }>, context: JobContext) => Promise<JobOutcome> };

/** One handler per job type (domain/shared/jobs.ts): add a type's handler here. */
const jobHandlers: JobHandlers = {
  "send-email": async (job, { email }) => {
    await email.send(job.message);
    return "done";
  },
  "send-order-confirmation": async (job, { orderEmail }) => {
    const outcome = await orderEmail(job);
    if (outcome === "not-confirmed" || outcome === "no-recipient" || outcome === "gave-up")
      logger.warn("order_email", { outcome, order_id: job.orderId });
    // Retrying the message would not help until the deploy sets APP_URL; the delivery stays due for the sweep.
    if (outcome === "not-configured")
      logger.error("order_email", { outcome, order_id: job.orderId, error_message: MISSING_APP_URL_ERROR });
    return outcome === "in-progress" ? { retryAfterSeconds: DELIVERY_CLAIM_LEASE_MS / 1000 } : "done";
  },
  "send-order-refund": async (job, { env, db, email }) => {
    const outcome = await sendOrderRefundEmail(
      db,
      { env, sender: email },
      { orderId: job.orderId, ...(job.refundId === undefined ? {} : { refundId: job.refundId }) },
    );
    if (outcome === "not-refunded" || outcome === "no-recipient" || outcome === "gave-up")
      logger.warn("order_refund_email", { outcome, order_id: job.orderId });
    if (outcome === "not-configured")
      logger.error("order_refund_email", { outcome, order_id: job.orderId, error_message: MISSING_APP_URL_ERROR });
    return outcome === "in-progress" ? { retryAfterSeconds: DELIVERY_CLAIM_LEASE_MS / 1000 } : "done";
  },
  "send-attendee-message": async (job, { env, db, email }) => {
    const outcome = await deliverAttendeeMessage(db, { env, sender: email }, job);
    if (outcome === "not-configured")
      logger.error("attendee_message", { outcome, message_id: job.messageId, error_message: MISSING_APP_URL_ERROR });
    // Resend allows 2 requests a second by default: one batch call per job, then a pause before the next one.
    if (outcome === "sent" && email.mode === "resend")
      await new Promise((resolve) => setTimeout(resolve, RESEND_PAUSE_MS));
    return "done";
  },
  "send-waiting-list-offer": async (job, { env, db, email }) => {
    const outcome = await sendWaitingListOfferEmail(db, { env, sender: email }, job);
    if (outcome === "not-configured")
      logger.error("waiting_list_offer_email", {
        outcome,
        entry_id: job.entryId,
        error_message: MISSING_APP_URL_ERROR,
      });
    else if (outcome !== "sent") logger.info("waiting_list_offer_email", { outcome, entry_id: job.entryId });
    return "done";
  },
  "deliver-webhook": async (job, { env, db, email }) => {
    const outcome = await deliverWebhook(db, job, { allowLocalUrls: allowLocalWebhookUrls(env) });
    if (outcome.outcome === "retry") {
      // The next attempt is a new message (its own attempt number), so this one is done either way.
      await env.JOBS.send({ ...job, attempt: outcome.nextAttempt }, { delaySeconds: outcome.delaySeconds });
    } else if (outcome.outcome === "failed" && outcome.endpointDisabled) {
      logEvent({ event: "webhooks.endpoint_disabled", level: "warn", endpointId: outcome.endpointId });
      await notifyWebhookEndpointDisabled(db, email, { endpointId: outcome.endpointId, appUrl: env.APP_URL });
    }
    return "done";
  },
};

function runJob(job: Job, context: JobContext): Promise<JobOutcome> {
  const handler = jobHandlers[job.type] as (job: Job, context: JobContext) => Promise<JobOutcome>;
  return handler(job, context);
}

/**
 * The order emails of the whole batch are sent by the first of its jobs that asks, in a fixed number of D1 round
 * trips (domain/order-documents/send-order-confirmation.ts); each job then reads its own result, a failed send
 * throwing so that its message is retried with backoff.
 */
function batchedOrderEmails(
  batch: MessageBatch<unknown>,
  { env, db, email }: Omit<JobContext, "orderEmail">,
): JobContext["orderEmail"] {
  const jobs = batch.messages.flatMap((message) =>
    isJob(message.body) && message.body.type === "send-order-confirmation" ? [message.body] : [],
  );
  let sent: Promise<Map<string, OrderEmailResult>> | undefined;
  return async (job) => {
    sent ??= sendOrderEmailBatch(db, { env, sender: email }, jobs);
    const result = (await sent).get(deliveryKeyOf(job));
    if (!result) throw new Error("order email job missing from its batch");
    if (result.outcome === "failed") throw result.error;
    return result.outcome;
  };
}

/** Backoff of a failed job: 30 s, 1 min, 2 min… capped at one hour (Queues allow delays up to 24 h). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Each message is acknowledged on success and retried (with backoff) on failure; unknown messages are dropped. One
 * `job` log line per message (domain/shared/logger.ts): its type, id (also its `request_id`), attempt, outcome and duration.
 */
export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext) {
  if (batch.queue === INVENTORY_QUEUE_NAME) return handleInventoryBatch(batch, env);
  const db = databaseFromEnv(env);
  const email = emailSenderFromEnv(env, db);
  const context: JobContext = { env, db, email, orderEmail: batchedOrderEmails(batch, { env, db, email }) };
  for (const message of batch.messages) {
    const jobType = isJob(message.body) ? message.body.type : "unknown";
    const scope = { request_id: message.id, job_id: message.id, job_type: jobType, queue: batch.queue };
    await withLogScope(scope, async () => {
      const started = Date.now();
      const line = { attempt: message.attempts };
      if (!isJob(message.body)) {
        logger.warn("job", { ...line, outcome: "dropped" });
        message.ack();
        return;
      }
      try {
        const outcome = await runJob(message.body, context);
        if (outcome === "done") message.ack();
        else message.retry({ delaySeconds: outcome.retryAfterSeconds });
        const retry = outcome === "done" ? {} : { outcome: "retry", retry_after_s: outcome.retryAfterSeconds };
        logger.info("job", { ...line, outcome: "done", ...retry, duration_ms: Date.now() - started });
      } catch (error) {
        const delaySeconds = retryDelaySeconds(message.attempts);
        logger.error("job", {
          ...line,
          outcome: "failed",
          retry_after_s: delaySeconds,
          duration_ms: Date.now() - started,
          ...errorFields(error),
        });
        reportError(error);
        message.retry({ delaySeconds });
      }
    });
  }
}

/** The queue of the events' inventory objects (wrangler.toml, decision 0072). */
export const INVENTORY_QUEUE_NAME = "guichet-inventory";

/**
 * Writes the orders of the inventory objects into D1, all of a delivery in one atomic batch; then queues the
 * confirmation emails of the free ones and hands the webhook rows it recorded to the webhooks' queue. A failure
 * retries the whole delivery, which writes nothing twice (write-inventory-orders.ts).
 */
/** How long a release or a checkout session waits for its order's delivery before it is delivered again. */
const WAITING_FOR_ORDER_SECONDS = 1;

async function handleInventoryBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = databaseFromEnv(env);
  const messages = batch.messages.filter((message) => isInventoryMessage(message.body));
  for (const message of batch.messages) if (!isInventoryMessage(message.body)) message.ack();
  await withLogScope({ job_type: "inventory-orders", job_id: messages[0]?.id }, async () => {
    const started = Date.now();
    try {
      const result = await writeInventoryOrders(
        db,
        messages.map((message) => message.body as InventoryMessage),
      );
      await queueOrderEmails(env, result.confirmed);
      if (result.webhookDeliveriesRecorded > 0) await dispatchDueWebhookDeliveries(db, env.JOBS);
      // A release or a checkout session whose order is in a later delivery comes back after it.
      const waiting = new Set<unknown>(result.waiting);
      for (const message of messages) {
        if (waiting.has(message.body)) message.retry({ delaySeconds: WAITING_FOR_ORDER_SECONDS });
        else message.ack();
      }
      logger.info("job", {
        outcome: "done",
        orders: result.written.length,
        waiting: result.waiting.length,
        duration_ms: Date.now() - started,
      });
    } catch (error) {
      const attempts = Math.max(...messages.map((message) => message.attempts));
      logger.error("job", { outcome: "failed", attempts, ...errorFields(error) });
      for (const message of messages) message.retry({ delaySeconds: retryDelaySeconds(attempts) });
    }
  });
}
