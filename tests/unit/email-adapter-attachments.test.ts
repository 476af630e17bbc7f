import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEmailSender } from "#adapters/email";
import { devMailbox } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../support/libsql-test-db";

const pdfBytes = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55, 0, 255]);
const message = {
  to: "Lea@Exemple.fr",
  subject: "Vos billets",
  text: "Vos billets sont joints.",
  html: "<p>Vos billets sont joints.</p>",
  attachments: [{ filename: "billets-commande-7.pdf", content: pdfBytes, contentType: "application/pdf" }],
  idempotencyKey: "order-confirmation:7",
};

describe("email adapter attachments", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    t.close();
  });

  it("keeps attachments in the dev mailbox as base64, and none for a message without", async () => {
    const sender = createEmailSender({ db: t.db, from: "Guichet <no-reply@guichet.test>" });
    await sender.send(message);
    await sender.send({ to: "lea@exemple.fr", subject: "Code", text: "123456", html: "<p>123456</p>" });
    const [withPdf, plain] = await t.db.select().from(devMailbox).orderBy(devMailbox.id);
    const stored = JSON.parse(withPdf!.attachments!) as { filename: string; contentType: string; content: string }[];
    expect(stored).toEqual([
      { filename: "billets-commande-7.pdf", contentType: "application/pdf", content: "JVBERi0xLjcA/w==" },
    ]);
    expect(Uint8Array.from(atob(stored[0]!.content), (c) => c.charCodeAt(0))).toEqual(pdfBytes);
    expect(plain!.attachments).toBeNull();
  });

  it("sends attachments as base64 to Resend with the idempotency key", async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json({ id: "email_1" }));
    vi.stubGlobal("fetch", fetch);
    const sender = createEmailSender({ db: t.db, resendApiKey: "re_test", from: "Guichet <no-reply@guichet.test>" });
    await sender.send(message);
    expect(fetch).toHaveBeenCalledOnce();
    const init = fetch.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get("Idempotency-Key")).toBe("order-confirmation:7");
    const body = JSON.parse(String(init.body)) as { attachments: { filename: string; content: string }[] };
    expect(body.attachments).toMatchObject([{ filename: "billets-commande-7.pdf", content: "JVBERi0xLjcA/w==" }]);
    expect(await t.db.select().from(devMailbox)).toHaveLength(0);
  });

  it("passes Reply-To to Resend and records it in the dev mailbox, and sends none when absent", async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json({ id: "email_1" }));
    vi.stubGlobal("fetch", fetch);
    const resend = createEmailSender({ db: t.db, resendApiKey: "re_test", from: "Guichet <no-reply@guichet.test>" });
    await resend.send({ ...message, replyTo: "billetterie@festival.test" });
    await resend.send(message);
    const [withReply, without] = fetch.mock.calls.map(
      (call) => JSON.parse(String(call[1]!.body)) as Record<string, unknown>,
    );
    expect(withReply!.reply_to).toBe("billetterie@festival.test");
    expect(without).not.toHaveProperty("reply_to");

    const mailbox = createEmailSender({ db: t.db, from: "Guichet <no-reply@guichet.test>" });
    await mailbox.send({ ...message, replyTo: "billetterie@festival.test" });
    await mailbox.send(message);
    const rows = await t.db.select().from(devMailbox).orderBy(devMailbox.id);
    expect(rows.map((row) => row.replyTo)).toEqual(["billetterie@festival.test", null]);
  });
});
