import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders, participants, type AttendeeMessageKind } from "#db/schema";
import { countEmailsStatement, emailQuotaReached, isEmailQuotaFailure } from "../emails/email-quota";
import { toEmailLocale } from "../emails/email-locale";
import { loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import { enqueueJobs, type JobQueue } from "../shared/jobs";
import {
  renderMessageFor,
  type MessageDeliveryEnv,
  type MessageToRender,
  type RecipientToRender,
} from "./deliver-attendee-message";
import { sanitizeMessageBody } from "./message-rules";
import { organizations } from "#db/schema";

export type MessagePreviewInput = {
  eventId: number;
  subject: string;
  body: string;
  kind?: AttendeeMessageKind;
  /** The participant to preview as; the event's first participant when absent. */
  participantId?: number;
};

export type MessagePreview = {
  subject: string;
  html: string;
  text: string;
  /** Who it is shown as: null when the event has no participant yet (sample values then). */
  recipient: { participantId: number; name: string; email: string; locale: "fr" | "en" } | null;
};

async function renderPreview(
  db: Database,
  actor: Actor,
  env: MessageDeliveryEnv,
  input: MessagePreviewInput,
  options: { testFor?: boolean } = {},
) {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:message-attendees");
  const [organization] = await db
    .select({ title: organizations.title })
    .from(organizations)
    .where(eq(organizations.id, event.organizationId))
    .limit(1);
  const message: MessageToRender = {
    kind: input.kind ?? "message",
    subject: input.subject.trim(),
    body: sanitizeMessageBody(input.body),
    eventId: event.id,
    eventTitle: event.title,
    startAt: event.startAt,
    endAt: event.endAt,
    timezone: event.timezone,
    organizationName: organization?.title ?? "",
    replyTo: event.emailPdfEmailResponse || event.contactEmail || "",
  };
  const [row] = await db
    .select({
      participantId: participants.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      email: participants.email,
      ticketTitle: participants.ticketTitle,
      orderId: orders.id,
      orderEmail: orders.email,
      orderFirstName: orders.firstName,
      orderLastName: orders.lastName,
      accessToken: orders.accessToken,
      locale: orders.locale,
    })
    .from(participants)
    .innerJoin(orders, and(eq(orders.id, participants.orderId), eq(orders.organizationId, participants.organizationId)))
    .where(
      and(
        eq(participants.eventId, event.id),
        eq(participants.organizationId, event.organizationId),
        input.participantId !== undefined ? eq(participants.id, input.participantId) : undefined,
      ),
    )
    .orderBy(asc(participants.id))
    .limit(1);
  if (input.participantId !== undefined && !row) throw notFound("participants:errors.not-found");
  const recipient: RecipientToRender = row
    ? {
        email: (row.email || row.orderEmail).toLowerCase(),
        firstName: row.email ? row.firstName : row.orderFirstName,
        lastName: row.email ? row.lastName : row.orderLastName,
        ticketTitle: row.ticketTitle,
        locale: toEmailLocale(row.locale),
        orderId: row.orderId,
      }
    : { email: actor.email, firstName: "Camille", lastName: "", ticketTitle: "", locale: "fr", orderId: null };
  const order = row ? { id: row.orderId, accessToken: row.accessToken, email: row.orderEmail } : null;
  const name = `${recipient.firstName} ${recipient.lastName}`.trim() || recipient.email;
  const email = renderMessageFor(message, recipient, order, env, options.testFor ? { testFor: name } : {});
  return {
    event,
    email,
    recipient: row
      ? { participantId: row.participantId, name, email: recipient.email, locale: recipient.locale }
      : null,
  };
}

/** The message as one chosen participant would receive it, in their language, variables filled (nothing stored). */
export async function previewAttendeeMessage(
  db: Database,
  actor: Actor,
  env: MessageDeliveryEnv,
  input: MessagePreviewInput,
): Promise<MessagePreview> {
  const { email, recipient } = await renderPreview(db, actor, env, input);
  return { subject: email.subject, html: email.html, text: email.text, recipient };
}

/**
 * The same email sent to the person writing it (a test send), marked as a test, through the queue; it counts against
 * the day's email quota like any email the organization has the platform send.
 */
export async function sendTestAttendeeMessage(
  db: Database,
  actor: Actor,
  env: MessageDeliveryEnv,
  queue: JobQueue,
  input: MessagePreviewInput,
): Promise<{ to: string }> {
  if (actor.apiKey || !actor.email) throw new AppError("validation", "attendee-messages:errors.message-test-no-email");
  const { event, email } = await renderPreview(db, actor, env, input, { testFor: true });
  const now = Date.now();
  try {
    await db.batch([countEmailsStatement(db, { organizationId: event.organizationId, count: 1, at: now })]);
  } catch (error) {
    if (isEmailQuotaFailure(error)) throw await emailQuotaReached(db, event.organizationId, now);
    throw error;
  }
  await enqueueJobs({ JOBS: queue }, [{ type: "send-email", message: { ...email, to: actor.email } }]);
  return { to: actor.email };
}
