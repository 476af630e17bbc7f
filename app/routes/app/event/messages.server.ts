import { redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import type { AttendeeMessageRecipientStatus } from "#db/schema";
import {
  attendeeMessageInputSchema,
  type AttendeeMessageInput,
} from "#domain/attendee-messages/attendee-message-schema";
import { createAttendeeMessage } from "#domain/attendee-messages/create-attendee-message";
import { deleteAttendeeMessage } from "#domain/attendee-messages/delete-attendee-message";
import { getAttendeeMessage } from "#domain/attendee-messages/get-attendee-message";
import { listAttendeeMessages } from "#domain/attendee-messages/list-attendee-messages";
import { MAX_SEGMENT_TICKETS, MAX_SELECTED_PARTICIPANTS } from "#domain/attendee-messages/message-segment";
import { listMessageOptOuts } from "#domain/attendee-messages/opt-out-of-event-messages";
import { retryMessageRecipient } from "#domain/attendee-messages/retry-message-recipient";
import { sendAttendeeMessage } from "#domain/attendee-messages/send-attendee-message";
import { unscheduleAttendeeMessage, updateAttendeeMessage } from "#domain/attendee-messages/update-attendee-message";
import { loadEventForActor } from "#domain/events/event-access";
import { zonedDateTimeToUtc } from "#domain/events/event-time-zone";
import { listParticipants } from "#domain/participants/list-participants";
import { AppError, isAppError, notFound } from "#domain/shared/app-error";
import { parseId, requireId } from "#domain/shared/ids";
import { listTickets } from "#domain/tickets/list-tickets";
import type {
  ComposeContext,
  MessageActionResult,
  MessageDetailData,
  MessagesHistoryData,
  MessageView,
  RecipientState,
} from "~/components/attendee-messages/attendee-message-types";
import { serverContext } from "~/server/context";
import { readFormValues } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";

type Args = { params: Record<string, string | undefined>; context: Readonly<RouterContextProvider>; request: Request };

const RECIPIENT_STATES: readonly RecipientState[] = ["queued", "sending", "sent", "failed", "bounced"];
const PREVIEW_PARTICIPANTS = 50;

export const messagesPath = (eventId: number, rest = "") => `/event/${eventId}/messages${rest}`;

function messageView(message: Awaited<ReturnType<typeof getAttendeeMessage>>["message"]): MessageView {
  const { placed_before: _placedBefore, ...segment } = message.segment;
  return {
    id: message.id,
    kind: message.kind,
    subject: message.subject,
    body: message.body,
    segment,
    status: message.status,
    scheduledAt: message.scheduledAt?.getTime() ?? null,
    sentAt: message.sentAt?.getTime() ?? null,
    sendCount: message.sendCount,
    recipientCount: message.recipientCount,
    failureReason: message.failureReason,
    createdAt: message.createdAt.getTime(),
  };
}

/** The history page: the event's messages newest first with their counts, and who opted out. */
export async function loadMessagesHistory({ params, context, request }: Args): Promise<MessagesHistoryData> {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    const eventId = requireId(params.event_id, "events:errors.not-found");
    const before = parseId(new URL(request.url).searchParams.get("before")) ?? undefined;
    const [{ messages, hasMore }, optOuts, { tickets, event }] = await Promise.all([
      listAttendeeMessages(db, actor, { eventId, before }),
      listMessageOptOuts(db, actor, { eventId }),
      listTickets(db, actor, { eventId }),
    ]);
    return {
      eventId,
      timezone: event.timezone,
      messages: messages.map((message) => ({ ...messageView(message), counts: message.counts })),
      hasMore,
      tickets: tickets.map((ticket) => ({ id: ticket.id, title: ticket.title, ticketType: ticket.ticketType })),
      optOuts: optOuts.optOuts.map((optOut) => ({ email: optOut.email, createdAt: optOut.createdAt.getTime() })),
      optOutTotal: optOuts.total,
    };
  } catch (error) {
    return loaderError(error);
  }
}

