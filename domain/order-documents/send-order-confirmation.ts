import { and, eq, inArray, sql } from "drizzle-orm";
import type { EmailMessage, EmailSender } from "#adapters/email";
import type { Database } from "#db/database";
import { events, invoices } from "#db/schema";
import { orderCalendarLinks, orderCalendarSource } from "../calendar/get-order-calendar";
import { distinctDates } from "../event-dates/order-dates";
import { holderTicketEmail } from "../emails/holder-ticket-email";
import { orderConfirmationEmail } from "../emails/order-confirmation-email";
import {
  holderTicketDeliveryKey,
  holderTicketDueStatements,
  parseHolderTicketKey,
  ticketHoldersOf,
  type TicketHolder,
} from "./holder-ticket-emails";
import {
  claimDeliveriesStatement,
  claimOutcomeOf,
  deliveryStatesStatement,
  idList,
  leaveDeliveriesDueStatement,
  recordMissingDeliveriesStatement,
  settleDeliveriesStatements,
  type DeliveryState,
  type DeliveryToClaim,
} from "./order-email-delivery";
import { DELIVERY_CLAIM_LEASE_MS } from "./order-email-outbox";
import { isValidEmail } from "../shared/email";
import type { PdfFontEnv } from "../pdf/font-faces";
import type { SigningEnv } from "../shared/signing-secret";
import { hasTickets, orderDocumentsOf, orderDocumentsStatements, type OrderDocuments } from "./load-order-documents";
import { messageParagraphs } from "./message-paragraphs";
import { orderInvoiceUrl } from "../invoices/invoice-links";
import { orderTicketsUrl } from "./order-links";
import { eventDates, orderTicketsFilename, renderOrderTicketsPdf } from "./order-tickets-pdf";
import { selfServiceSentencesFor } from "../self-service/order-self-service-sentences";

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

/** One order-email job: the order, and the delivery key (absent: the order's first confirmation). */
export type OrderEmailJobInput = { orderId: number; key?: string };

/** What became of one job's email: an outcome, or a failed send (the row is released "failed" for the retry). */
export type OrderEmailResult = { outcome: SendOrderConfirmationOutcome } | { outcome: "failed"; error: unknown };

type Deps = { env: OrderDocumentsEnv; sender: EmailSender; now?: number };

/**
 * Sends an order's confirmation email with its PDF tickets, once per delivery key: the delivery row is claimed
 * (inserted, or taken over when it failed or its claim went stale) before the send and marked sent after it, so a
 * queue redelivery of the same job sends nothing. Throws when the send fails (the claim is released as "failed" and
 * the queue retries).
 */
export async function sendOrderConfirmation(
  db: Database,
  deps: Deps,
  input: OrderEmailJobInput,
): Promise<SendOrderConfirmationOutcome> {
  return outcomeOf(await sendOrderEmailBatch(db, deps, [input], { holders: false }), input);
}

/**
 * The order-email job: the buyer's confirmation, then, once it has gone (or had gone), each ticket holder's own email
 * (holder-ticket-emails.ts). A holder's delivery key sends that holder's email only (the sweep's hand-over of one that
 * failed). Returns the outcome of the email the key names.
 */
export async function sendOrderEmails(
  db: Database,
  deps: Deps,
  input: OrderEmailJobInput,
): Promise<SendOrderConfirmationOutcome> {
  return outcomeOf(await sendOrderEmailBatch(db, deps, [input]), input);
}

function outcomeOf(results: Map<string, OrderEmailResult>, input: OrderEmailJobInput): SendOrderConfirmationOutcome {
  const result = results.get(deliveryKeyOf(input))!;
  if (result.outcome === "failed") throw result.error;
  return result.outcome;
}

export function deliveryKeyOf(input: OrderEmailJobInput): string {
  return input.key ?? confirmationDeliveryKey(input.orderId);
}

/**
 * The order-email jobs of one queue batch, with a fixed number of D1 round trips whatever their number
 * (docs/decisions/0067-batched-confirmation-emails.md):
 * 1. one batch records the deliveries not recorded yet, claims every one that is due, failed or stale (of several
 *    consumers at once exactly one gets each row), and reads what the emails need (orders, events, participants,
 *    lines, invoices) and the state of every delivery it did not claim;
 * 2. the emails go (one call each to Resend, whose batch API takes no attachments; one insert batch to the dev
 *    mailbox), each with its delivery key as idempotency key;
 * 3. one batch marks them sent, failed or skipped, and, with `holders`, records and claims the ticket holders' emails
 *    of the first confirmations that are sent, which then go, and are marked by one batch more.
 * Returns each job's result by delivery key: a redelivered job whose email is sent answers "already-sent".
 */
