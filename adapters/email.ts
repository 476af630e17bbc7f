import type { Database } from "#db/database";
import { devMailbox } from "#db/schema";

export type EmailMessage = { to: string; subject: string; text: string; html: string };

export type EmailSender = {
  /** "resend" when RESEND_API_KEY is set, else "dev-mailbox" (stored and shown at /dev/mailbox). */
  readonly mode: "resend" | "dev-mailbox";
  send(message: EmailMessage): Promise<void>;
};

export class EmailDeliveryError extends Error {
  override name = "EmailDeliveryError";
}

export function createEmailSender(options: {
  db: Database;
  resendApiKey?: string;
  from: string;
  fetch?: typeof fetch;
}): EmailSender {
  const { db, resendApiKey, from } = options;
  if (!resendApiKey) {
    return {
      mode: "dev-mailbox",
      async send(message) {
        await db.insert(devMailbox).values({ ...message, to: message.to.toLowerCase() });
      },
    };
  }
  const doFetch = options.fetch ?? fetch;
  return {
    mode: "resend",
    async send(message) {
      // Resend's REST API directly: one call, and tests can stub it at the fetch boundary.
      const response = await doFetch("https://api.resend.com/emails", {
        method: "POST",
        headers: { Authorization: `Bearer ${resendApiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
      });
      if (!response.ok) throw new EmailDeliveryError(`Resend answered ${response.status}: ${await response.text()}`);
    },
  };
}

export function emailSenderFromEnv(env: { RESEND_API_KEY?: string; EMAIL_FROM: string }, db: Database): EmailSender {
  return createEmailSender({ db, resendApiKey: env.RESEND_API_KEY, from: env.EMAIL_FROM });
}
