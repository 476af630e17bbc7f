import { renderEmailHtml, renderEmailText } from "./email-layout";
import { emailCopy, fill, helloLine, type EmailLocale, type RenderedEmail } from "./email-locale";

export function registrationCodeEmail(input: {
  locale: EmailLocale;
  firstName: string;
  code: string;
  validMinutes: number;
}): RenderedEmail {
  const c = emailCopy(input.locale)["registration-code"];
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
