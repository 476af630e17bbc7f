import { expect, type APIRequestContext } from "@playwright/test";

/** An attachment as `/dev/mailbox.json` lists it: its bytes are served at `url` (`/dev/mailbox/:id/attachments/:index`). */
export type DevMailAttachment = { filename: string; content_type: string; size: number; url: string };

export type DevMail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: DevMailAttachment[];
  created_at: string;
};

/** The newest email to `to` whose subject matches, read from the dev mailbox (polled: some sends are deferred). */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  options: { timeout?: number } = {},
): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as DevMail[];
        found = messages.find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: options.timeout ?? 10_000, message: `an email to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

export function registrationCodeOf(mail: DevMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in "${mail.subject}"`);
  return code;
}

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@exemple.fr`;
