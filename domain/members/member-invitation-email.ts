import enMembers from "../locales/en/members.json";
import frMembers from "../locales/fr/members.json";
import { renderEmailHtml, renderEmailText } from "../emails/email-layout";
import { fill, helloLine, type EmailLocale, type RenderedEmail } from "../emails/email-locale";

const copy = { fr: frMembers.email, en: enMembers.email } satisfies Record<EmailLocale, unknown>;

/**
 * Spec §6: inviting a member sends an email invitation. Its link opens the invitation, which the person accepts
 * signed in with this email, or after creating the account (issue 24 §2).
 */
export function memberInvitationEmail(input: {
  locale: EmailLocale;
  firstName: string;
  organizationTitle: string;
  /** An invitation to an event's team names the event. */
  eventTitle: string | null;
  inviterName: string;
  url: string;
  validDays: number;
}): RenderedEmail {
  const c = copy[input.locale];
  const values = {
    organization: input.organizationTitle,
    inviter: input.inviterName,
    event: input.eventTitle ?? "",
    days: input.validDays,
  };
  const hello = helloLine(input.locale, input.firstName);
  const body = fill(input.eventTitle ? c["body-event"] : c.body, values);
  const heading = fill(c.heading, values);
  const note = fill(c.note, values);
  return {
    subject: fill(c.subject, values),
    text: renderEmailText(input.locale, heading, [hello, "", body, "", input.url, "", note]),
    html: renderEmailHtml(input.locale, heading, [
      { kind: "paragraph", text: hello },
      { kind: "paragraph", text: body },
      { kind: "button", label: c.button, href: input.url },
      { kind: "note", text: note },
    ]),
  };
}
