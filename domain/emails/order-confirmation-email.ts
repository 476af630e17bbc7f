import { renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, fill, helloLine, type EmailLocale, type RenderedEmail } from "./email-locale";

export type OrderConfirmationEmailInput = {
  locale: EmailLocale;
  firstName: string;
  orderId: number;
  eventTitle: string;
  /** The event's dates, already written in its time zone and the buyer's language; empty when unknown. */
  dates: string;
  address: string;
  tickets: { title: string; name: string }[];
  /** The organizer's `email_pdf_message` as plain paragraphs. */
  message: string[];
  /** The buyer's tickets page (`/orders/:id?token=…` on APP_URL). */
  ticketsUrl: string;
};

/** The buyer's confirmation: what was booked, the organizer's message and the link back to the tickets page. */
export function orderConfirmationEmail(input: OrderConfirmationEmailInput): RenderedEmail {
  const c = emailCopy(input.locale)["order-confirmation"];
  const hello = helloLine(input.locale, input.firstName);
  const intro = fill(c.intro, { order: input.orderId, event: input.eventTitle });
  const facts = [
    input.dates ? fill(c.when, { dates: input.dates }) : null,
    input.address ? fill(c.where, { address: input.address }) : null,
  ].filter((line): line is string => line !== null);
  const ticketLines = input.tickets.map((ticket) =>
    fill(c["ticket-line"], { ticket: ticket.title, name: ticket.name }).trim(),
  );
  const messageLines = input.message.length > 0 ? [c.message, ...input.message] : [];
  // Buyers have no Guichet account: the layout's account footer would not explain why they got this email.
  const layout = { footer: fill(c.footer, { event: input.eventTitle }) };
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
        ...(messageLines.length > 0 ? [...messageLines, ""] : []),
        c.button,
        input.ticketsUrl,
        "",
        c.present,
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
        ...(messageLines.length > 0
          ? [
              { kind: "note" as const, text: c.message },
              ...input.message.map((text) => ({ kind: "paragraph" as const, text })),
            ]
          : []),
        { kind: "button", label: c.button, href: input.ticketsUrl },
        { kind: "note", text: c.fallback },
        { kind: "note", text: input.ticketsUrl },
        { kind: "note", text: c.present },
      ],
      layout,
    ),
  };
}
