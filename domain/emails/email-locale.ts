import enEmails from "../locales/en/emails.json";
import frEmails from "../locales/fr/emails.json";

export type EmailLocale = "fr" | "en";

/** Emails exist in French (default) and English. */
export function toEmailLocale(value: string | null | undefined): EmailLocale {
  return value?.toLowerCase().startsWith("en") ? "en" : "fr";
}

export type RenderedEmail = { subject: string; text: string; html: string };

/** The copy of every email lives in the `emails` namespace of the locale files, like the rest of the interface's text. */
const copy = { fr: frEmails, en: enEmails } satisfies Record<EmailLocale, unknown>;
export type EmailCopy = typeof frEmails;

/** `{{name}}` placeholders filled as i18next does (emails are plain text; HTML escaping happens in the layout). */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export function emailCopy(locale: EmailLocale): EmailCopy {
  return copy[locale];
}

/** "Bonjour Léa," or "Bonjour," when the name is unknown. */
export function helloLine(locale: EmailLocale, name: string): string {
  const c = emailCopy(locale);
  return name ? fill(c.hello, { name }) : c["hello-anonymous"];
}
