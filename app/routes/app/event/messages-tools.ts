import { data } from "react-router";
import * as v from "valibot";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";
import { messageSegmentSchema } from "#domain/attendee-messages/message-segment";
import { countMessageRecipients } from "#domain/attendee-messages/send-attendee-message";
import { previewAttendeeMessage, sendTestAttendeeMessage } from "#domain/attendee-messages/preview-attendee-message";
import { messageBodySchema, messageSubjectSchema } from "#domain/attendee-messages/attendee-message-schema";
import { isAppError } from "#domain/shared/app-error";
import { parseId, requireId } from "#domain/shared/ids";
import type { PreviewResult, RecipientCountResult } from "~/components/attendee-messages/attendee-message-types";
import { serverContext } from "~/server/context";
import { readFormValues } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import { segmentOfUrl } from "./messages.server";
import type { Route } from "./+types/messages-tools";

/**
 * The composer's helpers (issue 27 §1), never a page: GET `?segment=<json>` answers the exact recipient count and what
 * the day's email quota still allows; POST `intent=preview` renders the message as one participant would get it,
 * `intent=test` sends that email to the person writing it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs): Promise<RecipientCountResult> {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const segment = v.safeParse(messageSegmentSchema, segmentOfUrl(new URL(request.url)));
    if (!segment.success) return { ok: false };
    const counted = await countMessageRecipients(db, actor, { eventId, segment: segment.output });
    return { ok: true, ...counted };
  } catch (error) {
    return loaderError(error);
  }
}

const previewSchema = v.object({
  intent: v.picklist(["preview", "test"]),
  subject: messageSubjectSchema,
  body: messageBodySchema,
  participant_id: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  const values = await readFormValues(request);
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const parsed = v.safeParse(previewSchema, values);
    if (!parsed.success)
      return data(
        { ok: false as const, errors: { formError: parsed.issues[0].message } },
        { status: 400 },
      ) as unknown as PreviewResult;
    const { intent, subject, body } = parsed.output;
    const participantId = parseId(parsed.output.participant_id) ?? undefined;
    if (intent === "test") {
      const { to } = await sendTestAttendeeMessage(db, actor, env, env.JOBS, { eventId, subject, body, participantId });
      return { ok: true, intent, to } satisfies PreviewResult;
    }
    const preview = await previewAttendeeMessage(db, actor, env, { eventId, subject, body, participantId });
    return {
      ok: true,
      intent,
      subject: preview.subject,
      html: preview.html,
      recipient: preview.recipient,
    } satisfies PreviewResult;
  } catch (error) {
    const quota =
      isAppError(error) && error.reason === "email_quota_reached"
        ? { remaining: Number(error.details?.remaining ?? 0) }
        : null;
    return actionError(error, values, { quota });
  }
}
