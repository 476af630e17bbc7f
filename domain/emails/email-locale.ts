export type EmailLocale = "fr" | "en";

/** Emails exist in French (default) and English. */
export function toEmailLocale(value: string | null | undefined): EmailLocale {
  return value?.toLowerCase().startsWith("en") ? "en" : "fr";
}

export type RenderedEmail = { subject: string; text: string; html: string };
