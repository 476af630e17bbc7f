import { formatMoney } from "../shared/format";
import { renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, fill, helloLine, type EmailLocale, type RenderedEmail } from "./email-locale";

export type OrderRefundEmailInput = {
  locale: EmailLocale;
  firstName: string;
  orderId: number;
  eventTitle: string;
  /** The event's dates, already written in its time zone and the buyer's language; empty when unknown. */
  dates: string;
  /** What went back to the buyer, cents. */
  amount: number;
  /** The order's lines as bought: what the refund covers. */
  lines: { title: string; quantity: number; addon: boolean }[];
  /** A demo payment: no money moved, so no bank statement will show it. */
  demo: boolean;
  /** The buyer's order page (`/orders/:id?token=…` on APP_URL), which keeps the refunded lines. */
  orderUrl: string;
  /** The email carries the organizer's response address as Reply-To: say that replying reaches them. */
  repliesToOrganizer?: boolean;
  /** A partial refund (decision 0058) that leaves tickets valid: of chosen tickets, or of an amount. */
  partial?: "units" | "amount";
};

/** The buyer's refund notice (issue 25 §4): how much, for what, and when the bank shows it. */
export function orderRefundEmail(input: OrderRefundEmailInput): RenderedEmail {
  const c = emailCopy(input.locale)["order-refund"];
  const hello = helloLine(input.locale, input.firstName);
  // Nothing given back: a cancellation without refund or of a free order (docs/decisions/0060) says so, no bank line.
  const cancelled = input.amount === 0;
  const introKey = cancelled
    ? input.partial
      ? "intro-cancelled-partial"
      : "intro-cancelled"
    : input.partial
      ? "intro-partial"
      : "intro";
  const intro = fill(c[introKey], { order: input.orderId, event: input.eventTitle });
  const heading = cancelled ? c["heading-cancelled"] : input.partial ? c["heading-partial"] : c.heading;
  const voided = input.partial === "units" ? c["void-partial"] : input.partial === "amount" ? c["void-amount"] : c.void;
  const amount = cancelled ? c["no-refund"] : fill(c.amount, { amount: formatMoney(input.amount, input.locale) });
  const lines = input.lines.map((line) =>
    fill(line.addon ? c["line-addon"] : c.line, { quantity: line.quantity, ticket: line.title }),
  );
  const when = input.dates ? [fill(c.when, { dates: input.dates })] : [];
  const bank = cancelled ? null : input.demo ? c.demo : c.bank;
  const closing = input.repliesToOrganizer ? [c.reply] : [];
  const layout = { footer: fill(c.footer, { event: input.eventTitle }) };
  return {
    subject: fill(cancelled ? c["subject-cancelled"] : input.partial ? c["subject-partial"] : c.subject, {
      event: input.eventTitle,
    }),
    text: renderEmailText(
      input.locale,
      heading,
      [
        hello,
        "",
        intro,
        "",
        amount,
        "",
        ...(lines.length > 0 ? [c.covers, ...lines.map((line) => `- ${line}`), ""] : []),
        ...(when.length > 0 ? [...when, ""] : []),
        ...(bank ? [bank] : []),
        voided,
        "",
        c.button,
        input.orderUrl,
        ...(closing.length > 0 ? ["", ...closing] : []),
      ],
      layout,
    ),
    html: renderEmailHtml(
      input.locale,
      heading,
      [
        { kind: "paragraph", text: hello },
        { kind: "paragraph", text: intro },
        { kind: "paragraph", text: amount },
        ...(lines.length > 0
          ? [
              { kind: "paragraph" as const, text: c.covers },
              ...lines.map((text) => ({ kind: "paragraph" as const, text: `• ${text}` })),
            ]
          : []),
        ...when.map((text) => ({ kind: "paragraph" as const, text })),
        ...(bank ? [{ kind: "paragraph" as const, text: bank }] : []),
        { kind: "paragraph", text: voided },
        { kind: "button", label: c.button, href: input.orderUrl },
        { kind: "note", text: c.fallback },
        { kind: "note", text: input.orderUrl },
        ...closing.map((text) => ({ kind: "note" as const, text })),
      ],
      layout,
    ),
  };
}
