import { and, eq, lt } from "drizzle-orm";
import type { EmailSender } from "#adapters/email";
import type { Database } from "#db/database";
import { events, tickets, waitingListEntries } from "#db/schema";
import { toEmailLocale } from "../emails/email-locale";
import { waitingListOfferEmail } from "../emails/waiting-list-offer-email";
import { privateEventHash, type PrivateLinkEnv } from "../events/private-event-link";
import { isValidEmail } from "../shared/email";
import { formatDateRange, formatDateTimeWithZone } from "../shared/format";
import type { WaitingListOfferJob } from "./offer-waiting-list-places";

export type SendWaitingListOfferOutcome = "sent" | "stale" | "no-recipient" | "not-configured";

/** The personal link of an offer: the event's page with the entry's token (and a private event's `t`). */
export function waitingListOfferUrl(
  appUrl: string,
  env: PrivateLinkEnv,
  event: { id: number; visibility: string; privateLinkVersion: number },
  accessToken: string,
): string {
  const url = new URL(`/events/${event.id}`, appUrl);
  if (event.visibility === "private") url.searchParams.set("t", privateEventHash(env, event));
  url.searchParams.set("offer", accessToken);
  return url.toString();
}

/**
 * Sends the email of one offer (job `send-waiting-list-offer`), built from the entry at send time in the person's
 * language, the deadline in the event's time zone. Only while that same offer stands (status offered, the job's
 * offer_count): a job that comes late, after the offer was booked or expired, sends nothing. Once sent, the entry's
 * offer_emailed_count says so: the minute sweep queues again only the offers whose email never left (a lost hand-off),
 * and a second job for an offer already emailed sends nothing; Resend's idempotency key (entry and offer number)
 * covers a job redelivered between the send and that mark.
 */
export async function sendWaitingListOfferEmail(
  db: Database,
  deps: { env: PrivateLinkEnv & { APP_URL: string }; sender: EmailSender },
  job: Pick<WaitingListOfferJob, "entryId" | "offerCount">,
): Promise<SendWaitingListOfferOutcome> {
  const [row] = await db
    .select({
      firstName: waitingListEntries.firstName,
      email: waitingListEntries.email,
      locale: waitingListEntries.locale,
      accessToken: waitingListEntries.accessToken,
      offerEmailedCount: waitingListEntries.offerEmailedCount,
      offeredQuantity: waitingListEntries.offeredQuantity,
      offerExpiresAt: waitingListEntries.offerExpiresAt,
      ticketTitle: tickets.title,
      eventId: events.id,
      eventTitle: events.title,
      visibility: events.visibility,
      privateLinkVersion: events.privateLinkVersion,
      timezone: events.timezone,
      startAt: events.startAt,
      endAt: events.endAt,
    })
    .from(waitingListEntries)
    .innerJoin(tickets, eq(tickets.id, waitingListEntries.ticketId))
    .innerJoin(events, eq(events.id, waitingListEntries.eventId))
    .where(
      and(
        eq(waitingListEntries.id, job.entryId),
        eq(waitingListEntries.status, "offered"),
        eq(waitingListEntries.offerCount, job.offerCount),
      ),
    )
    .limit(1);
  if (!row || !row.offerExpiresAt) return "stale";
  // Already handed to the provider (a job the sweep queued again while the first was on its way).
  if (row.offerEmailedCount >= job.offerCount) return "sent";
  if (!isValidEmail(row.email)) return "no-recipient";
  if (!deps.env.APP_URL) return "not-configured";
  const locale = toEmailLocale(row.locale);
  const email = waitingListOfferEmail({
    locale,
    firstName: row.firstName,
    eventTitle: row.eventTitle,
    ticketTitle: row.ticketTitle,
    quantity: row.offeredQuantity,
    deadline: formatDateTimeWithZone(row.offerExpiresAt, locale, row.timezone),
    dates: row.startAt ? formatDateRange(row.startAt, row.endAt, locale, row.timezone) : "",
    offerUrl: waitingListOfferUrl(
      deps.env.APP_URL,
      deps.env,
      { id: row.eventId, visibility: row.visibility, privateLinkVersion: row.privateLinkVersion },
      row.accessToken,
    ),
  });
  await deps.sender.send({
    to: row.email,
    ...email,
    idempotencyKey: `waiting-list-offer:${job.entryId}:${job.offerCount}`,
  });
  await db
    .update(waitingListEntries)
    .set({ offerEmailedCount: job.offerCount })
    .where(and(eq(waitingListEntries.id, job.entryId), lt(waitingListEntries.offerEmailedCount, job.offerCount)));
  return "sent";
}
