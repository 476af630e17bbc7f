import { emailSenderFromEnv } from "#adapters/email";
import { databaseFromEnv } from "#db/from-env";
import { isJob } from "./jobs";

/** Each message is acknowledged on success and retried (with backoff) on failure; unknown messages are dropped. */
export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext) {
  const db = databaseFromEnv(env);
  const email = emailSenderFromEnv(env, db);
  for (const message of batch.messages) {
    if (!isJob(message.body)) {
      console.warn("dropping unknown job", message.id);
      message.ack();
      continue;
    }
    try {
      await email.send(message.body.message);
      message.ack();
    } catch (error) {
      console.error("job failed", message.id, error);
      message.retry({ delaySeconds: Math.min(3600, 30 * 2 ** message.attempts) });
    }
  }
}
