import enMembers from "../locales/en/members.json";
import frMembers from "../locales/fr/members.json";
import { renderEmailHtml, renderEmailText } from "../emails/email-layout";
import { fill, helloLine, type EmailLocale, type RenderedEmail } from "../emails/email-locale";

const copy = { fr: frMembers.email, en: enMembers.email } satisfies Record<EmailLocale, unknown>;

/** Spec §6: inviting a member sends an email invitation (the account already exists: it links to sign-in). */
export function memberInvitationEmail(input: {
  locale: EmailLocale;
  firstName: string;
  organizationTitle: string;
  inviterName: string;
  loginUrl: string;
}): RenderedEmail {
  const c = copy[input.locale];
  const values = { organization: input.organizationTitle, inviter: input.inviterName };
  const hello = helloLine(input.locale, input.firstName);
  const body = fill(c.body, values);
  const heading = fill(c.heading, values);
  return {
    subject: fill(c.subject, values),
    text: renderEmailText(input.locale, heading, [hello, "", body, "", input.loginUrl]),
    html: renderEmailHtml(input.locale, heading, [
      { kind: "paragraph", text: hello },
      { kind: "paragraph", text: body },
      { kind: "button", label: c.button, href: input.loginUrl },
    ]),
  };
}