export async function sendOrderEmailBatch(
  db: Database,
  deps: Deps,
  jobs: readonly OrderEmailJobInput[],
  options: { holders?: boolean } = {},
): Promise<Map<string, OrderEmailResult>> {
  const now = deps.now ?? Date.now();
  const results = new Map<string, OrderEmailResult>();
  const deliveries: DeliveryToClaim[] = [];
  for (const job of jobs) {
    const key = deliveryKeyOf(job);
    if (!deliveries.some((delivery) => delivery.key === key)) deliveries.push({ key, orderId: job.orderId });
  }
  if (deliveries.length === 0) return results;
  if (!deps.env.APP_URL) {
    // A configuration fault is not an attempt: the deliveries stay due, with the reason, for the sweep to send once
    // APP_URL is set (README, configuration).
    await db.batch([leaveDeliveriesDueStatement(db, deliveries, now, MISSING_APP_URL_ERROR)]);
    for (const { key } of deliveries) results.set(key, { outcome: "not-configured" });
    return results;
  }

  const orderIds = [...new Set(deliveries.map((delivery) => delivery.orderId))];
  const ids = idList(orderIds);
  const [, claimed, states, orderRows, ticketRows, lineRows, invoiceRows, eventRows] = await db.batch([
    recordMissingDeliveriesStatement(db, deliveries, now),
    claimDeliveriesStatement(db, deliveries, now),
    deliveryStatesStatement(db, deliveries, orderIds),
    ...orderDocumentsStatements(db, ids),
    db
      .select({ orderId: invoices.orderId })
      .from(invoices)
      .where(and(inArray(invoices.orderId, ids), eq(invoices.kind, "invoice"))),
    db
      .select()
      .from(events)
      .where(inArray(events.id, sql`(select o.event_id from orders o where o.id in ${ids})`)),
  ]);
  const loaded = orderDocumentsOf(orderRows, ticketRows, lineRows);
  const context: RenderContext = {
    env: deps.env,
    now,
    invoiced: new Set(invoiceRows.map((row) => row.orderId)),
    events: new Map(eventRows.map((event) => [event.id, event])),
  };
  const stateOf = new Map<string, DeliveryState>(states.map((state) => [state.key, state]));

  const round = await sendClaimed(
    deps.sender,
    claimed.map((row) => ({ ...row, loaded: loaded.get(row.orderId) })),
    context,
  );
  for (const { key } of deliveries) {
    const outcome = round.outcomes.get(key);
    results.set(key, outcome ?? { outcome: stateOf.has(key) ? claimOutcomeOf(stateOf.get(key)) : "not-confirmed" });
  }

  // The holders of each first confirmation that is sent (now or before): recorded once the buyer's email has gone.
  const holderWork = options.holders === false ? [] : holderEmailsToSend(deliveries, results, loaded, context, stateOf);
  const settle = settleDeliveriesStatements(db, { ...round.settlement, now: deps.now ?? Date.now() });
  const recordHolders = holderWork.flatMap((work) =>
    holderTicketDueStatements(db, { order: work.order, keys: work.missing, now }),
  );
  const holderKeys = holderWork.flatMap((work) => work.keys.map((key) => ({ key, orderId: work.order.id })));
  const claimHolders = holderKeys.length > 0 ? claimDeliveriesStatement(db, holderKeys, now) : null;
  const statements = [...settle, ...recordHolders, ...(claimHolders ? [claimHolders] : [])];
  const [firstStatement, ...rest] = statements;
  if (!firstStatement) return results;
  let holderClaims: { id: number; key: string; orderId: number }[] = [];
  try {
    const answers = await db.batch([firstStatement, ...rest]);
    if (claimHolders) holderClaims = answers.at(-1) as typeof holderClaims;
  } catch (error) {
    // The emails are gone: their marks are written again at once (a claim left "sending" is taken over after the
    // lease and its email sent a second time). The holders' part is not: the job's retry records them.
    await writeMarks(db, settle, 1);
    if (holderWork.length === 0) return results;
    for (const work of holderWork) results.set(work.confirmationKey, { outcome: "failed", error });
    return results;
  }
  if (holderClaims.length === 0) return results;

  const holders = await sendClaimed(
    deps.sender,
    holderClaims.map((row) => ({ ...row, loaded: loaded.get(row.orderId) })),
    context,
  );
  await writeMarks(db, settleDeliveriesStatements(db, { ...holders.settlement, now: deps.now ?? Date.now() }), 2);
  // A holder's email that failed fails its buyer's job too, whose retry sends it (the buyer's is already sent).
  for (const claim of holderClaims) {
    const outcome = holders.outcomes.get(claim.key);
    if (outcome?.outcome !== "failed") continue;
    const confirmationKey = confirmationDeliveryKey(claim.orderId);
    if (results.get(confirmationKey)?.outcome !== "failed") results.set(confirmationKey, outcome);
  }
  return results;
}

