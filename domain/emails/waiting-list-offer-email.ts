import { renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, fill, helloLine, type EmailLocale, type RenderedEmail } from "./email-locale";

export type WaitingListOfferEmailInput = {
  locale: EmailLocale;
  firstName: string;
  eventTitle: string;
  ticketTitle: string;
  /** Places held for the person. */
  quantity: number;
  /** The offer's deadline, already written in the event's time zone and the person's language. */
  deadline: string;
  /** The event's dates, written the same way; empty when unknown. */
  dates: string;
  /** The personal link that books the held places: the event's page with `?offer=<access token>`. */
  offerUrl: string;
};

/** The offer of a waiting list (issue 28 §3): how many places are held, until when, and the link that books them. */
export function waitingListOfferEmail(input: WaitingListOfferEmailInput): RenderedEmail {
  const c = emailCopy(input.locale)["waiting-list-offer"];
  const hello = helloLine(input.locale, input.firstName);
  const intro = fill(input.quantity > 1 ? c.intro_other : c.intro_one, {
    event: input.eventTitle,
    ticket: input.ticketTitle,
    count: input.quantity,
  });
  const deadline = fill(c.deadline, { deadline: input.deadline });
  const when = input.dates ? [fill(c.when, { dates: input.dates })] : [];
  const layout = { footer: fill(c.footer, { event: input.eventTitle }) };
  return {
    subject: fill(c.subject, { event: input.eventTitle }),
    text: renderEmailText(
      input.locale,
      c.heading,
      [hello, "", intro, "", deadline, ...(when.length > 0 ? ["", ...when] : []), "", c.button, input.offerUrl],
      layout,
    ),
    html: renderEmailHtml(
      input.locale,
      c.heading,
      [
        { kind: "paragraph", text: hello },
        { kind: "paragraph", text: intro },
        { kind: "paragraph", text: deadline },
        ...when.map((text) => ({ kind: "paragraph" as const, text })),
        { kind: "button", label: c.button, href: input.offerUrl },
        { kind: "note", text: c.fallback },
        { kind: "note", text: input.offerUrl },
      ],
      layout,
    ),
  };
}
