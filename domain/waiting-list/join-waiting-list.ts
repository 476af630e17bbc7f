import { and, eq, sql } from "drizzle-orm";
import type { EmailMessage } from "#adapters/email";
import type { Database } from "#db/database";
import { events, waitingListEntries } from "#db/schema";
import { toEmailLocale } from "../emails/email-locale";
import { waitingListJoinedEmail } from "../emails/waiting-list-joined-email";
import type { PrivateLinkEnv } from "../events/private-event-link";
import { getPublicEvent } from "../public-events/get-public-event";
import { AppError } from "../shared/app-error";
import { generateRandomToken } from "../shared/crypto";
import { formatDateRange } from "../shared/format";
import { isUniqueViolation } from "../shared/sql";
import type { JoinWaitingListInput } from "./join-waiting-list-schema";
import { waitingListEntryPath } from "./waiting-list-links";
import { waitingListPositionSql } from "./waiting-list-position";

export type JoinedWaitingList = {
  id: number;
  position: number;
  status: "waiting";
  /** The person's credential: their page is `/waiting-list/<accessToken>`. */
  accessToken: string;
  /** The person's confirmation, in their language, for the email queue. */
  email: EmailMessage;
};

const refused = (code: "validation" | "conflict", messageKey: string, field?: string) =>
  new AppError(code, code === "validation" ? "waiting-list:errors.invalid-input" : messageKey, {
    ...(field ? { fields: { [field]: messageKey } } : {}),
  });

/**
 * A visitor joins a ticket's waiting list (issue 28 §3). Anonymous, like a booking: the event must be one the public
 * page shows (published; a private one with its link's `t`), the ticket one it lists (visible, a ticket not an add-on)
 * with its list open (on, and its sales not closed by a date: get-public-event.ts `waitingList`), and sold out as the public page reckons it (purchases and unexpired
 * holds against its stock and the event capacity: get-public-event.ts) — or people already waiting in its line, who
 * come first. At most the ticket's maximum per order; one open entry per ticket and email (the unique index decides,
 * so two joins at once cannot both pass). Answers the entry, its place in line and the confirmation email to queue.
 */
export async function joinWaitingList(
  db: Database,
  deps: { env: PrivateLinkEnv & { APP_URL: string }; appUrl?: string },
  input: { eventId: number; join: JoinWaitingListInput; now?: Date },
): Promise<JoinedWaitingList> {
  const now = input.now ?? new Date();
  const { join } = input;
  const found = await getPublicEvent(db, input.eventId, { mode: "public", env: deps.env, hash: join.t }, now);
  if (found.kind === "not-found") throw new AppError("not_found", "public-event:not-found.title");
  const event = found.event;
  const ticket = event.tickets.find((candidate) => candidate.id === join.ticketId);
  if (!ticket) throw refused("validation", "booking:errors.unknown-ticket", "ticket_id");
  if (!ticket.waitingList) throw refused("conflict", "waiting-list:errors.list-closed");
  if (join.quantity > ticket.maxPerOrder) throw refused("validation", "booking:errors.max-per-order", "quantity");

  if (ticket.sale.status !== "sold_out") {
    const [waiting] = await db
      .select({ count: sql<number>`count(*)` })
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.ticketId, ticket.id), eq(waitingListEntries.status, "waiting")));
    if (Number(waiting?.count ?? 0) === 0) throw refused("conflict", "waiting-list:errors.places-left");
  }

  const accessToken = generateRandomToken();
  let id: number;
  try {
    const [row] = await db
      .insert(waitingListEntries)
      .values({
        organizationId: event.organization.id,
        eventId: event.id,
        ticketId: ticket.id,
        firstName: join.firstName,
        lastName: join.lastName,
        email: join.email,
        quantity: join.quantity,
        locale: join.locale,
        accessToken,
        status: "waiting",
        consentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: waitingListEntries.id });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error, "waiting_list_entries.email"))
      throw new AppError("conflict", "waiting-list:errors.already-joined", {
        fields: { email: "waiting-list:errors.already-joined" },
      });
    throw error;
  }
  const [read] = await db
    .select({ position: waitingListPositionSql(ticket.id, id).mapWith(Number) })
    .from(events)
    .where(eq(events.id, event.id));
  const position = read?.position ?? 1;

  const locale = toEmailLocale(join.locale);
  const appUrl = deps.appUrl ?? deps.env.APP_URL;
  const rendered = waitingListJoinedEmail({
    locale,
    firstName: join.firstName,
    eventTitle: event.title,
    ticketTitle: ticket.title,
    dates: event.startAt ? formatDateRange(event.startAt, event.endAt, locale, event.timezone) : "",
    position,
    quantity: join.quantity,
    entryUrl: new URL(waitingListEntryPath(accessToken), appUrl).toString(),
  });
  return {
    id,
    position,
    status: "waiting",
    accessToken,
    email: { to: join.email, ...rendered, idempotencyKey: `waiting-list-joined:${id}` },
  };
}
