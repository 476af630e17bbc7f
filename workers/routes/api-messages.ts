import { Hono, type Context } from "hono";
import * as v from "valibot";
import { attendeeMessageRecipientStatuses } from "#db/schema";
import {
  attendeeMessageInputSchema,
  attendeeMessageUpdateSchema,
  sendAttendeeMessageSchema,
} from "#domain/attendee-messages/attendee-message-schema";
import { attendeeMessageJson, type DeliveryCounts } from "#domain/attendee-messages/attendee-message-record";
import { createAttendeeMessage } from "#domain/attendee-messages/create-attendee-message";
import { deleteAttendeeMessage } from "#domain/attendee-messages/delete-attendee-message";
import { getAttendeeMessage, type MessageRecipient } from "#domain/attendee-messages/get-attendee-message";
import { listAttendeeMessages } from "#domain/attendee-messages/list-attendee-messages";
import { retryMessageRecipient } from "#domain/attendee-messages/retry-message-recipient";
import { sendAttendeeMessage } from "#domain/attendee-messages/send-attendee-message";
import { updateAttendeeMessage } from "#domain/attendee-messages/update-attendee-message";
import { AppError } from "#domain/shared/app-error";
import { requireId } from "#domain/shared/ids";
import { issuesToFields } from "#domain/shared/validation";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/**
 * Issue 27 §7: messages to an event's attendees, through the domain functions the messages page uses. The kind
 * `change` may be given at creation (a change notice); reminders are written by the event's reminders only.
 */
export const messagesApiRoutes = new Hono<ApiEnv>();

const MESSAGE_NOT_FOUND = "attendee-messages:errors.not-found";
const idPattern = v.pipe(v.string(), v.regex(/^\d{1,12}$/, "errors:invalid-input"), v.transform(Number));

export const messageCreateSchema = v.object({
  ...attendeeMessageInputSchema.entries,
  kind: v.optional(v.picklist(["message", "change"], "errors:invalid-input")),
});
export const messagesListQuerySchema = v.object({ before: v.optional(idPattern), limit: v.optional(idPattern) });
export const messageRecipientsQuerySchema = v.object({
  status: v.optional(v.picklist(attendeeMessageRecipientStatuses, "errors:invalid-input")),
  after: v.optional(idPattern),
  limit: v.optional(idPattern),
});

function parseQuery<S extends v.GenericSchema>(c: Context<ApiEnv>, schema: S): v.InferOutput<S> {
  const result = v.safeParse(schema, c.req.query());
  if (!result.success)
    throw new AppError("validation", "errors:invalid-input", { fields: issuesToFields(result.issues) });
  return result.output;
}

function recipientJson(recipient: MessageRecipient) {
  return {
    id: recipient.id,
    email: recipient.email,
    first_name: recipient.firstName,
    last_name: recipient.lastName,
    ticket_title: recipient.ticketTitle,
    locale: recipient.locale,
    participant_id: recipient.participantId,
    order_id: recipient.orderId,
    status: recipient.status,
    attempts: recipient.attempts,
    sent_at: recipient.sentAt ? recipient.sentAt.toISOString() : null,
    error: recipient.lastError,
    opted_out: recipient.optedOut,
  };
}

const messageParams = (c: Context<ApiEnv>) => ({
  eventId: requireId(c.req.param("id"), "events:errors.not-found"),
  messageId: requireId(c.req.param("message_id"), MESSAGE_NOT_FOUND),
});

/** GET /api/events/:id/messages?before=&limit= — the event's messages, newest first, with delivery counts. */
messagesApiRoutes.get("/:id{[0-9]+}/messages", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const query = parseQuery(c, messagesListQuerySchema);
  const actor = await actorForEventParam(c, eventId);
  const list = await listAttendeeMessages(c.get("db"), actor, { eventId, ...query });
  return c.json({
    data: list.messages.map((message) => attendeeMessageJson(message, message.counts)),
    has_more: list.hasMore,
  });
});

/** POST /api/events/:id/messages — a draft: {subject, body, segment, kind?}. */
messagesApiRoutes.post("/:id{[0-9]+}/messages", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const input = await parseJson(c, messageCreateSchema);
  return c.json(attendeeMessageJson(await createAttendeeMessage(c.get("db"), actor, { ...input, eventId })), 201);
});

/** GET /api/events/:id/messages/:message_id?status=&after=&limit= — the message, its counts and its recipients. */
messagesApiRoutes.get("/:id{[0-9]+}/messages/:message_id{[0-9]+}", async (c) => {
  const params = messageParams(c);
  const query = parseQuery(c, messageRecipientsQuerySchema);
  const actor = await actorForEventParam(c, params.eventId);
  const detail = await getAttendeeMessage(c.get("db"), actor, { ...params, ...query });
  return c.json({
    ...attendeeMessageJson(detail.message, detail.counts satisfies DeliveryCounts),
    recipients: detail.recipients.map(recipientJson),
    has_more_recipients: detail.hasMoreRecipients,
  });
});

/** PUT /api/events/:id/messages/:message_id — edits a draft or scheduled message (partial). */
messagesApiRoutes.put("/:id{[0-9]+}/messages/:message_id{[0-9]+}", async (c) => {
  const params = messageParams(c);
  const actor = await actorForEventParam(c, params.eventId);
  const changes = await parseJson(c, attendeeMessageUpdateSchema);
  return c.json(attendeeMessageJson(await updateAttendeeMessage(c.get("db"), actor, { ...params, changes })));
});

/** DELETE /api/events/:id/messages/:message_id — a message that never went out. */
messagesApiRoutes.delete("/:id{[0-9]+}/messages/:message_id{[0-9]+}", async (c) => {
  const params = messageParams(c);
  const actor = await actorForEventParam(c, params.eventId);
  await deleteAttendeeMessage(c.get("db"), actor, params);
  return c.body(null, 204);
});

/**
 * POST /api/events/:id/messages/:message_id/send — {scheduled_at?, confirm_resend?}: now, or at scheduled_at. 409
 * `message_already_sent` without confirm_resend for a message sent before; 409 `email_quota_reached` past the quota.
 */
messagesApiRoutes.post("/:id{[0-9]+}/messages/:message_id{[0-9]+}/send", async (c) => {
  const params = messageParams(c);
  const actor = await actorForEventParam(c, params.eventId);
  const input = await parseJson(c, sendAttendeeMessageSchema);
  const message = await sendAttendeeMessage(c.get("db"), actor, c.env.JOBS, {
    ...params,
    scheduledAt: input.scheduled_at ? new Date(input.scheduled_at) : null,
    confirmResend: input.confirm_resend ?? false,
  });
  return c.json(attendeeMessageJson(message), message.status === "scheduled" ? 200 : 202);
});

/** POST /api/events/:id/messages/:message_id/recipients/:recipient_id/retry — a failed delivery sent again. */
messagesApiRoutes.post(
  "/:id{[0-9]+}/messages/:message_id{[0-9]+}/recipients/:recipient_id{[0-9]+}/retry",
  async (c) => {
    const params = messageParams(c);
    const recipientId = requireId(c.req.param("recipient_id"), MESSAGE_NOT_FOUND);
    const actor = await actorForEventParam(c, params.eventId);
    await retryMessageRecipient(c.get("db"), actor, c.env.JOBS, { ...params, recipientId });
    return c.body(null, 202);
  },
);
