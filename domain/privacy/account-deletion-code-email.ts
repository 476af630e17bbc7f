import enPrivacy from "~/locales/en/privacy.json";
import frPrivacy from "~/locales/fr/privacy.json";
import { renderEmailHtml, renderEmailText } from "../emails/email-layout";
import { fill, helloLine, type EmailLocale, type RenderedEmail } from "../emails/email-locale";

const copy = { fr: frPrivacy.email, en: enPrivacy.email } satisfies Record<EmailLocale, unknown>;

/** The code that confirms an account deletion (accounts without a password: Google sign-in). */
export function accountDeletionCodeEmail(input: {
  locale: EmailLocale;
  firstName: string;
  code: string;
  validMinutes: number;
}): RenderedEmail {
  const c = copy[input.locale];
  const hello = helloLine(input.locale, input.firstName);
  const validity = fill(c.validity, { minutes: input.validMinutes });
  return {
    subject: fill(c.subject, { code: input.code }),
    text: renderEmailText(input.locale, c.heading, [
      hello,
      "",
      c.intro,
      "",
      `    ${input.code}`,
      "",
      validity,
      c.ignore,
    ]),
    html: renderEmailHtml(input.locale, c.heading, [
      { kind: "paragraph", text: hello },
      { kind: "paragraph", text: c.intro },
      { kind: "code", code: input.code },
      { kind: "paragraph", text: validity },
      { kind: "note", text: c.ignore },
    ]),
  };
}
