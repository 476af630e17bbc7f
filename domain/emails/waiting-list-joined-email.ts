import { renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, fill, helloLine, type EmailLocale, type RenderedEmail } from "./email-locale";

export type WaitingListJoinedEmailInput = {
  locale: EmailLocale;
  firstName: string;
  eventTitle: string;
  ticketTitle: string;
  /** The event's dates, already written in its time zone and the person's language; empty when unknown. */
  dates: string;
  /** Open entries of the ticket's line up to this one (1 = next). */
  position: number;
  quantity: number;
  /** The person's page (`/waiting-list/<access_token>` on APP_URL): follow the request, leave the list. */
  entryUrl: string;
};

/** The confirmation of joining a ticket's waiting list (issue 28 §3): the place in line and the personal link. */
export function waitingListJoinedEmail(input: WaitingListJoinedEmailInput): RenderedEmail {
  const c = emailCopy(input.locale)["waiting-list-joined"];
  const hello = helloLine(input.locale, input.firstName);
  const intro = fill(c.intro, { ticket: input.ticketTitle, event: input.eventTitle });
  const position = fill(c.position, { position: input.position });
  const quantity = fill(c.quantity, { count: input.quantity });
  const when = input.dates ? [fill(c.when, { dates: input.dates })] : [];
  const layout = { footer: fill(c.footer, { event: input.eventTitle }) };
  return {
    subject: fill(c.subject, { event: input.eventTitle }),
    text: renderEmailText(
      input.locale,
      c.heading,
      [hello, "", intro, "", position, quantity, ...when, "", c.next, "", c.button, input.entryUrl, "", c.leave],
      layout,
    ),
    html: renderEmailHtml(
      input.locale,
      c.heading,
      [
        { kind: "paragraph", text: hello },
        { kind: "paragraph", text: intro },
        { kind: "paragraph", text: position },
        { kind: "paragraph", text: quantity },
        ...when.map((text) => ({ kind: "paragraph" as const, text })),
        { kind: "paragraph", text: c.next },
        { kind: "button", label: c.button, href: input.entryUrl },
        { kind: "note", text: c.fallback },
        { kind: "note", text: input.entryUrl },
        { kind: "note", text: c.leave },
      ],
      layout,
    ),
  };
}
