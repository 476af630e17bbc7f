import { renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, helloLine, type EmailLocale, type RenderedEmail } from "./email-locale";

/** What happened to the account: its password was reset, or a Google identity was linked to it. */
export type AccountNotice = "password-changed" | "google-linked";

/** Tells the account holder about a change to how the account signs in, so an unexpected one does not go unseen. */
export function accountNoticeEmail(input: {
  notice: AccountNotice;
  locale: EmailLocale;
  firstName: string;
  loginUrl: string;
}): RenderedEmail {
  const c = emailCopy(input.locale)[input.notice];
  const hello = helloLine(input.locale, input.firstName);
  return {
    subject: c.subject,
    text: renderEmailText(input.locale, c.heading, [hello, "", c.body, "", c["not-you"], "", input.loginUrl]),
    html: renderEmailHtml(input.locale, c.heading, [
      { kind: "paragraph", text: hello },
      { kind: "paragraph", text: c.body },
      { kind: "button", label: c.button, href: input.loginUrl },
      { kind: "note", text: c["not-you"] },
    ]),
  };
}
