import { and, eq, lte, or, sql } from "drizzle-orm";
import type { EmailSender } from "#adapters/email";
import type { Database } from "#db/database";
import { orderEmailDeliveries } from "#db/schema";
import { orderConfirmationEmail } from "../emails/order-confirmation-email";
import { isValidEmail } from "../shared/email";
import type { SigningEnv } from "../shared/signing-secret";
import { hasTickets, loadOrderDocuments } from "./load-order-documents";
import { messageParagraphs } from "./message-paragraphs";
import { orderTicketsUrl } from "./order-links";
import { eventDates, orderTicketsFilename, renderOrderTicketsPdf } from "./order-tickets-pdf";

export type OrderDocumentsEnv = SigningEnv & { APP_URL: string };

/**
 * How long a claimed delivery ("sending") is left to the consumer that claimed it. A redelivered message that finds a
 * younger claim waits; one that finds an older claim (its consumer died mid-send) takes it over and sends
 * (docs/decisions/0016-order-email-outbox.md).
 */
export const DELIVERY_CLAIM_LEASE_MS = 10 * 60_000;

export type SendOrderConfirmationOutcome = "sent" | "already-sent" | "in-progress" | "not-confirmed" | "no-recipient";

/** The sent marker's key of an order's first confirmation; each resend gets its own key. */
export function confirmationDeliveryKey(orderId: number): string {
  return `order-confirmation:${orderId}`;
}

/**
 * Sends an order's confirmation email with its PDF tickets, once per delivery key: the delivery row is claimed
 * (inserted, or taken over when it failed or its claim went stale) in one statement before the send and marked sent
 * after it, so a queue redelivery of the same job sends nothing. Throws when the send fails (the claim is released as
 * "failed" and the queue retries).
 */
export async function sendOrderConfirmation(
  db: Database,
  deps: { env: OrderDocumentsEnv; sender: EmailSender; now?: number },
  input: { orderId: number; key?: string },
): Promise<SendOrderConfirmationOutcome> {
  const documents = await loadOrderDocuments(db, { orderId: input.orderId });
  if (!documents || !hasTickets(documents)) return "not-confirmed";
  // An order entered by hand or imported may have no usable address: retrying would never help.
  if (!isValidEmail(documents.order.email)) return "no-recipient";
  if (!deps.env.APP_URL) throw new Error("APP_URL is required to send the tickets link of an order confirmation");
  const { order, event } = documents;
  const now = deps.now ?? Date.now();
  const key = input.key ?? confirmationDeliveryKey(order.id);

  const claimed = await db
    .insert(orderEmailDeliveries)
    .values({
      organizationId: order.organizationId,
      eventId: order.eventId,
      orderId: order.id,
      key,
      kind: "confirmation",
      status: "sending",
      attempts: 1,
      claimedAt: new Date(now),
    })
    .onConflictDoUpdate({
      target: orderEmailDeliveries.key,
      set: {
        status: "sending",
        attempts: sql`${orderEmailDeliveries.attempts} + 1`,
        claimedAt: new Date(now),
        lastError: null,
      },
      setWhere: and(
        eq(orderEmailDeliveries.orderId, order.id),
        or(
          eq(orderEmailDeliveries.status, "failed"),
          and(
            eq(orderEmailDeliveries.status, "sending"),
            lte(orderEmailDeliveries.claimedAt, new Date(now - DELIVERY_CLAIM_LEASE_MS)),
          ),
        ),
      ),
    })
    .returning({ id: orderEmailDeliveries.id });
  const claim = claimed[0];
  if (!claim) {
    const [existing] = await db
      .select({ status: orderEmailDeliveries.status })
      .from(orderEmailDeliveries)
      .where(eq(orderEmailDeliveries.key, key))
      .limit(1);
    return existing?.status === "sent" ? "already-sent" : "in-progress";
  }

  try {
    const pdf = await renderOrderTicketsPdf(deps.env, documents);
    const email = orderConfirmationEmail({
      locale: order.locale,
      firstName: order.firstName,
      orderId: order.id,
      eventTitle: event.title,
      dates: eventDates(documents),
      address: [event.addressName, event.addressLabel].filter((part) => part.trim()).join(", "),
      tickets: documents.tickets.map((ticket) => ({
        title: ticket.ticketTitle,
        name: `${ticket.firstName} ${ticket.lastName}`.trim(),
      })),
      message: messageParagraphs(event.emailPdfMessage),
      ticketsUrl: orderTicketsUrl(deps.env.APP_URL, order.id, order.accessToken),
    });
    await deps.sender.send({
      to: order.email,
      ...email,
      attachments: [{ filename: orderTicketsFilename(documents), content: pdf, contentType: "application/pdf" }],
      idempotencyKey: key,
    });
  } catch (error) {
    await db
      .update(orderEmailDeliveries)
      .set({ status: "failed", lastError: String(error instanceof Error ? error.message : error).slice(0, 500) })
      .where(eq(orderEmailDeliveries.id, claim.id));
    throw error;
  }
  const markSent = () =>
    db
      .update(orderEmailDeliveries)
      .set({ status: "sent", sentAt: new Date(deps.now ?? Date.now()) })
      .where(eq(orderEmailDeliveries.id, claim.id));
  // The email is gone: a D1 error here is tried once more at once (the write is idempotent), since a claim left
  // "sending" is taken over after the lease and the email sent a second time (docs/decisions/0029-fault-tolerance.md).
  await markSent().catch(() => markSent());
  return "sent";
}
