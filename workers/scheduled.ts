import { databaseFromEnv } from "#db/from-env";
import { releaseExpiredHolds } from "#domain/booking/expire-order";
import { purgeExpiredRecords } from "#domain/maintenance/purge-expired-records";
import { dispatchDueWebhookDeliveries } from "#domain/webhooks/dispatch-due-webhook-deliveries";

/** The crons of wrangler.toml, dispatched by `controller.cron`. */
export const DAILY_CRON = "0 3 * * *";
export const HOLDS_CRON = "*/5 * * * *";

export async function handleScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
  const db = databaseFromEnv(env);
  if (controller.cron === HOLDS_CRON) {
    ctx.waitUntil(releaseExpiredHolds(db).then((released) => console.log("released expired holds", released)));
    // The outbox's safety net: deliveries whose hand-off to the queue was lost, or whose attempt never finished.
    ctx.waitUntil(dispatchDueWebhookDeliveries(db, env.JOBS).then((sent) => console.log("webhook deliveries", sent)));
    return;
  }
  ctx.waitUntil(purgeExpiredRecords(db).then((purged) => console.log("purged expired records", purged)));
}
