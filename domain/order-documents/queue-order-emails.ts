import { errorFields, logger } from "../shared/logger";
import { enqueueJobs, orderConfirmationJob, type JobQueue } from "../shared/jobs";

/**
 * The fast path of one holder's email already recorded "due" (a transferred ticket's new holder): as for the
 * confirmations, a queue failure is logged, never thrown, and the cron's sweep sends it.
 */
export async function queueHolderTicketEmail(
  target: { JOBS: JobQueue },
  input: { orderId: number; key: string },
): Promise<void> {
  try {
    await enqueueJobs(target, [{ type: "send-order-confirmation", orderId: input.orderId, key: input.key }]);
  } catch (error) {
    logger.error("holder ticket email not queued", { order: input.orderId, ...errorFields(error) });
  }
}

/**
 * "These orders were placed or confirmed: send their confirmation emails", the one step every transport takes (the
 * booking page and API for a free order, the Stripe webhook and the demo checkout for a payment, the manual order
 * dialog, its API and the participant import). Each order's email is already recorded "due" in the outbox by the batch
 * that confirmed it (docs/decisions/0016-order-email-outbox.md): handing it to the queue here is the fast path, and the
 * cron's sweep hands over any hand-off that was lost. So a queue failure is logged, never thrown: the sale is written,
 * and an error answered now would only make a buyer pay again or an organizer import the same rows twice.
 */
export async function queueOrderEmails(target: { JOBS: JobQueue }, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  try {
    await enqueueJobs(target, orderIds.map(orderConfirmationJob));
  } catch (error) {
    logger.error("order confirmation emails not queued", { orders: orderIds.length, ...errorFields(error) });
  }
}
