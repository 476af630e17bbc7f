import { codeEmail } from "./code-email";
import { emailCopy, type EmailLocale, type RenderedEmail } from "./email-locale";

export function registrationCodeEmail(input: {
  locale: EmailLocale;
  firstName: string;
  code: string;
  validMinutes: number;
}): RenderedEmail {
  return codeEmail(emailCopy(input.locale)["registration-code"], input);
}
