import { encodeBase64 } from "@oslojs/encoding";
import { Resend } from "resend";
import type { Database } from "#db/database";
import { devMailbox } from "#db/schema";

/** A file sent with a message (tickets and invoices come with booking). */
export type EmailAttachment = {
  filename: string;
  /** The bytes, or a base64 string of them. */
  content: string | Uint8Array;
  contentType: string;
};

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  /** Where the recipient's replies go (e.g. the event's response address), instead of EMAIL_FROM. */
  replyTo?: string;
  /** Resend keeps one email per key for 24 hours: a retried send with the same key is not delivered twice. */
  idempotencyKey?: string;
};

/** How the dev mailbox stores an attachment (JSON in dev_mailbox.attachments). */
export type StoredAttachment = { filename: string; contentType: string; content: string };

function attachmentToBase64(content: string | Uint8Array): string {
  return typeof content === "string" ? content : encodeBase64(content);
}

export type EmailSender = {
  /** "resend" when RESEND_API_KEY is set, else "dev-mailbox" (stored and shown at /dev/mailbox). */
  readonly mode: "resend" | "dev-mailbox";
  send(message: EmailMessage): Promise<void>;
};

export class EmailDeliveryError extends Error {
  override name = "EmailDeliveryError";
}

/**
 * Resend through its SDK when a key is set (docs/decisions/0007-design-card-conformance.md); otherwise the dev mailbox
 * table, so everything works offline. The SDK calls the global `fetch`, which is where tests stub the network.
 */
export function createEmailSender(options: { db: Database; resendApiKey?: string; from: string }): EmailSender {
  const { db, resendApiKey, from } = options;
  if (!resendApiKey) {
    return {
      mode: "dev-mailbox",
      async send(message) {
        // Attachments are kept (base64) so a developer, or an end-to-end test, can open the PDF tickets.
        const stored: StoredAttachment[] | null = message.attachments?.length
          ? message.attachments.map(({ filename, contentType, content }) => ({
              filename,
              contentType,
              content: attachmentToBase64(content),
            }))
          : null;
        await db.insert(devMailbox).values({
          to: message.to.toLowerCase(),
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: stored ? JSON.stringify(stored) : null,
          replyTo: message.replyTo ?? null,
        });
      },
    };
  }
  const resend = new Resend(resendApiKey);
  return {
    mode: "resend",
    async send(message) {
      const { error } = await resend.emails.send(
        {
          from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          attachments: message.attachments?.map(({ filename, content, contentType }) => ({
            filename,
            content: attachmentToBase64(content),
            contentType,
          })),
        },
        message.idempotencyKey ? { idempotencyKey: message.idempotencyKey } : undefined,
      );
      // The SDK reports refusals and network failures as a value; the queue retries on a thrown error.
      if (error) throw new EmailDeliveryError(`Resend refused the email (${error.name}): ${error.message}`);
    },
  };
}

export function emailSenderFromEnv(env: { RESEND_API_KEY?: string; EMAIL_FROM: string }, db: Database): EmailSender {
  return createEmailSender({ db, resendApiKey: env.RESEND_API_KEY, from: env.EMAIL_FROM });
}
