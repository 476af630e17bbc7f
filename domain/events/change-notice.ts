import type { Database } from "#db/database";
import { createAttendeeMessage } from "../attendee-messages/create-attendee-message";
import { countMessageRecipients, sendAttendeeMessage } from "../attendee-messages/send-attendee-message";
import type { EmailLocale } from "../emails/email-locale";
import type { Actor } from "../shared/actor";
import { isAppError } from "../shared/app-error";
import type { JobQueue } from "../shared/jobs";
import { changeNoticeText } from "./change-notice-text";
import type { UpdatedEvent } from "./update-event";

/** The notice the editor offers after a save (issue 27 §3): prefilled, for this many participants. */
export type ChangeNoticeOffer = { subject: string; body: string; recipients: number };

/** Every participant of the event: a change notice is essential, opt-outs do not apply (decision 0054). */
const EVERYONE = { type: "all" } as const;

/**
 * What to offer after `updateEvent` saved a change of date, time or place of a published event: the prefilled notice
 * in the organizer's language and the number of participants it would reach. Null when nothing participants need to
 * know changed, when nobody has booked, or when the organizer may not write to participants (event:message-attendees).
 */
export async function offerChangeNotice(
  db: Database,
  actor: Actor,
  input: { event: UpdatedEvent; locale: EmailLocale; now?: Date },
): Promise<ChangeNoticeOffer | null> {
  const { event } = input;
  if (event.scheduleChanges.length === 0) return null;
  let recipients: number;
  try {
    ({ recipients } = await countMessageRecipients(db, actor, {
      eventId: event.id,
      segment: EVERYONE,
      kind: "change",
      now: input.now,
    }));
  } catch (error) {
    // An editor who may change the event but not write to its participants is simply not offered the notice.
    if (isAppError(error) && (error.code === "forbidden" || error.code === "not_found")) return null;
    throw error;
  }
  if (recipients === 0) return null;
  const text = changeNoticeText(event.scheduleChanges, {
    locale: input.locale,
    timeZone: event.timezone,
    eventTitle: event.title,
  });
  return { ...text, recipients };
}

/**
 * "Envoyer aux participants": the notice as the organizer left it, a message of kind `change` to every participant,
 * sent now through the queue (the same rules as any message: quota, no recipient, draft event).
 */
export async function sendChangeNotice(
  db: Database,
  actor: Actor,
  queue: JobQueue,
  input: { eventId: number; subject: string; body: string; now?: Date },
) {
  const message = await createAttendeeMessage(db, actor, {
    eventId: input.eventId,
    kind: "change",
    subject: input.subject,
    body: input.body,
    segment: EVERYONE,
  });
  return sendAttendeeMessage(db, actor, queue, { eventId: input.eventId, messageId: message.id, now: input.now });
}
