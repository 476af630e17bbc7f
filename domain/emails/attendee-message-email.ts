import { escapeHtml, renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, fill, type EmailLocale, type RenderedEmail } from "./email-locale";

export type AttendeeMessageEmailInput = {
  locale: EmailLocale;
  /** Filled for this recipient. */
  subject: string;
  bodyHtml: string;
  bodyText: string;
  organizationName: string;
  eventTitle: string;
  /** The recipient booked (false: a ticket is in their name), which is the reason they receive it. */
  isBuyer: boolean;
  /** The opt-out link of a non-essential message; null for reminders and change notices. */
  optOutUrl: string | null;
  repliesToOrganizer: boolean;
  /** A test send: the name of the recipient it shows. */
  testFor?: string;
};

/**
 * An organizer's message to an attendee (issue 27 §5): the message, then who sends it and why the person receives it,
 * how to reply, and for non-essential messages the link that stops them for this event.
 */
export function attendeeMessageEmail(input: AttendeeMessageEmailInput): RenderedEmail {
  const c = emailCopy(input.locale)["attendee-message"];
  const values = { organization: input.organizationName, event: input.eventTitle };
  const reason = fill(input.isBuyer ? c.reason : c["reason-holder"], values);
  const banner = input.testFor !== undefined ? fill(c["test-banner"], { name: input.testFor }) : null;
  const notes = [reason, ...(input.repliesToOrganizer ? [c.reply] : [])];
  const optOutHtml = input.optOutUrl
    ? `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#64748b;"><a href="${escapeHtml(input.optOutUrl)}" style="color:#64748b;">${escapeHtml(c["opt-out-link"])}</a></p>`
    : "";
  const layout = { footer: fill(c.footer, values) };
  const html = renderEmailHtml(
    input.locale,
    input.subject,
    [
      ...(banner ? [{ kind: "note" as const, text: banner }] : []),
      { kind: "html", html: input.bodyHtml },
      // What follows is Guichet's, not the organizer's: who sends it, why, how to reply, how to stop.
      { kind: "html", html: '<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0 16px;">' },
      ...notes.map((text) => ({ kind: "note" as const, text })),
      ...(optOutHtml ? [{ kind: "html" as const, html: optOutHtml }] : []),
    ],
    layout,
  );
  const text = renderEmailText(
    input.locale,
    input.subject,
    [
      ...(banner ? [banner, ""] : []),
      input.bodyText,
      "",
      ...notes,
      ...(input.optOutUrl ? [fill(c["opt-out"], { url: input.optOutUrl })] : []),
    ],
    layout,
  );
  return { subject: input.subject, text, html };
}
