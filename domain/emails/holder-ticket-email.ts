import { renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, fill, helloLine, type EmailLocale, type RenderedEmail } from "./email-locale";

export type HolderTicketEmailInput = {
  locale: EmailLocale;
  /** The ticket holder's first name. */
  firstName: string;
  /** Who booked: the buyer's name (or email when the order has no name). */
  buyerName: string;
  eventTitle: string;
  /** The event's dates, already written in its time zone and the order's language; empty when unknown. */
  dates: string;
  address: string;
  tickets: { title: string; name: string }[];
  /** The organizer's `email_pdf_message` as plain paragraphs. */
  message: string[];
  repliesToOrganizer?: boolean;
};

/**
 * A ticket holder's own ticket (issue 25 §7), sent when their email differs from the buyer's: their tickets as PDF,
 * no link to the order page (it shows the buyer's whole order and receipt).
 */
export function holderTicketEmail(input: HolderTicketEmailInput): RenderedEmail {
  const c = emailCopy(input.locale)["holder-ticket"];
  const hello = helloLine(input.locale, input.firstName);
  const intro = fill(input.tickets.length > 1 ? c["intro-many"] : c.intro, {
    buyer: input.buyerName,
    event: input.eventTitle,
  });
  const facts = [
    input.dates ? fill(c.when, { dates: input.dates }) : null,
    input.address ? fill(c.where, { address: input.address }) : null,
  ].filter((line): line is string => line !== null);
  const ticketLines = input.tickets.map((ticket) =>
    fill(c["ticket-line"], { ticket: ticket.title, name: ticket.name }).trim(),
  );
  const closing = input.repliesToOrganizer ? [c.present, c.reply] : [c.present];
  const layout = { footer: fill(c.footer, { event: input.eventTitle, buyer: input.buyerName }) };
  return {
    subject: fill(c.subject, { event: input.eventTitle }),
    text: renderEmailText(
      input.locale,
      c.heading,
      [
        hello,
        "",
        intro,
        "",
        ...facts,
        ...(facts.length > 0 ? [""] : []),
        c.tickets,
        ...ticketLines.map((line) => `- ${line}`),
        "",
        ...(input.message.length > 0 ? [c.message, ...input.message, ""] : []),
        ...closing,
      ],
      layout,
    ),
    html: renderEmailHtml(
      input.locale,
      c.heading,
      [
        { kind: "paragraph", text: hello },
        { kind: "paragraph", text: intro },
        ...facts.map((text) => ({ kind: "paragraph" as const, text })),
        { kind: "paragraph", text: c.tickets },
        ...ticketLines.map((text) => ({ kind: "paragraph" as const, text: `• ${text}` })),
        ...(input.message.length > 0
          ? [
              { kind: "note" as const, text: c.message },
              ...input.message.map((text) => ({ kind: "paragraph" as const, text })),
            ]
          : []),
        ...closing.map((text) => ({ kind: "note" as const, text })),
      ],
      layout,
    ),
  };
}
