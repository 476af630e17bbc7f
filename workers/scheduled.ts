import { databaseFromEnv } from "#db/from-env";
import { purgeExpiredRecords } from "#domain/maintenance/purge-expired-records";

export async function handleScheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext) {
  ctx.waitUntil(
    purgeExpiredRecords(databaseFromEnv(env)).then((purged) => console.log("purged expired records", purged)),
  );
}
