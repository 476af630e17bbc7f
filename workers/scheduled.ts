import { databaseFromEnv } from "#db/from-env";
import { releaseExpiredHolds } from "#domain/booking/expire-order";
import { MISSING_APP_URL_ERROR } from "#domain/order-documents/send-order-confirmation";
import { purgeExpiredRecords } from "#domain/maintenance/purge-expired-records";
import { sweepDueOrderEmails } from "#domain/order-documents/order-email-outbox";
import {
  sendDueScheduledMessages,
  sweepAttendeeMessageRecipients,
} from "#domain/attendee-messages/sweep-attendee-messages";
import { dispatchDueWebhookDeliveries } from "#domain/webhooks/dispatch-due-webhook-deliveries";
import { runPayoutJob } from "#domain/finance/run-payouts";
import { anonymiseDueOrganizations } from "#domain/privacy/anonymise-due-organizations";
import { errorFields, logger, withLogScope, type LogFields } from "#domain/shared/logger";
import { reportError } from "#adapters/error-reporting";
import type { Database } from "#db/database";
import { sendDueReminders } from "#domain/reminders/send-due-reminders";
import { sweepWaitingLists } from "#domain/waiting-list/offer-waiting-list-places";

/** The crons of wrangler.toml, dispatched by `controller.cron`. */
export const DAILY_CRON = "0 3 * * *";
export const HOLDS_CRON = "*/5 * * * *";
/** Hourly: pending payouts settled, then each organization paid on its due local day (decision 0022). */
export const PAYOUTS_CRON = "30 * * * *";
/**
 * Every minute: what must go out on time (issue 27: the reminders due, the messages to attendees scheduled for now;
 * issue 28: the waiting lists' offers).
 */
export const MINUTE_CRON = "* * * * *";

type CronTask = readonly [
  name: string,
  run: (db: Database, env: Env, now: Date) => Promise<number | Record<string, number>>,
];

/** The every-minute cron's tasks, each run and logged on its own (`logged`). */
export const minuteTasks: readonly CronTask[] = [
  ["send-due-reminders", (db, env, now) => sendDueReminders(db, env.MESSAGES, now)],
  ["send-scheduled-messages", (db, env, now) => sendDueScheduledMessages(db, env.MESSAGES, now)],
  // Waiting lists (docs/decisions/0059): expired offers move on, places freed by holds that ran out are offered.
  ["offer-waiting-list-places", (db, env, now) => sweepWaitingLists(db, env, now.getTime())],
];

/**
 * One `cron` log line per task of a run (domain/shared/logger.ts), with the run's cron, its own `request_id` and the task's
 * counts; a failed task is logged and reported, and fails the run's waitUntil as before.
 */
function logged(task: string, work: Promise<number | Record<string, number>>): Promise<void> {
  const started = Date.now();
  return work.then(
    (result) => {
      const counts: LogFields = typeof result === "number" ? { count: result } : result;
      logger.info("cron", { task, ...counts, duration_ms: Date.now() - started });
    },
    (error: unknown) => {
      logger.error("cron", { task, outcome: "failed", duration_ms: Date.now() - started, ...errorFields(error) });
      reportError(error);
      throw error;
    },
  );
}

export function handleScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
  return withLogScope({ request_id: crypto.randomUUID(), cron: controller.cron }, () =>
    runScheduled(controller, env, ctx),
  );
}

async function runScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
  const db = databaseFromEnv(env);
  if (controller.cron === MINUTE_CRON) {
    const now = new Date();
    for (const [task, run] of minuteTasks) ctx.waitUntil(logged(task, run(db, env, now)));
    return;
  }
  if (controller.cron === PAYOUTS_CRON) {
    ctx.waitUntil(logged("run-payouts", runPayoutJob(db, env)));
    return;
  }
  if (controller.cron === HOLDS_CRON) {
    ctx.waitUntil(logged("release-expired-holds", releaseExpiredHolds(db)));
    // The outbox's safety net: deliveries whose hand-off to the queue was lost, or whose attempt never finished.
    ctx.waitUntil(logged("dispatch-webhook-deliveries", dispatchDueWebhookDeliveries(db, env.JOBS)));
    // The messages to attendees whose hand-off to the queue was lost, or whose sending attempt never finished.
    ctx.waitUntil(logged("sweep-attendee-messages", sweepAttendeeMessageRecipients(db, env.MESSAGES)));
    // The same for order emails; without APP_URL they stay due (and this says so) until the deploy sets it.
    ctx.waitUntil(
      logged(
        "sweep-order-emails",
        env.APP_URL ? sweepDueOrderEmails(db, env.JOBS) : Promise.reject(new Error(MISSING_APP_URL_ERROR)),
      ),
    );
    return;
  }
  ctx.waitUntil(logged("purge-expired-records", purgeExpiredRecords(db)));
  // Buyers' personal data of events past their organization's retention period (decision 0024), when turned on.
  ctx.waitUntil(
    logged(
      "anonymise-due-organizations",
      anonymiseDueOrganizations(db).then((r) => ({ ...r, done: r.done ? 1 : 0 })),
    ),
  );
}
