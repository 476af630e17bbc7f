import type { EmailSender } from "#adapters/email";
import type { EmailLocale } from "../emails/email-locale";

/** What the use-cases that send email need from their caller. */
export type AuthMail = {
  sender: EmailSender;
  /** The language of the person asking (the page's locale, or the API client's). */
  locale: EmailLocale;
  /** Configured public address (APP_URL) for links: never the request's Host header. */
  appUrl: string;
  /**
   * Runs a send after the answer when given (ctx.waitUntil), so an answer takes as long whether or not an email goes
   * out; awaited otherwise.
   */
  defer?: (work: Promise<unknown>) => void;
};

export async function sendOrDefer(mail: AuthMail, work: () => Promise<void>): Promise<void> {
  if (!mail.defer) return work();
  mail.defer(
    work().catch((error: unknown) => {
      console.error("deferred email failed", error);
    }),
  );
}