/** Writes the marks of sent emails in `tries` attempts at most: they are idempotent, and losing them risks a resend. */
async function writeMarks(db: Database, statements: ReturnType<typeof settleDeliveriesStatements>, tries: number) {
  const [first, ...rest] = statements;
  if (!first) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.batch([first, ...rest]);
      return;
    } catch (error) {
      if (attempt >= tries) throw error;
    }
  }
}

type RenderContext = {
  env: OrderDocumentsEnv;
  now: number;
  invoiced: Set<number>;
  events: Map<number, typeof events.$inferSelect>;
};

type Loaded = ReturnType<typeof orderDocumentsOf> extends Map<number, infer T> ? T : never;

type ClaimedDelivery = { id: number; key: string; orderId: number; loaded: Loaded | undefined };

/**
 * Builds and sends the emails of claimed deliveries; those with nothing to send are closed. Returns each key's
 * outcome and the marks to write.
 */
async function sendClaimed(sender: EmailSender, claimed: ClaimedDelivery[], context: RenderContext) {
  const outcomes = new Map<string, OrderEmailResult>();
  const settlement = {
    sent: [] as number[],
    failed: [] as { id: number; error: string }[],
    skipped: [] as { id: number; reason: string }[],
  };
  const fail = (delivery: ClaimedDelivery, error: unknown) => {
    settlement.failed.push({ id: delivery.id, error: String(error instanceof Error ? error.message : error) });
    outcomes.set(delivery.key, { outcome: "failed", error });
  };
  const toSend: { delivery: ClaimedDelivery; message: EmailMessage }[] = [];
  for (const delivery of claimed) {
    const recipient = recipientOf(delivery);
    if (typeof recipient === "string") {
      settlement.skipped.push({ id: delivery.id, reason: recipient });
      outcomes.set(delivery.key, { outcome: recipient });
      continue;
    }
    try {
      toSend.push({ delivery, message: await renderOrderEmail(delivery.key, recipient, context) });
    } catch (error) {
      fail(delivery, error);
    }
  }
  const sent = await sendEach(
    sender,
    toSend.map(({ message }) => message),
  );
  toSend.forEach(({ delivery }, index) => {
    const result = sent[index]!;
    if (!result.ok) return fail(delivery, result.error);
    settlement.sent.push(delivery.id);
    outcomes.set(delivery.key, { outcome: "sent" });
  });
  return { outcomes, settlement };
}

type Recipient = { documents: OrderDocuments; holder: TicketHolder | null; email: string };

/** Who the delivery writes to, or why nothing is sent (retrying would never help: the row is closed). */
function recipientOf(delivery: ClaimedDelivery): Recipient | "not-confirmed" | "no-recipient" {
  const { loaded } = delivery;
  if (!loaded || !hasTickets(loaded.documents)) return "not-confirmed";
  // A ticket holder's own email (holder-ticket-emails.ts): their address, their tickets only.
  const holderKey = parseHolderTicketKey(delivery.key);
  const holder =
    holderKey && holderKey.orderId === delivery.orderId
      ? (holdersOf(loaded).find((candidate) => candidate.participantIds.includes(holderKey.participantId)) ?? null)
      : null;
  if (holderKey && !holder) return "no-recipient";
  const email = holder ? holder.email : loaded.documents.order.email;
  // An order entered by hand or imported may have no usable address.
  if (!isValidEmail(email)) return "no-recipient";
  return { documents: loaded.documents, holder, email };
}

const holdersOf = (loaded: Loaded) =>
  ticketHoldersOf(
    loaded.documents.order.email,
    loaded.participants.map((row) => ({ id: row.participantId, email: row.email, firstName: row.firstName })),
  );

