import { and, eq, inArray, sql } from "drizzle-orm";
import { EmailDeliveryError, sendEmailBatch, type EmailMessage, type EmailSender } from "#adapters/email";
import type { Database } from "#db/database";
import { attendeeMessageRecipients, attendeeMessages, events, orders, organizations } from "#db/schema";
import { attendeeMessageEmail } from "../emails/attendee-message-email";
import type { EmailLocale } from "../emails/email-locale";
import { orderTicketsUrl } from "../order-documents/order-links";
import { defaultReminderText } from "../reminders/default-reminder-text";
import { sha256Hex } from "../shared/crypto";
import { formatDateTime } from "../shared/format";
import type { SigningEnv } from "../shared/signing-secret";
import { fillBodyHtml, fillSubject, htmlToText, type MessageVariableValues } from "./message-variables";
import { optOutUrl } from "./opt-out-link";
import {
  markSendFinishedStatement,
  MAX_MESSAGE_ATTEMPTS,
  type AttendeeMessageJob,
} from "./start-attendee-message-send";

export { MAX_MESSAGE_ATTEMPTS };

/** A claim older than this belongs to a consumer that died mid-send: the next job or the sweep takes it over. */
export const MESSAGE_CLAIM_LEASE_MS = 10 * 60_000;

export type MessageDeliveryEnv = SigningEnv & { APP_URL: string };

export type RecipientToRender = {
  email: string;
  firstName: string;
  lastName: string;
  ticketTitle: string;
  locale: EmailLocale;
  orderId: number | null;
};

export type MessageToRender = {
  kind: "message" | "reminder" | "change";
  subject: string;
  body: string;
  eventId: number;
  eventTitle: string;
  startAt: Date | null;
  endAt: Date | null;
  timezone: string;
  organizationName: string;
  replyTo: string;
};

/**
 * One recipient's email: the variables filled in the recipient's language, a reminder left empty in that language's
 * default text, the order links only for the person who booked (a ticket holder's copy leaves them out, as their own
 * ticket email does), the opt-out link on non-essential messages.
 */
export function renderMessageFor(
  message: MessageToRender,
  recipient: RecipientToRender,
  /**
   * `dateStartAt`: on a multi-date event, the start of the date the order is for (`orders.date_id`, decision 0068),
   * which `{event_date}` names instead of the event's first date.
   */
  order: { id: number; accessToken: string; email: string; dateStartAt?: Date | null } | null,
  env: MessageDeliveryEnv,
  /** `testFor`: a test send to the organizer, whose links open the order in the back-office, not the buyer's page. */
  options: { testFor?: string } = {},
): EmailMessage {
  const locale = recipient.locale;
  const fallback = message.kind === "reminder" ? defaultReminderText(locale) : null;
  const subject = message.subject || fallback?.subject || "";
  const body = message.body || fallback?.body || "";
  const isBuyer = order !== null && order.email.toLowerCase() === recipient.email.toLowerCase();
  const backOffice =
    order && options.testFor !== undefined
      ? new URL(`/event/${message.eventId}/orders/${order.id}`, env.APP_URL).toString()
      : null;
  const orderLink = backOffice ?? (isBuyer ? orderTicketsUrl(env.APP_URL, order.id, order.accessToken) : "");
  const ticketsLink =
    backOffice ??
    (isBuyer
      ? new URL(
          `/orders/${order.id}/tickets.pdf?token=${encodeURIComponent(order.accessToken)}`,
          env.APP_URL,
        ).toString()
      : "");
  const values: MessageVariableValues = {
    first_name: recipient.firstName,
    event_title: message.eventTitle,
    event_date: eventDateOf(order?.dateStartAt ?? message.startAt, locale, message.timezone),
    ticket_title: recipient.ticketTitle,
    order_link: orderLink,
    tickets_link: ticketsLink,
  };
  const bodyHtml = fillBodyHtml(body, values);
  const rendered = attendeeMessageEmail({
    locale,
    subject: fillSubject(subject, values),
    bodyHtml,
    bodyText: htmlToText(bodyHtml),
    organizationName: message.organizationName,
    eventTitle: message.eventTitle,
    isBuyer,
    optOutUrl: message.kind === "message" ? optOutUrl(env, message.eventId, recipient.email) : null,
    repliesToOrganizer: message.replyTo !== "",
    ...(options.testFor !== undefined ? { testFor: options.testFor } : {}),
  });
  return {
    to: recipient.email,
    ...rendered,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  };
}

