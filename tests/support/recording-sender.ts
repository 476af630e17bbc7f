import type { EmailMessage, EmailSender } from "#adapters/email";

/** An email sender that records what it was asked to send, and fails on demand (the mail service being down). */
export function recordingSender(): EmailSender & { sent: EmailMessage[]; failNext: boolean } {
  const sender = {
    mode: "dev-mailbox" as const,
    sent: [] as EmailMessage[],
    failNext: false,
    async send(message: EmailMessage) {
      if (sender.failNext) {
        sender.failNext = false;
        throw new Error("mail service unavailable");
      }
      sender.sent.push(message);
    },
  };
  return sender;
}