/** The buyer's confirmation, or a holder's own email, with the PDF tickets attached. */
async function renderOrderEmail(key: string, recipient: Recipient, context: RenderContext): Promise<EmailMessage> {
  const { documents, holder } = recipient;
  const { order, event } = documents;
  const { env } = context;
  // The buyer's replies reach the organizer's response address (spec §3), when the event has a valid one.
  const replyTo = event.emailPdfEmailResponse.trim();
  const holderDocuments = holder
    ? {
        ...documents,
        tickets: documents.tickets.filter((ticket) => holder.participantIds.includes(ticket.participantId)),
      }
    : null;
  const pdf = await renderOrderTicketsPdf(env, holderDocuments ?? documents);
  const address = [event.addressName, event.addressLabel].filter((part) => part.trim()).join(", ");
  const eventRow = context.events.get(order.eventId);
  const email = holderDocuments
    ? holderTicketEmail({
        locale: order.locale,
        firstName: holder!.firstName,
        buyerName: `${order.firstName} ${order.lastName}`.trim() || order.email,
        eventTitle: event.title,
        // The holder's own tickets' dates on a multi-date event (decision 0068).
        dates: eventDates(holderDocuments),
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
        ticketsUrl: orderTicketsUrl(env.APP_URL, order.id, order.accessToken),
        calendar: orderCalendarLinks(
          orderCalendarSource(event, distinctDates(documents.tickets.map((ticket) => ticket.dates))),
          order,
          env.APP_URL,
        ),
        invoiceUrl: context.invoiced.has(order.id) ? orderInvoiceUrl(env.APP_URL, order.id, order.accessToken) : null,
        summary: {
          lines: documents.lines,
          promoCodeKey: order.promoCodeKey,
          total: order.amount,
          billing: order.billing,
        },
        repliesToOrganizer: isValidEmail(replyTo),
        selfService:
          eventRow && eventRow.organizationId === order.organizationId
            ? selfServiceSentencesFor(eventRow, order, context.now)
            : [],
      });
  return {
    to: recipient.email,
    ...email,
    ...(isValidEmail(replyTo) ? { replyTo } : {}),
    attachments: [{ filename: orderTicketsFilename(documents), content: pdf, contentType: "application/pdf" }],
    idempotencyKey: key,
  };
}

type SendResult = { ok: true } | { ok: false; error: unknown };

/**
 * Each email with its own idempotency key and attachment: the dev mailbox stores them in one D1 batch; Resend's batch
 * API takes neither attachments nor a key per email, so each goes as its own call there.
 */
async function sendEach(sender: EmailSender, messages: EmailMessage[]): Promise<SendResult[]> {
  if (messages.length === 0) return [];
  if (sender.mode === "dev-mailbox" && sender.sendBatch) {
    try {
      const results = await sender.sendBatch(messages);
      return results.map((result) => (result.ok ? { ok: true } : { ok: false, error: new Error(result.error) }));
    } catch (error) {
      return messages.map(() => ({ ok: false, error }));
    }
  }
  const results: SendResult[] = [];
  for (const message of messages) {
    try {
      await sender.send(message);
      results.push({ ok: true });
    } catch (error) {
      results.push({ ok: false, error });
    }
  }
  return results;
}

/** The holder emails to record and claim: for each first confirmation sent, its holders' keys still open. */
function holderEmailsToSend(
  deliveries: DeliveryToClaim[],
  results: Map<string, OrderEmailResult>,
  loaded: Map<number, Loaded>,
  context: RenderContext,
  stateOf: Map<string, DeliveryState>,
) {
  return deliveries.flatMap(({ key, orderId }) => {
    const outcome = results.get(key)?.outcome;
    if (key !== confirmationDeliveryKey(orderId) || (outcome !== "sent" && outcome !== "already-sent")) return [];
    const order = loaded.get(orderId);
    if (!order || !context.events.get(order.documents.order.eventId)?.sendHolderTickets) return [];
    const keys = holdersOf(order).map((holder) => holderTicketDeliveryKey(orderId, holder.participantIds[0]!));
    const open = keys.filter((holderKey) => {
      const state = stateOf.get(holderKey);
      return !state || state.status === "due" || state.status === "failed" || state.status === "sending";
    });
    if (open.length === 0) return [];
    const { id, organizationId, eventId, amount } = order.documents.order;
    return [
      {
        confirmationKey: key,
        order: { id, organizationId, eventId, amount },
        keys: open,
        missing: open.filter((holderKey) => !stateOf.has(holderKey)),
      },
    ];
  });
}