function eventDateOf(startAt: Date | null, locale: EmailLocale, timezone: string): string {
  return startAt ? formatDateTime(startAt, locale, timezone) : "";
}

/** What a message needs to be rendered: the message, its event and organization, read together. */
export async function loadMessageToRender(db: Database, messageId: number): Promise<MessageToRender | null> {
  const [row] = await db
    .select({
      kind: attendeeMessages.kind,
      subject: attendeeMessages.subject,
      body: attendeeMessages.body,
      eventId: events.id,
      eventTitle: events.title,
      startAt: events.startAt,
      endAt: events.endAt,
      timezone: events.timezone,
      responseEmail: events.emailPdfEmailResponse,
      contactEmail: events.contactEmail,
      organizationName: organizations.title,
    })
    .from(attendeeMessages)
    .innerJoin(
      events,
      and(eq(events.id, attendeeMessages.eventId), eq(events.organizationId, attendeeMessages.organizationId)),
    )
    .innerJoin(organizations, eq(organizations.id, attendeeMessages.organizationId))
    .where(eq(attendeeMessages.id, messageId))
    .limit(1);
  if (!row) return null;
  const { responseEmail, contactEmail, ...message } = row;
  return { ...message, replyTo: responseEmail || contactEmail || "" };
}

export type DeliverOutcome = "sent" | "nothing-to-send" | "not-configured" | "message-gone" | "rate-limited";

const t = attendeeMessageRecipients;
/** The updated row's id, named with its table: inside a subquery over json_each, a bare `id` is json_each's own. */
const OUTER_ID = sql.raw('"attendee_message_recipients"."id"');
const idsIn = (ids: number[]) => inArray(t.id, sql`(select value from json_each(${JSON.stringify(ids)}))`);

/** Retries a write a few times: after the provider accepted the emails, losing their "sent" mark risks a resend. */
async function withRetries<T>(write: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * A queue job of a send: claims its range's recipients still to send (queued, or failed under MAX_MESSAGE_ATTEMPTS;
 * with `claimedAt`, exactly the rows of that earlier claim), renders each, sends them in one provider call and records
 * each delivery. A redelivered job finds its rows sent and sends nothing; a call retried with the same rows carries
 * the same idempotency key. A refusal of the whole call marks the rows failed with the reason and throws, so the
 * queue retries the job with backoff; the provider's rate limit puts them back as they were, to be sent shortly.
 */
