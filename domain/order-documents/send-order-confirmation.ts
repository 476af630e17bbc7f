import type { EmailSender } from "#adapters/email";
import type { Database } from "#db/database";
import { orderCalendarLinks } from "../calendar/get-order-calendar";
import { holderTicketEmail } from "../emails/holder-ticket-email";
import { orderConfirmationEmail } from "../emails/order-confirmation-email";
import { findTicketHolder, parseHolderTicketKey, recordHolderTicketEmails } from "./holder-ticket-emails";
import {
  claimDelivery,
  leaveDeliveryDue,
  markDeliverySent,
  releaseFailedDelivery,
  skipDelivery,
} from "./order-email-delivery";
import { DELIVERY_CLAIM_LEASE_MS } from "./order-email-outbox";
import { isValidEmail } from "../shared/email";
import type { PdfFontEnv } from "../pdf/font-faces";
import type { SigningEnv } from "../shared/signing-secret";
import { hasTickets, loadOrderDocuments } from "./load-order-documents";
import { messageParagraphs } from "./message-paragraphs";
import { orderInvoiceUrl } from "../invoices/invoice-links";
import { findOrderInvoice } from "../invoices/issue-order-invoice";
import { orderTicketsUrl } from "./order-links";
import { eventDates, orderTicketsFilename, renderOrderTicketsPdf } from "./order-tickets-pdf";
import { orderSelfServiceSentences } from "../self-service/order-self-service-sentences";

export type OrderDocumentsEnv = SigningEnv & PdfFontEnv & { APP_URL: string };

export { DELIVERY_CLAIM_LEASE_MS };

export type SendOrderConfirmationOutcome =
  "sent" | "already-sent" | "in-progress" | "not-confirmed" | "no-recipient" | "not-configured" | "gave-up";

export const MISSING_APP_URL_ERROR =
  "APP_URL is not set: the email waits (due) and the scheduled sweep sends it once APP_URL is configured";

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
  const now = deps.now ?? Date.now();
  const key = input.key ?? confirmationDeliveryKey(input.orderId);
  const documents = await loadOrderDocuments(db, { orderId: input.orderId });
  // Nothing to send, and retrying would never help (an order entered by hand or imported may have no usable
  // address): a due row is closed so the sweep stops handing it over.
  const skip = async (outcome: "not-confirmed" | "no-recipient") => {
    await skipDelivery(db, { key, orderId: input.orderId, reason: outcome });
    return outcome;
  };
  if (!documents || !hasTickets(documents)) return skip("not-confirmed");
  // A ticket holder's own email (holder-ticket-emails.ts): their address, their tickets only.
  const holderKey = parseHolderTicketKey(key);
  const holder =
    holderKey && holderKey.orderId === input.orderId
      ? await findTicketHolder(db, { orderId: input.orderId, participantId: holderKey.participantId })
      : null;
  if (holderKey && !holder) return skip("no-recipient");
  const recipient = holder ? holder.email : documents.order.email;
  if (!isValidEmail(recipient)) return skip("no-recipient");
  const { order, event } = documents;
  const delivery = {
    organizationId: order.organizationId,
    eventId: order.eventId,
    orderId: order.id,
    key,
    kind: holder ? ("holder-ticket" as const) : ("confirmation" as const),
  };
  if (!deps.env.APP_URL) {
    // A configuration fault is not an attempt: the delivery stays due, with the reason, for the sweep to send once
    // APP_URL is set (README, configuration).
    await leaveDeliveryDue(db, delivery, now, MISSING_APP_URL_ERROR);
    return "not-configured";
  }

  const claim = await claimDelivery(db, delivery, now);
  if ("outcome" in claim) return claim.outcome;

  // The buyer's replies reach the organizer's response address (spec §3), when the event has a valid one.
  const replyTo = event.emailPdfEmailResponse.trim();
  try {
    const holderDocuments = holder
      ? {
          ...documents,
          tickets: documents.tickets.filter((ticket) => holder.participantIds.includes(ticket.participantId)),
        }
      : null;
    const pdf = await renderOrderTicketsPdf(deps.env, holderDocuments ?? documents);
    const address = [event.addressName, event.addressLabel].filter((part) => part.trim()).join(", ");
    const email = holderDocuments
      ? holderTicketEmail({
          locale: order.locale,
          firstName: holder!.firstName,
          buyerName: `${order.firstName} ${order.lastName}`.trim() || order.email,
          eventTitle: event.title,
          dates: eventDates(documents),
          address,
          tickets: holderDocuments.tickets.map((ticket) => ({
            title: ticket.ticketTitle,
            name: `${ticket.firstName} ${ticket.lastName}`.trim(),
          })),
          message: messageParagraphs(event.emailPdfMessage),
          repliesToOrganizer: isValidEmail(replyTo),
        })
      : orderConfirmationEmail({
          locale: order.locale,
          firstName: order.firstName,
          orderId: order.id,
          eventTitle: event.title,
          dates: eventDates(documents),
          address,
          tickets: documents.tickets.map((ticket) => ({
            title: ticket.ticketTitle,
            name: `${ticket.firstName} ${ticket.lastName}`.trim(),
          })),
          message: messageParagraphs(event.emailPdfMessage),
          ticketsUrl: orderTicketsUrl(deps.env.APP_URL, order.id, order.accessToken),
          calendar: orderCalendarLinks(event, order, deps.env.APP_URL),
          invoiceUrl: (await findOrderInvoice(db, order.id))
            ? orderInvoiceUrl(deps.env.APP_URL, order.id, order.accessToken)
            : null,
          summary: {
            lines: documents.lines,
            promoCodeKey: order.promoCodeKey,
            total: order.amount,
            billing: order.billing,
          },
          repliesToOrganizer: isValidEmail(replyTo),
          selfService: await orderSelfServiceSentences(db, { order, now }),
        });
    await deps.sender.send({
      to: recipient,
      ...email,
      ...(isValidEmail(replyTo) ? { replyTo } : {}),
      attachments: [{ filename: orderTicketsFilename(documents), content: pdf, contentType: "application/pdf" }],
      idempotencyKey: key,
    });
  } catch (error) {
    await releaseFailedDelivery(db, claim.claimed, error);
    throw error;
  }
  await markDeliverySent(db, claim.claimed, deps.now ?? Date.now());
  return "sent";
}

/**
 * The order-email job: the buyer's confirmation, then, once it has gone (or had gone), each ticket holder's own email
 * (holder-ticket-emails.ts). A holder's delivery key sends that holder's email only (the sweep's hand-over of one that
 * failed). Returns the outcome of the email the key names.
 */
export async function sendOrderEmails(
  db: Database,
  deps: { env: OrderDocumentsEnv; sender: EmailSender; now?: number },
  input: { orderId: number; key?: string },
): Promise<SendOrderConfirmationOutcome> {
  const outcome = await sendOrderConfirmation(db, deps, input);
  const firstConfirmation = input.key === undefined || input.key === confirmationDeliveryKey(input.orderId);
  if (!firstConfirmation || (outcome !== "sent" && outcome !== "already-sent")) return outcome;
  const keys = await recordHolderTicketEmails(db, { orderId: input.orderId, now: deps.now });
  for (const key of keys) await sendOrderConfirmation(db, deps, { orderId: input.orderId, key });
  return outcome;
}
