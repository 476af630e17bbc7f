import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { defaultReminderText } from "#domain/reminders/default-reminder-text";
import { getEventReminders, type EventReminders } from "#domain/reminders/get-event-reminders";
import { reminderBodyToText, reminderTextToBody } from "#domain/reminders/reminder-body-text";
import {
  MAX_REMINDERS,
  REMINDER_BODY_MAX_BYTES,
  REMINDER_COUNT_INVALID,
  REMINDER_BODY_TOO_LONG,
  remindersInputSchema,
} from "#domain/reminders/reminder-schema";
import { updateEventReminders } from "#domain/reminders/update-event-reminders";
import { requireId } from "#domain/shared/ids";
import { issuesToFields } from "#domain/shared/validation";
import type { RemindersActionResult, RemindersPageData, ReminderView } from "~/components/reminders/reminders-types";
import { serverContext } from "~/server/context";
import { readFormValues } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import { getKnownEvent } from "~/server/session.server";

type Args = { params: Record<string, string | undefined>; context: Readonly<RouterContextProvider>; request: Request };

function toViews(reminders: EventReminders["reminders"]): ReminderView[] {
  return reminders.map((reminder) => ({
    id: reminder.id,
    offsetValue: reminder.offsetValue,
    offsetUnit: reminder.offsetUnit,
    subject: reminder.subject,
    text: reminderBodyToText(reminder.body),
    enabled: reminder.enabled,
    nextSendAt: reminder.nextSendAt?.toISOString() ?? null,
    sentForCurrentStart: reminder.sentForCurrentStart,
  }));
}

const defaultTexts = (locale: "fr" | "en") => {
  const text = defaultReminderText(locale);
  return { subject: text.subject, text: reminderBodyToText(text.body) };
};

export async function loadRemindersPage({ params, context }: Args): Promise<RemindersPageData> {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const found = await getEventReminders(db, actor, { eventId, known: getKnownEvent(context, eventId) });
    return {
      eventId,
      startAt: found.startAt?.toISOString() ?? null,
      timezone: found.timezone,
      published: found.published,
      reminders: toViews(found.reminders),
      defaults: { fr: defaultTexts("fr"), en: defaultTexts("en") },
    };
  } catch (error) {
    return loaderError(error);
  }
}

/** One reminder as the page posts it (inside the `reminders` field's JSON): the body as text. */
const postedReminderSchema = v.object({
  id: v.optional(v.nullable(v.unknown())),
  offset_value: v.unknown(),
  offset_unit: v.unknown(),
  subject: v.optional(v.unknown()),
  text: v.optional(
    v.pipe(v.string(REMINDER_BODY_TOO_LONG), v.maxLength(REMINDER_BODY_MAX_BYTES, REMINDER_BODY_TOO_LONG)),
    "",
  ),
  enabled: v.optional(v.unknown()),
});
const postedSchema = v.pipe(
  v.array(postedReminderSchema, "errors:invalid-input"),
  v.maxLength(MAX_REMINDERS, REMINDER_COUNT_INVALID),
);

/** Saves the whole list (the `reminders` field: JSON) and answers it as stored. */
export async function remindersAction({ params, context, request }: Args) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const values = await readFormValues(request);
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    let posted: unknown;
    try {
      posted = JSON.parse(values.reminders ?? "");
    } catch {
      posted = null;
    }
    const list = v.safeParse(postedSchema, posted);
    const parsed = list.success
      ? v.safeParse(remindersInputSchema, {
          reminders: list.output.map(({ text, ...reminder }) => ({ ...reminder, body: reminderTextToBody(text) })),
        })
      : list;
    if (!parsed.success) {
      return data(
        {
          ok: false as const,
          errors: { fields: issuesToFields(parsed.issues), formError: "errors:invalid-input" },
          values,
        } satisfies RemindersActionResult,
        { status: 400 },
      );
    }
    const saved = await updateEventReminders(db, actor, { eventId, reminders: parsed.output.reminders });
    return { ok: true as const, reminders: toViews(saved.reminders) } satisfies RemindersActionResult;
  } catch (error) {
    return actionError(error, values);
  }
}