/** What the composer offers: the event's tickets and add-ons, and the first participants to preview as. */
async function composeContext(args: Args, eventId: number): Promise<ComposeContext> {
  const { actor } = getSignedIn(args.context);
  const { db } = args.context.get(serverContext);
  const [{ tickets, event }, participants] = await Promise.all([
    listTickets(db, actor, { eventId }),
    listParticipants(db, actor, { eventId, offset: 0, limit: PREVIEW_PARTICIPANTS, sort: null }),
  ]);
  return {
    eventId,
    timezone: event.timezone,
    eventStatus: event.status,
    tickets: tickets.map((ticket) => ({ id: ticket.id, title: ticket.title, ticketType: ticket.ticketType })),
    participants: participants.rows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      ticketTitle: row.ticketTitle,
    })),
    participantTotal: participants.total,
  };
}

/** The participants table's "Écrire aux participants sélectionnés": `?participants=1,2,3` (bounded, ids only). */
function selectedParticipants(url: URL): number[] {
  return selectedIds(url, "participants", MAX_SELECTED_PARTICIPANTS);
}

/** Ids listed in a search parameter (`?dates=4,5`): bounded, ids only, each once. */
function selectedIds(url: URL, name: string, max: number): number[] {
  const raw = url.searchParams.get(name);
  if (!raw) return [];
  const ids = raw
    .split(",")
    .slice(0, max)
    .map((value) => parseId(value.trim()))
    .filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

export async function loadNewMessage(args: Args) {
  try {
    const eventId = requireId(args.params.event_id, "events:errors.not-found");
    const compose = await composeContext(args, eventId);
    const url = new URL(args.request.url);
    return {
      ...compose,
      selectedParticipantIds: selectedParticipants(url),
      selectedDateIds: selectedIds(url, "dates", MAX_SEGMENT_TICKETS),
    };
  } catch (error) {
    return loaderError(error);
  }
}

/**
 * One message: the composer while it can still be edited (draft, scheduled, refused), else its delivery — counts by
 * state and a page of recipients (`?state=` one state, `?after=` the last id shown).
 */
export async function loadMessageDetail(args: Args): Promise<MessageDetailData> {
  const { actor } = getSignedIn(args.context);
  const { db } = args.context.get(serverContext);
  try {
    const eventId = requireId(args.params.event_id, "events:errors.not-found");
    const messageId = requireId(args.params.message_id, "attendee-messages:errors.not-found");
    const url = new URL(args.request.url);
    const stateParam = url.searchParams.get("state");
    const state = RECIPIENT_STATES.find((s) => s === stateParam);
    const after = parseId(url.searchParams.get("after")) ?? undefined;
    const detail = await getAttendeeMessage(db, actor, {
      eventId,
      messageId,
      status: state as AttendeeMessageRecipientStatus | undefined,
      after,
      limit: 50,
    });
    const message = messageView(detail.message);
    if (message.status === "draft" || message.status === "scheduled" || message.status === "failed")
      return { mode: "compose", message, ...(await composeContext(args, eventId)), selectedParticipantIds: [] };
    const { event, tickets } = await listTickets(db, actor, { eventId });
    return {
      mode: "detail",
      eventId,
      timezone: event.timezone,
      tickets: tickets.map((ticket) => ({ id: ticket.id, title: ticket.title, ticketType: ticket.ticketType })),
      message,
      counts: detail.counts,
      recipients: detail.recipients.map((recipient) => ({
        id: recipient.id,
        email: recipient.email,
        name: `${recipient.firstName} ${recipient.lastName}`.trim(),
        ticketTitle: recipient.ticketTitle,
        locale: recipient.locale,
        status: recipient.status,
        sentAt: recipient.sentAt?.getTime() ?? null,
        lastError: recipient.lastError,
        optedOut: recipient.optedOut,
      })),
      hasMoreRecipients: detail.hasMoreRecipients,
      state: state ?? null,
      after: after ?? null,
    };
  } catch (error) {
    return loaderError(error);
  }
}

const intents = ["save", "send", "schedule", "unschedule", "resend", "retry", "delete"] as const;
type Intent = (typeof intents)[number];

/** The written message from the form: subject, body and the segment as JSON. */
function messageInput(values: Record<string, string>): AttendeeMessageInput {
  let segment: unknown;
  try {
    segment = JSON.parse(values.segment ?? "");
  } catch {
    segment = null;
  }
  const parsed = v.safeParse(attendeeMessageInputSchema, {
    subject: values.subject ?? "",
    body: values.body ?? "",
    segment,
  });
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const field = issue.path?.[0]?.key;
  const name = field === "subject" || field === "body" ? field : "segment";
  throw new AppError("validation", issue.message, { fields: { [name]: issue.message } });
}

/**
 * The composer's and the detail page's one action (`intent`): save the draft, send now, schedule in the event's
 * time zone, unschedule, send again (confirmed), retry a failed recipient, delete. A new message is created by its
 * first save or send; a refusal after that answers its id so the next try edits the same draft.
 */
export async function messageAction(args: Args) {
  const { actor } = getSignedIn(args.context);
  const { db, env } = args.context.get(serverContext);
  const values = await readFormValues(args.request);
  const intent = intents.find((i) => i === values.intent);
  let messageId = parseId(args.params.message_id ?? values.message_id);
  try {
    const eventId = requireId(args.params.event_id, "events:errors.not-found");
    if (!intent) throw new AppError("validation", "errors:invalid-input");
    const done = (what: Intent, id: number | null = messageId) =>
      redirect(id ? messagesPath(eventId, `/${id}?done=${what}`) : messagesPath(eventId, `?done=${what}`));

    if (intent === "save" || intent === "send" || intent === "schedule") {
      const input = messageInput(values);
      let scheduledAt: Date | null = null;
      if (intent === "schedule") {
        const { event } = await loadEventForActor(db, actor, eventId, "event:message-attendees");
        scheduledAt = zonedDateTimeToUtc(values.scheduled_at ?? "", event.timezone);
        if (!scheduledAt)
          throw new AppError("validation", "attendee-messages:errors.message-scheduled-at-invalid", {
            fields: { scheduled_at: "attendee-messages:errors.message-scheduled-at-invalid" },
          });
      }
      if (messageId === null) {
        messageId = (await createAttendeeMessage(db, actor, { eventId, ...input })).id;
      } else {
        await updateAttendeeMessage(db, actor, { eventId, messageId, changes: input });
      }
      if (intent === "send") await sendAttendeeMessage(db, actor, env.MESSAGES, { eventId, messageId });
      if (intent === "schedule")
        await sendAttendeeMessage(db, actor, env.MESSAGES, { eventId, messageId, scheduledAt });
      return done(intent);
    }
    if (messageId === null) throw notFound("attendee-messages:errors.not-found");
    switch (intent) {
      case "unschedule":
        await unscheduleAttendeeMessage(db, actor, { eventId, messageId });
        return done(intent);
      case "resend":
        await sendAttendeeMessage(db, actor, env.MESSAGES, { eventId, messageId, confirmResend: true });
        return done(intent);
      case "retry": {
        const recipientId = requireId(values.recipient_id, "attendee-messages:errors.message-not-retryable");
        await retryMessageRecipient(db, actor, env.MESSAGES, { eventId, messageId, recipientId });
        return { ok: true as const, intent, messageId } satisfies MessageActionResult;
      }
      case "delete":
        await deleteAttendeeMessage(db, actor, { eventId, messageId });
        return done(intent, null);
    }
  } catch (error) {
    // The quota refusal says how much is left today; the page shows it beside the error.
    const quota =
      isAppError(error) && error.reason === "email_quota_reached"
        ? {
            remaining: Number(error.details?.remaining ?? 0),
            recipients: Number(error.details?.recipients ?? 0),
          }
        : null;
    return actionError(error, values, { intent: intent ?? null, messageId, quota });
  }
}

/** For the resource route: a GET carrying the segment as JSON. */
export function segmentOfUrl(url: URL): unknown {
  try {
    return JSON.parse(url.searchParams.get("segment") ?? "");
  } catch {
    return null;
  }
}
