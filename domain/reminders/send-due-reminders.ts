import type { Database } from "#db/database";
import { startAttendeeMessageSend } from "../attendee-messages/start-attendee-message-send";
import type { JobQueue } from "../shared/jobs";
import { logger } from "../shared/logger";
import { claimDueReminders } from "./claim-due-reminders";

/**
 * The every-minute cron's part for reminders (issue 27 §2): each due reminder is claimed with its message
 * (claim-due-reminders.ts), then the message's send starts like any scheduled message's, to the participants whose
 * order was placed by the reminder's time, through the queue. A send refused by the day's email quota leaves the
 * message "failed" with the reason, on the history page. A send that did not start (the Worker stopped in between)
 * leaves the message "scheduled" at its due time, which the scheduled messages' cron starts.
 */
export async function sendDueReminders(
  db: Database,
  queue: JobQueue,
  now: Date = new Date(),
): Promise<{ claimed: number; started: number; recipients: number }> {
  const claimed = await claimDueReminders(db, now);
  let started = 0;
  let recipients = 0;
  for (const reminder of claimed) {
    const outcome = await startAttendeeMessageSend(db, queue, {
      messageId: reminder.messageId,
      now,
      fromStatuses: ["scheduled"],
    });
    if (outcome.outcome === "started") {
      started++;
      recipients += outcome.recipients;
    } else if (outcome.outcome === "quota-exceeded") {
      logger.warn("reminder", {
        outcome: "quota-exceeded",
        reminder_id: reminder.reminderId,
        message_id: reminder.messageId,
        recipients: outcome.recipients,
      });
    }
  }
  return { claimed: claimed.length, started, recipients };
}
