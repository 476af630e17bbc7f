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

/** What became of each email of a batch, in the batch's order: the provider's id when it gives one. */
export type BatchEmailResult = { ok: true; providerId: string | null } | { ok: false; error: string };

export type EmailSender = {
  /** "resend" when RESEND_API_KEY is set, else "dev-mailbox" (stored and shown at /dev/mailbox). */
  readonly mode: "resend" | "dev-mailbox";
  send(message: EmailMessage): Promise<void>;
  /**
   * Many emails without attachments in one provider call (Resend's batch API: at most 100). A refusal of the whole
   * call throws; a refusal of single emails is reported in their results. Senders without it send one by one.
   */
  sendBatch?(messages: EmailMessage[], options?: { idempotencyKey?: string }): Promise<BatchEmailResult[]>;
};

/** Resend's batch API takes at most 100 emails per call. */
export const MAX_EMAIL_BATCH = 100;

/** Sends `messages` through the sender's batch call when it has one, else one by one (each failure reported). */
export async function sendEmailBatch(
  sender: EmailSender,
  messages: EmailMessage[],
  options: { idempotencyKey?: string } = {},
): Promise<BatchEmailResult[]> {
  if (messages.length === 0) return [];
  if (sender.sendBatch) return sender.sendBatch(messages, options);
  const results: BatchEmailResult[] = [];
  for (const message of messages) {
    try {
      await sender.send(message);
      results.push({ ok: true, providerId: null });
    } catch (error) {
      results.push({ ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

/** A dev mailbox row; attachments are kept (base64) so a developer, or an end-to-end test, can open the PDF tickets. */
function devMailboxRow(message: EmailMessage) {
  const stored: StoredAttachment[] | null = message.attachments?.length
    ? message.attachments.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        content: attachmentToBase64(content),
      }))
    : null;
  return {
    to: message.to.toLowerCase(),
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: stored ? JSON.stringify(stored) : null,
    replyTo: message.replyTo ?? null,
  };
}

/** Rows per dev-mailbox insert: D1 binds at most 100 parameters per statement (7 columns a row). */
const DEV_MAILBOX_ROWS_PER_INSERT = 14;

export class EmailDeliveryError extends Error {
  override name = "EmailDeliveryError";
  /** The provider's rate limit refused the call: nothing was sent, the same call may go again shortly. */
  readonly rateLimited: boolean;
  constructor(message: string, options: { rateLimited?: boolean } = {}) {
    super(message);
    this.rateLimited = options.rateLimited ?? false;
  }
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
        await db.insert(devMailbox).values(devMailboxRow(message));
      },
      // Unlike Resend's batch call, the mailbox keeps attachments: the order confirmations of a queue batch go here.
      async sendBatch(messages) {
        const rows = messages.map(devMailboxRow);
        const inserts = [];
        for (let start = 0; start < rows.length; start += DEV_MAILBOX_ROWS_PER_INSERT)
          inserts.push(db.insert(devMailbox).values(rows.slice(start, start + DEV_MAILBOX_ROWS_PER_INSERT)));
        const [first, ...rest] = inserts;
        if (first) await db.batch([first, ...rest]);
        return messages.map(() => ({ ok: true as const, providerId: null }));
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
    async sendBatch(messages, options = {}) {
      const { data, error } = await resend.batch.send(
        messages.map((message) => ({
          from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        })),
        {
          batchValidation: "permissive",
          ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
        },
      );
      if (error || !data)
        throw new EmailDeliveryError(`Resend refused the batch (${error?.name}): ${error?.message}`, {
          rateLimited: error?.name === "rate_limit_exceeded" || error?.statusCode === 429,
        });
      // Permissive validation: the ids are of the accepted emails, in order; `errors` names the refused ones by index.
      const refused = new Map((data.errors ?? []).map((e) => [e.index, e.message]));
      const ids = [...data.data];
      return messages.map((_, index) => {
        const reason = refused.get(index);
        if (reason !== undefined) return { ok: false as const, error: reason };
        return { ok: true as const, providerId: ids.shift()?.id ?? null };
      });
    },
  };
}

export function emailSenderFromEnv(env: { RESEND_API_KEY?: string; EMAIL_FROM: string }, db: Database): EmailSender {
  return createEmailSender({ db, resendApiKey: env.RESEND_API_KEY, from: env.EMAIL_FROM });
}
