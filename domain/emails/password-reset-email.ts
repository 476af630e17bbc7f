import { renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, fill, helloLine, type EmailLocale, type RenderedEmail } from "./email-locale";

export function passwordResetEmail(input: {
  locale: EmailLocale;
  firstName: string;
  link: string;
  validMinutes: number;
}): RenderedEmail {
  const c = emailCopy(input.locale)["password-reset"];
  const hello = helloLine(input.locale, input.firstName);
  const validity = fill(c.validity, { minutes: input.validMinutes });
  return {
    subject: c.subject,
    text: renderEmailText(input.locale, c.heading, [hello, "", c.intro, "", input.link, "", validity, c.ignore]),
    html: renderEmailHtml(input.locale, c.heading, [
      { kind: "paragraph", text: hello },
      { kind: "paragraph", text: c.intro },
      { kind: "button", label: c.button, href: input.link },
      { kind: "note", text: c.fallback },
      { kind: "note", text: input.link },
      { kind: "paragraph", text: validity },
      { kind: "note", text: c.ignore },
    ]),
  };
}
