import { renderEmailHtml, renderEmailText } from "./email-layout";
import { fill, helloLine, type EmailLocale, type RenderedEmail } from "./email-locale";

/** The texts of an email that carries a one-time code; `{{code}}` and `{{minutes}}` are filled in. */
export type CodeEmailCopy = { subject: string; heading: string; intro: string; validity: string; ignore: string };

/** An email whose point is a one-time code (registration, account deletion): the same layout for every purpose. */
export function codeEmail(
  copy: CodeEmailCopy,
  input: { locale: EmailLocale; firstName: string; code: string; validMinutes: number },
): RenderedEmail {
  const hello = helloLine(input.locale, input.firstName);
  const validity = fill(copy.validity, { minutes: input.validMinutes });
  return {
    subject: fill(copy.subject, { code: input.code }),
    text: renderEmailText(input.locale, copy.heading, [
      hello,
      "",
      copy.intro,
      "",
      `    ${input.code}`,
      "",
      validity,
      copy.ignore,
    ]),
    html: renderEmailHtml(input.locale, copy.heading, [
      { kind: "paragraph", text: hello },
      { kind: "paragraph", text: copy.intro },
      { kind: "code", code: input.code },
      { kind: "paragraph", text: validity },
      { kind: "note", text: copy.ignore },
    ]),
  };
}
