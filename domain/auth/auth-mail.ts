import type { EmailSender } from "#adapters/email";
import { accountNoticeEmail, type AccountNotice } from "../emails/account-notice-email";
import { toEmailLocale, type EmailLocale } from "../emails/email-locale";

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

/**
 * Tells the account holder that the way their account signs in changed (password reset, Google linked), in the
 * account's language when known. Never fails the change it reports: a failed send is logged.
 */
export async function sendAccountNotice(
  mail: AuthMail,
  user: { email: string; firstName: string; locale: string | null },
  notice: AccountNotice,
): Promise<void> {
  const message = accountNoticeEmail({
    notice,
    locale: user.locale ? toEmailLocale(user.locale) : mail.locale,
    firstName: user.firstName,
    loginUrl: new URL("/auth/login", mail.appUrl).toString(),
  });
  const work = () => mail.sender.send({ to: user.email, ...message });
  if (mail.defer) return sendOrDefer(mail, work);
  await work().catch((error: unknown) => {
    console.error("account notice email failed", error);
  });
}
