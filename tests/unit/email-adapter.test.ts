import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEmailSender, EmailDeliveryError } from "#adapters/email";
import { devMailbox } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../support/libsql-test-db";

const message = { to: "Lea@Exemple.fr", subject: "Votre code", text: "123456", html: "<p>123456</p>" };

const pdfBytes = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55, 0, 255]);
const ticketsMessage = {
  to: "Lea@Exemple.fr",
  subject: "Vos billets",
  text: "Vos billets sont joints.",
  html: "<p>Vos billets sont joints.</p>",
  attachments: [{ filename: "billets-commande-7.pdf", content: pdfBytes, contentType: "application/pdf" }],
  idempotencyKey: "order-confirmation:7",
};

/** The Resend SDK calls the global fetch: the network boundary, and the only thing these tests replace. */
function stubNetwork(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function sentRequest(fetch: ReturnType<typeof stubNetwork>) {
  expect(fetch).toHaveBeenCalledOnce();
  const [url, init] = fetch.mock.calls[0]!;
  return { url: String(url), init: init!, body: JSON.parse(String(init!.body)) as Record<string, unknown> };
}

describe("email adapter", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    t.close();
  });

  it("keeps mail in the dev mailbox when RESEND_API_KEY is unset", async () => {
    const fetch = stubNetwork(() => new Response("{}"));
    const sender = createEmailSender({ db: t.db, from: "Guichet <no-reply@guichet.test>" });
    expect(sender.mode).toBe("dev-mailbox");
    await sender.send(message);
    await sender.send({
      ...message,
      subject: "Vos billets",
      attachments: [
        { filename: "billet.pdf", content: new Uint8Array([37, 80, 68, 70]), contentType: "application/pdf" },
      ],
    });
    const rows = await t.db.select().from(devMailbox);
    expect(rows).toMatchObject([
      { to: "lea@exemple.fr", subject: "Votre code", text: "123456", html: "<p>123456</p>" },
      { to: "lea@exemple.fr", subject: "Vos billets" },
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends through Resend with the key when it is set, and stores nothing locally", async () => {
    const fetch = stubNetwork(() => Response.json({ id: "email_1" }));
    const sender = createEmailSender({ db: t.db, resendApiKey: "re_test", from: "Guichet <no-reply@guichet.test>" });
    expect(sender.mode).toBe("resend");
    await sender.send(message);
    const { url, init, body } = sentRequest(fetch);
    expect(url).toBe("https://api.resend.com/emails");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer re_test");
    expect(body).toMatchObject({
      from: "Guichet <no-reply@guichet.test>",
      to: ["Lea@Exemple.fr"],
      subject: "Votre code",
      text: "123456",
      html: "<p>123456</p>",
    });
    expect(await t.db.select().from(devMailbox)).toHaveLength(0);
  });

  it("sends attachments as base64 with their name and type", async () => {
    const fetch = stubNetwork(() => Response.json({ id: "email_2" }));
    const sender = createEmailSender({ db: t.db, resendApiKey: "re_test", from: "Guichet <no-reply@guichet.test>" });
    await sender.send({
      ...message,
      attachments: [
        { filename: "billet.pdf", content: new TextEncoder().encode("%PDF-1.7"), contentType: "application/pdf" },
        { filename: "facture.txt", content: btoa("Total 30,00 €".replace("€", "EUR")), contentType: "text/plain" },
      ],
    });
    const { body } = sentRequest(fetch);
    expect(body.attachments).toEqual([
      { filename: "billet.pdf", content: btoa("%PDF-1.7"), content_type: "application/pdf" },
      { filename: "facture.txt", content: btoa("Total 30,00 EUR"), content_type: "text/plain" },
    ]);
  });

  it("reports a refused delivery", async () => {
    stubNetwork(() => Response.json({ name: "validation_error", message: "Invalid `from` field." }, { status: 422 }));
    const sender = createEmailSender({ db: t.db, resendApiKey: "re_test", from: "x" });
    const sending = sender.send(message);
    await expect(sending).rejects.toBeInstanceOf(EmailDeliveryError);
    await expect(sending).rejects.toThrow(/validation_error.*Invalid `from` field/);
  });

  it("reports an unreachable Resend, so the queue retries", async () => {
    stubNetwork(() => Promise.reject(new TypeError("fetch failed")));
    const sender = createEmailSender({ db: t.db, resendApiKey: "re_test", from: "Guichet <no-reply@guichet.test>" });
    await expect(sender.send(message)).rejects.toBeInstanceOf(EmailDeliveryError);
  });

  it("keeps attachments in the dev mailbox as base64, and none for a message without", async () => {
    const sender = createEmailSender({ db: t.db, from: "Guichet <no-reply@guichet.test>" });
    await sender.send(ticketsMessage);
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
    const fetch = stubNetwork(() => Response.json({ id: "email_1" }));
    const sender = createEmailSender({ db: t.db, resendApiKey: "re_test", from: "Guichet <no-reply@guichet.test>" });
    await sender.send(ticketsMessage);
    expect(fetch).toHaveBeenCalledOnce();
    const init = fetch.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get("Idempotency-Key")).toBe("order-confirmation:7");
    const body = JSON.parse(String(init.body)) as { attachments: { filename: string; content: string }[] };
    expect(body.attachments).toMatchObject([{ filename: "billets-commande-7.pdf", content: "JVBERi0xLjcA/w==" }]);
    expect(await t.db.select().from(devMailbox)).toHaveLength(0);
  });

  it("passes Reply-To to Resend and records it in the dev mailbox, and sends none when absent", async () => {
    const fetch = stubNetwork(() => Response.json({ id: "email_1" }));
    const resend = createEmailSender({ db: t.db, resendApiKey: "re_test", from: "Guichet <no-reply@guichet.test>" });
    await resend.send({ ...ticketsMessage, replyTo: "billetterie@festival.test" });
    await resend.send(ticketsMessage);
    const [withReply, without] = fetch.mock.calls.map(
      (call) => JSON.parse(String(call[1]!.body)) as Record<string, unknown>,
    );
    expect(withReply!.reply_to).toBe("billetterie@festival.test");
    expect(without).not.toHaveProperty("reply_to");

    const mailbox = createEmailSender({ db: t.db, from: "Guichet <no-reply@guichet.test>" });
    await mailbox.send({ ...ticketsMessage, replyTo: "billetterie@festival.test" });
    await mailbox.send(ticketsMessage);
    const rows = await t.db.select().from(devMailbox).orderBy(devMailbox.id);
    expect(rows.map((row) => row.replyTo)).toEqual(["billetterie@festival.test", null]);
  });
});
