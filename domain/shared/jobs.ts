import type { EmailMessage } from "#adapters/email";
import type { WebhookDeliveryJob } from "#domain/webhooks/dispatch-due-webhook-deliveries";
import type { AttendeeMessageJob } from "#domain/attendee-messages/start-attendee-message-send";
import type { WaitingListOfferJob } from "#domain/waiting-list/offer-waiting-list-places";

/** A ready email (auth mail sent later). */
export type SendEmailJob = { type: "send-email"; message: EmailMessage };

/**
 * Small on purpose: the consumer re-reads the order and builds the email and its PDF tickets at send time, so a retry
 * hours later still sends what the order is then. `key` names one delivery (the sent marker's key): absent for the
 * first confirmation (`order-confirmation:{orderId}`), a fresh one for each resend.
 */
export type OrderConfirmationJob = { type: "send-order-confirmation"; orderId: number; key?: string };

/**
 * An order's refund notice (decision 0041): built from the order at send time, like the confirmation. `refundId`: the
 * notice of one partial refund (decision 0058), its amount and the tickets it covers.
 */
export type OrderRefundJob = { type: "send-order-refund"; orderId: number; refundId?: number };

/** The jobs the order-email outbox's sweep hands over, one per delivery row kind. */
export type OrderEmailJob = OrderConfirmationJob | OrderRefundJob;

/** Messages carried by the JOBS queue. To add a type: extend this union and `jobGuards`, then `jobHandlers` (queue.ts). */
export type Job =
  SendEmailJob | OrderConfirmationJob | OrderRefundJob | WebhookDeliveryJob | AttendeeMessageJob | WaitingListOfferJob;
export type JobType = Job["type"];

const isPositiveId = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/** One shape check per job type: a message that fails its own is dropped, never handed to a handler. */
const jobGuards: { [T in JobType]: (job: Record<string, unknown>) => boolean } = {
  "send-email": (job) => typeof (job.message as Partial<EmailMessage> | undefined)?.to === "string",
  "send-order-confirmation": (job) =>
    isPositiveId(job.orderId) && (job.key === undefined || (typeof job.key === "string" && job.key.length <= 200)),
  "send-order-refund": (job) => isPositiveId(job.orderId) && (job.refundId === undefined || isPositiveId(job.refundId)),
  "deliver-webhook": (job) => isPositiveId(job.deliveryId) && isPositiveId(job.attempt),
  "send-attendee-message": (job) =>
    isPositiveId(job.messageId) &&
    isPositiveId(job.sendNumber) &&
    isPositiveId(job.fromId) &&
    isPositiveId(job.toId) &&
    (job.fromId as number) <= (job.toId as number) &&
    (job.claimedAt === undefined || isPositiveId(job.claimedAt)),
  "send-waiting-list-offer": (job) => isPositiveId(job.entryId) && isPositiveId(job.offerCount),
};

export function isJob(value: unknown): value is Job {
  if (typeof value !== "object" || value === null) return false;
  const job = value as Record<string, unknown>;
  const guard = Object.hasOwn(jobGuards, job.type as string) ? jobGuards[job.type as JobType] : undefined;
  return guard !== undefined && guard(job);
}

/** The first confirmation email of an order, queued once the order is confirmed (paid or entered by hand). */
export function orderConfirmationJob(orderId: number): OrderConfirmationJob {
  return { type: "send-order-confirmation", orderId };
}

/** The part of a Queue binding that enqueueJobs needs: `env.JOBS` fits. */
export type JobQueue = {
  sendBatch(messages: Iterable<{ body: Job; delaySeconds?: number }>): Promise<unknown>;
};

/** Queues accept at most 100 messages per sendBatch. */
const MAX_BATCH = 100;

export async function enqueueJobs(env: { JOBS: JobQueue }, jobs: readonly Job[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += MAX_BATCH) {
    await env.JOBS.sendBatch(jobs.slice(start, start + MAX_BATCH).map((body) => ({ body })));
  }
}
