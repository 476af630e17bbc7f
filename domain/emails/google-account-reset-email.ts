import { renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, helloLine, type EmailLocale, type RenderedEmail } from "./email-locale";

/**
 * Sent instead of a reset link to accounts that sign in with Google (spec §8's sentence), so the request form itself
 * reveals nothing about the account.
 */
export function googleAccountResetEmail(input: {
  locale: EmailLocale;
  firstName: string;
  loginUrl: string;
}): RenderedEmail {
  const c = emailCopy(input.locale)["google-account-reset"];
  const hello = helloLine(input.locale, input.firstName);
  return {
    subject: c.subject,
    text: renderEmailText(input.locale, c.heading, [hello, "", c.body, c.hint, "", input.loginUrl, "", c.ignore]),
    html: renderEmailHtml(input.locale, c.heading, [
      { kind: "paragraph", text: hello },
      { kind: "paragraph", text: c.body },
      { kind: "paragraph", text: c.hint },
      { kind: "button", label: c.button, href: input.loginUrl },
      { kind: "note", text: c.ignore },
    ]),
  };
}