export async function deliverAttendeeMessage(
  db: Database,
  deps: { env: MessageDeliveryEnv; sender: EmailSender },
  job: AttendeeMessageJob,
  now = new Date(),
): Promise<DeliverOutcome> {
  // Every email carries links to the app: without APP_URL the rows stay queued and the sweep hands them again.
  if (!deps.env.APP_URL) return "not-configured";
  const nowMs = now.getTime();
  const which =
    job.claimedAt === undefined
      ? sql`${t.status} in ('queued', 'failed') and ${t.attempts} < ${MAX_MESSAGE_ATTEMPTS}`
      : sql`${t.status} in ('sending', 'failed') and ${t.claimedAt} = ${job.claimedAt}
          and ${t.claimedAt} <= ${nowMs - MESSAGE_CLAIM_LEASE_MS} and ${t.attempts} < ${MAX_MESSAGE_ATTEMPTS}`;
  const claimed = await db
    .update(t)
    .set({ status: "sending", claimedAt: now, attempts: sql`${t.attempts} + 1` })
    .where(
      and(
        eq(t.messageId, job.messageId),
        eq(t.sendNumber, job.sendNumber),
        sql`${t.id} between ${job.fromId} and ${job.toId}`,
        which,
      ),
    )
    .returning({
      id: t.id,
      organizationId: t.organizationId,
      email: t.email,
      firstName: t.firstName,
      lastName: t.lastName,
      ticketTitle: t.ticketTitle,
      locale: t.locale,
      orderId: t.orderId,
    });
  if (claimed.length === 0) {
    // Another consumer finished the rows, or they ran out of attempts: the message may be done.
    await markSendFinishedStatement(db, job.messageId, job.sendNumber);
    return "nothing-to-send";
  }
  claimed.sort((a, b) => a.id - b.id);
  const claimedIds = claimed.map((r) => r.id);

  let results;
  try {
    const message = await loadMessageToRender(db, job.messageId);
    if (!message) return "message-gone";
    const orderIds = [...new Set(claimed.map((r) => r.orderId).filter((id): id is number => id !== null))];
    const orderRows = orderIds.length
      ? await db
          .select({
            id: orders.id,
            accessToken: orders.accessToken,
            email: orders.email,
            // The date the order is for on a multi-date event (NULL on a single-date event or across dates).
            dateStartAt: sql<
              number | null
            >`(select event_dates.start_at from event_dates where event_dates.id = ${orders.dateId})`
              .mapWith((value: number | null) => (value === null ? null : new Date(Number(value))))
              .as("date_start_at"),
          })
          .from(orders)
          .where(
            and(
              inArray(orders.id, sql`(select value from json_each(${JSON.stringify(orderIds)}))`),
              eq(orders.organizationId, claimed[0]!.organizationId),
            ),
          )
      : [];
    const orderById = new Map(orderRows.map((order) => [order.id, order]));
    const emails = claimed.map((recipient) =>
      renderMessageFor(
        message,
        recipient,
        recipient.orderId ? (orderById.get(recipient.orderId) ?? null) : null,
        deps.env,
      ),
    );
    // The same claimed rows get the same key: a call retried after a crash is not delivered twice by Resend.
    const idempotencyKey = `attendee-message/${job.messageId}/${job.sendNumber}/${sha256Hex(claimedIds.join(","))}`;
    results = await sendEmailBatch(deps.sender, emails, { idempotencyKey });
  } catch (error) {
    if (error instanceof EmailDeliveryError && error.rateLimited) {
      // Nothing was sent: the rows go back as they were, and the job comes back after a pause.
      await db
        .update(t)
        .set({ status: "queued", attempts: sql`max(${t.attempts} - 1, 0)` })
        .where(and(idsIn(claimedIds), eq(t.status, "sending")));
      return "rate-limited";
    }
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db.batch([
      db
        .update(t)
        .set({ status: "failed", lastError: reason })
        .where(and(idsIn(claimedIds), eq(t.status, "sending"))),
      markSendFinishedStatement(db, job.messageId, job.sendNumber),
    ]);
    throw error;
  }

  const sent = claimed.flatMap((recipient, index) => {
    const result = results[index];
    return result?.ok ? [{ id: recipient.id, p: result.providerId }] : [];
  });
  const failed = claimed.flatMap((recipient, index) => {
    const result = results[index];
    return result && !result.ok ? [{ id: recipient.id, e: result.error.slice(0, 500) }] : [];
  });
  const sentJson = JSON.stringify(sent);
  const failedJson = JSON.stringify(failed);
  await withRetries(() =>
    db.batch([
      db
        .update(t)
        .set({
          status: "sent",
          sentAt: now,
          lastError: null,
          providerMessageId: sql`(select json_extract(j.value, '$.p') from json_each(${sentJson}) j where json_extract(j.value, '$.id') = ${OUTER_ID})`,
        })
        .where(
          and(
            inArray(t.id, sql`(select json_extract(value, '$.id') from json_each(${sentJson}))`),
            eq(t.status, "sending"),
          ),
        ),
      db
        .update(t)
        .set({
          status: "failed",
          lastError: sql`(select json_extract(j.value, '$.e') from json_each(${failedJson}) j where json_extract(j.value, '$.id') = ${OUTER_ID})`,
        })
        .where(
          and(
            inArray(t.id, sql`(select json_extract(value, '$.id') from json_each(${failedJson}))`),
            eq(t.status, "sending"),
          ),
        ),
      markSendFinishedStatement(db, job.messageId, job.sendNumber),
    ]),
  );
  return "sent";
}
