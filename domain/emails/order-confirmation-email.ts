import enInvoices from "../locales/en/invoices.json";
import frInvoices from "../locales/fr/invoices.json";
import type { CalendarLinks } from "../calendar/calendar-links";
import { formatMoney } from "../shared/format";
import { renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, fill, helloLine, type EmailCopy, type EmailLocale, type RenderedEmail } from "./email-locale";

/** What was bought and paid, so the email serves as the buyer's receipt. Amounts in cents. */
export type OrderSummary = {
  lines: { title: string; quantity: number; unitPrice: number; discount: number; addedFees: number }[];
  promoCodeKey: string | null;
  /** What the buyer paid (orders.amount). */
  total: number;
  /** The billing details the buyer gave (the booking form's fields), or null. */
  billing: Record<string, string> | null;
};

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
  /** "Add to my calendar": the order's `.ics` file, Google's and Outlook's pages; absent when the event has no date. */
  calendar?: CalendarLinks | null;
  /** The order's invoice when one was issued with the payment (issue 29 §3): its PDF's link with the order's token. */
  invoiceUrl?: string | null;
  summary?: OrderSummary;
  /** The email carries the organizer's response address as Reply-To: say that replying reaches them. */
  repliesToOrganizer?: boolean;
  /**
   * What the buyer may edit, transfer or cancel themselves and until when, as selfServiceSentences wrote them (the
   * order page shows the same sentences); absent or empty when nothing is open to them.
   */
  selfService?: string[];
};

type Copy = EmailCopy["order-confirmation"];

function summaryLines(c: Copy, locale: EmailLocale, summary: OrderSummary): string[] {
  const money = (cents: number) => (cents > 0 ? formatMoney(cents, locale) : c["summary-free"]);
  const discount = summary.lines.reduce((sum, line) => sum + line.discount, 0);
  const fees = summary.lines.reduce((sum, line) => sum + line.addedFees, 0);
  const discountAmount = formatMoney(discount, locale);
  return [
    ...summary.lines.map((line) =>
      fill(c["summary-line"], {
        quantity: line.quantity,
        ticket: line.title,
        amount: money(line.unitPrice * line.quantity),
      }),
    ),
    ...(discount > 0
      ? [
          summary.promoCodeKey
            ? fill(c["summary-discount"], { code: summary.promoCodeKey, amount: discountAmount })
            : fill(c["summary-discount-no-code"], { amount: discountAmount }),
        ]
      : []),
    ...(fees > 0 ? [fill(c["summary-fees"], { amount: formatMoney(fees, locale) })] : []),
    fill(c["summary-total"], { amount: money(summary.total) }),
  ];
}

/** The billing details as an address block: name, company, street, postal code and city, country, VAT number. */
function billingLines(c: Copy, billing: Record<string, string> | null): string[] {
  if (!billing) return [];
  const value = (key: string) => billing[key]?.trim() ?? "";
  return [
    value("name"),
    value("company"),
    value("address"),
    [value("postal_code"), value("city")].filter(Boolean).join(" "),
    value("country"),
    value("vat_number") ? fill(c["billing-vat"], { value: value("vat_number") }) : "",
  ].filter(Boolean);
}

/** The buyer's confirmation: what was booked, the organizer's message and the link back to the tickets page. */
const invoicesCopy = { fr: frInvoices, en: enInvoices };

export function orderConfirmationEmail(input: OrderConfirmationEmailInput): RenderedEmail {
  const c = emailCopy(input.locale)["order-confirmation"];
  const hello = helloLine(input.locale, input.firstName);
  const intro = fill(c.intro, { order: input.orderId, event: input.eventTitle });
  const facts = [
    input.dates ? fill(c.when, { dates: input.dates }) : null,
    input.address ? fill(c.where, { address: input.address }) : null,
  ].filter((line): line is string => line !== null);
  const calendarLinks = input.calendar
    ? [
        { label: c["calendar-ics"], href: input.calendar.ics },
        { label: c["calendar-google"], href: input.calendar.google },
        { label: c["calendar-outlook"], href: input.calendar.outlook },
      ]
    : [];
  const ticketLines = input.tickets.map((ticket) =>
    fill(c["ticket-line"], { ticket: ticket.title, name: ticket.name }).trim(),
  );
  const messageLines = input.message.length > 0 ? [c.message, ...input.message] : [];
  const summary = input.summary ? summaryLines(c, input.locale, input.summary) : [];
  const billing = input.summary ? billingLines(c, input.summary.billing) : [];
  const selfService = input.selfService ?? [];
  const closing = input.repliesToOrganizer ? [c.present, c.reply] : [c.present];
  const invoiceCopy = invoicesCopy[input.locale];
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
        ...(calendarLinks.length > 0
          ? [
              c.calendar,
              ...calendarLinks.map((link) => `- ${fill(c["calendar-line"], { label: link.label, url: link.href })}`),
            ]
          : []),
        ...(facts.length > 0 || calendarLinks.length > 0 ? [""] : []),
        c.tickets,
        ...ticketLines.map((line) => `- ${line}`),
        "",
        ...(summary.length > 0 ? [c.summary, ...summary.map((line) => `- ${line}`), ""] : []),
        ...(billing.length > 0 ? [c.billing, ...billing, ""] : []),
        ...(input.invoiceUrl ? [fill(invoiceCopy.email["invoice-link"], { url: input.invoiceUrl }), ""] : []),
        ...(messageLines.length > 0 ? [...messageLines, ""] : []),
        ...(selfService.length > 0
          ? [emailCopy(input.locale)["self-service"].heading, ...selfService.map((line) => `- ${line}`), ""]
          : []),
        c.button,
        input.ticketsUrl,
        "",
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
        ...(calendarLinks.length > 0 ? [{ kind: "links" as const, label: c.calendar, links: calendarLinks }] : []),
        { kind: "paragraph", text: c.tickets },
        ...ticketLines.map((text) => ({ kind: "paragraph" as const, text: `• ${text}` })),
        ...(summary.length > 0
          ? [
              { kind: "paragraph" as const, text: c.summary },
              ...summary.map((text) => ({ kind: "paragraph" as const, text: `• ${text}` })),
            ]
          : []),
        ...(billing.length > 0
          ? [
              { kind: "paragraph" as const, text: c.billing },
              ...billing.map((text) => ({ kind: "note" as const, text })),
            ]
          : []),
        ...(input.invoiceUrl
          ? [
              {
                kind: "links" as const,
                label: invoiceCopy["order-page"].title,
                links: [{ label: invoiceCopy.email["invoice-link-label"], href: input.invoiceUrl }],
              },
            ]
          : []),
        ...(messageLines.length > 0
          ? [
              { kind: "note" as const, text: c.message },
              ...input.message.map((text) => ({ kind: "paragraph" as const, text })),
            ]
          : []),
        ...(selfService.length > 0
          ? [
              { kind: "paragraph" as const, text: emailCopy(input.locale)["self-service"].heading },
              ...selfService.map((text) => ({ kind: "paragraph" as const, text: `• ${text}` })),
            ]
          : []),
        { kind: "button", label: c.button, href: input.ticketsUrl },
        { kind: "note", text: c.fallback },
        { kind: "note", text: input.ticketsUrl },
        ...closing.map((text) => ({ kind: "note" as const, text })),
      ],
      layout,
    ),
  };
}
