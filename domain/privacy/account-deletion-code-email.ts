import enPrivacy from "../locales/en/privacy.json";
import frPrivacy from "../locales/fr/privacy.json";
import { codeEmail } from "../emails/code-email";
import type { EmailLocale, RenderedEmail } from "../emails/email-locale";

const copy = { fr: frPrivacy.email, en: enPrivacy.email } satisfies Record<EmailLocale, unknown>;

/** The code that confirms an account deletion (accounts without a password: Google sign-in). */
export function accountDeletionCodeEmail(input: {
  locale: EmailLocale;
  firstName: string;
  code: string;
  validMinutes: number;
}): RenderedEmail {
  return codeEmail(copy[input.locale], input);
}
